package dev.ecslab.reports.html;

import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Promise;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.ClassTally;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.DelayTally;
import dev.ecslab.lab.results.MeasuredClass;
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
 * The lab's report as a few self-contained HTML pages: inline CSS and inline SVG, no external resource, so
 * they open from disk in any browser and can be attached to a CI run as a folder. The main page is short
 * and opens with the verdict (per strategy and the executors that agree on it: claimed and measured class,
 * whether the claim holds, failing runs and counterexamples per criterion), then the matrix (executors as a
 * dimension, split only where they differ; each failing cell with its failing runs and a labelled link to its
 * counterexamples) with the criteria's legend, then a summary of each longer part with a link to its page:
 * the counterexamples ({@link CounterexamplePages}), the scenario classes and delays, the ambiguity report
 * with its witnesses, the schedule coverage, the benchmark charts; the race-bug catalogue and Bevy PR #1471's six
 * conclusions stay on the main page.
 *
 * <p>Contract: the main page's size grows with the matrix's rows and columns, never with the number of
 * counterexamples; nothing on any page needs script to be read (the counterexamples' filter and the opening
 * of a linked counterexample are a convenience); the page says "shrunk" only of a counterexample whose
 * scenario the lab shrank.
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

    /** How this run's figures bear on what Bevy PR #1471 expects for one of its conclusions. */
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
     * One answered conclusion of Bevy PR #1471: the question, the expectation the verdict is about (what the
     * PR states or presumes), the verdict, and the answer citing the figures and thresholds it rests
     * on (or the command that would produce the missing evidence).
     */
    public record Conclusion(String question, String expectation, Verdict verdict, String answer) {
        public Conclusion {
            Objects.requireNonNull(verdict, "verdict");
        }
    }

    /**
     * Everything the page shows; {@code folder} is where the report is put in place (absolute), so that the
     * replay commands it prints name files that exist wherever the user ran the lab from; {@code engines}: whether
     * {@code lab engines} left its page in the report's folder ({@link EnginesPage#FROM_REPORT}), which the
     * navigation and the main page then link; {@code enginesSummary}: what the main page says there of each engine's
     * result (read from the {@code engines.json} beside that page), or null for the link alone.
     */
    public record Input(Matrix matrix, Map<Counterexample, String> replayFiles, CounterexampleRenderer renderer,
            List<AmbiguityView> ambiguities, RaceCatalogueStatus.Results races, List<ChartView> charts,
            String chartsNote, List<Conclusion> conclusions, ZonedDateTime generated, Path folder, boolean engines,
            EnginesSummary enginesSummary) {
        /** The input of a report that links the engines' page ({@code engines}) without summarising it. */
        public Input(Matrix matrix, Map<Counterexample, String> replayFiles, CounterexampleRenderer renderer,
                List<AmbiguityView> ambiguities, RaceCatalogueStatus.Results races, List<ChartView> charts,
                String chartsNote, List<Conclusion> conclusions, ZonedDateTime generated, Path folder, boolean engines) {
            this(matrix, replayFiles, renderer, ambiguities, races, charts, chartsNote, conclusions, generated, folder, engines,
                    null);
        }

        /** The input of a report with no engines' page beside it. */
        public Input(Matrix matrix, Map<Counterexample, String> replayFiles, CounterexampleRenderer renderer,
                List<AmbiguityView> ambiguities, RaceCatalogueStatus.Results races, List<ChartView> charts,
                String chartsNote, List<Conclusion> conclusions, ZonedDateTime generated, Path folder) {
            this(matrix, replayFiles, renderer, ambiguities, races, charts, chartsNote, conclusions, generated, folder, false);
        }
    }

    private ReportPage() {
    }

    /** The main page alone ({@code index.html}); {@link #pages} renders it with the others. */
    public static String render(Input in) {
        Map<Counterexample, String> anchors = anchors(in.matrix());
        return main(in, new CounterexamplePages(in, anchors));
    }

    /**
     * Every page of the report, keyed by its path relative to the report's folder, the main page
     * ({@code index.html}) first: the sub-pages of the long tables (scenario classes and delays, ambiguities,
     * coverage, benchmarks) and the counterexamples' pages ({@link CounterexamplePages}). Every link between
     * them is relative, so the report works from disk wherever it is copied.
     */
    public static Map<String, String> pages(Input in) {
        Map<Counterexample, String> anchors = anchors(in.matrix());
        CounterexamplePages cx = new CounterexamplePages(in, anchors);
        Map<String, String> out = new LinkedHashMap<>();
        out.put(PageFrame.INDEX, main(in, cx));
        out.put(PageFrame.CLASSES, classesPage(in, cx));
        out.put(PageFrame.MUTANTS, mutantsPage(in, cx));
        out.put(PageFrame.AMBIGUITIES, subPage(in, "Ambiguities · ecslab report", b -> ambiguities(b, in, in.matrix())));
        out.put(PageFrame.COVERAGE, subPage(in, "Schedule coverage · ecslab report", b -> coverage(b, in.matrix())));
        out.put(PageFrame.BENCHMARKS, subPage(in, "Benchmarks · ecslab report", b -> charts(b, in)));
        out.putAll(cx.render());
        return out;
    }

    private static String subPage(Input in, String title, java.util.function.Consumer<StringBuilder> body) {
        StringBuilder b = new StringBuilder(1 << 14);
        PageFrame.open(b, title, "", in.engines());
        body.accept(b);
        PageFrame.close(b);
        return b.toString();
    }

    private static String main(Input in, CounterexamplePages cx) {
        Matrix m = in.matrix();
        List<ExecutorGroups.Group> groups = ExecutorGroups.of(m);
        StringBuilder b = new StringBuilder(1 << 16);
        PageFrame.open(b, "ecslab report", "", in.engines());
        b.append("<header><h1>ecslab report</h1><p class=\"meta\">")
                .append(esc(String.format(Locale.ROOT, "%d scenario runs per configuration group (catalogue under seeds %s, %d random"
                        + " scenarios from seed %d%s), %.1f s; generated %s.", m.scenarios(), m.catalogueSeeds(), m.tries(),
                        m.campaignSeed(), m.layoutWords(), m.seconds(),
                        in.generated().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))))
                .append("</p></header>\n");
        verdict(b, groups, cx);
        matrix(b, m, onMainPage(groups), cx);
        counterexamplesSummary(b, m);
        ambiguitiesSummary(b, in, m);
        coverageSummary(b, m);
        races(b, in.races());
        enginesSummary(b, in);
        chartsSummary(b, in);
        conclusions(b, in.conclusions(), in.chartsNote());
        PageFrame.close(b);
        return b.toString();
    }

    /**
     * Anchor ids {@code cx-1, cx-2, ...} in matrix order, one per distinct counterexample object: a
     * counterexample that is also the first of its scenario classes or of a view (7, L) has one id, the same
     * on every page that shows it.
     */
    static Map<Counterexample, String> anchors(Matrix m) {
        Map<Counterexample, String> out = new IdentityHashMap<>();
        int n = 0;
        for (MatrixCounterexamples.Entry e : MatrixCounterexamples.of(m).entries()) {
            out.put(e.counterexample(), "cx-" + (++n));
        }
        return out;
    }

    // ------------------------------------------------------------------ verdict

    /**
     * The summary the page opens with: per configuration (a strategy under the executors that agree on it)
     * the claim, the measured class, whether the claim holds, the failing runs of each failing column and
     * the counterexamples by column.
     */
    private static void verdict(StringBuilder b, List<ExecutorGroups.Group> groups, CounterexamplePages cx) {
        b.append("<section id=\"verdict\"><h2>Verdict</h2>\n<p class=\"headline\">").append(esc(headline(groups))).append("</p>\n");
        verdictTable(b, onMainPage(groups), cx);
        b.append("<p class=\"meta\">Executors: <i>all N</i> means every executor of this run gave the same"
                + " verdict in every column; a strategy on which they differ has a line per executor. Runs are added up over"
                + " a line's executors (hover a figure for each executor's). The criteria are in the legend under the"
                + " matrix.</p>\n");
        mutantsSummary(b, groups);
        b.append("</section>\n");
    }

    /**
     * The groups the main page shows: every claimed configuration and every mutant that was not caught. A
     * caught mutant is on {@link PageFrame#MUTANTS}, so the main page's size grows with the strategies and
     * executors compared, not with the number of mutants the lab keeps.
     */
    static List<ExecutorGroups.Group> onMainPage(List<ExecutorGroups.Group> groups) {
        return groups.stream().filter(g -> !g.rows().stream().allMatch(r -> isMutant(r) && caught(r))).toList();
    }

    private static void mutantsSummary(StringBuilder b, List<ExecutorGroups.Group> groups) {
        List<Row> mutants = groups.stream().flatMap(g -> g.rows().stream()).filter(ReportPage::isMutant).toList();
        if (mutants.isEmpty()) {
            return;
        }
        long missed = mutants.stream().filter(r -> !caught(r)).count();
        b.append("<p>Mutant configurations (a mutant under one executor): ").append(mutants.size() - missed).append(" of ")
                .append(mutants.size()).append(" caught")
                .append(missed == 0 ? "" : "; the " + missed + " not caught are in the table above")
                .append(". Every mutant line, with its failing runs per criterion and its cells, is on <a href=\"")
                .append(PageFrame.MUTANTS).append("\">the mutants' page</a>.</p>\n");
    }

    private static String mutantsPage(Input in, CounterexamplePages cx) {
        List<ExecutorGroups.Group> mutants = ExecutorGroups.of(in.matrix()).stream().filter(g -> isMutant(g.first())).toList();
        return subPage(in, "Mutants · ecslab report", b -> {
            b.append("<section id=\"mutants\"><h2>Mutants: deliberately broken strategies and executors</h2>\n<p>A mutant"
                    + " passes by being caught: some column fails. Each line is a mutant strategy under the executors that agree on"
                    + " it, or a strategy under a mutant executor.</p>\n");
            if (mutants.isEmpty()) {
                b.append("<p>No mutant ran in this run (<code>lab run --mutants</code> adds them).</p>\n");
            } else {
                verdictTable(b, mutants, cx);
                b.append("<h3>Their cells</h3>\n");
                matrixTable(b, mutants, cx);
            }
            b.append("</section>\n");
        });
    }

    private static void verdictTable(StringBuilder b, List<ExecutorGroups.Group> groups, CounterexamplePages cx) {
        b.append("<div class=\"wide\"><table class=\"matrix verdict\"><thead><tr><th>strategy</th><th>executors</th><th>claimed</th>"
                + "<th>measured</th><th>claim</th><th>failing runs / runs judged, per criterion</th><th>counterexamples</th>"
                + "</tr></thead><tbody>\n");
        for (ExecutorGroups.Group g : groups) {
            Row r = g.first();
            b.append("<tr><td><code>").append(PageFrame.breakable(g.strategy())).append("</code></td><td class=\"what\">")
                    .append(esc(g.executors()))
                    .append("</td><td>").append(esc(VerdictWords.claimed(r))).append("</td><td>").append(esc(r.measured().label()))
                    .append("</td>");
            claimCell(b, r);
            List<String> rates = new ArrayList<>();
            List<String> counts = new ArrayList<>();
            int total = 0;
            for (Criterion c : CounterexamplePages.COLUMNS) {
                if (!r.cell(c).fails()) {
                    continue;
                }
                rates.add("<span title=\"" + esc(c + ": " + g.perExecutor(c)) + "\">" + esc(c.code()) + ": " + g.failedRuns(c) + "/"
                        + g.judgedRuns(c) + "</span>");
                int n = g.rows().stream().mapToInt(x -> cx.of(x, c).size()).sum();
                if (n > 0) {
                    counts.add("<a href=\"" + esc(cellLink(cx, g, c)) + "\" title=\"" + esc(c.toString()) + "\">" + esc(c.code()) + ": "
                            + n + "</a>");
                }
            }
            for (Row x : g.rows()) {
                total += cx.count(x);
            }
            b.append("<td class=\"what\">").append(rates.isEmpty() ? "none" : String.join(" · ", rates)).append("</td><td class=\"what\">")
                    .append(total == 0 ? "none" : total + " (" + String.join(" · ", counts) + ")").append("</td></tr>\n");
        }
        b.append("</tbody></table></div>\n");
    }

    /** One sentence: which strategies keep their claim under every executor, which fail it, and the mutants. */
    static String headline(List<ExecutorGroups.Group> groups) {
        Map<String, Boolean> keeps = new LinkedHashMap<>();
        List<String> mutants = new ArrayList<>();
        int caught = 0;
        for (ExecutorGroups.Group g : groups) {
            for (Row r : g.rows()) {
                if (isMutant(r)) {
                    String name = r.strategy() + " / " + r.executor();
                    if (!mutants.contains(name)) {
                        mutants.add(name);
                        caught += caught(r) ? 1 : 0;
                    }
                    continue;
                }
                keeps.merge(r.strategy(), keepsClaim(r), Boolean::logicalAnd);
            }
        }
        List<String> kept = keeps.entrySet().stream().filter(Map.Entry::getValue).map(Map.Entry::getKey).toList();
        List<String> broken = keeps.entrySet().stream().filter(e -> !e.getValue()).map(Map.Entry::getKey).toList();
        StringBuilder s = new StringBuilder();
        s.append(kept.size()).append(" of ").append(keeps.size()).append(keeps.size() == 1 ? " strategy" : " strategies")
                .append(kept.size() == 1 ? " keeps its claim" : " keep their claim").append(" under every executor")
                .append(kept.isEmpty() ? "" : " (" + String.join(", ", kept) + ")");
        if (!broken.isEmpty()) {
            s.append("; ").append(broken.size()).append(broken.size() == 1 ? " does" : " do").append(" not (")
                    .append(String.join(", ", broken)).append(")");
        }
        s.append('.');
        if (!mutants.isEmpty()) {
            s.append(' ').append(caught).append(" of ").append(mutants.size()).append(" mutant configurations caught.");
        }
        return s.toString();
    }

    /** A mutant configuration: a mutant strategy (no claim) or a mutant executor; it passes by being caught. */
    static boolean isMutant(Row r) {
        return r.claimed() == null || StrategyClasses.MUTANT_EXECUTORS.contains(r.executor());
    }

    /** A mutant is caught when some column fails. */
    private static boolean caught(Row r) {
        return CounterexamplePages.COLUMNS.stream().anyMatch(c -> r.cell(c).fails());
    }

    /** Whether the measured class keeps every promise of the claim (what the gate asks). */
    private static boolean keepsClaim(Row r) {
        return r.claimed() != null && r.measured() != MeasuredClass.NOT_JUDGED && r.measured().meets(r.claimed());
    }

    private static void claimCell(StringBuilder b, Row r) {
        if (isMutant(r)) {
            boolean c = caught(r);
            b.append("<td class=\"").append(c ? "pass" : "fail").append("\">").append(c ? "mutant caught" : "mutant NOT caught")
                    .append("</td>");
        } else if (r.measured() == MeasuredClass.NOT_JUDGED) {
            b.append("<td class=\"none\">not judged</td>");
        } else if (keepsClaim(r)) {
            b.append("<td class=\"pass\">PASS").append(r.agrees() ? "" : "<small>better than claimed</small>").append("</td>");
        } else {
            String by = VerdictWords.brokenByWords(r);
            b.append("<td class=\"fail\">FAIL").append(by.isEmpty() ? "" : "<small>" + esc(by) + "</small>").append("</td>");
        }
    }

    /** A group's column on its counterexample page: the page, or the executor's section when the group is one row of several. */
    private static String cellLink(CounterexamplePages cx, ExecutorGroups.Group g, Criterion c) {
        String page = cx.page(g.strategy(), c);
        return g.allExecutors() ? page : page + "#" + CounterexamplePages.executorAnchor(g.first().executor());
    }

    // ------------------------------------------------------------------ matrix

    private static void matrix(StringBuilder b, Matrix m, List<ExecutorGroups.Group> groups, CounterexamplePages cx) {
        b.append("<section id=\"matrix\"><h2>The matrix: claimed class against measured class</h2>\n");
        b.append("<p>").append(md(VerdictWords.RULES)).append("</p>\n");
        b.append("<p>Cells: <span class=\"pass\">pass</span>;"
                + " <span class=\"warn\">fails, as the claim or the proposal's known limits allow</span>;"
                + " <span class=\"fail\">fails against the claim, or breaks an invariant (no crash, ordering, memory, pure"
                + " frame)</span>; <span class=\"none\">not judged</span> (no run judged it; not a pass). A failing cell gives"
                + " its failing runs out of the runs that judged it and links to its counterexamples; under it, the scenario"
                + " classes it failed in. Under the measured class, what broke the claim. The class measured on each scenario"
                + " class and criterion 1's delays are on <a href=\"").append(PageFrame.CLASSES).append("\">their own page</a>.</p>\n");
        matrixTable(b, groups, cx);
        if (m.rows().stream().anyMatch(ReportPage::isMutant)) {
            b.append("<p class=\"meta\">Caught mutants' lines are on <a href=\"").append(PageFrame.MUTANTS)
                    .append("\">the mutants' page</a>.</p>\n");
        }
        for (Row r : m.rows()) {
            if (r.pastHorizon().runs() > 0) {
                b.append("<p class=\"meta\"><code>").append(esc(r.strategy())).append("</code> / ").append(esc(r.executor()))
                        .append(", past the horizon its strategy claims (").append(esc(r.subject().horizon().describe()))
                        .append("): ").append(esc(r.pastHorizon().describe())).append("</p>\n");
            }
        }
        for (Row r : m.rows()) {
            if (r.skipped() != null) {
                b.append("<p class=\"meta\"><code>").append(esc(r.strategy())).append("</code> / ").append(esc(r.executor()))
                        .append(" partly not run (what was not run was not judged): ").append(esc(r.skipped())).append("</p>\n");
            }
        }
        b.append("<dl class=\"criteria\">");
        for (Criterion c : Criterion.values()) {
            b.append("<dt>").append(esc(c.code())).append(" ").append(esc(c.title())).append("</dt><dd>")
                    .append(esc(CriterionMeanings.of(c))).append("</dd>");
        }
        b.append("</dl>\n<p>Criterion A (ambiguity detection, compiler against an independent oracle): ")
                .append(m.ambiguity().isEmpty() ? "<span class=\"pass\">pass</span> on " + m.scenarios() + " scenarios"
                        : "<span class=\"fail\">FAIL</span>: " + esc(m.ambiguity().get(0)))
                .append(".</p></section>\n");
    }

    private static void matrixTable(StringBuilder b, List<ExecutorGroups.Group> groups, CounterexamplePages cx) {
        b.append("<div class=\"wide\"><table class=\"matrix\"><thead><tr><th>strategy</th><th>executors</th><th>claimed</th><th>measured</th>");
        for (Criterion c : CounterexamplePages.COLUMNS) {
            b.append("<th title=\"").append(esc(c.title())).append("\">").append(esc(c.code())).append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (ExecutorGroups.Group g : groups) {
            Row r = g.first();
            String agree = r.claimed() == null ? "" : r.agrees() ? " ✓" : " ✗";
            String by = VerdictWords.brokenByWords(r);
            b.append("<tr><td><code>").append(PageFrame.breakable(g.strategy())).append("</code></td><td class=\"what\">")
                    .append(esc(g.executors()))
                    .append("</td><td>").append(esc(VerdictWords.claimed(r)))
                    .append("</td><td class=\"").append(r.claimed() == null ? "none" : r.agrees() ? "pass" : "fail").append("\">")
                    .append(esc(r.measured().label() + agree))
                    .append(by.isEmpty() ? "" : "<small>" + esc(by) + "</small>")
                    .append(g.rows().stream().anyMatch(x -> x.skipped() != null) ? "<small>partly not run</small>" : "")
                    .append(g.rows().stream().anyMatch(x -> x.pastHorizon().runs() > 0) ? "<small>misses past its horizon"
                            + " (not gated)</small>" : "").append("</td>");
            for (Criterion c : CounterexamplePages.COLUMNS) {
                cell(b, g, c, cx);
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table></div>\n");
    }

    /** One column of a group: its status, the failing runs, a labelled link to the counterexamples, the failing classes. */
    private static void cell(StringBuilder b, ExecutorGroups.Group g, Criterion c, CounterexamplePages cx) {
        Row r = g.first();
        Cell cell = r.cell(c);
        switch (cell.status()) {
            case NOT_JUDGED -> {
                b.append("<td class=\"none\" title=\"no run judged it: not a pass\">not judged</td>");
                return;
            }
            case PASS -> {
                b.append("<td class=\"pass\" title=\"judged in ").append(g.judgedRuns(c)).append(" runs (")
                        .append(g.rows().stream().mapToLong(x -> x.cell(c).evidence()).sum()).append(" pieces of evidence)\">pass</td>");
                return;
            }
            case FAIL -> {
            }
        }
        int n = g.rows().stream().mapToInt(x -> cx.of(x, c).size()).sum();
        b.append("<td class=\"").append(severity(r, c)).append("\" title=\"").append(esc(brief(g.perExecutor(c) + " runs failed; "
                + cell.first().oneLine()))).append("\">FAIL<span class=\"rate\">").append(g.failedRuns(c)).append("/")
                .append(g.judgedRuns(c)).append(" runs</span>");
        if (n > 0) {
            b.append("<a class=\"cx\" href=\"").append(esc(cellLink(cx, g, c))).append("\">").append(n)
                    .append(n == 1 ? " counter&shy;example" : " counter&shy;examples")
                    .append("</a>");
        }
        String classes = VerdictWords.failingClassesWords(cell);
        if (!classes.isEmpty()) {
            b.append("<small>").append(esc(classes)).append("</small>");
        }
        b.append("</td>");
    }

    /** The sub-page of the per-executor tables: the class measured on each scenario class, and criterion 1's delays. */
    private static String classesPage(Input in, CounterexamplePages cx) {
        Map<String, List<Row>> byExecutor = new LinkedHashMap<>();
        for (Row r : in.matrix().rows()) {
            byExecutor.computeIfAbsent(r.executor(), e -> new ArrayList<>()).add(r);
        }
        return subPage(in, "Scenario classes and delays · ecslab report", b -> {
            b.append("<h1>Scenario classes and delays</h1>\n<p>Criteria 1 and 2 are judged on every scenario class, and a"
                    + " row's measured class is the weakest over them; criterion 1 also records how late each change was"
                    + " reported. Per executor, as the lab ran them.</p>\n");
            for (Map.Entry<String, List<Row>> e : byExecutor.entrySet()) {
                b.append("<h2 id=\"").append(CounterexamplePages.executorAnchor(e.getKey())).append("\">Executor <code>")
                        .append(esc(e.getKey())).append("</code></h2>\n<div class=\"wide\">");
                classes(b, e.getValue(), cx);
                delays(b, e.getValue());
                b.append("</div>\n");
            }
        });
    }

    /** The class measured on each scenario class, each failing criterion linked to the class's first counterexample. */
    private static void classes(StringBuilder b, List<Row> rows, CounterexamplePages cx) {
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
                ClassTally first = r.cell(Criterion.AT_LEAST_ONCE).inClass(cls);
                ClassTally second = r.cell(Criterion.AT_MOST_ONCE).inClass(cls);
                b.append("<td class=\"").append(css).append("\" title=\"").append(esc("1: " + first.evidence()
                        + " changes judged; 2: " + second.evidence() + " changes judged")).append("\">").append(esc(mc.label()));
                List<String> failed = new ArrayList<>();
                for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE)) {
                    ClassTally t = r.cell(c).inClass(cls);
                    if (t.first() != null) {
                        String words = esc(c.code() + " failed in " + VerdictWords.runs(t.failedRuns()));
                        String href = cx.href(r, c, t.first());
                        failed.add(href == null ? words : "<a href=\"" + esc(href) + "\">" + words + "</a>");
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
            DelayTally f = r.cell(Criterion.AT_LEAST_ONCE).delays().all();
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

    // ------------------------------------------------------------------ summaries of the sub-pages

    /** How many counterexamples, how many shrunk, and where they are. */
    private static void counterexamplesSummary(StringBuilder b, Matrix m) {
        List<MatrixCounterexamples.Entry> entries = MatrixCounterexamples.of(m).entries();
        long shrunk = entries.stream().filter(e -> CounterexamplePages.shrunk(e.counterexample())).count();
        b.append("<section id=\"counterexamples\"><h2>Counterexamples</h2>\n<p>");
        if (entries.isEmpty()) {
            b.append("None: every judged criterion held.</p></section>\n");
            return;
        }
        b.append(entries.size()).append(entries.size() == 1 ? " counterexample" : " counterexamples").append(" (")
                .append(shrunk).append(" shrunk to a smaller scenario, ").append(entries.size() - shrunk)
                .append(" as found), on a page per strategy and criterion: follow a matrix cell's link, or open <a href=\"")
                .append(CounterexamplePages.INDEX).append("\">the list of all counterexamples</a>, which filters by strategy,"
                        + " executor, criterion and scope. Each has its words, its timeline and its replay command.</p></section>\n");
    }

    /** The count of ambiguous catalogue scenarios, criterion A, the witnesses' summary; the reports on their page. */
    private static void ambiguitiesSummary(StringBuilder b, Input in, Matrix m) {
        long with = in.ambiguities().stream().filter(a -> !a.report().isBlank()).count();
        b.append("<section id=\"ambiguities\"><h2>Ambiguities</h2>\n<p>").append(with).append(" of ").append(in.ambiguities().size())
                .append(" catalogue scenarios have pairs of systems whose data access conflicts and whose order the schedule"
                        + " leaves undefined; the compiler's report ").append(m.ambiguity().isEmpty() ? "agreed" : "DISAGREED")
                .append(" with an independent oracle on ").append(m.scenarios()).append(" scenarios. ")
                .append(m.witnesses().ran() ? esc(WitnessWords.summary(m.witnesses())) + "." : "Witnesses were not looked for in this run.")
                .append(" The reports and the witnesses: <a href=\"").append(PageFrame.AMBIGUITIES).append("\">")
                .append(PageFrame.AMBIGUITIES).append("</a>.</p></section>\n");
    }

    /** How many catalogue scenarios ran, and under how many executors a pair was seen one way only. */
    private static void coverageSummary(StringBuilder b, Matrix m) {
        List<String> executors = new ArrayList<>();
        for (Row r : m.rows()) {
            if (!executors.contains(r.executor())) {
                executors.add(r.executor());
            }
        }
        int scenarios = 0;
        int oneWay = 0;
        for (String e : executors) {
            Row widest = CoverageWords.widest(m.rows().stream().filter(r -> r.executor().equals(e)).toList());
            if (widest != null) {
                scenarios = Math.max(scenarios, widest.coverage().size());
                oneWay += (int) widest.coverage().stream().filter(c -> !c.pairsSeenOneWay().isEmpty()).count();
            }
        }
        b.append("<section id=\"coverage\"><h2>Schedule coverage</h2>\n<p>");
        if (scenarios == 0) {
            b.append("No catalogue scenario ran in this run.</p>\n");
            reachSummary(b, m);
            b.append("</section>\n");
            return;
        }
        b.append(scenarios).append(" catalogue scenarios under ").append(executors.size())
                .append(executors.size() == 1 ? " executor" : " executors").append(", their schedules searched within the bound; ")
                .append(oneWay == 0 ? "every unordered conflicting pair ran both ways"
                        : oneWay + " scenario and executor pair(s) saw an unordered conflicting pair one way only")
                .append(". Per scenario: <a href=\"").append(PageFrame.COVERAGE).append("\">").append(PageFrame.COVERAGE)
                .append("</a>.</p>\n");
        reachSummary(b, m);
        b.append("</section>\n");
    }

    /** One sentence on the campaign's reach, linking to its table. */
    private static void reachSummary(StringBuilder b, Matrix m) {
        if (m.reach().isEmpty() || m.tries() == 0) {
            return;
        }
        long crossed = m.reach().values().stream().filter(n -> n > 0).count();
        b.append("<p>The random campaign's ").append(m.tries()).append(" scenarios crossed ").append(crossed).append(" of the ")
                .append(m.reach().size()).append(" boundaries its generator promises to reach; how many crossed each: <a href=\"")
                .append(PageFrame.COVERAGE).append("#reach\">reach of the random campaign</a>.</p>\n");
    }

    /** The charts by title, each linked to its picture on the benchmarks page, and the note on where the data came from. */
    private static void chartsSummary(StringBuilder b, Input in) {
        b.append("<section id=\"benchmarks\"><h2>Benchmarks</h2>\n");
        if (in.chartsNote() != null && !in.chartsNote().isEmpty()) {
            b.append("<p class=\"meta\">").append(esc(in.chartsNote())).append("</p>\n");
        }
        b.append("<ul>");
        for (ChartView c : in.charts()) {
            b.append("<li><a href=\"").append(PageFrame.BENCHMARKS).append("#chart-").append(esc(c.id())).append("\">")
                    .append(esc(c.title())).append("</a>").append(c.svgs().isEmpty() ? " <span class=\"missing\">(no data yet)</span>" : "")
                    .append("</li>");
        }
        b.append("</ul></section>\n");
    }

    /**
     * A cell's tooltip, at most {@value #TITLE_CHARS} characters: a counterexample found in a big world can name
     * hundreds of entities in one line, and the main page must stay short (the counterexample's page has it whole).
     */
    static String brief(String s) {
        return s.length() <= TITLE_CHARS ? s : s.substring(0, TITLE_CHARS - 1) + "\u2026";
    }

    static final int TITLE_CHARS = 400;

    // ------------------------------------------------------------------ coverage

    /**
     * Each catalogue scenario's schedule coverage under each executor (from the row that ran the most
     * schedules): schedules run and the unordered conflicting pairs run both ways.
     */
    private static void coverage(StringBuilder b, Matrix m) {
        scheduleCoverage(b, m);
        reach(b, m);
    }

    /**
     * The campaign's reach: for each boundary the generator promises to cross (long absences, big worlds,
     * crowds, clock laps, observers that join and leave, ...), how many of the campaign's scenarios crossed it
     * in this run, and their share. Each campaign scenario ran under every row of the matrix.
     */
    static void reach(StringBuilder b, Matrix m) {
        b.append("<section id=\"reach\"><h2>Reach of the random campaign</h2>\n");
        if (m.reach().isEmpty() || m.tries() == 0) {
            b.append("<p class=\"meta\">").append(m.tries() == 0 ? "This run had no random campaign."
                    : "This run's matrix.json does not record its campaign's reach.").append("</p></section>\n");
            return;
        }
        b.append("<p class=\"meta\">How many of the campaign's ").append(m.tries()).append(" scenarios (seed ")
                .append(m.campaignSeed()).append(" on) crossed each boundary; every one of them ran under each row of"
                + " the matrix. A boundary no scenario crossed was not tested in this run.</p>\n"
                + "<table class=\"reach\"><thead><tr><th>boundary</th><th>scenarios</th><th>share</th></tr></thead><tbody>\n");
        m.reach().forEach((name, n) -> b.append("<tr").append(n == 0 ? " class=\"warn\"" : "").append("><td>")
                .append(esc(name)).append("</td><td>").append(n).append("</td><td>")
                .append(String.format(java.util.Locale.ROOT, "%.1f %%", 100.0 * n / m.tries())).append("</td></tr>\n"));
        b.append("</tbody></table></section>\n");
    }

    private static void scheduleCoverage(StringBuilder b, Matrix m) {
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
                .append(" on ").append(m.scenarios()).append(" scenarios).</p>\n");
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

    /**
     * A link to the engines' page, when {@code lab engines} left one in the report's folder, with each engine's result
     * when the input has its summary ({@link EnginesSummary}); nothing otherwise.
     */
    private static void enginesSummary(StringBuilder b, Input in) {
        if (!in.engines()) {
            return;
        }
        b.append("<section id=\"engines\"><h2>Engines under test</h2>\n<p><code>lab engines</code> judged other ECS engines"
                + " (in-process and over the process protocol) with the same oracle and criteria, with the lab as the scheduler:"
                + " <a href=\"").append(EnginesPage.FROM_REPORT).append("\">the engines' page</a> has the matrix of engine ×"
                + " criterion, each engine's contract and each failing criterion's counterexample. It is that command's own"
                + " output, from its own run, not this report's.</p>");
        if (in.enginesSummary() != null) {
            b.append("\n");
            in.enginesSummary().render(b);
        }
        b.append("</section>\n");
    }

    private static void races(StringBuilder b, RaceCatalogueStatus.Results races) {
        b.append("<section id=\"races\"><h2>Race-bug catalogue</h2>\n<p>Known, documented ECS bugs kept as executable"
                + " reproductions (<code>lincheck-tests/README.md</code>): each bug is put back into ecslab's production"
                + " class (its <em>twin</em>), and every tool that applies (the lab's controlled exploration, Lincheck,"
                + " JCStress, Fray, a test written for the bug) runs its test on the twin and on the real class, in one run"
                + " on one machine. Refresh with <code>" + esc(RaceCatalogueStatus.REFRESH) + "</code>.</p>\n");
        if (races.entries().isEmpty()) {
            b.append("<p>The catalogue was not found (run the report from the repository root).</p></section>\n");
            return;
        }
        List<String> header = RaceCataloguePage.header();
        List<List<String>> rows = RaceCataloguePage.rows(races);
        RaceCataloguePage.Recorded last = races.lastPage();
        if (races.anyResults()) {
            b.append("<p class=\"meta\">Results in this checkout.").append(races.run() == null ? ""
                    : " " + md(races.run().describe())).append("</p>\n");
        } else if (last != null) {
            b.append("<p class=\"meta\">This checkout has no fresh results; these are the last recorded ones, from"
                    + " <code>docs/race-catalogue.md</code>. ").append(md(last.describe())).append("</p>\n");
            header = last.header();
            rows = last.rows();
        } else {
            b.append("<p class=\"meta\">No results: nothing has been run in this checkout and no run is recorded.</p>\n");
        }
        b.append("<div class=\"wide\"><table class=\"races\"><thead><tr>");
        header.forEach(h -> b.append("<th>").append(esc(h)).append("</th>"));
        b.append("</tr></thead><tbody>\n");
        for (List<String> row : rows) {
            b.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                String cell = row.get(i);
                if (i < 3) {
                    b.append("<td>").append(md(cell)).append("</td>");
                    continue;
                }
                int reason = cell.indexOf(": ");
                String words = reason < 0 ? cell : cell.substring(0, reason);
                b.append("<td class=\"").append(raceClass(words)).append("\"><b>").append(md(words)).append("</b>");
                if (reason >= 0) {
                    b.append("<small>").append(md(cell.substring(reason + 2))).append("</small>");
                }
                b.append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table></div>\n<p class=\"legend\"><b>caught T (k/N)</b>: the tool's test caught the twin in"
                + " all N runs, T the median time of one catch, and the real class passed it; for JCStress, which runs a"
                + " test for a fixed budget, whether the bug's outcome was shown in its run, not when. <b>MISSED</b>: the"
                + " test ran and did not catch the twin every time. <b>n/a</b>: the tool cannot apply (the reason is"
                + " given); never a miss. <b>no test</b>: the tool could apply but no test applies it. <b>not run</b>,"
                + " <b>stale</b>: no result of this run, or one older than the sources; never a pass. An entry is caught"
                + " when a tool caught it and the real code passed every test that ran; <code>./lab races</code> exits 0"
                + " only when every tool the README names for an entry caught it.</p></section>\n");
    }

    /** The class of a race table cell, from its first words. */
    private static String raceClass(String words) {
        if (words.contains("FAILS") || words.startsWith("MISSED") || words.equals("NO")) {
            return "fail";
        }
        if (words.startsWith("caught") || words.equals("yes")) {
            return "pass";
        }
        return words.startsWith("not run") || words.startsWith("stale") ? "warn" : "none";
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
        b.append("<section id=\"conclusions\"><h2>The six conclusions of Bevy PR #1471, answered from the data</h2>\n");
        b.append("<p class=\"meta\">From this run's matrix and the benchmark results. ").append(esc(sources == null ? "" : sources))
                .append(" Where a configuration was measured again in a later run, its newest figure is used, so a ratio"
                        + " may compare two runs; runs on this machine agree within about 5-10 %. Each answer is judged against"
                        + " what the PR expects: <span class=\"pass\">supported</span>, <span class=\"fail\">contradicted</span>"
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
        return PageFrame.esc(s);
    }

    /** Markdown code spans ({@code `x`}) as {@code <code>}, everything else escaped. */
    static String md(String s) {
        return PageFrame.md(s);
    }
}
