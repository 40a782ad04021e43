package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.classify.HandMadeRows;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineLab;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.engine.ReferenceEngine;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.reports.timeline.ScenarioText;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The engines' page ({@link EnginesPage}) on rows the lab measured of two engines made for the test (the reference
 * engine, exact, and one that loses removals and cannot express looping stages), and on a hand-made row whose
 * engine gives hostile text: the measured class, n/a cells that read unlike a pass, the counterexample in words
 * with its shrunk scenario and replay command, escaping; and the report's navigation linking the page only when
 * it is there.
 */
class EnginesPageTest {
    static final Path FOLDER = Path.of("report", "engines").toAbsolutePath();
    static List<EngineLab.Row> rows;
    static String html;

    /**
     * The gate tests' engine that loses the first entity of every component's Removed answer (its provider is on the
     * tests' class path), under a contract that does not express looping stages, so L is not applicable.
     */
    static EngineSubject dropsRemovals() {
        EngineSubject base = EngineSubject.find("test-drops-removals", EnginesPageTest.class.getClassLoader());
        EngineContract r = base.contract();
        EnumSet<EngineContract.Feature> features = EnumSet.allOf(EngineContract.Feature.class);
        features.remove(EngineContract.Feature.LOOPS);
        EngineContract c = new EngineContract(r.id(), "a reference engine that loses removals", "this test", r.components(),
                r.resources(), r.ownWrites(), r.equalWritesCount(), r.delayFrames(), features);
        return new EngineSubject(c, base.provider(), null);
    }

    static EnginesPage.Input input(List<EngineLab.Row> rows, boolean inReport, Path checkout) {
        return new EnginesPage.Input(rows, 50, 4, 1, FOLDER, inReport, Map.of(), ScenarioText::html, checkout, ZonedDateTime.now());
    }

    @BeforeAll
    static void measure() {
        List<Scenario> scenarios = EngineLab.scenarios(Catalogue.all(), 4, 1);
        rows = List.of(EngineLab.run(ReferenceEngine.subject(), scenarios, 1, Duration.ofSeconds(30), null),
                EngineLab.run(dropsRemovals(), scenarios, 1, Duration.ofSeconds(30), null));
        html = EnginesPage.render(input(rows, false, null));
    }

    /** The {@code <tr>} of an engine in the matrix. */
    static String matrixRow(String page, String id) {
        Matcher m = Pattern.compile("<tr><td><a class=\"engine\" href=\"#engine-" + id + "\">.*?</tr>").matcher(page);
        assertThat(m.find()).as("a matrix row for %s", id).isTrue();
        return m.group();
    }

    @Test
    void theMatrixShowsEachEnginesClassAndCountsAndNaCellsUnlikeAPass() {
        assertThat(rows.get(0).measured()).isEqualTo(MeasuredClass.EXACT);
        assertThat(rows.get(1).measured()).isIn(MeasuredClass.FLAKY, MeasuredClass.BROKEN);
        String exact = matrixRow(html, "reference");
        EngineLab.Row ref = rows.get(0);
        assertThat(exact).contains("<td class=\"pass\">exact</td><td>" + ref.ran() + "</td><td>" + ref.narrowed() + "</td><td>"
                + ref.skipped() + "</td>");
        assertThat(exact).contains("<td class=\"pass\">pass<span class=\"rate\">" + ref.cells().get(Criterion.AT_LEAST_ONCE).judged()
                + " runs</span></td>");
        // O, A and 6 are never judged for an engine: hatched "n/a" cells saying "not applicable", never class="pass"
        assertThat(exact.split("<td class=\"na\"", -1)).hasSize(4);
        assertThat(exact).contains("<td class=\"na\" title=\"not applicable: the lab cannot measure an engine&#39;s memory\">n/a"
                + "<span class=\"rate\">not applicable</span></td>");
        String broken = matrixRow(html, "test-drops-removals");
        assertThat(broken).contains("<td class=\"" + (rows.get(1).measured() == MeasuredClass.BROKEN ? "fail" : "warn") + "\">"
                + rows.get(1).measured().label() + "</td>");
        assertThat(broken.split("<td class=\"na\"", -1)).as("L too: the contract does not express loops").hasSize(5);
        assertThat(broken).contains("title=\"not applicable: the contract does not express looping stages\"");
        EngineLab.Cell lost = rows.get(1).cells().get(Criterion.AT_LEAST_ONCE);
        assertThat(lost.failed()).isPositive();
        assertThat(broken).contains("<td class=\"fail\"><a href=\"#engine-test-drops-removals-1\">FAIL</a><span class=\"rate\">"
                + lost.failed() + " of " + lost.judged() + " runs</span></td>");
        assertThat(html).contains("td.na,span.na{background:repeating-linear-gradient(").as("the n/a style is not the pass style")
                .doesNotContain("td.na,span.na{background:#d9f2d9");
    }

