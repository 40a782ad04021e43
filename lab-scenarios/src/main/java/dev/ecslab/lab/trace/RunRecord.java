package dev.ecslab.lab.trace;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.scenario.Required;

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
 *                    changes with), handed out by the world's clock; unwrapped with
 *                    {@link Trace#runTick}, it gives the exact age of a change at this run, by which the
 *                    oracle judges expiry ({@code lastRunTick} is shown, never judged)
 * @param failure     what the body threw, or {@code null}
 *
 * <p>Read from a replay file, every field the criteria judge is required (a missing {@code startSeq} is
 * an error, not 0); the thread name and the failure are free text from the code under test and are kept
 * with control characters shown as {@code \\uXXXX}, so printing them cannot forge a line.
 */
public record RunRecord(@Required int id, @Required String system,
        @Required String stage, @Required long frame,
        @Required int iteration, @Required long startSeq,
        @Required long finishSeq, String thread, int tick, int lastRunTick, String failure,
        @Required boolean callerThread) {
    public RunRecord {
        thread = thread == null ? null : BadInputException.printable(thread);
        failure = failure == null ? null : BadInputException.printable(failure);
    }

    @Override
    public String toString() {
        return system + " run #" + id + " (frame " + frame + (iteration > 0 ? "." + iteration : "") + ")";
    }
}
