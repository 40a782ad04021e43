package dev.ecslab.reports.html;

import static dev.ecslab.reports.html.PageFrame.esc;
import static dev.ecslab.reports.html.PageFrame.md;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.engine.EngineLab;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.reports.verdict.VerdictWords;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * The page of {@code lab engines}: {@value #PAGE}, the matrix of engine × criterion with each engine's measured class
 * and reach, each engine's contract in words, and each failing criterion's first counterexample (the violation in
 * words, the shrunk scenario, the replay command of the file {@code lab engines} wrote for it).
 *
 * <p>Contract: everything an engine gives (its name, its source, the text of a violation a driver caused) is escaped;
 * an engine's id is checked by {@code EngineContract} to be {@code [a-z0-9.-]} and is escaped all the same. A
 * criterion the contract makes meaningless reads "n/a" on a hatched grey cell with "not applicable" in words, never
 * like a pass. The page is written into the engines' folder: beside a lab report ({@code <report>/engines/}, the
 * default) its navigation is the report's, otherwise it has none, so it never links to a page that is not there.
 */
public final class EnginesPage {
    /** The page's name in the engines' folder. */
    public static final String PAGE = "engines.html";
    /** Where the main report finds the engines' page: {@code lab engines}' default folder below the report's. */
    public static final String FROM_REPORT = "engines/" + PAGE;
    /** What the columns of an engine's reach count, as this page's matrix and the main page's summary say it. */
    static final String REACH = "ran: scenarios run (narrowed: of those, run with what the contract cannot express taken"
            + " out); left out: scenarios it could not express at all.";
    /** The columns, in the order of the Markdown matrix. */
    public static final List<Criterion> COLUMNS = List.of(Criterion.CRASH, Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE,
            Criterion.SAME_FRAME, Criterion.NOT_LOST_WHEN_PAUSED, Criterion.PURE_FUNCTION, Criterion.LOOPING, Criterion.ORDERING,
            Criterion.AMBIGUITY, Criterion.BOUNDED_MEMORY);

    /**
     * What the page shows.
     *
     * @param rows          the engines' rows, in the order they ran
     * @param scenarios     how many scenarios each engine was offered (the catalogue's and the campaign's)
     * @param tries         of those, the generated ones
     * @param seed          the campaign's first seed
     * @param folder        where the page and the replay files are written (absolute: the replay commands name it)
     * @param inReport      whether {@code folder} is below a lab report's folder (its default place): the page then
     *                      has the report's navigation, with "../" as the way back
     * @param replayOptions per engine id, what {@code lab replay} needs besides the file to find the engine
     *                      ({@code --engine-jar J}), or nothing
     * @param scenarioHtml  a scenario as an HTML fragment, already escaped (the timeline package draws it)
     * @param checkout      the ecslab checkout, for the engines' upstream reproductions ({@code engines/ID/repro/})
     * @param generated     when the page was drawn
     */
    public record Input(List<EngineLab.Row> rows, int scenarios, int tries, long seed, Path folder, boolean inReport,
            Map<String, String> replayOptions, Function<Scenario, String> scenarioHtml, Path checkout, ZonedDateTime generated) {
    }

    private EnginesPage() {
    }

    /** The replay file of an engine's criterion, relative to the engines' folder: {@code koota/criterion-2.json}. */
    public static String replayFile(EngineLab.Row r, Criterion c) {
        return r.contract().id().replace('/', '_') + "/criterion-" + c.code() + ".json";
    }

    /** The page. */
    public static String render(Input in) {
        StringBuilder b = new StringBuilder(1 << 15);
        boolean inReport = in.inReport();
        if (inReport) {
            PageFrame.open(b, "Engines under test · ecslab", "../", true);
        } else {
            PageFrame.head(b, "Engines under test · ecslab");
        }
        b.append("<style>").append(CSS).append("</style>\n");
        b.append("<header><h1>Engines under test</h1><p class=\"meta\">")
                .append(esc(String.format(java.util.Locale.ROOT, "Each engine was offered %d scenarios (the catalogue's %d, then"
                        + " %d generated from seed %d) and ran those its contract can express, with the lab as the scheduler;"
                        + " drawn %s by lab engines.", in.scenarios(), in.scenarios() - in.tries(), in.tries(), in.seed(),
                        in.generated().truncatedTo(java.time.temporal.ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))))
                .append(inReport ? "" : " The lab's report is not beside this folder, so this page links to no other page.")
                .append("</p></header>\n");
        if (in.rows().isEmpty()) {
            b.append("<p>No engine was judged.</p>\n");
            PageFrame.close(b);
            return b.toString();
        }
        matrix(b, in.rows());
        legend(b);
        for (EngineLab.Row r : in.rows()) {
            engine(b, r, in);
        }
        PageFrame.close(b);
        return b.toString();
    }

