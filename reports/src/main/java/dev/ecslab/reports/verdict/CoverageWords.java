package dev.ecslab.reports.verdict;

import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.explore.Coverage;
import java.util.List;
import java.util.Locale;

/**
 * The words for a catalogue scenario's schedule coverage, shared by {@code matrix.md} and the report:
 * how many schedules ran (all of them within the search's bound, or cut at its budget, or an estimate),
 * and which unordered conflicting pairs ran both ways.
 */
public final class CoverageWords {
    private CoverageWords() {
    }

    /**
     * The row whose runs show an executor's coverage: the one that ran the most schedules (a strategy that
     * fails stops a scenario's search at its first failing schedule, so its coverage says little).
     */
    public static Row widest(List<Row> rows) {
        Row widest = null;
        int most = -1;
        for (Row r : rows) {
            int n = r.coverage().stream().mapToInt(Coverage::runs).sum();
            if (n > most) {
                most = n;
                widest = r;
            }
        }
        return widest == null || widest.coverage().isEmpty() ? null : widest;
    }

    /** "all 16 (exhaustive...)", "48 (budget reached)", or "3 of about 12". */
    public static String schedules(Coverage c) {
        if (c.distinctSchedules() == 0 && c.freeRuns() > 0) {
            return c.freeRuns() + " free run(s): the executor does not follow the control, so schedules are not counted";
        }
        return c.search() == null ? c.distinctSchedules() + " of about " + String.format(Locale.ROOT, "%.3g",
                c.estimatedSchedules()) : c.search().describe();
    }

    /** "none to run", "2 of 2", or "1 of 2 (one way only: update: a | b)". */
    public static String pairs(Coverage c) {
        int pairs = c.pairs().size();
        if (pairs == 0) {
            return "none to run";
        }
        return (pairs - c.pairsSeenOneWay().size()) + " of " + pairs
                + (c.pairsSeenOneWay().isEmpty() ? "" : " (one way only: " + String.join(", ", c.pairsSeenOneWay()) + ")");
    }
}
