package dev.ecslab.lab.oracle;

import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.RunRecord;

/**
 * One difference between what a detector reported and what the oracle says it should have.
 *
 * @param run     the detector run concerned (the last run that could have reported, for a miss)
 * @param change  the change concerned ({@code null} for a spurious report)
 * @param earlier the run that had already reported it (for a repeat), or {@code null}
 */
public record Finding(FindingType type, Watch watch, String detector, RunRecord run, String entity, ChangeRecord change,
        RunRecord earlier) {

    /** The finding in words, naming the entity, the component, the writer run and the detector run. */
    public String describe() {
        String what = watch + (entity != null && !watch.data().isResource() ? " of entity " + entity : "");
        return switch (type) {
            case MISSED -> detector + " never reported the change: " + change + "; its runs after it ended with "
                    + run + " (" + watch + ")";
            case LATE -> detector + "'s " + run + " did not report the change " + change
                    + ", although it was its first run after the change, in the same frame (" + watch + ")";
            case REPEATED -> earlier == null
                    ? detector + "'s " + run + " reported " + what + " twice in one answer"
                    : detector + "'s " + run + " reported " + what + " again; " + earlier + " already reported "
                            + (change == null ? "it" : "the change: " + change);
            case SPURIOUS -> detector + "'s " + run + " reported " + what + ", which no other system changed since "
                    + detector + "'s previous run";
            case OWN -> detector + "'s " + run + " reported " + what + ", a change " + detector + " made itself: "
                    + change;
        };
    }

    @Override
    public String toString() {
        return describe();
    }
}
