package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.HandMadeRows;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineLab;
import dev.ecslab.lab.engine.ReferenceEngine;
import dev.ecslab.lab.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main page's summary of {@code lab engines}' result ({@link EnginesSummary}), read from an {@code engines.json}
 * that {@link EnginesJson} wrote of rows the lab measured (the reference engine, exact, and one that loses removals):
 * each engine's class in the engines' page's words and colours, its counts, and its failed criteria linked to anchors
 * that page has; and a file that is malformed, of another version or inconsistent, named on the page with its line
 * and column while the page is still drawn.
 */
class EnginesSummaryTest {
    @TempDir
    static Path report;
    static List<EngineLab.Row> rows;
    static String json;

    @BeforeAll
    static void measure() throws Exception {
        List<Scenario> scenarios = EngineLab.scenarios(Catalogue.all(), 4, 1);
        rows = List.of(EngineLab.run(ReferenceEngine.subject(), scenarios, 1, Duration.ofSeconds(30), null),
                EngineLab.run(EnginesPageTest.dropsRemovals(), scenarios, 1, Duration.ofSeconds(30), null));
        json = EnginesJson.write(EnginesJson.of(rows, scenarios.size(), 4, 1));
    }

    /** The main page of a report whose engines' folder holds {@code engines.json} with {@code content}. */
    private static String mainPage(String content) throws Exception {
        Files.createDirectories(report.resolve("engines"));
        Files.writeString(report.resolve(EnginesSummary.FROM_REPORT), content);
        return ReportPage.render(input(EnginesSummary.read(report)));
    }

    private static ReportPage.Input input(EnginesSummary summary) {
        var m = HandMadeRows.matrix(4, List.of(HandMadeRows.row("flags", ClaimedClass.EXACT, "serial", 4, 0, 0)));
        return new ReportPage.Input(m, Map.of(), null, List.of(), RaceCatalogueStatus.Results.NONE, List.of(), "", List.of(), ZonedDateTime.now(),
                report, true, summary);
    }

    /** The summary's {@code <tr>} of an engine. */
    private static String summaryRow(String page, String id) {
        Matcher m = Pattern.compile("<tr><td><a class=\"engine\" href=\"engines/engines.html#engine-" + id + "\">.*?</tr>")
                .matcher(page);
        assertThat(m.find()).as("a summary row for %s", id).isTrue();
        return m.group();
    }

    @Test
    void eachEngineShowsItsClassAsTheEnginesPageDoesItsCountsAndItsFailedCriteriaLinkedToThatPage() throws Exception {
        String page = mainPage(json);
        String engines = EnginesPage.render(EnginesPageTest.input(rows, true, null));
        assertThat(page).contains("<section id=\"engines\"><h2>Engines under test</h2>")
                .contains("<a href=\"engines/engines.html\">the engines' page</a>")
                .contains("<table class=\"matrix engines-summary\"><caption>From engines/engines.json: each engine was offered"
                        + " 50 scenarios (the catalogue&#39;s 46, then 4 generated from seed 1).");

        EngineLab.Row ref = rows.get(0);
        assertThat(summaryRow(page, "reference")).isEqualTo("<tr><td><a class=\"engine\" href=\"engines/engines.html"
                + "#engine-reference\"><code>reference</code></a></td><td class=\"what\">" + PageFrame.esc(ref.contract().name())
                + "</td><td class=\"pass\">exact</td><td>" + ref.ran() + "</td><td>" + ref.narrowed() + "</td><td>"
                + ref.skipped() + "</td><td class=\"what\">none</td></tr>");

        EngineLab.Row drops = rows.get(1);
        EngineLab.Cell lost = drops.cells().get(Criterion.AT_LEAST_ONCE);
        String row = summaryRow(page, "test-drops-removals");
        assertThat(row).contains("<td>" + drops.ran() + "</td><td>" + drops.narrowed() + "</td><td>" + drops.skipped() + "</td>")
                .contains("<td class=\"what\"><a href=\"engines/engines.html#engine-test-drops-removals-1\">1 at least once</a>: "
                        + lost.failed() + " of " + lost.judged() + " runs");
        List<String> failed = EnginesPage.COLUMNS.stream().filter(c -> drops.cells().get(c).failed() > 0).map(Criterion::code)
                .toList();
        assertThat(row.split("<br>", -1)).as("a line per failed criterion: %s", failed).hasSize(failed.size());

        // the same words and colours as the engines' page's matrix
        for (EngineLab.Row r : rows) {
            String measured = "<td class=\"" + EnginesPage.css(r.measured()) + "\">" + r.measured().label() + "</td>";
            assertThat(summaryRow(page, r.contract().id())).contains(measured);
            assertThat(EnginesPageTest.matrixRow(engines, r.contract().id())).contains(measured);
        }
        // every link into the engines' page lands on an anchor it has
        Matcher links = Pattern.compile("href=\"engines/engines.html#([^\"]+)\"").matcher(page);
        int n = 0;
        while (links.find()) {
            assertThat(engines).as("the anchor %s", links.group(1)).contains(" id=\"" + links.group(1) + "\"");
            n++;
        }
        assertThat(n).isEqualTo(rows.size() + failed.size());
    }