    // ------------------------------------------------------------------ the matrix

    private static void matrix(StringBuilder b, List<EngineLab.Row> rows) {
        b.append("<section id=\"matrix\"><h2>Engine × criterion</h2>\n<div class=\"wide\"><table class=\"matrix engines\">"
                + "<caption>" + REACH + " A failing cell links to its counterexample.</caption>"
                + "<thead><tr><th>engine</th><th>measured</th><th>ran</th><th>narrowed</th><th>left out</th>");
        for (Criterion c : COLUMNS) {
            b.append("<th title=\"").append(esc(c.title())).append("\">").append(esc(c.code())).append("</th>");
        }
        b.append("</tr></thead><tbody>\n");
        for (EngineLab.Row r : rows) {
            String id = r.contract().id();
            b.append("<tr><td><a class=\"engine\" href=\"#").append(esc(anchor(id))).append("\"><code>").append(esc(id))
                    .append("</code></a><small>").append(esc(r.contract().name())).append("</small></td><td class=\"")
                    .append(css(r.measured())).append("\">").append(esc(r.measured().label())).append("</td><td>").append(r.ran())
                    .append("</td><td>").append(r.narrowed()).append("</td><td>").append(r.skipped()).append("</td>");
            for (Criterion c : COLUMNS) {
                cell(b, r, r.cells().get(c));
            }
            b.append("</tr>\n");
        }
        b.append("</tbody></table></div></section>\n");
    }

    private static void cell(StringBuilder b, EngineLab.Row r, EngineLab.Cell cell) {
        Criterion c = cell.criterion();
        if (!cell.applicable()) {
            b.append("<td class=\"na\" title=\"not applicable: ").append(esc(notApplicable(c)))
                    .append("\">n/a<span class=\"rate\">not applicable</span></td>");
        } else if (cell.failed() > 0) {
            b.append("<td class=\"fail\">");
            String label = "FAIL";
            if (cell.first() != null) {
                b.append("<a href=\"#").append(esc(anchor(r.contract().id(), c))).append("\">").append(label).append("</a>");
            } else {
                b.append(label);
            }
            b.append("<span class=\"rate\">").append(cell.failed()).append(" of ").append(VerdictWords.runs(cell.judged())).append("</span></td>");
        } else if (cell.judged() == 0) {
            b.append("<td class=\"none\" title=\"no run judged it: never a pass\">not judged</td>");
        } else {
            b.append("<td class=\"pass\">pass<span class=\"rate\">").append(VerdictWords.runs(cell.judged())).append("</span></td>");
        }
    }

    private static void legend(StringBuilder b) {
        b.append("<p class=\"legend\"><span class=\"pass\">pass</span> no run violated it ·"
                + " <span class=\"fail\">FAIL k of n runs</span> k of the n runs that judged it violated it ·"
                + " <span class=\"none\">not judged</span> no run judged it (never a pass) ·"
                + " <span class=\"na\">n/a</span> not applicable: the contract makes the criterion meaningless (never a pass)."
                + " The measured class comes from X, 1, 2 and 8: exact, exact-delayed (within the declared delay),"
                + " conservative (repeats, never misses), flaky (misses, never repeats), broken.</p>\n");
        b.append("<details><summary>the criteria</summary><dl class=\"criteria\">");
        for (Criterion c : COLUMNS) {
            b.append("<dt>").append(esc(c.code())).append(" ").append(esc(c.title())).append("</dt><dd>")
                    .append(esc(meaning(c))).append("</dd>");
        }
        b.append("</dl></details>\n");
    }

    /** What a criterion checks of an engine, or why it can be not applicable. */
    static String meaning(Criterion c) {
        return switch (c) {
            case CRASH -> "The engine never throws or (a driver) dies, hangs or breaks the protocol.";
            case PURE_FUNCTION -> "The world the engine holds at the end equals the lab's model of the scenario.";
            case ORDERING, AMBIGUITY, BOUNDED_MEMORY -> "Not applicable to an engine: " + notApplicable(c) + ".";
            default -> CriterionMeanings.of(c);
        };
    }

