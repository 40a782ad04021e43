package dev.ecslab.reports.timeline;

import static dev.ecslab.reports.timeline.CounterexampleTextTest.ordinal;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.Crash;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every counterexample's words name its cause: the edits and runs of the trace that make the verdict. One
 * test per criterion the lab judges, each on a real counterexample of a built-in strategy, a mutant or the
 * README's headline case, each asserting facts it reads from the trace itself (who wrote what, in which of
 * its runs, in which frame) rather than copied text.
 */
class CauseWordsTest {

    /** The detector's own change of the finding's data and entity after the change, read from the trace. */
    static ChangeRecord ownWriteAfter(ViolationTrace vt) {
        Finding f = vt.violation().finding();
        return vt.trace().changes().stream().filter(c -> c.author().equals(f.detector()) && c.data() == f.change().data()
                && java.util.Objects.equals(c.entity(), f.change().entity()) && c.seq() > f.change().seq()).findFirst()
                .orElseThrow(() -> new AssertionError("the trace shows no own write of the detector: " + vt.violation()));
    }

    @Test
    void criterion1TheReadmesHeadlineCaseNamesTheDetectorsOwnWriteAndTheLastWriter() {
        Counterexample cx = RealCounterexamples.lastTickHeadline();
        ViolationTrace vt = ViolationTrace.of(cx);
        Finding f = vt.violation().finding();
        assertThat(f.type()).isEqualTo(FindingType.MISSED);
        ChangeRecord own = ownWriteAfter(vt);
        RunRecord ownRun = vt.trace().run(own.authorRun());
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (1, headline, " + cx.shrinking().describe() + "):\n" + text);
        assertThat(text).contains("`" + f.detector() + "` missed")
                .contains("`" + f.detector() + "` wrote `" + own.data().name() + "` of entity " + own.entity() + " itself after the change")
                .contains("in `" + f.detector() + "` run " + ordinal(vt, ownRun) + " (frame " + ownRun.frame() + ", event " + own.seq() + ")")
                .contains("was the last writer of `" + own.data().name() + "` of entity " + own.entity())
                .contains("a strategy that hides a system's own changes by the last writer")
                .contains("`last-tick` strategy");
    }

    @Test
    void shrunkIsSaidOnlyOfAShrunkScenarioWhichKeepsItsOriginalAndItsSteps() {
        Matrix m = RealCounterexamples.lastTickCampaign();
        dev.ecslab.lab.classify.Cell cell = m.row("last-tick", "serial").cell(Criterion.AT_LEAST_ONCE);
        Counterexample first = cell.first();
        System.out.println("CauseWordsTest (shrinking): " + first.shrinking().describe());
        assertThat(first.shrinking().shrunk()).as("the first miss of its scope in a random campaign is shrunk").isTrue();
        assertThat(first.shrinking().steps()).isPositive();
        assertThat(first.shrinking().describe()).startsWith("shrunk in " + first.shrinking().steps() + " step");
        assertThat(first.shrinking().original().name()).isEqualTo(first.scenario().name());
        assertThat(Shrinker.size(first.scenario())).isLessThan(Shrinker.size(first.shrinking().original()));
        assertThat(Judge.judge(first.shrinking().original(), first.shrinking().originalTrace()).violations())
                .as("the original's trace fails the same way").anyMatch(v -> v.criterion() == first.criterion()
                        && java.util.Objects.equals(v.scope(), first.scope()));
        // The regular class has no view column (7 is pausing, L looping), so its first counterexample is shrunk
        // only when it is also the row's first of its criterion and scope.
        Counterexample classFirst = cell.inClass(ScenarioClass.REGULAR).first();
        assertThat(classFirst).as("a regular-class miss in the campaign").isNotNull();
        if (classFirst != first) {
            assertThat(classFirst.shrinking().shrunk()).isFalse();
            assertThat(classFirst.shrinking().describe()).startsWith("not shrunk: not the first failure of its criterion");
        }
    }

