package dev.ecslab.ecs.change;

/**
 * Tick arithmetic that survives wraparound (the scheme of Bevy's {@code Tick}). Ticks are 32-bit
 * counters compared by <em>age</em>: {@code age(t, now) = now - t} as an unsigned number, so the
 * comparison stays right across the wrap from {@code 0xFFFF_FFFF} to {@code 0} as long as no tick is
 * older than {@link #MAX_AGE}, which {@link #clamp} guarantees when called at least every
 * {@link #CHECK_THRESHOLD} ticks.
 */
public final class Ticks {
    /** Ticks between two clamping passes (as in Bevy: 518 400 000). */
    public static final int CHECK_THRESHOLD = 518_400_000;
    /** The largest age a tick may have: {@code 2^32 - 1 - (2 * CHECK_THRESHOLD - 1)}. */
    public static final long MAX_AGE = 0xFFFF_FFFFL - (2L * CHECK_THRESHOLD - 1);

    private Ticks() {
    }

    /** The age of {@code tick} seen from {@code now}, as an unsigned value. */
    public static long age(int tick, int now) {
        return Integer.toUnsignedLong(now - tick);
    }

    /**
     * True when {@code tick} is newer than {@code lastRun}, both seen from {@code thisRun}: the
     * change happened after the reader's previous run began. Both ages are capped at
     * {@link #MAX_AGE} first (as Bevy's {@code is_newer_than} does), so a change that reached the
     * maximum age is never news, even before the next clamping pass.
     */
    public static boolean isNewer(int tick, int lastRun, int thisRun) {
        return Math.min(age(tick, thisRun), MAX_AGE) < Math.min(age(lastRun, thisRun), MAX_AGE);
    }

    /** {@code tick}, or {@code now - MAX_AGE} if it is older than that. */
    public static int clamp(int tick, int now) {
        return age(tick, now) > MAX_AGE ? (int) (now - MAX_AGE) : tick;
    }
}