    /** Why a criterion is not applicable to an engine whose contract makes it meaningless. */
    static String notApplicable(Criterion c) {
        return switch (c) {
            case ORDERING, AMBIGUITY -> "the lab schedules the engine's systems itself, one at a time, in its own order";
            case BOUNDED_MEMORY -> "the lab cannot measure an engine's memory";
            case SAME_FRAME -> "the contract declares a delay, so a change need not be seen in the same frame";
            case NOT_LOST_WHEN_PAUSED -> "the contract does not express paused systems";
            case LOOPING -> "the contract does not express looping stages";
            default -> "the contract makes it meaningless";
        };
    }

    // ------------------------------------------------------------------ an engine

    private static void engine(StringBuilder b, EngineLab.Row r, Input in) {
        String id = r.contract().id();
        b.append("<section class=\"engine\" id=\"").append(esc(anchor(id))).append("\"><h2><code>").append(esc(id))
                .append("</code>: ").append(esc(r.contract().name())).append(" <span class=\"verdict ").append(css(r.measured()))
                .append("\">").append(esc(r.measured().label())).append("</span></h2>\n");
        b.append("<p>Ran ").append(r.ran()).append(" of ").append(in.scenarios()).append(" scenarios (").append(r.narrowed())
                .append(" of them narrowed to the contract), left out ").append(r.skipped()).append(".")
                .append(r.late() ? " Some changes were reported later than the observer's next run, within the declared delay." : "")
                .append("</p>\n");
        b.append("<h3>Its contract</h3><ul class=\"contract\">");
        r.contract().describe().forEach(line -> b.append("<li>").append(esc(line)).append("</li>"));
        b.append("</ul>\n");
        source(b, r.contract().source());
        if (!r.notExpressible().isEmpty()) {
            b.append("<details><summary>why ").append(r.skipped()).append(r.skipped() == 1 ? " scenario was" : " scenarios were")
                    .append(" left out (a scenario counts under each reason)</summary><ul>");
            r.notExpressible().forEach((why, n) -> b.append("<li>").append(n).append(": ").append(esc(why)).append("</li>"));
            b.append("</ul></details>\n");
        }
        reproductions(b, id, in.checkout());
        List<EngineLab.Cell> failing = COLUMNS.stream().map(c -> r.cells().get(c)).filter(c -> c.failed() > 0).toList();
        if (failing.isEmpty()) {
            b.append("<p>No applicable criterion failed.</p>\n");
        }
        for (EngineLab.Cell cell : failing) {
            counterexample(b, r, cell, in);
        }
        b.append("</section>\n");
    }

    private static void counterexample(StringBuilder b, EngineLab.Row r, EngineLab.Cell cell, Input in) {
        Criterion c = cell.criterion();
        EngineLab.Counterexample x = cell.first();
        b.append("<article class=\"cx\" id=\"").append(esc(anchor(r.contract().id(), c))).append("\"><h3>").append(esc(c.code()))
                .append(" ").append(esc(c.title())).append(": FAIL in ").append(cell.failed()).append(" of ").append(VerdictWords.runs(cell.judged()))
                .append("</h3>\n");
        if (x == null) {
            b.append("<p class=\"meta\">No counterexample was kept for this criterion.</p></article>\n");
            return;
        }
        if (EngineLab.noLongerFails(x)) {
            b.append("<p class=\"words missing\">The failure did not come back when the scenario ran once more: it"
                    + " depends on more than the scenario (timing, the machine's load, a driver's state; a run that took longer"
                    + " than --timeout counts as a crash). The replay file holds the first failing run, as found (not"
                    + " shrunk), whose violation was:</p>\n");
            b.append("<p class=\"words\">").append(md(x.violation().substring(EngineLab.NO_LONGER_FAILS.length()).strip()))
                    .append("</p>\n");
        } else {
            b.append("<p class=\"words\">").append(md(x.violation())).append("</p>\n");
        }
        Scenario s = x.shrunk();
        b.append("<p class=\"meta\">First failed in scenario <q>").append(esc(x.foundIn())).append("</q>")
                .append(s == null ? "" : "; shrunk to the smallest scenario that still fails it: "
                        + esc(CounterexamplePages.size(s))).append(".</p>\n");
        if (s != null && in.scenarioHtml() != null) {
            String html;
            try {
                html = in.scenarioHtml().apply(s);
            } catch (RuntimeException e) {
                html = "<p class=\"missing\">The scenario could not be drawn: " + esc(String.valueOf(e.getMessage())) + "</p>";
            }
            b.append("<details class=\"scenario\" open><summary>the shrunk scenario: systems, watches, edits per frame</summary>")
                    .append(html).append("</details>\n");
        }
        String file = replayFile(r, c);
        String options = in.replayOptions() == null ? "" : in.replayOptions().getOrDefault(r.contract().id(), "");
        b.append("<dl><dt>replay</dt><dd><code>./lab replay ").append(esc(in.folder().resolve(file).toString()))
                .append(options.isEmpty() ? "" : " " + esc(options)).append("</code> re-judges the recorded trace and runs the"
                        + " scenario again on the engine</dd><dt>file</dt><dd><a href=\"").append(esc(file)).append("\">")
                .append(esc(file)).append("</a> (the scenario and the trace of the run)</dd></dl></article>\n");
    }