    @Test
    void criterion1TheHeadlineCaseBuiltByHandSaysTheSetupsAdditionWasHiddenByTheDetectorsWrite() {
        Scenario s = RealCounterexamples.detectorWritesWhatItWatches();
        ViolationTrace vt = RealCounterexamples.first(s, new LabConfig(RealCounterexamples.strategy("last-tick"),
                ExecutorSubject.of("serial"), 1), FindingType.MISSED, Criterion.AT_LEAST_ONCE);
        ChangeRecord own = ownWriteAfter(vt);
        RunRecord ownRun = vt.trace().run(own.authorRun());
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (1, by hand):\n" + text);
        assertThat(vt.violation().finding().change().cause()).isEqualTo("setup");
        assertThat(text).startsWith("`s5` missed the addition of `A` to entity e3 made at setup, before frame 0")
                .contains("`s5` wrote `A` of entity e3 itself after the change, in `s5` run " + ordinal(vt, ownRun) + " (frame "
                        + ownRun.frame() + ", event " + own.seq() + "), the very run that was due to report the change")
                .contains("so `s5` was the last writer of `A` of entity e3 at every later run")
                .contains("The claim allows a report up to 1 frame late");
    }

    @Test
    void criterion2ARepeatInALoopingStageNamesTheIterationsAndThatNothingChanged() {
        ViolationTrace vt = RealCounterexamples.serial("flags", Catalogue.loopingStageChanges(Target.COMPONENT),
                FindingType.REPEATED, Criterion.AT_MOST_ONCE, ScenarioClass.LOOPING);
        Finding f = vt.violation().finding();
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (2 / L, repeat):\n" + text);
        assertThat(f.earlier().frame()).as("the trace: both reports in one frame").isEqualTo(f.run().frame());
        boolean addedBetween = vt.trace().changes().stream().anyMatch(c -> c.data() == f.watch().data()
                && c.type() == dev.ecslab.lab.trace.ChangeType.ADDED && java.util.Objects.equals(c.entity(), f.entity())
                && c.seq() > f.earlier().startSeq() && c.seq() < f.run().startSeq());
        assertThat(f.watch().kind()).isEqualTo(WatchKind.ADDED);
        boolean changedBetween = addedBetween;
        assertThat(changedBetween).isFalse();
        assertThat(text).contains("twice for `" + f.watch() + "`")
                .contains("both runs are iterations of the looping stage `" + f.run().stage() + "` in frame " + f.run().frame())
                .contains("iteration " + (f.earlier().iteration() + 1) + " of ").contains("iteration " + (f.run().iteration() + 1) + " of ")
                .contains("nothing changed `" + f.watch().data() + "` of entity " + f.entity() + " between them")
                .contains("keeps a change visible for the whole frame");
    }

    @Test
    void criterion2ASpuriousReportSaysNothingChanged() {
        Scenario s = Scenario.builder("nothing changes").entity("e0", Data.A, 1)
                .stage("update", st -> st.system("detector", sys -> sys.watch(Data.A, WatchKind.MUTATED)))
                .frames(2).build();
        ViolationTrace vt = RealCounterexamples.first(s, new LabConfig(RealCounterexamples.strategy("none"),
                ExecutorSubject.of("serial"), 1), FindingType.SPURIOUS, Criterion.AT_MOST_ONCE);
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (2, spurious):\n" + text);
        assertThat(vt.trace().changes()).allMatch(c -> c.type() != dev.ecslab.lab.trace.ChangeType.MUTATED);
        assertThat(text).contains("reported `A` of entity e0 for `Mutated<A>`, but the only changes of `A` of entity e0")
                .contains("the addition of `A` to entity e0 made at setup").contains("none of the kind `Mutated<A>` asks for");
    }

