package dev.ecslab.ecs.executor;

import java.util.OptionalLong;

/**
 * Settings shared by the executors.
 *
 * @param seed    in seeded mode, the seed that picks among ready systems and injects small delays, so
 *                different legal interleavings are explored and each replays from its seed; empty for
 *                the fastest, unseeded behaviour
 * @param threads worker threads for parallel executors (the caller's thread comes on top)
 */
public record ExecutorOptions(OptionalLong seed, int threads) {
    public ExecutorOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
    }

    /** Unseeded, with one worker per available processor. */
    public static ExecutorOptions defaults() {
        return new ExecutorOptions(OptionalLong.empty(), Math.max(1, Runtime.getRuntime().availableProcessors()));
    }

    public ExecutorOptions withSeed(long seed) {
        return new ExecutorOptions(OptionalLong.of(seed), threads);
    }

    public ExecutorOptions withThreads(int count) {
        return new ExecutorOptions(seed, count);
    }
}