    /** Where the contract's promises come from: a short source as a line, a long one (a page of citations) collapsed. */
    private static void source(StringBuilder b, String source) {
        if (source.isEmpty()) {
            b.append("<p class=\"meta\">Source: none given.</p>\n");
        } else if (source.length() <= SHORT_SOURCE) {
            b.append("<p class=\"meta\">Source: ").append(esc(source)).append("</p>\n");
        } else {
            b.append("<details class=\"source\"><summary>where each promise comes from (the contract's source, ")
                    .append(source.length()).append(" characters)</summary><p class=\"meta\">").append(esc(source))
                    .append("</p></details>\n");
        }
    }

    /** The longest source shown as one line. */
    static final int SHORT_SOURCE = 240;

    /** An engine's upstream reproductions kept in the checkout ({@code engines/ID/repro/} with a README), named. */
    private static void reproductions(StringBuilder b, String id, Path checkout) {
        if (checkout == null || !id.matches("[a-z0-9][a-z0-9.-]*")) {
            return;
        }
        Path dir = checkout.resolve("engines").resolve(id).resolve("repro");
        Path readme = dir.resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            return;
        }
        String title = "";
        List<String> scripts;
        try (Stream<Path> files = Files.list(dir)) {
            scripts = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".mjs") || n.endsWith(".js")).sorted().toList();
            title = Files.readAllLines(readme, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith("# ")).findFirst()
                    .map(l -> l.substring(2).strip()).orElse("");
        } catch (IOException | RuntimeException e) {
            scripts = List.of();
        }
        b.append("<div class=\"repro\"><h3>Upstream reproductions</h3><p>The checkout keeps <code>engines/").append(esc(id))
                .append("/repro/</code>").append(title.isEmpty() ? "" : " (" + esc(title) + ")").append(": small scripts against the"
                        + " engine's own API, each written up as a bug report in <code>engines/").append(esc(id))
                .append("/repro/README.md</code>").append(scripts.isEmpty() ? "." : ":").append("</p>");
        if (!scripts.isEmpty()) {
            b.append("<ul>");
            scripts.forEach(s -> b.append("<li><code>node repro/").append(esc(s)).append("</code></li>"));
            b.append("</ul>");
        }
        b.append("</div>\n");
    }

    // ------------------------------------------------------------------ words

    static String anchor(String engine) {
        return "engine-" + CounterexamplePages.slug(engine);
    }

    static String anchor(String engine, Criterion c) {
        return anchor(engine, c.code());
    }

    /** The anchor of an engine's failing criterion, by the criterion's code (as {@code engines.json} keys it). */
    static String anchor(String engine, String criterion) {
        return anchor(engine) + "-" + CounterexamplePages.slug(criterion);
    }

    /** A measured class's colour: the class of its cell on this page and in the main page's summary. */
    static String css(MeasuredClass m) {
        return switch (m) {
            case EXACT, EXACT_DELAYED -> "pass";
            case CONSERVATIVE, FLAKY -> "warn";
            case BROKEN -> "fail";
            case NOT_JUDGED -> "none";
        };
    }

    /**
     * The page's own styles: a not-applicable cell hatched grey, in italics, unlike a pass (green) or a cell not
     * judged (flat grey); the engine's name under its id.
     */
    private static final String CSS = """
            td.na,span.na{background:repeating-linear-gradient(135deg,#f4f4f4 0 6px,#e2e2e2 6px 8px);color:#666;font-style:italic}
            table.engines td small{display:block;font-size:11px;color:#444}table.engines td a.engine{color:inherit;font-weight:600}
            section.engine{margin-top:2em}article.cx{border:1px solid #ddd;border-radius:6px;padding:.2em .9em .6em;margin:.8em 0}
            article.cx h3{margin:.4em 0}article.cx dl{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em;font-size:13px}
            article.cx dd{margin:0;overflow-wrap:anywhere}ul.contract{margin:.3em 0}div.repro{background:#f7f7f7;padding:.2em .8em;margin:.8em 0}
            """;
}
