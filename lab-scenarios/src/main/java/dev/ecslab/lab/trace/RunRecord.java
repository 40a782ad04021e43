package dev.ecslab.lab.trace;

/**
 * One system run as the executor reported it.
 *
 * @param id          the run's index in the trace (runs are numbered in start order)
 * @param startSeq    sequence number of its start event; sequence order is consistent with
 *                    happens-before, so "finished before X began" is {@code finishSeq < X.startSeq}
 * @param tick        its change tick; {@code lastRunTick} the tick it compares changes with
 */
public record RunRecord(int id, String system, String stage, long frame, int iteration, long startSeq, long finishSeq,
        String thread, int tick, int lastRunTick, String failure) {
    @Override
    public String toString() {
        return system + " run #" + id + " (frame " + frame + (iteration > 0 ? "." + iteration : "") + ")";
    }
}
