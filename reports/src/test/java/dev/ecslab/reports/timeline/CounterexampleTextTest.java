package dev.ecslab.reports.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.RunRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The words for real counterexamples name who, what, where and when, and give the trace's reason. */
class CounterexampleTextTest {

    /** The run's number among its system's runs, from 1, counted from the trace itself. */
    static long ordinal(ViolationTrace vt, RunRecord run) {
        return vt.trace().runs().stream().filter(r -> r.system().equals(run.system()) && r.startSeq() <= run.startSeq()).count();
    }

    @Test
    void aMissWithFlagsNamesTheDetectorWriterComponentEntityFrameAndTheFrameEnd() {
        ViolationTrace vt = RealCounterexamples.missedWithFlags();
        Finding f = vt.violation().finding();
        ChangeRecord c = f.change();
        String text = CounterexampleText.describe(vt);
        System.out.println("CounterexampleTextTest (MISSED): " + text);
        assertThat(text).contains("`" + f.detector() + "` missed").contains("`changer`")
                .contains("`" + c.data().name() + "`").contains("entity " + c.entity()).contains("in frame " + c.frame());
        RunRecord next = vt.trace().runs().stream()
                .filter(r -> r.system().equals(f.detector()) && r.startSeq() > c.seq()).findFirst().orElseThrow();
        assertThat(next.frame()).as("the trace itself: the detector's next run is in a later frame").isGreaterThan(c.frame());
        long ordinal = vt.trace().runs().stream().filter(r -> r.system().equals(f.detector()) && r.startSeq() <= next.startSeq())
                .count();
        assertThat(text).contains("Why: ").contains("its next run, `detector` run " + ordinal + ", came only in frame " + next.frame())
                .contains("one frame end").contains("`flags` strategy is described as \"P1: added/mutated flags, cleared at frame end\"")
                .contains("`serial` executor, seed 1");
    }

    @Test
    void aRepeatNamesBothRunsAndThatNothingChangedBetweenThem() {
        ViolationTrace vt = RealCounterexamples.repeatedWithReportsTwice();
        Finding f = vt.violation().finding();
        String text = CounterexampleText.describe(vt);
        System.out.println("CounterexampleTextTest (REPEATED): " + text);
        assertThat(text).contains("`detector` reported").contains("resource `" + f.watch().data().name() + "`")
                .contains("twice").contains("first in `detector` run " + ordinal(vt, f.earlier()) + " in frame " + f.earlier().frame())
                .contains("then again in `detector` run " + ordinal(vt, f.run()) + " in frame " + f.run().frame())
                .contains("nothing changed resource `R` between them").contains("`mutant:reports-twice`").contains("reported twice");
        boolean changedBetween = vt.trace().changes().stream().anyMatch(c -> c.data() == f.watch().data()
                && c.seq() > f.earlier().startSeq() && c.seq() < f.run().startSeq());
        assertThat(changedBetween).as("consistent with the trace").isFalse();
    }

    @Test
    void anOrderingViolationSaysWhichRunStartedBeforeWhichFinished() {
        ViolationTrace vt = RealCounterexamples.orderingWithIgnoresOneBefore();
        String text = CounterexampleText.describe(vt);
        System.out.println("CounterexampleTextTest (ORDERING): " + text);
        // The runs the violation names (a controlled run may keep the order in one frame and break it in another).
        java.util.regex.Matcher d = java.util.regex.Pattern.compile("detector run #(\\d+)").matcher(vt.violation().message());
        java.util.regex.Matcher c = java.util.regex.Pattern.compile("changer run #(\\d+)").matcher(vt.violation().message());
        assertThat(d.find() && c.find()).as(vt.violation().message()).isTrue();
        RunRecord detector = vt.trace().run(Integer.parseInt(d.group(1)));
        RunRecord changer = vt.trace().run(Integer.parseInt(c.group(1)));
        assertThat(detector.startSeq()).as("the trace: detector started before changer finished")
                .isLessThan(changer.finishSeq());
        assertThat(text).contains("`mutant:ignores-one-before` executor")
                .contains("`detector` run " + ordinal(vt, detector) + " in frame " + detector.frame())
                .contains("`changer` run " + ordinal(vt, changer))
                .contains("started at event " + detector.startSeq())
                .contains("orders `changer` before `detector`")
                .contains(changer.startSeq() > detector.startSeq() ? "had even started" : "was still running");
        // The thread is named only when the run used several: which worker ran what is the executor's timing, so
        // a loaded machine may run the whole trace on one thread (this test failed once that way in a full build).
        long threads = vt.trace().runs().stream().map(RunRecord::thread).distinct().count();
        if (threads > 1) {
            assertThat(text).contains("on thread " + detector.thread());
        } else {
            assertThat(text).doesNotContain("on thread");
        }
    }

    @Test
    void aLateReportSaysItWasTheFirstRunInTheSameFrameAndWhenItCame() {
        ViolationTrace vt = RealCounterexamples.lateWithLastTick();
        Finding f = vt.violation().finding();
        String text = CounterexampleText.describe(vt);
        System.out.println("CounterexampleTextTest (LATE): " + text);
        assertThat(f.change().frame()).isEqualTo(f.run().frame());
        assertThat(text).contains("`detector` run " + ordinal(vt, f.run()) + " in frame " + f.run().frame() + " did not report")
                .contains("first run after the change").contains("same frame").contains("`last-tick`")
                .contains("entity " + f.entity()).contains("(the scenario orders `changer` before `detector`)")
                .contains("Only `detector` run " + (ordinal(vt, f.run()) + 1) + " in frame " + (f.run().frame() + 1)
                        + " reported it, 1 frame late");
    }

    @Test
    void theReportsCounterexampleAndAReplayFileGiveTheSameWords(@TempDir Path dir) {
        Counterexample cx = RealCounterexamples.fromTheLab();
        String words = CounterexampleText.describe(cx);
        assertThat(words).contains("`detector` missed").contains("frame end").contains(cx.scenario().name());
        assertThat(cx.shrinking().shrunk()).as("a catalogue scenario is shown as written").isFalse();
        assertThat(cx.shrinking().describe()).isEqualTo("not shrunk: a catalogue scenario, shown as written");
        Path file = dir.resolve("cx.json");
        Replay.save(file, cx.scenario(), cx.trace());
        List<ViolationTrace> replayed = ViolationTrace.all(Replay.load(file));
        assertThat(replayed).extracting(v -> CounterexampleText.describe(v)).contains(words);
    }
}
