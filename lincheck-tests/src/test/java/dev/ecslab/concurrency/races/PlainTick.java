package dev.ecslab.concurrency.races;

/**
 * Race-bug catalogue, entry 5 (buggy variant): the global change tick incremented with a plain
 * {@code ++} by each system run as it starts. Two runs starting together can get the same tick, and
 * a detector comparing ticks then misses or repeats a change.
 */
final class PlainTick {
    private int tick;

    int next() {
        return ++tick;
    }
}
