package dev.ecslab.lab.trace;

import java.util.List;

/**
 * How a run's interleaving was decided, and the decisions themselves, so that the run replays exactly.
 *
 * <p>In a <b>controlled</b> run (the built-in executors, and any executor that follows
 * {@link dev.ecslab.ecs.executor.ExecutionControl}'s protocol) one thread makes progress at a time and
 * every decision is recorded in {@link #choices()}, one entry per decision that had more than one option:
 * {@code t1/3 s4} (the turn went to system {@code s4}, option 1 of 3: who takes its next step),
 * {@code p0/2} (the executor's own choice, option 0 of 2), {@code a1/2 s3} (which finished system the
 * executor learned of first). Re-running the scenario with the same strategy, executor and choices gives
 * the same trace up to thread names. A <b>free</b> run (an executor that ignores the control) is timed by
 * the threads themselves and replays only in its recorded order, serially; a <b>serial-replay</b> run is
 * such a replay.
 *
 * @param mode        {@code controlled}, {@code free} or {@code serial-replay}
 * @param exploration how the decisions were made: {@code random}, {@code pct depth D},
 *                    {@code exhaustive ...} or {@code replay}
 * @param choices     the decisions, in order (empty for free runs)
 * @param steps       every decision point, including those with one option (how long the run was, in steps)
 * @param truncated   true when the run had more decisions than a trace keeps ({@value #MAX_CHOICES}); such
 *                    a run cannot replay exactly past the last kept one
 */
public record Interleaving(String mode, String exploration, List<String> choices, long steps, boolean truncated) {
    /** The most decisions a trace keeps (a long run, such as criterion 6's 10 000 frames, keeps the first). */
    public static final int MAX_CHOICES = 200_000;
    public static final String CONTROLLED = "controlled";
    public static final String FREE = "free";
    public static final String SERIAL_REPLAY = "serial-replay";

    /** What an older replay file, written before interleavings were recorded, loads with. */
    public static final Interleaving UNRECORDED = new Interleaving(FREE, "unrecorded", List.of(), 0, false);

    public Interleaving {
        choices = choices == null ? List.of() : List.copyOf(choices);
        mode = mode == null ? FREE : mode;
        exploration = exploration == null ? "unrecorded" : exploration;
    }

    public boolean controlled() {
        return CONTROLLED.equals(mode);
    }
}
