package dev.ecslab.bench;

/**
 * A fixed amount of CPU work with a result the JIT cannot remove: {@code rounds} steps of a
 * xorshift generator. About 1 ms is {@link #ONE_MS_ROUNDS} rounds on the reference machine (2-core
 * AMD EPYC, JDK 17); the benchmarks report the serial time next to every parallel one, so the
 * ratios do not depend on that calibration.
 */
final class Work {
    /** Rounds that took about 1 ms on the reference machine. */
    static final int ONE_MS_ROUNDS = 1_400_000;

    private Work() {
    }

    static long spin(int rounds, long seed) {
        long x = seed | 1;
        for (int i = 0; i < rounds; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
        }
        return x;
    }
}
