package dev.ecslab.reports.ambiguity;

import dev.ecslab.ecs.query.FilterSatisfiability;
import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The ambiguity report for a terminal: one sentence, the summary of every pair (per stage, the data and
 * the systems in the most pairs), then the listed pairs by stage and by the data they conflict on, each
 * with the constraint that would resolve it, and the verdict line. Bounded whatever the schedule: the
 * summary has a fixed size and at most {@link ReportedSchedule#listed()} pairs are printed.
 */
public final class AmbiguityText {
    private AmbiguityText() {
    }

    /** The whole report; with {@code summaryOnly}, without the pairs. */
    public static String format(ReportedSchedule r, boolean summaryOnly, boolean strict) {
        AmbiguityReport report = r.report();
        StringBuilder sb = new StringBuilder();
        if (report.isEmpty()) {
            return "No ambiguous system pairs (" + r.file() + ").\n";
        }
        long total = report.total();
        sb.append(total).append(total == 1 ? " pair of systems with conflicting data access has"
                : " pairs of systems with conflicting data access have").append(" no order between them.\n");
        summary(sb, report);
        if (!summaryOnly) {
            pairs(sb, r);
        }
        AmbiguitySetting level = r.level();
        // the setting as the schedule file spells it ("ambiguity": "WARN"), not as a Java constant
        sb.append(total).append(" ambiguous pair(s); the schedule says \"ambiguity\": \"").append(level.name()).append('"')
                .append(level == AmbiguitySetting.ERROR ? ": FAIL" : strict ? "; --strict fails on any: FAIL"
                        : " (use --strict to fail on any)").append('\n');
        return sb.toString();
    }

    private static void summary(StringBuilder sb, AmbiguityReport report) {
        AmbiguityReport.Summary s = report.summary();
        sb.append("summary:\n");
        sb.append("  by stage: ").append(counts(s.pairsByStage())).append('\n');
        sb.append("  data in the most pairs: ").append(counts(s.pairsByData())).append('\n');
        List<String> systems = new ArrayList<>();
        boolean stages = s.pairsByStage().size() > 1;
        for (AmbiguityReport.SystemCount c : s.busiestSystems()) {
            systems.add(c.system() + (stages ? " (stage " + c.stage() + ")" : "") + " " + c.pairs());
        }
        sb.append("  systems in the most pairs: ").append(String.join("; ", systems)).append('\n');
        if (report.undecided() > 0) {
            sb.append("  undecided: ").append(report.undecided()).append(" pair(s) whose filters were not compared within ")
                    .append(FilterSatisfiability.MAX_STEPS.value()).append(" solver steps (-D")
                    .append(FilterSatisfiability.MAX_STEPS.property()).append("=N); they are counted, not passed\n");
        }
    }

    /**
     * What a condition pair means: {@code run condition 'in_game' of ui reads Time, which tick writes: ui runs
     * or is skipped by whether tick ran first}.
     */
    static String conditionSentence(Ambiguity a) {
        Ambiguity.Cause c = a.cause();
        String writer = c.system().equals(a.first()) ? a.second() : a.first();
        return c.describe() + " reads " + String.join(", ", c.reads()) + ", which " + writer + " writes: " + c.system()
                + " runs or is skipped by whether " + writer + " ran first (the systems themselves do not conflict)";
    }

    private static String counts(Map<String, Long> counts) {
        List<String> out = new ArrayList<>();
        counts.forEach((k, v) -> out.add(k + " " + v));
        return String.join("; ", out);
    }

    private static void pairs(StringBuilder sb, ReportedSchedule r) {
        AmbiguityReport report = r.report();
        int listed = r.listed();
        if (listed == 0) {
            sb.append("pairs: none listed (--limit 0)\n");
            return;
        }
        if (listed < report.total()) {
            sb.append("the first ").append(listed).append(" pairs, by stage and by the data they conflict on ("
                    + "--limit N lists more")
                    .append(report.size() < report.total() ? "; at most " + report.size() + ", set with -D"
                            + AmbiguityReport.MAX_LISTED.property() + "=N" : "").append("):\n");
        }
        String stage = null;
        for (ReportedSchedule.Group g : r.groups()) {
            if (!g.stage().equals(stage)) {
                stage = g.stage();
                sb.append("stage ").append(stage).append(":\n");
            }
            sb.append("  on ").append(String.join(", ", g.conflicts())).append(g.byCondition() ? ", read by a run condition" : "")
                    .append(" (").append(g.pairs().size()).append(g.pairs().size() == 1 ? " pair" : " pairs").append("):\n");
            for (Ambiguity a : g.pairs()) {
                sb.append("    -- ").append(a.first()).append(" and ").append(a.second())
                        .append(a.undecided() ? " (undecided: may conflict; their filters were too large to compare)" : "");
                if (a.byCondition()) {
                    sb.append("\n       ").append(conditionSentence(a));
                }
                sb.append("\n       ").append(r.fix(a)).append('\n');
            }
        }
    }
}