    @Test
    void criterion2AReportOfTheDetectorsOwnChangeNamesTheChange() {
        Scenario s = Scenario.builder("own change").entity("e0", Data.A, 1)
                .stage("update", st -> st.system("detector", sys -> sys.watch(Data.A, WatchKind.MUTATED).writes(Data.A)))
                .frames(2).set(0, "detector", "e0", Data.A, 5).build();
        ViolationTrace vt = RealCounterexamples.first(s, new LabConfig(RealCounterexamples.strategy("none"),
                ExecutorSubject.of("serial"), 1), FindingType.OWN, Criterion.AT_MOST_ONCE);
        ChangeRecord own = vt.violation().finding().change();
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (2, own):\n" + text);
        assertThat(own.author()).isEqualTo("detector");
        assertThat(text).contains("but that change was `detector`'s own: the change to `A` of entity e0 by `detector` run "
                + ordinal(vt, vt.trace().run(own.authorRun()))).contains("a system is never told about its own changes");
    }

    @Test
    void criterion3ALateReportSaysWhyTheChangeCameFirstInTheFrame() {
        ViolationTrace vt = RealCounterexamples.first(Catalogue.fastDetection(Target.COMPONENT),
                new LabConfig(RealCounterexamples.strategy("last-tick"), ExecutorSubject.of("serial"), 1), FindingType.LATE,
                Criterion.SAME_FRAME);
        Finding f = vt.violation().finding();
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (3):\n" + text);
        RunRecord issuer = vt.trace().runs().stream().filter(r -> r.system().equals("changer") && r.frame() == f.run().frame())
                .findFirst().orElseThrow();
        assertThat(text).contains("`detector` run " + ordinal(vt, f.run()) + " in frame " + f.run().frame() + " did not report")
                .contains("in the same frame")
                .contains("`changer`'s command was applied at the end of stage `" + issuer.stage() + "`, which runs before `"
                        + f.run().stage() + "`");
    }

    @Test
    void criterion1TimelinessALateReportBeyondTheClaimSaysNothingKeptTheDueRunFromReporting() {
        ViolationTrace vt = RealCounterexamples.first(Catalogue.basic(Target.COMPONENT),
                new LabConfig(RealCounterexamples.trackerMutant("mutant:late-by-two-frames"), ExecutorSubject.of("serial"), 1),
                FindingType.DELAYED, Criterion.AT_LEAST_ONCE);
        Finding f = vt.violation().finding();
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (1, delayed):\n" + text);
        assertThat(text).contains("late: its first run after the change, `detector` run " + ordinal(vt, f.due()))
                .contains("`detector` run " + ordinal(vt, f.run()) + " in frame " + f.run().frame() + " did, " + f.delayRuns() + " run")
                .contains("The claim allows no delay").contains("Nothing in the trace kept `detector` run " + ordinal(vt, f.due()));
    }

    @Test
    void criterion7AChangeLostWhilePausedNamesThePauseSetAndTheFrames() {
        ViolationTrace vt = RealCounterexamples.serial("flags", Catalogue.systemPausing(Target.COMPONENT),
                FindingType.MISSED, Criterion.AT_LEAST_ONCE, ScenarioClass.PAUSING);
        Finding f = vt.violation().finding();
        String set = vt.scenario().system(f.detector()).pauseSet();
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (7):\n" + text);
        assertThat(text).contains("paused in frame").contains("by pause set `" + set + "`, pattern '"
                + vt.scenario().pause(set).pattern() + "'").contains("on pausing");
    }

    @Test
    void criterionOAnOrderingViolationNamesBothRunsAndTheDeclaredOrder() {
        ViolationTrace vt = RealCounterexamples.orderingWithIgnoresOneBefore();
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (O):\n" + text);
        assertThat(text).contains("The scenario orders `changer` before `detector`, so `detector` must start after `changer`"
                + " finishes").containsPattern("`detector` run \\d+ in frame \\d+ started at event \\d+");
    }

