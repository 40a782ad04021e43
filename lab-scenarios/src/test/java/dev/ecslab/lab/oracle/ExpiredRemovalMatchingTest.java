package dev.ecslab.lab.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A removal list names an entity once per removal, so the oracle matches each report to one removal. When a
 * reader was away across an age jump, the same entity may have an older removal that has reached the maximum
 * change age (Bevy's semantics let it go) and a newer one that is owed. A report of the entity is the newer
 * removal: matched to the older one, it left the newer one "never reported" although it was (the finding of a
 * 10 000-scenario gate on 2026-11-30, seed 10453, {@code GenerationAtScaleFindingsTest}).
 */
class ExpiredRemovalMatchingTest {
    static final ClassLoader LOADER = ExpiredRemovalMatchingTest.class.getClassLoader();

    /**
     * A looping stage of two iterations; the detector watches {@code Removed<S>} and is paused in frames 2 and 3.
     * In frame 2 a command takes {@code S} from e0 and another puts it back; before frame 3 the clock jumps so
     * that those changes are the maximum change age plus one tick old at the frame's first tick; in frame 3 a
     * command despawns e0. The detector's run in frame 4 owes the despawn's removal and may report the other.
     */
    static Scenario removedAgainAfterAnAgeJump() {
        return Scenario.builder("removed again after an age jump")
                .entity("e0", Data.S, 1)
                .entity("e1", Data.S, 2)
                .loopingStage("update", 2, st -> st
                        .system("detector", s -> s.watch(Data.S, WatchKind.REMOVED).pausedBy("away"))
                        .system("changer", s -> s.after("detector")))
                .pauses("away", "1100")
                .frames(4)
                .command(2, "changer", EditOp.REMOVE, "e0", Data.S, 0)
                .command(2, "changer", EditOp.INSERT, "e0", Data.S, 3)
                .ageJump(3, -1)
                .command(3, "changer", EditOp.DESPAWN, "e0", null, 0)
                .build();
    }

    static Trace run(Scenario s, String strategy) {
        Trace t = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find(strategy, LOADER), ExecutorSubject.of("serial"), 1));
        assertThat(t.errors()).as(strategy).isEmpty();
        return t;
    }

    /** The detector's first run in {@code frame}. */
    static RunRecord detectorIn(Trace t, int frame) {
        return t.runs().stream().filter(r -> r.system().equals("detector") && r.frame() == frame)
                .min(java.util.Comparator.comparingLong(RunRecord::startSeq)).orElseThrow();
    }

    static List<String> reported(Trace t, int frame) {
        int run = detectorIn(t, frame).id();
        return t.detections().stream().filter(d -> d.run() == run).flatMap(d -> d.reported().stream()).toList();
    }

    @Test
    void aReportOfTheEntityIsTheRemovalThatIsOwedNotTheExpiredOne() {
        Scenario s = removedAgainAfterAnAgeJump();
        Trace generation = run(s, "generation");
        assertThat(reported(generation, 4)).as("generation lets the expired removal go and reports the despawn")
                .containsExactly("e0");
        assertThat(Judge.judge(s, generation).violations()).as("generation").isEmpty();

        Trace systemData = run(s, "system-data");
        assertThat(reported(systemData, 4)).as("system-data, tick-free, reports both removals").containsExactly("e0", "e0");
        assertThat(Judge.judge(s, systemData).violations()).as("system-data").isEmpty();
    }

    /** Not vacuous: a detector told nothing misses the despawn, and the expired removal cannot be reported later. */
    @Test
    void theDespawnStaysOwedAndTheExpiredRemovalIsNoLaterReport() {
        Scenario s = removedAgainAfterAnAgeJump();
        Trace generation = run(s, "generation");
        assertThat(Judge.judge(s, withReport(generation, 4, List.of())).violations())
                .anyMatch(v -> v.criterion() == Criterion.AT_LEAST_ONCE && v.message().contains("never reported"));
        assertThat(Judge.judge(s, withReport(generation, 5, List.of("e0"))).violations())
                .anyMatch(v -> v.criterion() == Criterion.AT_MOST_ONCE);
    }

    /** The trace with the detector's {@code Removed<S>} report in its first run of {@code frame} replaced. */
    static Trace withReport(Trace t, int frame, List<String> reported) {
        int run = detectorIn(t, frame).id();
        List<Detection> detections = t.detections().stream()
                .map(d -> d.run() == run ? new Detection(d.run(), d.watch(), reported) : d).toList();
        return new Trace(t.scenario(), t.config(), t.runs(), t.changes(), detections, t.memory(), t.finalState(), t.errors(),
                t.events(), t.crashes(), t.interleaving(), t.frameTicks());
    }
}
