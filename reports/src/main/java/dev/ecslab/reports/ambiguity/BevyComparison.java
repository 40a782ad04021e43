package dev.ecslab.reports.ambiguity;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.json.BevyScheduleData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ambiguity report of a Bevy export beside the pairs Bevy itself reported in it
 * ({@code ScheduleData.conflicts}): the pairs both found, those only ecslab reports (typically exempted in
 * Bevy by {@code ambiguous_with}, {@code ambiguous_with_all} or allowed data, which the export does not
 * carry), and those only Bevy reports (a disagreement to look at: the export lost something, or one of the
 * two analyses is wrong). Pairs are matched by stage and the two systems' names; the comparison covers the
 * pairs the report lists ({@link #complete()} says whether that is all of them).
 */
public record BevyComparison(int both, List<Ambiguity> ecslabOnly, List<BevyScheduleData.BevyConflict> bevyOnly,
        int dataDiffer, boolean complete, int invertedAccesses, BevyScheduleData.Semantics semantics,
        List<String> setConditions, String conditionsNote) {
    public BevyComparison {
        ecslabOnly = List.copyOf(ecslabOnly);
        bevyOnly = List.copyOf(bevyOnly);
        setConditions = List.copyOf(setConditions);
    }

    /**
     * True when Bevy's own conflicts were found by the rules the report applies: the export is written by Bevy
     * 0.19 or later, so judged by an earlier Bevy's rules, its pairs on resources differ by design, and a pair
     * only Bevy reports is then not a disagreement.
     */
    public boolean sameRules() {
        return semantics.resourcesAreComponents();
    }

    /**
     * The pairs only Bevy reports that are disagreements: all of them under Bevy's own rules; under an earlier
     * Bevy's, those not explained by the change of rules, that is every pair that conflicts on something other
     * than data read as resources here (a pair on a component or on the world still fails, as it should).
     */
    public List<BevyScheduleData.BevyConflict> disagreements() {
        if (sameRules()) {
            return bevyOnly;
        }
        return bevyOnly.stream().filter(c -> c.conflicts().isEmpty()
                || !c.conflicts().stream().allMatch(d -> d.startsWith("resource "))).toList();
    }

    public static BevyComparison of(AmbiguityReport report, BevyScheduleData.Import bevy) {
        Map<String, BevyScheduleData.BevyConflict> theirs = new LinkedHashMap<>();
        for (BevyScheduleData.BevyConflict c : bevy.bevyConflicts()) {
            theirs.put(key(c.stage(), c.first(), c.second()), c);
        }
        int both = 0;
        int dataDiffer = 0;
        List<Ambiguity> ours = new ArrayList<>();
        for (Ambiguity a : report.pairs()) {
            BevyScheduleData.BevyConflict c = theirs.remove(key(a.stage(), a.first(), a.second()));
            if (c == null) {
                ours.add(a);
            } else {
                both++;
                if (!c.conflicts().equals(a.conflicts())) {
                    dataDiffer++;
                }
            }
        }
        boolean complete = report.size() == report.total();
        return new BevyComparison(both, ours, complete ? new ArrayList<>(theirs.values()) : List.of(), dataDiffer, complete,
                bevy.invertedAccesses(), bevy.semantics(), bevy.setConditions(), bevy.conditionsNote());
    }

    private static String key(String stage, String a, String b) {
        return stage + "\u0000" + (a.compareTo(b) <= 0 ? a + "\u0000" + b : b + "\u0000" + a);
    }

    /** The comparison in words, for the text report; at most {@code shown} pairs of each side are named. */
    public String words(int shown) {
        StringBuilder sb = new StringBuilder("compared with Bevy's own conflicts in the export:\n");
        sb.append("  reported by both: ").append(both).append(dataDiffer > 0 ? " (" + dataDiffer + " on other data)" : "")
                .append('\n');
        sb.append("  reported here only: ").append(ecslabOnly.size())
                .append(" (exempt in Bevy by ambiguous_with, ambiguous_with_all or allowed data, which the export does"
                        + " not carry, or a disagreement)\n");
        ecslabOnly.stream().limit(shown).forEach(a -> sb.append("    -- ").append(a.first()).append(" and ")
                .append(a.second()).append(" (stage ").append(a.stage()).append(")\n"));
        if (complete) {
            int disagreements = disagreements().size();
            sb.append("  reported by Bevy only: ").append(bevyOnly.size())
                    .append(bevyOnly.isEmpty() ? "\n" : disagreements == bevyOnly.size() ? " (a disagreement: look at these)\n"
                            : " (" + (bevyOnly.size() - disagreements) + " on resources, which Bevy found by its own rules, 0.19"
                                    + " or later, not by the rules applied here" + (disagreements == 0 ? ")\n"
                                    : "; " + disagreements + " a disagreement: look at these)\n"));
            bevyOnly.stream().limit(shown).forEach(c -> sb.append("    -- ").append(c.first()).append(" and ")
                    .append(c.second()).append(" (stage ").append(c.stage()).append(") on ")
                    .append(String.join(", ", c.conflicts())).append('\n'));
        } else {
            sb.append("  reported by Bevy only: not compared (the report lists only some pairs; raise"
                    + " -Decslab.limit.listedAmbiguities)\n");
        }
        if (invertedAccesses > 0) {
            sb.append("  note: ").append(invertedAccesses).append(" access(es) read or write every component except some"
                    + " that the export does not list; they are taken as every component\n");
        }
        sb.append("  ").append(semantics.describe()).append('\n');
        sb.append("  ").append(conditionsNote).append('\n');
        return sb.toString();
    }
}
