package dev.ecslab.reports.html;

import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Counterexample;
import dev.ecslab.lab.classify.DelayStats;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.MeasuredClass;
import dev.ecslab.lab.classify.Promise;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.witness.Witness;
import dev.ecslab.lab.witness.Witnesses;
import dev.ecslab.reports.text.SafeText;
import dev.ecslab.reports.verdict.CoverageWords;
import dev.ecslab.reports.verdict.MatrixCounterexamples;
import dev.ecslab.reports.verdict.VerdictWords;
import dev.ecslab.reports.verdict.WitnessWords;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The lab's report as one self-contained HTML page: inline CSS and inline SVG, no script, no external
 * resource, so it opens from disk in any browser and can be attached to a CI run as a single file.
 * Sections: the matrix (per executor, claimed beside measured and what broke the claim, the crash
 * column X first, each cell pass, FAIL linked to its counterexample, or not judged; under it the class
 * measured on each scenario class and criterion 1's delays), every counterexample (each object once) (in words, as a timeline, with its replay command), the
 * ambiguity report of the catalogue's schedules with a witness per pair (does its order change the
 * state or a detector's answers here?), the race-bug catalogue with its status, the benchmark
 * charts, and the seed's six conclusions answered from the data.
 */
public final class ReportPage {
    /**
     * A counterexample as the page shows it: the words (what went wrong and why), a timeline picture (inline
     * SVG) and the timeline as text, the scenario (an HTML fragment: systems, accesses, constraints, edits
     * per frame), what shrinking did in words, and the scenario as first found when it was shrunk (empty
     * otherwise). Every component may be empty; a renderer of the page shows each that is not.
     */
    public record CounterexampleView(String words, String timelineSvg, String textTimeline, String scenarioHtml,
            String shrinking, String originalScenarioHtml) {
        /** A view with words and timelines only. */
        public CounterexampleView(String words, String timelineSvg, String textTimeline) {
            this(words, timelineSvg, textTimeline, "", "", "");
        }
    }

    /**
     * Renders a counterexample for the page; supplied by the timeline package. {@code id} is unique on
     * the page (for the picture's element ids); {@code picture} is false where a text timeline suffices.
     */
    @FunctionalInterface
    public interface CounterexampleRenderer {
        CounterexampleView render(Counterexample c, String id, boolean picture);
    }

    /**
     * One chart of the benchmark section: inline SVGs (one per facet), or why it is missing; {@code badge} is
     * {@code ""} or a warning shown beside the title ({@code "noisy (quick run): generation"}).
     */
    public record ChartView(String id, String title, String caption, List<String> svgs, String missing, String badge) {
    }

    /** One catalogue scenario's ambiguity report (empty text when it has none). */
    public record AmbiguityView(String scenario, String report) {
    }

    /** How this run's figures bear on what the seed expects for one of its conclusions. */
    public enum Verdict {
        /** The figures agree with the expectation, by the thresholds the answer states. */
        SUPPORTED,
        /** The figures go against it. */
        CONTRADICTED,
        /** This run lacks the evidence (a matrix row, a benchmark result) or the figures are within noise. */
        UNDECIDED;

        /** The word the page shows. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One answered conclusion of the seed: the question, the expectation the verdict is about (what the
     * seed states or presumes), the verdict, and the answer citing the figures and thresholds it rests
     * on (or the command that would produce the missing evidence).
     */
    public record Conclusion(String question, String expectation, Verdict verdict, String answer) {
        public Conclusion {
            Objects.requireNonNull(verdict, "verdict");
        }
    }

    /**
     * Everything the page shows; {@code folder} is where the report is put in place (absolute), so that the
     * replay commands it prints name files that exist wherever the user ran the lab from.
     */
    public record Input(Matrix matrix, Map<Counterexample, String> replayFiles, CounterexampleRenderer renderer,
            List<AmbiguityView> ambiguities, List<RaceCatalogueStatus.Entry> races, List<ChartView> charts,
            String chartsNote, List<Conclusion> conclusions, ZonedDateTime generated, Path folder) {
    }

    private ReportPage() {
    }

    public static String render(Input in) {
        Matrix m = in.matrix();
        Map<Counterexample, String> anchors = anchors(m);
        StringBuilder b = new StringBuilder(1 << 16);
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>ecslab report</title>\n<style>\n").append(CSS).append("</style></head>\n<body>\n");
        b.append("<header><h1>ecslab report</h1><p class=\"meta\">")
                .append(esc(String.format(Locale.ROOT, "%d scenario runs per configuration group (catalogue under seeds %s, %d random"
                        + " scenarios from seed %d), %.1f s; generated %s.", m.scenarios(), m.catalogueSeeds(), m.tries(),
                        m.campaignSeed(), m.seconds(), in.generated().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))))
                .append("</p>\n<nav><a href=\"#matrix\">Matrix</a> · <a href=\"#counterexamples\">Counterexamples (")
                .append(anchors.size()).append(")</a> · <a href=\"#ambiguities\">Ambiguities</a> · <a href=\"#coverage\">Coverage</a> · <a href=\"#races\">Race-bug catalogue</a>"
                        + " · <a href=\"#benchmarks\">Benchmarks</a> · <a href=\"#conclusions\">Conclusions</a></nav></header>\n");
        matrix(b, m, anchors);
        counterexamples(b, in, anchors);
        ambiguities(b, in, m);
        coverage(b, m);
        races(b, in.races());
        charts(b, in);
        conclusions(b, in.conclusions(), in.chartsNote());
        b.append("</body></html>\n");
        return b.toString();
    }

    /**
     * Anchor ids {@code cx-1, cx-2, ...} in matrix order, one per distinct counterexample object: a
     * counterexample that is also the first of its scenario classes or of a view (7, L) has one anchor,
     * and every place that shows it links there.
     */
    static Map<Counterexample, String> anchors(Matrix m) {
        Map<Counterexample, String> out = new IdentityHashMap<>();
        int n = 0;
        for (MatrixCounterexamples.Entry e : MatrixCounterexamples.of(m).entries()) {
            out.put(e.counterexample(), "cx-" + (++n));
        }
        return out;
    }

    // ------------------------------------------------------------------ matrix

    private static void matrix(StringBuilder b, Matrix m, Map<Counterexample, String> anchors) {
        b.append("<section id=\"matrix\"><h2>The matrix: claimed class against measured class</h2>\n");
        b.append("<p>").append(md(VerdictWords.RULES)).append("</p>\n");
        b.append("<p>Cells: <span class=\"pass\">pass</span>;"
                + " <span class=\"warn\">fails, as the claim or the proposal's known limits allow</span>;"
                + " <span class=\"fail\">fails against the claim, or breaks an invariant (no crash, ordering, memory, pure"
                + " frame)</span>; <span class=\"none\">not judged</span> (no run judged it; not a pass). A failing cell links"
                + " to its counterexample; under it, the scenario classes it failed in. Under the measured class, what broke"
                + " the claim. Below each matrix: the class measured on each scenario class, and how late criterion 1's"
                + " reports came.</p>\n");
        b.append("<p class=\"legend\">").append(esc(legend())).append("</p>\n");
        Map<String, List<Row>> byExecutor = new LinkedHashMap<>();
        for (Row r : m.rows()) {
            byExecutor.computeIfAbsent(r.executor(), e -> new ArrayList<>()).add(r);
        }
        for (Map.Entry<String, List<Row>> e : byExecutor.entrySet()) {
            b.append("<h3>Executor <code>").append(esc(e.getKey())).append("</code></h3>\n<table class=\"matrix\"><thead><tr>"
                    + "<th>strategy</th><th>claimed</th><th>measured</th>");
            for (Criterion c : Criterion.values()) {
                if (c != Criterion.AMBIGUITY) {
                    b.append("<th title=\"").append(esc(c.title())).append("\">").append(esc(c.code())).append("</th>");
                }
            }
            b.append("</tr></thead><tbody>\n");
            for (Row r : e.getValue()) {
                String agree = r.claimed() == null ? "" : r.agrees() ? " ✓" : " ✗";
                String by = VerdictWords.brokenByWords(r);
                b.append("<tr><td><code>").append(esc(r.strategy())).append("</code></td><td>").append(esc(VerdictWords.claimed(r)))
                        .append("</td><td class=\"").append(r.claimed() == null ? "none" : r.agrees() ? "pass" : "fail").append("\">")
                        .append(esc(r.measured().label() + agree))
                        .append(by.isEmpty() ? "" : "<small>" + esc(by) + "</small>")
                        .append(r.skipped() == null ? "" : "<small>partly not run</small>").append("</td>");
                for (Criterion c : Criterion.values()) {
                    if (c != Criterion.AMBIGUITY) {
                        cell(b, r, r.cell(c), anchors);
                    }
                }
                b.append("</tr>\n");
            }
            b.append("</tbody></table>\n");
            classes(b, e.getValue(), anchors);
            delays(b, e.getValue());
            for (Row r : e.getValue()) {
                if (r.skipped() != null) {
                    b.append("<p class=\"meta\"><code>").append(esc(r.strategy())).append("</code> partly not run (what was not"
                            + " run was not judged): ").append(esc(r.skipped())).append("</p>\n");
                }
            }
        }
        b.append("<p>Criterion A (ambiguity detection, compiler against an independent oracle): ")
                .append(m.ambiguity().isEmpty() ? "<span class=\"pass\">pass</span> on " + m.ambiguityScenarios() + " scenarios"
                        : "<span class=\"fail\">FAIL</span>: " + esc(m.ambiguity().get(0)))
                .append(".</p></section>\n");
    }

    private static void cell(StringBuilder b, Row r, Cell cell, Map<Counterexample, String> anchors) {
        switch (cell.status()) {
            case NOT_JUDGED -> {
                b.append("<td class=\"none\" title=\"no run judged it: not a pass\">not judged</td>");
                return;
            }
            case PASS -> {
                b.append("<td class=\"pass\" title=\"judged in ").append(cell.judgedRuns()).append(" runs (")
                        .append(cell.evidence()).append(" pieces of evidence)\">pass</td>");
                return;
            }
            case FAIL -> {
            }
        }
        String cls = severity(r, cell.criterion());
        b.append("<td class=\"").append(cls).append("\" title=\"").append(esc(cell.failedRuns() + " of " + cell.judgedRuns()
                + " runs failed; " + cell.first().oneLine())).append("\">");
        boolean first = true;
        for (Counterexample x : cell.failures().values()) {
            b.append(first ? "" : " ").append("<a href=\"#").append(anchors.get(x)).append("\">")
                    .append(first ? "FAIL" : "+").append("</a>");
            first = false;
        }
        String classes = VerdictWords.failingClassesWords(cell);
        if (!classes.isEmpty()) {
            b.append("<small>").append(esc(classes)).append("</small>");
        }
        b.append("</td>");
    }

    /** The class measured on each scenario class, each failing criterion linked to the class's first counterexample. */
    private static void classes(StringBuilder b, List<Row> rows, Map<Counterexample, String> anchors) {
        b.append("<table class=\"matrix classes\"><caption>Measured class per scenario class (criteria 1 and 2; the weakest"
                + " is the row's)</caption><thead><tr><th>strategy</th><th>measured</th>");
        for (ScenarioClass c : VerdictWords.CLASSES) {
            b.append("<th>").append(esc(c.title())).append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (Row r : rows) {
            b.append("<tr><td><code>").append(esc(r.strategy())).append("</code></td><td>").append(esc(r.measured().label()))
                    .append("</td>");
            List<ScenarioClass> breaking = VerdictWords.classesBreaking(r);
            boolean crashed = r.cell(Criterion.CRASH).fails();
            for (ScenarioClass cls : VerdictWords.CLASSES) {
                MeasuredClass mc = r.measured(cls);
                String css = crashed || breaking.contains(cls) ? "fail" : mc == MeasuredClass.NOT_JUDGED ? "none"
                        : mc.meets(VerdictWords.heldTo(r)) ? "pass" : "warn";
                Cell.ClassTally first = r.cell(Criterion.AT_LEAST_ONCE).inClass(cls);
                Cell.ClassTally second = r.cell(Criterion.AT_MOST_ONCE).inClass(cls);
                b.append("<td class=\"").append(css).append("\" title=\"").append(esc("1: " + first.evidence()
                        + " changes judged; 2: " + second.evidence() + " changes judged")).append("\">").append(esc(mc.label()));
                List<String> failed = new ArrayList<>();
                for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE)) {
                    Cell.ClassTally t = r.cell(c).inClass(cls);
                    if (t.first() != null) {
                        String words = esc(c.code() + " failed in " + VerdictWords.runs(t.failedRuns()));
                        String id = anchors.get(t.first());
                        failed.add(id == null ? words : "<a href=\"#" + id + "\">" + words + "</a>");
                    }
                }
                if (!failed.isEmpty()) {
                    b.append("<small>").append(String.join(", ", failed)).append("</small>");
                }
                b.append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    /** Criterion 1's delays per row, beside the delay the claim allows. */
    private static void delays(StringBuilder b, List<Row> rows) {
        b.append("<table class=\"matrix delays\"><caption>Timeliness of criterion 1: the detector's runs and the frames between"
                + " a change's due run (its first run after the change) and its report; max and mean over the reported"
                + " changes</caption><thead><tr><th>strategy</th><th>delay allowed</th><th>changes</th><th>on time</th>"
                + "<th>late</th><th>never</th><th>max delay (runs / frames)</th><th>mean delay (runs / frames)</th></tr></thead>"
                + "<tbody>\n");
        for (Row r : rows) {
            DelayStats.Figures f = r.cell(Criterion.AT_LEAST_ONCE).delays().all();
            b.append("<tr><td><code>").append(esc(r.strategy())).append("</code></td><td>").append(esc(VerdictWords.allowedDelay(r)))
                    .append("</td>");
            if (f.obligations() == 0) {
                b.append("<td class=\"none\" colspan=\"6\">not judged</td></tr>\n");
                continue;
            }
            b.append("<td>").append(f.obligations()).append("</td><td>").append(f.reported() - f.late()).append("</td><td>")
                    .append(f.late()).append("</td><td").append(f.missed() > 0 ? " class=\"warn\"" : "").append(">")
                    .append(f.missed()).append("</td><td>").append(f.maxRuns()).append(" / ").append(f.maxFrames())
                    .append("</td><td>").append(VerdictWords.mean(f.meanRuns())).append(" / ")
                    .append(VerdictWords.mean(f.meanFrames())).append("</td></tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    /**
     * Red ("fail") when the failure breaks what the claimed class promises ({@link Promise}); amber
     * ("warn") when the claim allows it.
     */
    static String severity(Row r, Criterion c) {
        return Promise.of(r).covers(c) ? "fail" : "warn";
    }

    private static String legend() {
        StringBuilder s = new StringBuilder("Criteria: ");
        for (Criterion c : Criterion.values()) {
            s.append(c.code()).append(" = ").append(c.title()).append(c.ordinal() < Criterion.values().length - 1 ? "; " : ".");
        }
        return s.toString();
    }

    // ------------------------------------------------------------------ counterexamples

    private static void counterexamples(StringBuilder b, Input in, Map<Counterexample, String> anchors) {
        b.append("<section id=\"counterexamples\"><h2>Counterexamples</h2>\n");
        if (anchors.isEmpty()) {
            b.append("<p>None: every judged criterion held.</p></section>\n");
            return;
        }
        b.append("<p>Each is the first failure of its cell and scope, or of a scenario class. The first failure of a criterion"
                + " and scope in a random scenario is shrunk (each says in how many steps, with the scenario first found);"
                + " catalogue scenarios and later failures are shown as found, and say so. One that is the first of several places (its cell, the classes it touched, the views 7 and L) is shown"
                + " once. Replay one with <code>./lab replay FILE</code>: it re-judges the recorded trace and re-runs the"
                + " scenario in the recorded order. The first counterexample of each cell (the one its FAIL link opens) has a"
                + " timeline picture; every one has its timeline as text (a picture is about 5 kB, and a full run finds"
                + " hundreds).</p>\n");
        for (MatrixCounterexamples.Entry e : MatrixCounterexamples.of(in.matrix()).entries()) {
            Counterexample x = e.counterexample();
            MatrixCounterexamples.Place p = e.first();
            Row r = p.row();
            String id = anchors.get(x);
            boolean picture = e.firstOfACell();
            b.append("<article class=\"cx\" id=\"").append(id).append("\"><h3>").append(esc(id)).append(": <code>")
                    .append(esc(r.strategy())).append("</code> / <code>").append(esc(r.executor())).append("</code>, ")
                    .append(esc(p.criterion().code() + " " + p.criterion().title()))
                    .append(p.isClass() ? " on " + esc(p.scenarioClass().title()) + " scenarios" : "")
                    .append(x.scope() == null ? "" : " (" + esc(String.valueOf(x.scope())) + ")").append("</h3>\n");
            String also = e.alsoShownAt();
            if (!also.isEmpty()) {
                b.append("<p class=\"meta\">Also the first of: ").append(esc(also)).append(".</p>\n");
            }
            ReportPage.CounterexampleView v = render(in.renderer(), x, id, picture);
            b.append("<p class=\"words\">").append(md(v.words())).append("</p>\n");
            if (v.timelineSvg() != null && !v.timelineSvg().isEmpty()) {
                b.append("<figure class=\"timeline\">").append(v.timelineSvg()).append("<figcaption>Timeline of scenario '")
                        .append(esc(x.scenario().name())).append("' (").append(esc(x.config())).append(")</figcaption></figure>\n");
            }
            if (v.textTimeline() != null && !v.textTimeline().isEmpty()) {
                b.append(picture ? "<details><summary>the timeline as text</summary>" : "<details open><summary>timeline</summary>")
                        .append("<pre>").append(esc(v.textTimeline())).append("</pre></details>\n");
            }
            if (v.scenarioHtml() != null && !v.scenarioHtml().isEmpty()) {
                b.append("<details class=\"scenario\"><summary>the scenario: systems, accesses, constraints, edits per frame</summary>")
                        .append(v.scenarioHtml()).append("</details>\n");
            }
            if (v.shrinking() != null && !v.shrinking().isEmpty()) {
                b.append("<p class=\"meta shrinking\">").append(esc(capitalize(v.shrinking()))).append(".</p>\n");
            }
            if (v.originalScenarioHtml() != null && !v.originalScenarioHtml().isEmpty()) {
                b.append("<details class=\"scenario original\"><summary>the scenario as first found, before shrinking</summary>")
                        .append(v.originalScenarioHtml()).append("</details>\n");
            }
            String file = in.replayFiles() == null ? null : in.replayFiles().get(x);
            b.append("<p class=\"meta\">Scenario '").append(esc(x.scenario().name())).append("', seed ").append(x.seed())
                    .append(", ").append(esc(x.config())).append(". ")
                    .append(file == null ? "No replay file (a 10 000-frame memory trace: the figures are the evidence)."
                            : "Replay: <code>./lab replay " + esc(in.folder().resolve(file).toString()) + "</code>")
                    .append("</p><p class=\"meta\">Lab message: ").append(esc(x.message())).append("</p></article>\n");
        }
        b.append("</section>\n");
    }

    private static CounterexampleView render(CounterexampleRenderer renderer, Counterexample x, String id, boolean picture) {
        if (renderer == null) {
            return new CounterexampleView(x.message(), "", "");
        }
        try {
            return renderer.render(x, id, picture);
        } catch (RuntimeException e) {
            return new CounterexampleView(x.message() + " (the timeline could not be drawn: " + e.getMessage() + ")", "", "");
        }
    }

    // ------------------------------------------------------------------ coverage

    /**
     * Each catalogue scenario's schedule coverage under each executor (from the row that ran the most
     * schedules): schedules run and the unordered conflicting pairs run both ways.
     */
    private static void coverage(StringBuilder b, Matrix m) {
        List<String> executors = new ArrayList<>();
        List<Row> widest = new ArrayList<>();
        for (Row r : m.rows()) {
            if (!executors.contains(r.executor())) {
                executors.add(r.executor());
            }
        }
        for (String e : executors) {
            widest.add(CoverageWords.widest(m.rows().stream().filter(r -> r.executor().equals(e)).toList()));
        }
        b.append("<section id=\"coverage\"><h2>Schedule coverage of the catalogue</h2>\n");
        Row first = widest.stream().filter(Objects::nonNull).findFirst().orElse(null);
        if (first == null) {
            b.append("<p class=\"meta\">No catalogue scenario ran in this run.</p></section>\n");
            return;
        }
        b.append("<p class=\"meta\">Runs are controlled: every decision (who takes the next step, the executor's choices)"
                + " is recorded and replays. Each catalogue scenario's schedules are searched exhaustively within the bound"
                + " on non-default choices (a search stops at its first failing schedule, so each column shows the row"
                + " that ran the most). A pair is \"run both ways\" when each of the two systems ran first at least once."
                + "</p>\n<table class=\"coverage\"><thead><tr><th>scenario</th>");
        for (int i = 0; i < executors.size(); i++) {
            b.append("<th>").append(esc(executors.get(i))).append(widest.get(i) == null ? "" : " <span class=\"meta\">("
                    + esc(widest.get(i).strategy()) + ")</span>").append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (int k = 0; k < first.coverage().size(); k++) {
            b.append("<tr><td>").append(esc(first.coverage().get(k).scenario().name())).append("</td>");
            for (Row r : widest) {
                if (r == null || k >= r.coverage().size()) {
                    b.append("<td class=\"none\">not run</td>");
                    continue;
                }
                var c = r.coverage().get(k);
                boolean oneWay = !c.pairsSeenOneWay().isEmpty();
                b.append("<td").append(oneWay ? " class=\"warn\"" : "").append(">").append(esc(CoverageWords.schedules(c)))
                        .append("<br><span class=\"meta\">pairs both ways: ").append(esc(CoverageWords.pairs(c)))
                        .append("</span></td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table></section>\n");
    }

    // ------------------------------------------------------------------ ambiguities, races

    private static void ambiguities(StringBuilder b, Input in, Matrix m) {
        b.append("<section id=\"ambiguities\"><h2>Ambiguity report of the catalogue's schedules</h2>\n<p>Pairs of systems whose"
                + " data access conflicts and whose order the schedule leaves undefined (the compiler's report; criterion A"
                + " checks it against an independent oracle: ").append(m.ambiguity().isEmpty() ? "agreed" : "DISAGREED")
                .append(" on ").append(m.ambiguityScenarios()).append(" scenarios).</p>\n");
        int shown = 0;
        for (AmbiguityView a : in.ambiguities()) {
            if (a.report().isBlank()) {
                continue;
            }
            shown++;
            b.append("<h3>").append(esc(a.scenario())).append("</h3><pre>").append(esc(a.report())).append("</pre>\n");
        }
        long clean = in.ambiguities().stream().filter(a -> a.report().isBlank()).count();
        b.append("<p>").append(shown).append(" scenario(s) with ambiguities; ").append(clean).append(" without.</p>\n");
        witnesses(b, m.witnesses(), in.folder());
        b.append("</section>\n");
    }

    /**
     * The witnesses beside the report: one compact row per pair of the catalogue's scenarios (verdict,
     * first difference, the two replay files); the campaign's only counted (they are in matrix.md and
     * matrix.json, with the end states).
     */
    private static void witnesses(StringBuilder b, Witnesses w, Path folder) {
        b.append("<h3 id=\"witnesses\">Witnesses: does the order of each pair matter here?</h3>\n");
        if (!w.ran()) {
            b.append("<p class=\"meta\">Not looked for in this run.</p>\n");
            return;
        }
        b.append("<p class=\"meta\">").append(md(WitnessWords.WHAT)).append("</p>\n");
        List<Witness> catalogue = w.pairs().stream().filter(x -> !WitnessWords.fromCampaign(x)).toList();
        Map<Witness, List<String>> files = WitnessWords.files(w);
        if (!catalogue.isEmpty()) {
            b.append("<table class=\"witnesses\"><thead><tr><th>scenario</th><th>pair <i>a</i> | <i>b</i></th><th>conflicts on</th>"
                    + "<th>verdict</th>"
                    + "<th>first difference: <i>a</i> first ≠ <i>b</i> first</th><th>replay</th></tr></thead><tbody>\n");
            for (Witness x : catalogue) {
                String cls = x.verdict().witnessed() ? "warn" : x.verdict() == Witness.Verdict.INCONCLUSIVE ? "none" : "";
                b.append("<tr><td>").append(esc(x.scenario())).append("</td><td><code>").append(esc(x.first()))
                        .append("</code> | <code>").append(esc(x.second())).append("</code></td><td>").append(esc(x.conflict()))
                        .append("</td><td").append(cls.isEmpty() ? "" : " class=\"" + cls + "\"").append(">")
                        .append(esc(WitnessWords.verdict(x))).append("</td><td>").append(esc(WitnessWords.difference(x)))
                        .append("</td><td>");
                List<String> f = files.getOrDefault(x, List.of());
                List<Witness.Order> ran = x.orders().stream().filter(o -> o.trace() != null).toList();
                for (int i = 0; i < f.size() && i < ran.size(); i++) {
                    b.append(i > 0 ? "<br>" : "").append("<a href=\"").append(esc(f.get(i))).append("\" title=\"")
                            .append(esc(ran.get(i).label())).append("\">").append(esc(ran.get(i).first())).append(" first</a>");
                }
                b.append("</td></tr>\n");
            }
            b.append("</tbody></table>\n");
        }
        b.append("<p>").append(esc(WitnessWords.summary(w))).append(". Every pair is in <a href=\"matrix.json\">matrix.json</a>"
                + " (with both end states and all differences), the campaign's witnessed ones also in"
                + " <a href=\"matrix.md\">matrix.md</a>; replay an order with <code>./lab replay "
                + esc(folder.resolve("witnesses").toString()) + "/FILE</code> (it prints the end state).</p>\n");
    }

    private static void races(StringBuilder b, List<RaceCatalogueStatus.Entry> races) {
        b.append("<section id=\"races\"><h2>Race-bug catalogue</h2>\n<p>Known, documented ECS bugs kept as executable"
                + " reproductions (<code>lincheck-tests/README.md</code>), each caught on ecslab's production class with the"
                + " bug put back. Status from the last results in this checkout: each entry's record in"
                + " <code>lincheck-tests/target/race-catalogue</code> and <code>run.sh</code>'s verdict in"
                + " <code>jcstress-tests/target/jcstress-results/verdict.tsv</code>. \"yes\" means the twin showed its bug in"
                + " that run and the real code passed the same test; results older than the sources count as not run and"
                + " say so. Refresh with <code>" + esc(RaceCatalogueStatus.REFRESH) + "</code>.</p>\n");
        if (races.isEmpty()) {
            b.append("<p>The catalogue was not found (run the report from the repository root).</p></section>\n");
            return;
        }
        b.append("<table class=\"races\"><thead><tr><th>#</th><th>source</th><th>symptom</th><th>caught</th><th>the fix passes</th>"
                + "</tr></thead><tbody>\n");
        for (RaceCatalogueStatus.Entry e : races) {
            b.append("<tr><td>").append(esc(e.number())).append("</td><td>").append(md(e.source())).append("</td><td>")
                    .append(md(e.symptom())).append("</td>");
            status(b, e.caught(), e.caughtBy(), e.caughtTests());
            status(b, e.fixPasses(), e.ecslabPassing(), e.fixTests());
            b.append("</tr>\n");
        }
        b.append("</tbody></table></section>\n");
    }

    private static void status(StringBuilder b, RaceCatalogueStatus.State s, String text, Map<String, RaceCatalogueStatus.State> tests) {
        String cls = switch (s) {
            case PASSED -> "pass";
            case FAILED -> "fail";
            case NOT_RUN -> "none";
        };
        String label = switch (s) {
            case PASSED -> "yes";
            case FAILED -> "NO";
            case NOT_RUN -> tests.isEmpty() ? "by argument" : "not run here";
        };
        b.append("<td class=\"").append(cls).append("\"><b>").append(label).append("</b>: ").append(md(text)).append("</td>");
    }

    // ------------------------------------------------------------------ charts, conclusions

    private static void charts(StringBuilder b, Input in) {
        b.append("<section id=\"benchmarks\"><h2>Benchmarks</h2>\n");
        if (in.chartsNote() != null && !in.chartsNote().isEmpty()) {
            b.append("<p>").append(esc(in.chartsNote())).append("</p>\n");
        }
        for (ChartView c : in.charts()) {
            b.append("<figure class=\"chart\" id=\"chart-").append(esc(c.id())).append("\"><h3>").append(esc(c.title()))
                    .append(c.badge() == null || c.badge().isEmpty() ? "" : " <span class=\"badge noisy\">" + esc(c.badge())
                            + "</span>").append("</h3>\n");
            if (c.svgs().isEmpty()) {
                b.append("<p class=\"missing\">No data yet. ").append(esc(c.missing())).append("</p>");
            } else {
                for (String svg : c.svgs()) {
                    b.append("<div class=\"svg\">").append(svg).append("</div>\n");
                }
            }
            b.append("<figcaption>").append(esc(c.caption())).append("</figcaption></figure>\n");
        }
        b.append("</section>\n");
    }

    private static void conclusions(StringBuilder b, List<Conclusion> conclusions, String sources) {
        b.append("<section id=\"conclusions\"><h2>The seed's six conclusions, answered from the data</h2>\n");
        b.append("<p class=\"meta\">From this run's matrix and the benchmark results. ").append(esc(sources == null ? "" : sources))
                .append(" Where a configuration was measured again in a later run, its newest figure is used, so a ratio"
                        + " may compare two runs; runs on this machine agree within about 5-10 %. Each answer is judged against"
                        + " what the seed expects: <span class=\"pass\">supported</span>, <span class=\"fail\">contradicted</span>"
                        + " or <span class=\"none\">undecided</span> (this run lacks the evidence: the answer names the command"
                        + " that produces it).</p>\n<ol class=\"q\">\n");
        for (Conclusion c : conclusions) {
            String cls = switch (c.verdict()) {
                case SUPPORTED -> "pass";
                case CONTRADICTED -> "fail";
                case UNDECIDED -> "none";
            };
            b.append("<li><p class=\"q\"><span class=\"verdict ").append(cls).append("\">").append(c.verdict().label())
                    .append("</span> ").append(esc(c.question())).append("</p><p class=\"expect\">Expectation: ")
                    .append(esc(c.expectation())).append("</p><p>").append(esc(c.answer())).append("</p></li>\n");
        }
        b.append("</ol></section>\n");
    }

    // ------------------------------------------------------------------ text

    /** HTML text or attribute value ({@link SafeText#html}). */
    private static String capitalize(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static String esc(String s) {
        return SafeText.html(s);
    }

    /** Markdown code spans ({@code `x`}) as {@code <code>}, everything else escaped. */
    static String md(String s) {
        String[] parts = s.split("`", -1);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            b.append(i % 2 == 1 ? "<code>" + esc(parts[i]) + "</code>" : esc(parts[i]));
        }
        return b.toString();
    }

    private static final String CSS = """
            body{font:15px/1.45 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:0 auto;max-width:1200px;padding:0 1.2em 3em;color:#222}
            header{border-bottom:1px solid #ddd;margin-bottom:1em}h1{margin:.6em 0 .2em}h2{margin-top:1.6em;border-bottom:1px solid #eee}
            nav a{margin:0 .2em}.meta{color:#555;font-size:13px}.legend{font-size:13px;color:#444}
            table{border-collapse:collapse;margin:.5em 0 1em}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
            table.matrix td,table.matrix th{text-align:center}table.matrix td:first-child{text-align:left}
            .pass{background:#d9f2d9}.fail{background:#f7c9c9}.warn{background:#fde6b3}.none{background:#f1f1f1;color:#777}
            td a{color:#8a1010;font-weight:600}span.pass,span.fail,span.warn,span.none{padding:0 .3em;border-radius:3px}
            article.cx{border:1px solid #ddd;border-radius:6px;padding:.2em 1em .6em;margin:1em 0}article.cx:target{outline:3px solid #e0a000}
            .words{font-size:16px}figure{margin:.6em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:13px;color:#555}
            pre{background:#f7f7f7;padding:.6em;overflow-x:auto;font-size:12.5px}.missing{color:#8a5a00}p.q{font-weight:600}ol.q{list-style:none;padding-left:.5em}
            table.races td,table.witnesses td{font-size:13px}td small{display:block;font-size:11px;color:#444;font-weight:normal}
            table.matrix caption{caption-side:top;text-align:left;font-size:13px;color:#444;padding:.2em 0}
            span.verdict{display:inline-block;min-width:6.5em;text-align:center;font-size:12px;text-transform:uppercase;letter-spacing:.03em;padding:1px 6px;margin-right:.4em}
            span.verdict.none{color:#555}p.expect{font-style:italic;color:#444;margin:.2em 0}
            span.badge.noisy{font-size:12px;font-weight:600;background:#fde6b3;color:#6b4500;border:1px solid #e0a000;border-radius:3px;padding:1px 6px}
            """;
}
