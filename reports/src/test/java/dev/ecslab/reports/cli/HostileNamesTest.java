package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.HandMadeRows;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.reports.gate.GateVerdict;
import dev.ecslab.reports.gate.JUnitXml;
import dev.ecslab.reports.html.ReportPage;
import dev.ecslab.reports.text.SafeText;
import dev.ecslab.reports.timeline.CounterexampleText;
import dev.ecslab.reports.timeline.Timeline;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/**
 * Names that are legal but hostile to markup ({@code |}, backticks, {@code < > & " '}) and text from the
 * code under test with control characters cannot forge a report line or break markup in any output:
 * the terminal, Markdown tables, HTML, the timeline's SVG and JUnit XML.
 */
class HostileNamesTest {
    private static final String WRITER = "w|<b>&x";
    private static final String DETECTOR = "d`e\"t'</td>";
    private static final String STAGE = "up|<i>date";
    private static final String STRATEGY = "evil|`<script>`&\"'";
    private static final String EXECUTOR = "ex|ec<i>";
    private static final Pattern UNESCAPED_PIPE = Pattern.compile("(?<!\\\\)\\|");

    private static Scenario scenario;
    private static Trace trace;
    private static Counterexample cx;
    private static Matrix matrix;

    /** A real failure (a strategy that reports every change twice) in a scenario whose every name is hostile. */
    @BeforeAll
    static void hostileFailure() {
        scenario = Scenario.builder("scenario | <b>bold</b> `x`")
                .entity("e|<0>", Data.A, 0)
                .stage(STAGE, st -> st
                        .system(WRITER, s -> s.writes(Data.A).before(DETECTOR))
                        .system(DETECTOR, s -> s.watchAll(Data.A)))
                .frames(3)
                .set(0, WRITER, "e|<0>", Data.A, 1)
                .build();
        Mutants.TrackerMutant twice = Mutants.trackers().stream()
                .filter(m -> m.subject().id().equals("mutant:reports-twice")).findFirst().orElseThrow();
        trace = ScenarioRunner.run(scenario, new LabConfig(twice.subject(), ExecutorSubject.of("serial"), 1));
        Outcome outcome = Judge.judge(scenario, trace);
        assertThat(outcome.violations()).isNotEmpty();
        var v = outcome.violations().get(0);
        cx = new Counterexample(v.criterion(), v.scope(), v.message() + " | and a\nforged line", scenario, scenario, 1,
                STRATEGY + " / " + EXECUTOR + " / seed 1", trace);
        Row row = HandMadeRows.notJudged(STRATEGY, ClaimedClass.EXACT, EXECUTOR);
        for (ScenarioClass cls : ScenarioClass.values()) {
            HandMadeRows.judged(row, Criterion.AT_LEAST_ONCE, cls, 3);
            HandMadeRows.judged(row, Criterion.AT_MOST_ONCE, cls, 3);
        }
        HandMadeRows.failed(row, v.criterion(), cx, ScenarioClass.REGULAR);
        matrix = HandMadeRows.matrix(1, List.of(row));
    }

    @Test
    void safeTextKeepsEveryCharacterVisibleAndInsideItsContext() {
        assertThat(SafeText.line("a\nb\u001b[2J\u2028c")).isEqualTo("a\\u000ab\\u001b[2J\\u2028c");
        assertThat(SafeText.html("<a href=\"x\" title='y'>&\u0007\n")).isEqualTo("&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;\\u0007\n");
        assertThat(SafeText.xmlText("a<b>&\u0000\uFFFE\uD800x\uD83D\uDE00")).isEqualTo("a&lt;b&gt;&amp;\\u0000\\ufffe\\ud800x\uD83D\uDE00");
        assertThat(SafeText.xmlAttribute("\"a\"\nb\tc")).isEqualTo("&quot;a&quot;&#10;b&#9;c");
        assertThat(SafeText.markdownCell("a|b\nc")).isEqualTo("a\\|b\\u000ac");
        assertThat(SafeText.markdownCode("plain")).isEqualTo("`plain`");
        assertThat(SafeText.markdownCode("a`b``c|d")).isEqualTo("``` a`b``c\\|d ```");
    }