    @Test
    void criterion8AStateThatIsNotThePureFunctionsNamesTheRunsThatAreMissing() {
        Scenario s = Catalogue.basic(Target.COMPONENT);
        ViolationTrace vt = RealCounterexamples.first(s, new LabConfig(RealCounterexamples.strategy("generation"),
                RealCounterexamples.executorMutant("mutant:skips-first-system"), 1), null, Criterion.PURE_FUNCTION);
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (8):\n" + text);
        String first = s.systems().get(0).name();
        assertThat(vt.trace().runs().stream().filter(r -> r.system().equals(first) && r.frame() == 0)).isEmpty();
        assertThat(text).contains("is not a pure function").contains("Runs the scenario asks for that the trace lacks: `"
                + first + "` in frame 0");
    }

    @Test
    void criterionXACrashNamesTheCallAndTheException() {
        Scenario s = Catalogue.basic(Target.RESOURCE);
        Trace trace = ScenarioRunner.run(s, new LabConfig(RealCounterexamples.trackerMutant("mutant:throws-on-resource-answer"),
                ExecutorSubject.of("serial"), 1));
        Violation v = Judge.judge(s, trace).violations().stream().filter(x -> x.criterion() == Criterion.CRASH).findFirst()
                .orElseThrow();
        Crash crash = trace.crashes().get(0);
        String text = CounterexampleText.describe(s, trace, v);
        System.out.println("CauseWordsTest (X):\n" + text);
        assertThat(text).contains("The `mutant:throws-on-resource-answer` strategy threw " + crash.exception())
                .contains("when the lab called `" + crash.call() + "`").contains("A crash ends the run");
    }

    @Test
    void criterion6AGrowingTrackerNamesTheMeasuredAndTheReportedFiguresAndItsTimelineShowsTheLastFrames() throws Exception {
        dev.ecslab.lab.criteria.MemoryBound.Result m = dev.ecslab.lab.measure.MemoryRun.measure(
                RealCounterexamples.trackerMutant("mutant:leaks-removals"));
        assertThat(m.passes()).as("the leaking mutant fails criterion 6").isFalse();
        Counterexample cx = new Counterexample(Criterion.BOUNDED_MEMORY, null, m.describe(), m.scenario(), m.scenario(), 0,
                "mutant:leaks-removals / serial / seed 0", m.trace());
        ViolationTrace vt = ViolationTrace.of(cx);
        String text = CounterexampleText.describe(vt);
        System.out.println("CauseWordsTest (6):\n" + text);
        List<Long> reported = m.trace().memory();
        assertThat(text).contains("The `mutant:leaks-removals` strategy's memory keeps growing")
                .contains("measured after 10 / 1 000 / 10 000 frames")
                .contains(reported.get(reported.size() - 1) + " bytes after " + reported.size());
        Timeline t = Timeline.of(vt);
        String picture = t.text();
        long last = m.trace().runs().stream().mapToLong(RunRecord::frame).max().orElseThrow();
        assertThat(picture).as("the last frame is drawn in full, the others are named in collapsed ranges")
                .contains("f" + last).contains("left out: frames 0-");
        assertThat(picture.lines()).allMatch(l -> l.length() <= Timeline.TEXT_WIDTH);
        assertThat(TimelineDrawingTest.overlaps(TimelineTest.parse(t.svg("memory")))).isEmpty();
    }

    @Test
    void wordsNameRunsPerSystemNeverByTheTracesGlobalNumber() {
        ViolationTrace vt = RealCounterexamples.missedWithFlags();
        String text = CounterexampleText.describe(vt);
        assertThat(text).doesNotContain("run #");
        java.util.regex.Matcher named = java.util.regex.Pattern.compile("`detector` run (\\d+) in frame (\\d+)").matcher(text);
        int seen = 0;
        while (named.find()) {
            long number = Long.parseLong(named.group(1));
            long frame = Long.parseLong(named.group(2));
            List<RunRecord> detectorRuns = vt.trace().runs().stream().filter(r -> r.system().equals("detector")).toList();
            assertThat(detectorRuns.get((int) number - 1).frame()).as("run " + number + " is the detector's " + number + "-th run")
                    .isEqualTo(frame);
            seen++;
        }
        assertThat(seen).isPositive();
    }
}
