package dev.ecslab.lab.trace;

/**
 * One system run, as the lab's own system body recorded it.
 *
 * @param id          the run's index in the trace (runs are numbered in start order)
 * @param frame       the frame the lab was running when the body ran (the lab's own count)
 * @param startSeq    the lab's sequence number taken when the body started; {@code finishSeq} when it
 *                    ended. The counter is the lab's (an atomic counter), so sequence order is
 *                    consistent with happens-before: "finished before X began" is
 *                    {@code finishSeq < X.startSeq}, and two runs overlapped if neither finished
 *                    before the other began
 * @param thread      the thread the body ran on; {@code callerThread} whether it was the thread that
 *                    runs the schedule (main-thread and exclusive systems must be)
 * @param tick        the change tick the runner gave the run ({@code lastRunTick}: the one it compares
 *                    changes with); shown in timelines, never judged
 * @param failure     what the body threw, or {@code null}
 */
public record RunRecord(int id, String system, String stage, long frame, int iteration, long startSeq, long finishSeq,
        String thread, int tick, int lastRunTick, String failure, boolean callerThread) {
    @Override
    public String toString() {
        return system + " run #" + id + " (frame " + frame + (iteration > 0 ? "." + iteration : "") + ")";
    }
}