    @Test
    void aBadFileIsNamedWithItsLineAndColumnAndThePageIsStillDrawn() throws Exception {
        // each bad file and what the page says of it: a location the file's own layout fixes is given in full
        String at = "engines/engines\\.json \\(line \\d+, column \\d+, ";
        Map<String, String> bad = Map.of(
                json.substring(0, json.indexOf("\"engines\"")) + "\"engines\" : [ { \"id\" : } ]\n}\n",
                Pattern.quote("engines/engines.json (line 8, column 26, engines[0]): invalid JSON: Unexpected character ('}'"),
                json.replace("\"version\" : 1", "\"version\" : 2"),
                Pattern.quote("engines/engines.json (line 3, column 15, version): is an engines file of layout version 2;"
                        + " this lab reads version 1 (read it with the lab that wrote it)"),
                json.replace("ecslab-engines", "ecslab-matrix"),
                Pattern.quote("engines/engines.json (line 2, column 14, format): is not an ecslab engines file"),
                edited(root -> ((ObjectNode) root.get("engines").get(1)).put("ran", 3)),
                at + "engines\\[1\\]\\): accounts for \\d+ scenario\\(s\\) \\(ran plus left out\\) of the 50 each engine was offered",
                edited(root -> ((ObjectNode) root.get("engines").get(0)).remove("measured")),
                at + "engines\\[0\\]\\.measured\\): missing field \"measured\" \\(it is required\\)",
                edited(root -> ((ObjectNode) root.get("engines").get(0).get("cells").get("1")).put("status", "fail")),
                at + "engines\\[0\\]\\.cells\\.1\\.status\\): is fail, but its counts give pass");
        for (Map.Entry<String, String> b : bad.entrySet()) {
            EnginesSummary summary = read(b.getKey());
            assertThat(summary.problem()).containsPattern("^" + b.getValue()).doesNotContain(report.toString());
            String page = ReportPage.render(input(summary));
            assertThat(page).contains("<p class=\"missing\">Each engine's result could not be summarised here: <code>"
                    + "engines/engines.json</code>" + PageFrame.esc(summary.problem().substring(20)) + ". The engines' page has")
                    .doesNotContain("engines-summary").contains("<section id=\"matrix\"").contains("<section id=\"conclusions\"");
        }
        EnginesSummary missing = EnginesSummary.read(report.resolve("nowhere"));
        assertThat(missing.problem()).isEqualTo("engines/engines.json: no such file");
    }

    @Test
    void fieldsALaterLabAddsAreIgnoredAndWhatIsWrittenReadsBackEqual() throws Exception {
        Path file = report.resolve("added.json");
        Files.writeString(file, edited(root -> {
            root.put("machine", "added later");
            ((ObjectNode) root.get("engines").get(0)).put("seconds", 12.5);
        }));
        EnginesJson.Document d = EnginesJson.read(file);
        Files.writeString(file, json);
        assertThat(d).isEqualTo(EnginesJson.read(file));
        assertThat(EnginesJson.write(d)).isEqualTo(json);
    }

    @Test
    void textFromAnEngineIsEscaped() throws Exception {
        EngineContract r = ReferenceEngine.CONTRACT;
        EngineContract c = new EngineContract("evil", "<script>alert('name')</script>", "<img src=x>", r.components(),
                r.resources(), r.ownWrites(), r.equalWritesCount(), r.delayFrames(), r.features());
        EngineLab.Row row = EnginesPageTest.failingOnce(c, Criterion.AT_MOST_ONCE, "<script>x</script>", "`<b>` twice");
        String page = mainPage(EnginesJson.write(EnginesJson.of(List.of(row), 4, 0, 1)));
        assertThat(page).doesNotContain("<script").doesNotContain("<b>")
                .contains("<td class=\"what\">&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;</td><td class=\"warn\">flaky</td>")
                .contains("<a href=\"engines/engines.html#engine-evil-2\">2 at most once</a>: 1 of 3 runs</td>");
    }

    private static EnginesSummary read(String content) throws Exception {
        Files.createDirectories(report.resolve("engines"));
        Files.writeString(report.resolve(EnginesSummary.FROM_REPORT), content);
        return EnginesSummary.read(report);
    }

    /** {@link #json} changed by {@code edit}, written on one line (so a location's column tells where). */
    private static String edited(Consumer<ObjectNode> edit) throws Exception {
        ObjectMapper mapper = new ObjectMapper();
        ObjectNode root = (ObjectNode) mapper.readTree(json);
        edit.accept(root);
        return mapper.writeValueAsString(root);
    }
}
