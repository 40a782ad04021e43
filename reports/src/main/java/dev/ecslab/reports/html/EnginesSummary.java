package dev.ecslab.reports.html;

import static dev.ecslab.reports.html.PageFrame.esc;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.reports.verdict.VerdictWords;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;

/**
 * What the main page says of {@code lab engines}' result, read from the {@code engines.json} beside the engines' page
 * ({@value #FROM_REPORT}): a row per engine with its id and name, its measured class in the engines' page's words
 * and colours, the scenarios it ran, ran narrowed and left out, and the criteria it failed, each linked to its
 * counterexample on that page.
 *
 * <p>Contract: reading never fails the report for what the file holds. A file that is missing, malformed, of another
 * format or version, or inconsistent gives a summary that says it could not be read and why: the file as the report
 * names it, the line, column and field, the problem. Everything taken from the file is escaped.
 */
public final class EnginesSummary {
    /** Where the summary is read from, relative to the report's folder: beside {@link EnginesPage#FROM_REPORT}. */
    public static final String FROM_REPORT = "engines/" + EnginesJson.FILE;

    /** What was read, or null when it could not be. */
    private final EnginesJson.Document document;
    /** Why it could not be read ({@code FILE (LOCATION): PROBLEM}, the file relative to the report), or null. */
    private final String problem;

    private EnginesSummary(EnginesJson.Document document, String problem) {
        this.document = document;
        this.problem = problem;
    }

    /** The summary of the {@code engines.json} below the report's folder {@code report}, or why there is none. */
    public static EnginesSummary read(Path report) {
        try {
            return new EnginesSummary(EnginesJson.read(report.resolve(FROM_REPORT)), null);
        } catch (BadInputException e) {
            String message = e.getMessage();
            String source = BadInputException.printable(e.source());
            return new EnginesSummary(null, message.startsWith(source) ? FROM_REPORT + message.substring(source.length())
                    : message);
        }
    }

    /** Why the file could not be read ({@code engines/engines.json (line 3, column 15, version): ...}), or null. */
    public String problem() {
        return problem;
    }

    /** The table (or why there is none), for the main page's section on the engines. */
    void render(StringBuilder b) {
        if (document == null) {
            String where = problem.startsWith(FROM_REPORT) ? "<code>" + FROM_REPORT + "</code>"
                    + esc(problem.substring(FROM_REPORT.length())) : esc(problem);
            b.append("<p class=\"missing\">Each engine's result could not be summarised here: ").append(where)
                    .append(". The engines' page has each result as <code>lab engines</code> wrote it.</p>\n");
            return;
        }
        if (document.engines().isEmpty()) {
            b.append("<p><code>").append(FROM_REPORT).append("</code> lists no engine.</p>\n");
            return;
        }
        b.append("<style>table.engines-summary td a.engine{color:inherit}</style>\n");
        b.append("<div class=\"wide\"><table class=\"matrix engines-summary\"><caption>").append(esc(String.format(Locale.ROOT,
                "From %s: each engine was offered %d scenarios (the catalogue's %d, then %d generated from seed %d). %s A"
                        + " failed criterion links to its counterexample.", FROM_REPORT, document.scenarios(),
                document.scenarios() - document.tries(), document.tries(), document.seed(), EnginesPage.REACH)))
                .append("</caption><thead><tr><th>engine</th><th>name</th><th>measured</th><th>ran</th><th>narrowed</th>"
                        + "<th>left out</th><th>failed criteria</th></tr></thead><tbody>\n");
        for (EnginesJson.Engine e : document.engines()) {
            MeasuredClass measured = EnginesJson.measured(e.measured());
            b.append("<tr><td><a class=\"engine\" href=\"").append(EnginesPage.FROM_REPORT).append('#')
                    .append(esc(EnginesPage.anchor(e.id()))).append("\"><code>").append(esc(e.id())).append("</code></a></td>")
                    .append("<td class=\"what\">").append(esc(e.name())).append("</td><td class=\"")
                    .append(EnginesPage.css(measured)).append("\">").append(esc(measured.label())).append("</td><td>")
                    .append(e.ran()).append("</td><td>").append(e.narrowed()).append("</td><td>").append(e.leftOut())
                    .append("</td><td class=\"what\">");
            failed(b, e);
            b.append("</td></tr>\n");
        }
        b.append("</tbody></table></div>\n");
    }

    /**
     * The criteria an engine failed, a line each in the columns' order, linked to its counterexample, with the runs
     * that failed it of those that judged it; or "none".
     */
    private static void failed(StringBuilder b, EnginesJson.Engine e) {
        boolean any = false;
        for (Map.Entry<String, EnginesJson.Cell> k : e.cells().entrySet()) {
            EnginesJson.Cell cell = k.getValue();
            if (!cell.status().equals("fail")) {
                continue;
            }
            String code = k.getKey();
            String title = Arrays.stream(Criterion.values()).filter(c -> c.code().equals(code)).map(Criterion::title)
                    .findFirst().orElse("");
            b.append(any ? "<br>" : "").append("<a href=\"").append(EnginesPage.FROM_REPORT).append('#')
                    .append(esc(EnginesPage.anchor(e.id(), code))).append("\">").append(esc(code))
                    .append(title.isEmpty() ? "" : " " + esc(title)).append("</a>: ").append(cell.failed()).append(" of ")
                    .append(VerdictWords.runs(cell.judged()));
            any = true;
        }
        if (!any) {
            b.append("none");
        }
    }
}
