package dev.ecslab.lab.oracle;

import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.RunRecord;
import java.util.Set;

/**
 * One difference between what a detector reported and what the oracle says it should have.
 *
 * @param run        the detector run concerned (for a miss, the last run that could have reported it;
 *                   for a delay, the run that reported it)
 * @param change     the change concerned ({@code null} for a spurious report)
 * @param earlier    the run that had already reported it (for a repeat), or {@code null}
 * @param classes    the scenario classes the finding belongs to
 * @param due        for a miss or a delay: the detector's first run after the change
 * @param dropped    for a miss: true when the change became unreportable (its component, or the resource, was removed)
 *                   before any run reported it
 * @param delayRuns  for a delay: detector runs between the due run and the report
 * @param delayFrames for a delay: frames between the due run and the report
 */
public record Finding(FindingType type, Watch watch, String detector, RunRecord run, String entity, ChangeRecord change,
        RunRecord earlier, Set<ScenarioClass> classes, RunRecord due, boolean dropped, int delayRuns, int delayFrames) {

    public Finding {
        classes = classes == null ? Set.of() : Set.copyOf(classes);
    }

    /** A finding without timing (repeats, spurious and own reports, same-frame misses). */
    public Finding(FindingType type, Watch watch, String detector, RunRecord run, String entity, ChangeRecord change,
            RunRecord earlier, Set<ScenarioClass> classes) {
        this(type, watch, detector, run, entity, change, earlier, classes, null, false, -1, -1);
    }

    /**
     * The finding in words, naming the entity and the component (or the resource), the writer run and the detector run. A run
     * names its system ("s4 run #25 (frame 3)"), so it is not prefixed with the detector's name again.
     */
    public String describe() {
        String what = watch + (entity != null && !watch.data().isResource() ? " of entity " + entity : "");
        return switch (type) {
            case MISSED -> dropped
                    ? detector + " never reported the change: " + change + "; its first run after it, " + due
                            + ", did not, and then the " + (watch.data().isResource() ? "resource" : "component")
                            + " was removed (" + watch + ")"
                    : detector + " never reported the change: " + change + "; its runs after it ended with " + run
                            + " (" + watch + ")";
            case DELAYED -> detector + " reported the change " + change + " late: its first run after it was " + due
                    + ", but only " + run + " reported it, " + delayRuns + " run(s) and " + delayFrames + " frame(s) later ("
                    + watch + ")";
            case LATE -> run + " did not report the change " + change
                    + ", although it was its first run after the change, in the same frame (" + watch + ")";
            case REPEATED -> earlier == null
                    ? run + " reported " + what + " twice in one answer"
                    : run + " reported " + what + " again; " + earlier + " already reported "
                            + (change == null ? "it" : "the change: " + change);
            case SPURIOUS -> run + " reported " + what + ", which no other system changed since "
                    + detector + "'s previous run";
            case OWN -> run + " reported " + what + ", a change " + detector + " made itself: "
                    + change;
            case PAST_HORIZON -> detector + " never reported the change " + change + "; its first run after it, " + due
                    + ", came after an absence past the strategy's claimed horizon (" + watch + "): reported, not gated";
        };
    }

    @Override
    public String toString() {
        return describe();
    }
}
