package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.HandMadeRows;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The counterexamples' pages and the grouped matrix on hand-made rows: "shrunk" said only of a shrunk
 * scenario, whatever the renderer adds to a view shown, page names unique, executors merged only where they
 * agree on every verdict.
 */
class CounterexamplePagesTest {
    private static final Scenario SMALL = Catalogue.atLeastOnce(Target.COMPONENT);
    private static final Scenario LARGE = Catalogue.exclusiveAndMainThread(Target.COMPONENT);
    private static final Scope ADDED = new Scope(false, WatchKind.ADDED);

    private static Counterexample cx(Scenario scenario, Scenario original, String message) {
        return new Counterexample(Criterion.AT_LEAST_ONCE, ADDED, message, scenario, original, 7, "flags / serial / seed 7", null);
    }

    private static Map<String, String> pages(Matrix m) {
        return ReportPage.pages(new ReportPage.Input(m, Map.of(), null, List.of(), RaceCatalogueStatus.Results.NONE, List.of(), "", List.of(),
                ZonedDateTime.now(), Path.of("reports", "out")));
    }

    @Test
    void onlyAShrunkScenarioIsCalledShrunkWithItsSizeBeforeAndAfter() {
        Counterexample shrunk = cx(SMALL, LARGE, "by hand: shrunk");
        Counterexample found = cx(SMALL, SMALL, "by hand: as found");
        Counterexample equalCopy = cx(SMALL, Catalogue.atLeastOnce(Target.COMPONENT), "by hand: the same scenario, another object");
        assertThat(CounterexamplePages.shrunk(shrunk)).isTrue();
        assertThat(CounterexamplePages.shrunk(found)).isFalse();
        assertThat(CounterexamplePages.shrunk(equalCopy)).as("equal scenarios: nothing was removed").isFalse();
        assertThat(CounterexamplePages.shrinkWords(shrunk)).isEqualTo("shrunk from " + LARGE.systems().size() + " systems, "
                + LARGE.frames() + " frames, " + LARGE.edits().size() + " edits to " + SMALL.systems().size() + " systems, "
                + SMALL.frames() + " frames, " + SMALL.edits().size() + " edits");
        assertThat(CounterexamplePages.shrinkWords(found)).isEqualTo("as found: not shrunk");

        Row r = HandMadeRows.notJudged("flags", ClaimedClass.FLAKY, "serial");
        HandMadeRows.judged(r, Criterion.AT_LEAST_ONCE, ScenarioClass.REGULAR, 4);
        HandMadeRows.failed(r, Criterion.AT_LEAST_ONCE, shrunk, ScenarioClass.REGULAR);
        HandMadeRows.failedInClassOnly(r, Criterion.AT_LEAST_ONCE, found, ScenarioClass.COMMANDS);
        Map<String, String> pages = pages(HandMadeRows.matrix(4, List.of(r)));
        String page = pages.get("counterexamples/flags-1.html");
        assertThat(page).contains("<summary><b>cx-1</b> · component Added · first on regular scenarios · scenario &#39;"
                + SMALL.name() + "&#39; · shrunk</summary>")
                .contains("<summary><b>cx-2</b> · component Added · first on commands scenarios · scenario &#39;" + SMALL.name()
                        + "&#39; · as found</summary>")
                .contains("(as found: not shrunk)");
        assertThat(pages.get("index.html")).contains("2 counterexamples (1 shrunk to a smaller scenario, 1 as found)");
        assertThat(String.join("", pages.values())).doesNotContain("minimal scenario");
    }

    @Test
    void whatTheRendererAddsToAViewIsLaidOutByItsKind() {
        StringBuilder b = new StringBuilder();
        CounterexamplePages.component(b, "scenarioSvg", "<svg viewBox=\"0 0 1 1\"></svg>");
        CounterexamplePages.component(b, "scenarioText", "systems: a, b\nedits: frame 0 a writes A");
        CounterexamplePages.component(b, "cause", "`s5` wrote A in frame 0 <first>");
        CounterexamplePages.component(b, "shrinkSteps", 12);
        CounterexamplePages.component(b, "steps", List.of("removed system b", "removed frame 3"));
        CounterexamplePages.component(b, "nothing", "");
        CounterexamplePages.component(b, "none", null);
        assertThat(b.toString()).isEqualTo("<figure class=\"scenarioSvg\"><svg viewBox=\"0 0 1 1\"></svg><figcaption>scenario svg"
                + "</figcaption></figure>\n"
                + "<details><summary>scenario text</summary><pre>systems: a, b\nedits: frame 0 a writes A</pre></details>\n"
                + "<p><b>cause:</b> <code>s5</code> wrote A in frame 0 &lt;first&gt;</p>\n"
                + "<p class=\"meta\">shrink steps: 12</p>\n"
                + "<p><b>steps:</b></p><ul><li>removed system b</li><li>removed frame 3</li></ul>\n");
        StringBuilder none = new StringBuilder();
        CounterexamplePages.extraComponents(none, new ReportPage.CounterexampleView("words", "<svg/>", "text"));
        assertThat(none.toString()).as("the three components the page places itself are not repeated").isEmpty();
    }

