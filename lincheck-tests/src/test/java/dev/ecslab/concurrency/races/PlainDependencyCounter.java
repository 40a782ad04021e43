package dev.ecslab.concurrency.races;

/**
 * Race-bug catalogue, entry 3 (buggy variant): a dependant's counter of unfinished dependencies,
 * decremented by each dependency's worker thread with a plain read-modify-write. Two dependencies
 * finishing together can both read 2 and write 1 (the dependant never starts) or both see 0 after
 * their decrements (it starts twice).
 */
final class PlainDependencyCounter {
    private int remaining;

    PlainDependencyCounter(int dependencies) {
        remaining = dependencies;
    }

    /** True when this call brought the count to zero, so it starts the dependant. */
    boolean dependencyFinished() {
        int left = remaining - 1;
        remaining = left;
        return remaining == 0;
    }
}