    @Test
    void aFailingCriterionShowsItsCounterexampleInWordsTheShrunkScenarioAndTheReplayCommand() {
        EngineLab.Counterexample x = rows.get(1).cells().get(Criterion.AT_LEAST_ONCE).first();
        assertThat(x).isNotNull();
        int at = html.indexOf("<article class=\"cx\" id=\"engine-test-drops-removals-1\">");
        assertThat(at).isPositive();
        String article = html.substring(at, html.indexOf("</article>", at));
        assertThat(article).contains("<h3>1 at least once: FAIL in ")
                .contains("<p class=\"words\">" + PageFrame.md(x.violation()) + "</p>")
                .contains("First failed in scenario <q>" + PageFrame.esc(x.foundIn()) + "</q>; shrunk to the smallest scenario"
                        + " that still fails it: " + CounterexamplePages.size(x.shrunk()) + ".")
                .contains(ScenarioText.html(x.shrunk()))
                .contains("<code>./lab replay " + FOLDER.resolve("test-drops-removals/criterion-1.json") + "</code>")
                .contains("<a href=\"test-drops-removals/criterion-1.json\">test-drops-removals/criterion-1.json</a>");
        assertThat(x.violation()).as("the words name what was lost").contains("never reported");
        // each engine's contract in words, with its source
        for (String line : rows.get(1).contract().describe()) {
            assertThat(html).contains("<li>" + PageFrame.esc(line) + "</li>");
        }
        assertThat(html).contains("Source: this test").contains("No applicable criterion failed.");
    }

    @Test
    void hostileTextFromAnEngineIsEscapedEverywhere() {
        EngineContract r = ReferenceEngine.CONTRACT;
        EngineContract c = new EngineContract("evil", "<script>alert('name')</script>", "<img src=x onerror=alert(1)>",
                r.components(), r.resources(), r.ownWrites(), r.equalWritesCount(), r.delayFrames(), r.features());
        EngineLab.Row row = failingOnce(c, Criterion.AT_MOST_ONCE, "<script>alert('found')</script>",
                "entity `<script>alert('violation')</script>` reported twice");
        String page = EnginesPage.render(new EnginesPage.Input(List.of(row), 4, 0, 1, FOLDER, false,
                Map.of("evil", "--engine-cmd '<script>x</script>'"), ScenarioText::html, null, ZonedDateTime.now()));
        assertThat(page).doesNotContain("<script").doesNotContain("<img").doesNotContain("<b>it uses");
        assertThat(page).contains("&lt;script&gt;alert(&#39;name&#39;)&lt;/script&gt;")
                .contains("Source: &lt;img src=x onerror=alert(1)&gt;")
                .contains("<code>&lt;script&gt;alert(&#39;violation&#39;)&lt;/script&gt;</code> reported twice")
                .contains("&lt;script&gt;alert(&#39;found&#39;)&lt;/script&gt;")
                .contains("&lt;b&gt;it uses&lt;/b&gt; resources")
                .contains("--engine-cmd &#39;&lt;script&gt;x&lt;/script&gt;&#39;</code>");
    }

    /** A hand-made row of {@code c} whose criterion {@code k} failed once with {@code violation}, one scenario left out. */
    static EngineLab.Row failingOnce(EngineContract c, Criterion k, String foundIn, String violation) {
        Scenario s = Catalogue.atLeastOnce(Target.COMPONENT);
        Map<Criterion, EngineLab.Cell> cells = new EnumMap<>(Criterion.class);
        for (Criterion each : Criterion.values()) {
            cells.put(each, new EngineLab.Cell(each, c.applies(each), 3, 0, null));
        }
        cells.put(k, new EngineLab.Cell(k, true, 3, 1, new EngineLab.Counterexample(0, foundIn, s, violation, null)));
        return new EngineLab.Row(c, cells, MeasuredClass.FLAKY, 3, 0, 1, Map.of("<b>it uses</b> resources", 1), false);
    }

