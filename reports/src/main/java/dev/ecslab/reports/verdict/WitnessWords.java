package dev.ecslab.reports.verdict;

import dev.ecslab.lab.witness.Witness;
import dev.ecslab.lab.witness.WitnessFinder;
import dev.ecslab.lab.witness.Witnesses;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How every format (terminal, {@code matrix.md}, {@code matrix.json}, the HTML page) speaks of the
 * ambiguity witnesses, and the names of their replay files, so the formats agree.
 */
public final class WitnessWords {
    /** What a witness is and what it compares, for the page and the Markdown. */
    public static final String WHAT = "For each unordered conflicting pair the lab runs the scenario twice, with the pair"
            + " forced into each order (every stage in one fixed order, the two differing only in the places of the pair),"
            + " under `" + WitnessFinder.STRATEGY + "` and the serial executor, and compares the world's state after every"
            + " frame and every detector answer. `witnessed` means the results differ (the state, or what a detector"
            + " reported); `commutes here` means they do not in this scenario (the conflict is formal here);"
            + " `inconclusive` means an order could not be run cleanly or did not run as forced (the note says why)."
            + " Pairs exempted with `ambiguousWith` are witnessed too, and marked.";

    /** The directory, under the output directory, that holds the witnesses' replay files. */
    public static final String DIRECTORY = "witnesses";

    private WitnessWords() {
    }

    /** {@code "6 pairs in 32 scenarios (the catalogue and the campaign's first 50): 3 witnessed (state), ... (1.2 s)"}. */
    public static String summary(Witnesses w) {
        if (!w.ran()) {
            return "not looked for";
        }
        String where = w.campaignScenarios() == 0 ? "the catalogue"
                : "the catalogue and the campaign's first " + w.campaignScenarios();
        return String.format(Locale.ROOT, "%d pair(s) in %d scenarios (%s): %d witnessed (state differs), %d witnessed"
                + " (detections differ), %d commute here, %d inconclusive; %.1f s", w.pairs().size(), w.scenarios(), where,
                w.count(Witness.Verdict.STATE_DIFFERS), w.count(Witness.Verdict.DETECTIONS_DIFFER),
                w.count(Witness.Verdict.COMMUTES), w.count(Witness.Verdict.INCONCLUSIVE), w.seconds());
    }

    /** Whether a pair's scenario is a random campaign scenario (the catalogue's are named, the campaign's numbered). */
    public static boolean fromCampaign(Witness w) {
        return w.scenario().startsWith("random #");
    }

    /** The verdict's words, with the exemption and, for a state witness, whether the end state differs too. */
    public static String verdict(Witness w) {
        String words = w.verdict().words();
        if (w.verdict() == Witness.Verdict.STATE_DIFFERS) {
            words += w.endStateDiffers() ? " (end state too)" : " (same end state)";
        }
        return words + (w.exempted() ? "; exempted by ambiguousWith" : "");
    }

    /** The first difference and how many more, or the note of an inconclusive pair, or {@code ""}. */
    public static String difference(Witness w) {
        if (w.verdict() == Witness.Verdict.INCONCLUSIVE) {
            return w.note();
        }
        int more = w.stateDifferences().size() + w.detectionDifferences().size() - 1;
        return w.firstDifference() + (more > 0 ? " (+" + more + " more)" : "");
    }

    /**
     * {@code "the same"}, or the end-state lines that differ ({@code "e0: A(2) ≠ A(1)"}), or {@code ""} when
     * the pair has no two orders to compare.
     */
    public static String endState(Witness w) {
        if (w.verdict() == Witness.Verdict.INCONCLUSIVE || w.orders().size() < 2) {
            return "";
        }
        if (!w.endStateDiffers()) {
            return "the same";
        }
        String last = "after frame " + (w.orders().get(0).frameStates().size() - 1) + ", ";
        return String.join("; ", w.stateDifferences().stream().filter(d -> d.startsWith(last))
                .map(d -> d.substring(last.length())).toList());
    }

    /** Pairs whose orders get replay files: the witnessed and the inconclusive ones (those that commute need none). */
    public static boolean hasFiles(Witness w) {
        return w.verdict() != Witness.Verdict.COMMUTES;
    }

    /**
     * The replay files of every pair that {@linkplain #hasFiles has them}, relative to the output directory,
     * one per order that ran: {@code witnesses/004-Scenario_name-a-before-b.json}; numbered by the pair's
     * place in the list, so a name is stable for the same run.
     */
    public static Map<Witness, List<String>> files(Witnesses w) {
        Map<Witness, List<String>> out = new IdentityHashMap<>();        // records with traces: identity, not deep equality
        for (int i = 0; i < w.pairs().size(); i++) {
            Witness x = w.pairs().get(i);
            if (!hasFiles(x)) {
                continue;
            }
            int n = i + 1;
            out.put(x, x.orders().stream().filter(o -> o.trace() != null)
                    .map(o -> String.format(Locale.ROOT, "%s/%03d-%s-%s.json", DIRECTORY, n, slug(x.scenario()),
                            slug(o.label().replace(' ', '-'))))
                    .toList());
        }
        return out;
    }

    private static String slug(String s) {
        return s.replaceAll("[^A-Za-z0-9-]+", "_").replaceAll("^_+|_+$", "");
    }
}
