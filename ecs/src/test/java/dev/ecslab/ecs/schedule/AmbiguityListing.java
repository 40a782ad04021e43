package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.schedule.json.LoadedSchedule;

/**
 * A schedule's ambiguity report with its listing limit ({@link AmbiguityReport#MAX_LISTED}) set for one
 * analysis, as {@code -Decslab.limit.listedAmbiguities=N} sets it for a run, so that tests reach the
 * counted-but-not-listed path with small schedules. The property is cleared afterwards.
 */
public final class AmbiguityListing {
    private AmbiguityListing() {
    }

    /** The report of {@code loaded}, listing at most {@code pairs} pairs and counting the rest. */
    public static AmbiguityReport atMost(int pairs, LoadedSchedule loaded) {
        System.setProperty(AmbiguityReport.MAX_LISTED.property(), Integer.toString(pairs));
        try {
            return loaded.ambiguities();
        } finally {
            System.clearProperty(AmbiguityReport.MAX_LISTED.property());
        }
    }
}
