package dev.ecslab.reports.html;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Counterexample;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Promise;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
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
 * Sections: the matrix (per executor, claimed beside measured, every failing cell linked to its
 * counterexample), every counterexample (in words, as a timeline, with its replay command), the
 * ambiguity report of the catalogue's schedules, the race-bug catalogue with its status, the benchmark
 * charts, and the seed's six conclusions answered from the data.
 */
public final class ReportPage {
    /** A counterexample as the page shows it: words, a timeline picture (inline SVG), the replay file. */
    public record CounterexampleView(String words, String timelineSvg, String textTimeline) {
    }

    /**
     * Renders a counterexample for the page; supplied by the timeline package. {@code id} is unique on
     * the page (for the picture's element ids); {@code picture} is false where a text timeline suffices.
     */
    @FunctionalInterface
    public interface CounterexampleRenderer {
        CounterexampleView render(Counterexample c, String id, boolean picture);
    }

    /** One chart of the benchmark section: inline SVGs (one per facet), or why it is missing. */
    public record ChartView(String id, String title, String caption, List<String> svgs, String missing) {
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

    /** Everything the page shows. */
    public record Input(Matrix matrix, Map<Counterexample, String> replayFiles, CounterexampleRenderer renderer,
            List<AmbiguityView> ambiguities, List<RaceCatalogueStatus.Entry> races, List<ChartView> charts,
            String chartsNote, List<Conclusion> conclusions, ZonedDateTime generated) {
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
                .append(anchors.size()).append(")</a> · <a href=\"#ambiguities\">Ambiguities</a> · <a href=\"#races\">Race-bug catalogue</a>"
                        + " · <a href=\"#benchmarks\">Benchmarks</a> · <a href=\"#conclusions\">Conclusions</a></nav></header>\n");
        matrix(b, m, anchors);
        counterexamples(b, in, anchors);
        ambiguities(b, in, m);
        races(b, in.races());
        charts(b, in);
        conclusions(b, in.conclusions(), in.chartsNote());
        b.append("</body></html>\n");
        return b.toString();
    }

