package dev.ecslab.lab.results;

/**
 * Criterion 1's timeliness over some obligations (of one scenario class, or of all): how many changes were due, how
 * many were reported, late, never reported, reported after the claim's deadline, the largest delays and the summed
 * delays of the reported, in detector runs and frames. Counts add and the largest delays take the larger, so
 * {@link #plus} is associative and commutative with {@link #NONE} as identity.
 */
public record DelayTally(long obligations, long reported, long late, long missed, long tooLate, int maxRuns,
        int maxFrames, long sumRuns, long sumFrames) {
    /** No obligation: the identity of {@link #plus}. */
    public static final DelayTally NONE = new DelayTally(0, 0, 0, 0, 0, 0, 0, 0, 0);

    /**
     * {@code obligations} changes of which {@code reported} were reported, {@code late} of those after their due run,
     * the rest never; the delays of the reported (their largest and their sums).
     */
    public static DelayTally due(long obligations, long reported, long late, int maxRuns, int maxFrames, long sumRuns,
            long sumFrames) {
        return reported == 0 ? new DelayTally(obligations, 0, 0, obligations, 0, 0, 0, 0, 0)
                : new DelayTally(obligations, reported, late, obligations - reported, 0, maxRuns, maxFrames, sumRuns, sumFrames);
    }

    /** One report that came after the deadline the claim's delay sets (a criterion 1 failure). */
    public static final DelayTally TOO_LATE = new DelayTally(0, 0, 0, 0, 1, 0, 0, 0, 0);

    public DelayTally plus(DelayTally o) {
        return new DelayTally(obligations + o.obligations, reported + o.reported, late + o.late, missed + o.missed,
                tooLate + o.tooLate, Math.max(maxRuns, o.maxRuns), Math.max(maxFrames, o.maxFrames), sumRuns + o.sumRuns,
                sumFrames + o.sumFrames);
    }

    /** The mean delay of the reported changes in detector runs (0 when none was reported). */
    public double meanRuns() {
        return reported == 0 ? 0 : (double) sumRuns / reported;
    }

    /** The mean delay of the reported changes in frames (0 when none was reported). */
    public double meanFrames() {
        return reported == 0 ? 0 : (double) sumFrames / reported;
    }

    /** True when every judged change was reported by its due run. */
    public boolean onTime() {
        return late == 0 && missed == 0;
    }
}