    @Test
    void aLongSourceIsCollapsedAndAFailureThatDidNotComeBackSaysSo() {
        EngineContract r = ReferenceEngine.CONTRACT;
        String source = "cited: " + "the engine's README, section 'Changed' <b>. ".repeat(20);
        EngineContract c = new EngineContract("long", "a long source", source, r.components(), r.resources(), r.ownWrites(),
                r.equalWritesCount(), r.delayFrames(), r.features());
        String page = EnginesPage.render(input(List.of(failingOnce(c, Criterion.CRASH, "random #3 (seed 4)",
                EngineLab.NO_LONGER_FAILS + " the engine did not end its run within 30 s")), false, null));
        assertThat(page).contains("<details class=\"source\"><summary>where each promise comes from (the contract's source, "
                + source.length() + " characters)</summary><p class=\"meta\">" + PageFrame.esc(source) + "</p></details>")
                .doesNotContain("<b>.");
        assertThat(page).contains("<p class=\"words missing\">The failure did not come back when the scenario ran once"
                + " more").contains("holds the first failing run").contains("the engine did not end its run within 30 s")
                .doesNotContain(EngineLab.NO_LONGER_FAILS);
    }

    @Test
    void theNavigationIsTheReportsOnlyBesideAReport() {
        assertThat(html).as("alone: no link to a report that is not there").doesNotContain("<nav").doesNotContain("href=\"../")
                .contains("links to no other page");
        String inReport = EnginesPage.render(input(rows, true, null));
        assertThat(inReport).contains("<nav class=\"top\"><a href=\"../index.html\">Report</a>")
                .contains("<a href=\"../engines/engines.html\">Engines</a></nav>");
    }

    @Test
    void anEnginesUpstreamReproductionsAreNamedOnItsSection(@TempDir Path checkout) throws Exception {
        Path repro = Files.createDirectories(checkout.resolve("engines/test-drops-removals/repro"));
        Files.writeString(repro.resolve("README.md"), "# drops: reproductions of its bugs\n\ntext\n");
        Files.writeString(repro.resolve("lost-removal.mjs"), "// a script\n");
        String page = EnginesPage.render(input(rows, false, checkout));
        int section = page.indexOf("<section class=\"engine\" id=\"engine-test-drops-removals\">");
        assertThat(section).isPositive();
        assertThat(page.indexOf("<h3>Upstream reproductions</h3>")).as("on that engine's section only").isGreaterThan(section)
                .isEqualTo(page.lastIndexOf("<h3>Upstream reproductions</h3>"));
        assertThat(page).contains("<code>engines/test-drops-removals/repro/</code> (drops: reproductions of its bugs)")
                .contains("<li><code>node repro/lost-removal.mjs</code></li>");
    }

    @Test
    void theReportLinksTheEnginesPageFromEveryPageOnlyWhenItIsThere() {
        var m = HandMadeRows.matrix(4, List.of(HandMadeRows.row("flags", ClaimedClass.EXACT, "serial", 4, 0, 0)));
        Map<String, String> without = ReportPage.pages(new ReportPage.Input(m, Map.of(), null, List.of(), RaceCatalogueStatus.Results.NONE, List.of(), "",
                List.of(), ZonedDateTime.now(), Path.of("out")));
        Map<String, String> with = ReportPage.pages(new ReportPage.Input(m, Map.of(), null, List.of(), RaceCatalogueStatus.Results.NONE, List.of(), "",
                List.of(), ZonedDateTime.now(), Path.of("out"), true));
        assertThat(without.values()).allSatisfy(p -> assertThat(p).doesNotContain("engines.html"));
        assertThat(with.keySet()).isEqualTo(without.keySet());
        with.forEach((name, page) -> assertThat(page).as(name).contains("<a href=\"" + (name.contains("/") ? "../" : "")
                + "engines/engines.html\">Engines</a></nav>"));
        assertThat(with.get(PageFrame.INDEX)).contains("<section id=\"engines\"><h2>Engines under test</h2>")
                .contains("<a href=\"engines/engines.html\">the engines' page</a>");
    }
}