    /** Anchor ids {@code cx-1, cx-2, ...} in matrix order. */
    static Map<Counterexample, String> anchors(Matrix m) {
        Map<Counterexample, String> out = new IdentityHashMap<>();
        int n = 0;
        for (Row r : m.rows()) {
            for (Criterion c : Criterion.values()) {
                for (Counterexample x : r.cell(c).failures().values()) {
                    out.put(x, "cx-" + (++n));
                }
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ matrix

    private static void matrix(StringBuilder b, Matrix m, Map<Counterexample, String> anchors) {
        b.append("<section id=\"matrix\"><h2>The matrix: claimed class against measured class</h2>\n");
        b.append("<p>Measured class from criteria 1 and 2 on regular scenarios: <b>exact</b> (both hold), <b>conservative</b>"
                + " (1 only), <b>flaky</b> (2 only), <b>broken</b> (neither). Cells: <span class=\"pass\">pass</span>;"
                + " <span class=\"warn\">fails, as the claim or the proposal's known limits allow</span>;"
                + " <span class=\"fail\">fails against the claim, or breaks an invariant (ordering, memory, pure frame)</span>;"
                + " <span class=\"none\">not judged</span>. A failing cell links to its counterexample.</p>\n");
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
                String claimed = r.claimed() == null ? "(mutant)" : r.claimed().name().toLowerCase(Locale.ROOT).replace('_', ' ');
                String measured = r.measured().name().toLowerCase(Locale.ROOT);
                String agree = r.claimed() == null ? "" : r.agrees() ? " ✓" : " ✗";
                b.append("<tr><td><code>").append(esc(r.strategy())).append("</code></td><td>").append(esc(claimed))
                        .append("</td><td class=\"").append(r.claimed() == null ? "none" : r.agrees() ? "pass" : "fail").append("\">")
                        .append(esc(measured + agree)).append("</td>");
                for (Criterion c : Criterion.values()) {
                    if (c != Criterion.AMBIGUITY) {
                        cell(b, r, r.cell(c), anchors);
                    }
                }
                b.append("</tr>\n");
            }
            b.append("</tbody></table>\n");
        }
        b.append("<p>Criterion A (ambiguity detection, compiler against an independent oracle): ")
                .append(m.ambiguity().isEmpty() ? "<span class=\"pass\">pass</span> on " + m.ambiguityScenarios() + " scenarios"
                        : "<span class=\"fail\">FAIL</span>: " + esc(m.ambiguity().get(0)))
                .append(".</p></section>\n");
    }

    private static void cell(StringBuilder b, Row r, Cell cell, Map<Counterexample, String> anchors) {
        if (!cell.judgedAtAll()) {
            b.append("<td class=\"none\">-</td>");
            return;
        }
        if (cell.passes()) {
            b.append("<td class=\"pass\" title=\"").append(cell.judgedRuns()).append(" runs\">pass</td>");
            return;
        }
        String cls = severity(r, cell.criterion());
        b.append("<td class=\"").append(cls).append("\" title=\"").append(esc(cell.first().oneLine())).append("\">");
        boolean first = true;
        for (Counterexample x : cell.failures().values()) {
            b.append(first ? "" : " ").append("<a href=\"#").append(anchors.get(x)).append("\">")
                    .append(first ? "FAIL" : "+").append("</a>");
            first = false;
        }
        b.append("</td>");
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
        b.append("<p>Each is the first failure of its cell and scope, shrunk to a minimal scenario. Replay one with"
                + " <code>./lab replay FILE</code>: it re-judges the recorded trace and re-runs the scenario in the recorded"
                + " order. The first counterexample of each cell (the one its FAIL link opens) has a timeline picture;"
                + " every one has its timeline as text (a picture is about 100 kB, and a full run finds hundreds).</p>\n");
        for (Row r : in.matrix().rows()) {
            for (Criterion c : Criterion.values()) {
                boolean firstOfCell = true;
                for (Counterexample x : r.cell(c).failures().values()) {
                    String id = anchors.get(x);
                    boolean picture = firstOfCell;
                    firstOfCell = false;
                    b.append("<article class=\"cx\" id=\"").append(id).append("\"><h3>").append(esc(id)).append(": <code>")
                            .append(esc(r.strategy())).append("</code> / <code>").append(esc(r.executor())).append("</code>, ")
                            .append(esc(c.code() + " " + c.title())).append(x.scope() == null ? "" : " (" + esc(String.valueOf(x.scope())) + ")")
                            .append("</h3>\n");
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
                    String file = in.replayFiles() == null ? null : in.replayFiles().get(x);
                    b.append("<p class=\"meta\">Scenario '").append(esc(x.scenario().name())).append("', seed ").append(x.seed())
                            .append(", ").append(esc(x.config())).append(". ")
                            .append(file == null ? "No replay file (a 10 000-frame memory trace: the figures are the evidence)."
                                    : "Replay: <code>./lab replay " + esc("reports/out/" + file) + "</code>")
                            .append("</p><p class=\"meta\">Lab message: ").append(esc(x.message())).append("</p></article>\n");
                }
            }
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
        b.append("<p>").append(shown).append(" scenario(s) with ambiguities; ").append(clean).append(" without.</p></section>\n");
    }

    private static void races(StringBuilder b, List<RaceCatalogueStatus.Entry> races) {
        b.append("<section id=\"races\"><h2>Race-bug catalogue</h2>\n<p>Known ECS race bugs kept as executable reproductions"
                + " (<code>lincheck-tests/README.md</code>). Status from the last test results in this checkout (Surefire reports"
                + " of <code>lincheck-tests</code>, the JCStress log of <code>jcstress-tests</code>); run <code>mvn -B verify</code>"
                + " or <code>./lab stress</code> to refresh it.</p>\n");
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
            b.append("<figure class=\"chart\" id=\"chart-").append(esc(c.id())).append("\"><h3>").append(esc(c.title())).append("</h3>\n");
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

    static String esc(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                default -> b.append(ch);
            }
        }
        return b.toString();
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
            table.races td{font-size:13px}
            span.verdict{display:inline-block;min-width:6.5em;text-align:center;font-size:12px;text-transform:uppercase;letter-spacing:.03em;padding:1px 6px;margin-right:.4em}
            span.verdict.none{color:#555}p.expect{font-style:italic;color:#444;margin:.2em 0}
            """;
}
