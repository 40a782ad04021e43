package dev.ecslab.ecs.change;

/**
 * Where a strategy's claim ends: the longest absence of a reader it covers, in frames that end while
 * the reader does not run and in ticks handed out meanwhile, and the most removals of one component
 * made while a reader is away that it keeps for that reader. A claim holds for every reader whose
 * absence stays within all three; past any of them the strategy may lose changes, and says so here
 * instead of claiming less. Bevy's two-frame removal buffers would be {@code removals} of nothing
 * beyond two frames: a horizon of 2 frames for removals (Bevy #16520).
 *
 * <p>{@link #UNBOUNDED}, the default of {@link ChangeTrackerProvider#claimedHorizon}, claims every
 * absence, however long: 10<sup>9</sup> frames, laps of the 32-bit clock, any number of removals. The
 * maximum change age of tick-based strategies is not a horizon: a change that old is no longer news
 * under Bevy's semantics for every strategy, and the lab accepts either answer for it.
 *
 * <p>The lab gates the claim up to the horizon and reports, without gating, what happens past it.
 *
 * @param frames   the most frames that may end between two runs of a reader, or {@link Long#MAX_VALUE}
 * @param ticks    the most ticks that may be handed out between two runs of a reader, or {@link Long#MAX_VALUE}
 * @param removals the most removals of one component a reader may miss while away, or {@link Long#MAX_VALUE}
 */
public record Horizon(long frames, long ticks, long removals) {
    /** Every absence, however long. */
    public static final Horizon UNBOUNDED = new Horizon(Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE);

    public Horizon {
        if (frames < 1 || ticks < 1 || removals < 1) {
            throw new IllegalArgumentException("a horizon covers at least one frame, one tick and one removal; was "
                    + frames + " frame(s), " + ticks + " tick(s), " + removals + " removal(s)");
        }
    }

    /** A horizon of {@code frames} frames and nothing else. */
    public static Horizon ofFrames(long frames) {
        return new Horizon(frames, Long.MAX_VALUE, Long.MAX_VALUE);
    }

    /** A horizon of {@code removals} removals of one component and nothing else. */
    public static Horizon ofRemovals(long removals) {
        return new Horizon(Long.MAX_VALUE, Long.MAX_VALUE, removals);
    }

    public boolean coversEveryAbsence() {
        return equals(UNBOUNDED);
    }

    /** Whether an absence of {@code f} frames and {@code t} ticks, with {@code r} removals meanwhile, lies within. */
    public boolean covers(long f, long t, long r) {
        return f <= frames && t <= ticks && r <= removals;
    }

    /** "every absence", or "a reader away at most 64 frames", "... while at most 1 024 removals happen". */
    public String describe() {
        if (coversEveryAbsence()) {
            return "every absence";
        }
        StringBuilder b = new StringBuilder("a reader away");
        String sep = " ";
        if (frames != Long.MAX_VALUE) {
            b.append(sep).append("at most ").append(frames).append(" frame(s)");
            sep = ", ";
        }
        if (ticks != Long.MAX_VALUE) {
            b.append(sep).append("at most ").append(ticks).append(" tick(s)");
            sep = ", ";
        }
        if (removals != Long.MAX_VALUE) {
            b.append(sep).append("while at most ").append(removals).append(" removal(s) of one component happen");
        }
        return b.toString();
    }
}