    @Test
    void pageNamesAreSlugsMadeUniqueInMatrixOrder() {
        Counterexample x = cx(SMALL, SMALL, "by hand");
        Row slash = HandMadeRows.notJudged("a/b", ClaimedClass.FLAKY, "serial");
        Row dash = HandMadeRows.notJudged("a-b", ClaimedClass.FLAKY, "serial");
        for (Row r : List.of(slash, dash)) {
            HandMadeRows.judged(r, Criterion.AT_LEAST_ONCE, ScenarioClass.REGULAR, 2);
            HandMadeRows.failed(r, Criterion.AT_LEAST_ONCE, x, ScenarioClass.REGULAR);
        }
        Map<String, String> pages = pages(HandMadeRows.matrix(2, List.of(slash, dash)));
        assertThat(pages).containsKeys("counterexamples/a-b-1.html", "counterexamples/a-b-2-1.html");
        assertThat(pages.get("counterexamples/a-b-1.html")).contains("<code>a/b</code> · 1 at least once");
        assertThat(pages.get("counterexamples/a-b-2-1.html")).contains("<code>a-b</code> · 1 at least once");
        assertThat(CounterexamplePages.slug("flag-doubling/immediate")).isEqualTo("flag-doubling-immediate");
        assertThat(CounterexamplePages.slug("évil|`<script>`")).isEqualTo("vil-script");
        assertThat(CounterexamplePages.slug("***")).isEqualTo("strategy");
    }

    /** Criteria 1 and 2 judged on {@code runs} regular runs, criterion 1 failed on {@code missed} of them (one counterexample). */
    private static Row row(String label, ClaimedClass claimed, String executor, int runs, int missed) {
        Row r = HandMadeRows.notJudged(label, claimed, executor);
        HandMadeRows.judged(r, Criterion.AT_LEAST_ONCE, ScenarioClass.REGULAR, runs);
        HandMadeRows.judged(r, Criterion.AT_MOST_ONCE, ScenarioClass.REGULAR, runs);
        Counterexample x = cx(SMALL, SMALL, "by hand: missed under " + executor);
        for (int i = 0; i < missed; i++) {
            HandMadeRows.failed(r, Criterion.AT_LEAST_ONCE, x, ScenarioClass.REGULAR);
        }
        return r;
    }

    @Test
    void executorsAreOneLineWhereTheyAgreeAndSplitWhereTheyDiffer() {
        Row serial = row("flags", ClaimedClass.FLAKY, "serial", 10, 2);
        Row staged = row("flags", ClaimedClass.FLAKY, "staged", 12, 3);
        Row dynamic = row("flags", ClaimedClass.FLAKY, "dynamic", 10, 0);
        Row genSerial = row("generation", ClaimedClass.EXACT, "serial", 10, 0);
        Row genStaged = row("generation", ClaimedClass.EXACT, "staged", 10, 0);
        Row genDynamic = row("generation", ClaimedClass.EXACT, "dynamic", 10, 0);
        Matrix m = HandMadeRows.matrix(10, List.of(serial, staged, dynamic, genSerial, genStaged, genDynamic));
        List<ExecutorGroups.Group> groups = ExecutorGroups.of(m);
        assertThat(groups).extracting(ExecutorGroups.Group::strategy, ExecutorGroups.Group::executors)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("flags", "serial, staged"),
                        org.assertj.core.groups.Tuple.tuple("flags", "dynamic"),
                        org.assertj.core.groups.Tuple.tuple("generation", "all 3"));
        ExecutorGroups.Group agreeing = groups.get(0);
        assertThat(agreeing.failedRuns(Criterion.AT_LEAST_ONCE)).isEqualTo(5);
        assertThat(agreeing.judgedRuns(Criterion.AT_LEAST_ONCE)).isEqualTo(22);
        assertThat(agreeing.perExecutor(Criterion.AT_LEAST_ONCE)).isEqualTo("serial 2/10, staged 3/12");
        assertThat(ExecutorGroups.agree(serial, dynamic)).as("1 fails under one, passes under the other").isFalse();

        String main = pages(m).get("index.html");
        assertThat(main).as("the split line links to its executor's section")
                .contains("<a class=\"cx\" href=\"counterexamples/flags-1.html#e-serial\">2 counter&shy;examples</a>")
                .contains("<td><code>flags</code></td><td class=\"what\">dynamic</td>")
                .contains("FAIL<span class=\"rate\">5/22 runs</span>");
        assertThat(ReportPage.headline(groups)).isEqualTo("2 of 2 strategies keep their claim under every executor (flags,"
                + " generation).");
    }

    @Test
    void aMutantExecutorNeverSharesALineWithARealOne() {
        // the same passing columns mean "exact" under serial and "mutant NOT caught" under the mutant executor
        Row real = row("generation", ClaimedClass.EXACT, "serial", 10, 0);
        Row mutant = row("generation", ClaimedClass.EXACT, "mutant:ignores-one-conflict", 10, 0);
        Matrix m = HandMadeRows.matrix(10, List.of(real, mutant));
        assertThat(ExecutorGroups.agree(real, mutant)).isFalse();
        assertThat(ExecutorGroups.of(m)).extracting(ExecutorGroups.Group::executors)
                .containsExactly("serial", "mutant:ignores-one-conflict");
        assertThat(pages(m).get("index.html")).contains("mutant NOT caught");
    }
}
