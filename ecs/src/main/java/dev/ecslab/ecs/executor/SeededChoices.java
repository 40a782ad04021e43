package dev.ecslab.ecs.executor;

import java.util.SplittableRandom;

/**
 * The random choices of a seeded executor for one stage iteration: derived from the seed, the frame,
 * the stage and the iteration only, so replaying a frame with the same seed makes the same choices.
 */
final class SeededChoices {
    private SeededChoices() {
    }

    static SplittableRandom forRun(long seed, StageRun run) {
        long h = seed;
        h = mix(h ^ run.frame());
        h = mix(h ^ run.stage().index());
        h = mix(h ^ run.iteration());
        return new SplittableRandom(h);
    }

    /** A small delay, 0 to 200 microseconds, that shakes the physical interleaving. */
    static long delayNanos(SplittableRandom random) {
        return random.nextInt(4) == 0 ? 0 : random.nextLong(200_000);
    }

    /** SplitMix64's finalizer. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