    @Test
    void markdownTablesKeepTheirColumnsAndNoNameStartsALine(@TempDir Path dir) throws Exception {
        MatrixReport.write(matrix, dir);
        String md = Files.readString(dir.resolve("matrix.md"));
        List<String> lines = md.lines().toList();
        int columns = -1;
        for (String line : lines) {
            if (line.startsWith("| strategy") || line.startsWith("| scenario")) {
                columns = pipes(line);
            } else if (line.startsWith("|") && columns > 0) {
                assertThat(pipes(line)).as("cells of %s", line).isEqualTo(columns);
            } else if (!line.startsWith("|")) {
                columns = -1;
            }
            assertThat(line).as("a forged line").doesNotStartWith("forged line");
        }
        assertThat(md).contains("```` evil\\|`<script>`&\"' ````".replace("````", "``"));
    }

    private static int pipes(String line) {
        Matcher m = UNESCAPED_PIPE.matcher(line);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void theHtmlPagesShowNamesAsTextNotMarkup(@TempDir Path dir) {
        Map<Counterexample, String> files = MatrixReport.write(matrix, dir);
        Map<String, String> pages = ReportPage.pages(new ReportPage.Input(matrix, files, Report.renderer(), List.of(), dev.ecslab.reports.html.RaceCatalogueStatus.Results.NONE,
                List.of(), "", List.of(), ZonedDateTime.now(), java.nio.file.Path.of("reports", "out")));
        for (Map.Entry<String, String> page : pages.entrySet()) {
            String html = page.getValue();
            assertThat(html).as(page.getKey()).doesNotContain("<script>`").doesNotContain("<b>bold").doesNotContain("<i>date")
                    .doesNotContain("</td>\">").doesNotContain("ec<i>");
            Matcher scripts = Pattern.compile("<script>\n\\(function\\(\\)\\{").matcher(html);
            int own = 0;
            while (scripts.find()) {
                own++;
            }
            assertThat(html.split("<script", -1).length - 1).as("%s: only the lab's own scripts", page.getKey()).isEqualTo(own);
        }
        String all = String.join("\n", pages.values());
        assertThat(all).contains("&lt;script&gt;").contains("&lt;b&gt;bold&lt;/b&gt;");
        assertThat(pages.keySet()).as("page names are slugs of the names").allMatch(n -> n.matches("[a-z0-9./-]+\\.html"));
        String cell = pages.keySet().stream().filter(n -> n.startsWith("counterexamples/evil-script-")).findFirst().orElseThrow();
        assertThat(pages.get(cell)).as("the timeline's SVG is inline").contains("<svg");
    }

    @Test
    void theTimelineSvgIsWellFormedXmlAndTheTextTimelineHasOneLinePerLane() throws Exception {
        Timeline t = Timeline.of(cx);
        Document svg = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(t.svg("hostile").getBytes(StandardCharsets.UTF_8)));
        assertThat(svg.getDocumentElement().getTextContent()).contains(WRITER).contains("scenario | <b>bold</b>");
        String text = t.text();
        assertThat(text.lines().filter(l -> l.contains(" | ")).count()).isGreaterThanOrEqualTo(t.lanes().size());
        String words = CounterexampleText.describe(cx);
        assertThat(words).doesNotContain("\u001b");
    }

    @Test
    void junitXmlParsesWhateverTheNamesAndMessages() throws Exception {
        GateVerdict v = GateVerdict.of(matrix, ClaimedClass.EXACT, 1, Map.of(cx, "counterexamples/x\u0001]]>\".json"), false);
        String xml = JUnitXml.of(v, Path.of("reports", "out"));
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        assertThat(doc.getDocumentElement().getAttribute("name")).as("a safe suite name")
                .isEqualTo(JUnitXml.suiteName(STRATEGY, EXECUTOR)).matches("[A-Za-z0-9_.-]+");
        assertThat(xml).contains("name=\"strategy\" value=\"evil|`&lt;script&gt;`&amp;&quot;'\"");
        assertThat(xml).contains("\\u0001").doesNotContain("\u0001").contains("forged line");
    }

    @Test
    void theTerminalMatrixKeepsOneLinePerRow() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        LabMain.print(matrix, new PrintStream(buffer, true, StandardCharsets.UTF_8));
        String text = buffer.toString(StandardCharsets.UTF_8);
        assertThat(text.lines().filter(l -> l.startsWith(STRATEGY))).hasSize(1);
    }
}
