package dev.ecslab.ecs.executor;

import java.util.OptionalLong;

/**
 * Settings shared by the executors.
 *
 * @param seed                 in seeded mode, the seed that picks among ready systems and injects
 *                             small delays, so different legal interleavings are explored and each
 *                             replays from its seed; empty for the fastest, unseeded behaviour
 * @param threads              worker threads for parallel executors (default: one per processor);
 *                             the caller's thread also runs main-thread, exclusive and, in the
 *                             dynamic executor, cheap systems
 * @param inlineThresholdNanos the unseeded dynamic executor runs a system on the caller's thread,
 *                             without handing it to a worker, when its previous run took less than
 *                             this (a hand-off costs tens of microseconds); 0 always hands off
 * @param control              in controlled mode, the {@link ExecutionControl} that makes every choice
 *                             and lets one thread progress at a time (the lab's deterministic runs);
 *                             {@code null} otherwise. It takes precedence over the seed: an executor
 *                             that honours it draws nothing from the seed and never sleeps
 */
public record ExecutorOptions(OptionalLong seed, int threads, long inlineThresholdNanos, ExecutionControl control) {
    /** A run shorter than this is cheaper to do inline than to hand to another thread. */
    public static final long DEFAULT_INLINE_THRESHOLD_NANOS = 25_000;

    public ExecutorOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be >= 1, got " + threads);
        }
        if (inlineThresholdNanos < 0) {
            throw new IllegalArgumentException("inlineThresholdNanos must be >= 0, got " + inlineThresholdNanos);
        }
    }

    public ExecutorOptions(OptionalLong seed, int threads, long inlineThresholdNanos) {
        this(seed, threads, inlineThresholdNanos, null);
    }

    /** Unseeded, one worker per available processor, default inlining. */
    public static ExecutorOptions defaults() {
        return new ExecutorOptions(OptionalLong.empty(), Math.max(1, Runtime.getRuntime().availableProcessors()),
                DEFAULT_INLINE_THRESHOLD_NANOS);
    }

    public ExecutorOptions withSeed(long seed) {
        return new ExecutorOptions(OptionalLong.of(seed), threads, inlineThresholdNanos, control);
    }

    public ExecutorOptions withThreads(int count) {
        return new ExecutorOptions(seed, count, inlineThresholdNanos, control);
    }

    public ExecutorOptions withInlineThresholdNanos(long nanos) {
        return new ExecutorOptions(seed, threads, nanos, control);
    }

    /** These options in controlled mode: {@code newControl} decides (see {@link ExecutionControl}). */
    public ExecutorOptions withControl(ExecutionControl newControl) {
        return new ExecutorOptions(seed, threads, inlineThresholdNanos, newControl);
    }
}
