package dev.ecslab.lab.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.lab.scenario.AgeJump;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.TraceConsistency;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The expiration boundary to the tick: the catalogue's age jumps land a change exactly
 * {@code MAX_AGE - 1}, {@code MAX_AGE} and {@code MAX_AGE + 1} ticks old at the detector's next run
 * (read back from the lab's own record of ticks, under every executor), and the oracle decides expiry
 * from those exact ages.
 */
class ExactAgeTest {
    static final List<String> EXECUTORS = List.of("serial", "staged", "dynamic");
    static final ClassLoader LOADER = ExactAgeTest.class.getClassLoader();

    static Trace run(Scenario s, TrackerSubject strategy, String executor) {
        Trace t = ScenarioRunner.run(s, new LabConfig(strategy, ExecutorSubject.of(executor), 1));
        assertThat(t.errors()).as(s.name() + " / " + executor).isEmpty();
        return t;
    }

    /** The detector's run in frame {@code frame}. */
    static RunRecord detectorIn(Trace t, int frame) {
        return t.runs().stream().filter(r -> r.system().equals("detector") && r.frame() == frame).findFirst().orElseThrow();
    }

    /** How old the newest change of frame {@code frame - 1} is at the detector's run in {@code frame}, by the lab's ticks. */
    static long ageAtDetector(Trace t, int frame) {
        long last = t.changes().stream().filter(c -> c.frame() == frame - 1).mapToLong(ChangeRecord::tick).max().orElseThrow();
        return t.runTick(detectorIn(t, frame)) - last;
    }

    @Test
    void theAgeJumpsLandTheLastChangeOnTheBoundaryAtTheDetectorsNextRun() {
        TrackerSubject generation = TrackerSubject.find("generation", LOADER);
        for (Target target : Target.values()) {
            Scenario s = Catalogue.changeAtTheMaximumAge(target);
            for (String e : EXECUTORS) {
                Trace t = run(s, generation, e);
                List<Long> ages = new ArrayList<>();
                for (int f = 1; f <= 4; f++) {
                    ages.add(ageAtDetector(t, f));
                }
                assertThat(ages).as(s.name() + " / " + e).containsExactly(ClockJump.MAX_AGE - 1, ClockJump.MAX_AGE,
                        ClockJump.MAX_AGE + 1, ClockJump.MAX_AGE - 1);
                assertThat(Judge.judge(s, t).violations()).as(s.name() + " / " + e).isEmpty();
                // generation, Bevy's semantics: reported one tick short of the maximum age, not at it or beyond
                assertThat(reported(t, 1)).as("frame 1").isNotEmpty();
                assertThat(reported(t, 2)).as("frame 2").isEmpty();
                assertThat(reported(t, 3)).as("frame 3").isEmpty();
                assertThat(reported(t, 4)).as("frame 4").isNotEmpty();
            }
        }
    }

    static List<String> reported(Trace t, int frame) {
        int run = detectorIn(t, frame).id();
        return t.detections().stream().filter(d -> d.run() == run).flatMap(d -> d.reported().stream()).toList();
    }

    /**
     * The oracle judges by the exact age: a report dropped at the run where the change is exactly the
     * maximum age old is accepted (expired), one dropped where it is one tick younger is a miss. Before
     * exact ages, the oracle could not tell the two apart.
     */
    @Test
    void theOracleTellsOneTickShortOfTheMaximumAgeFromTheMaximumAge() {
        Scenario s = Catalogue.changeAtTheMaximumAge(Target.COMPONENT);
        Trace reportsAll = run(s, TrackerSubject.find("system-data", LOADER), "serial");
        assertThat(Judge.judge(s, reportsAll).violations()).as("system-data, tick-free, reports every change: right too").isEmpty();
        for (int f = 1; f <= 4; f++) {
            assertThat(reported(reportsAll, f)).as("frame " + f).isNotEmpty();
        }
        assertThat(Judge.judge(s, withoutReportsIn(reportsAll, 2)).violations()).as("exactly MAX_AGE old: expired").isEmpty();
        assertThat(Judge.judge(s, withoutReportsIn(reportsAll, 3)).violations()).as("MAX_AGE + 1 old: expired").isEmpty();
        assertThat(Judge.judge(s, withoutReportsIn(reportsAll, 1)).violations()).as("MAX_AGE - 1 old: owed")
                .anyMatch(v -> v.criterion() == Criterion.AT_LEAST_ONCE && v.message().contains("never reported"));
    }

    /** The trace with the detector's reports of frame {@code frame} dropped (what a strategy that let them expire sends). */
    static Trace withoutReportsIn(Trace t, int frame) {
        int run = detectorIn(t, frame).id();
        List<Detection> detections = t.detections().stream()
                .map(d -> d.run() == run ? new Detection(d.run(), d.watch(), List.of()) : d).toList();
        return new Trace(t.scenario(), t.config(), t.runs(), t.changes(), detections, t.memory(), t.finalState(), t.errors(),
                t.events(), t.crashes(), t.interleaving(), t.frameTicks());
    }

    @Test
    void ageJumpsAreDataThatJsonKeepsAndValidationBounds() {
        Scenario s = Catalogue.changeAtTheMaximumAge(Target.RESOURCE);
        String json = ScenarioJson.write(s);
        assertThat(json).contains("\"ageJumps\"").contains("\"belowMaxAge\"");
        assertThat(ScenarioJson.read(json, "test").ageJumps()).isEqualTo(s.ageJumps());
        assertThatThrownBy(() -> s.withAgeJumps(List.of(new AgeJump(0, 1)))).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("ageJumps[0].beforeFrame");
        assertThatThrownBy(() -> s.withAgeJumps(List.of(new AgeJump(s.totalFrames(), 1))))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("ageJumps[0].beforeFrame");
        assertThatThrownBy(() -> s.withAgeJumps(List.of(new AgeJump(1, AgeJump.MAX_BELOW + 1))))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("ageJumps[0].belowMaxAge");
        assertThatThrownBy(() -> s.withAgeJumps(List.of(new AgeJump(1, 1), new AgeJump(1, 2))))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("a second jump before frame 1");
        assertThatThrownBy(() -> Scenario.builder("both").entity("e0", dev.ecslab.lab.scenario.Data.A, 0)
                .stage("u", st -> st.system("w", w -> w.writes(dev.ecslab.lab.scenario.Data.A))).frames(2)
                .clockJump(1, 1L << 30).ageJump(1, 1).build()).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("a second jump before frame 1");
    }

    /** The lab's record of the clock is checked when a trace is read: an age jump's size is known from nothing else. */
    @Test
    void aTraceOfAgeJumpsWithoutTheClockOrWithAForgedTickIsRefused() {
        Scenario s = Catalogue.changeAtTheMaximumAge(Target.COMPONENT);
        Trace t = run(s, TrackerSubject.find("generation", LOADER), "serial");
        TraceConsistency.check(s, t);
        Trace noClock = new Trace(t.scenario(), t.config(), t.runs(), t.changes(), t.detections(), t.memory(), t.finalState(),
                t.errors(), t.events(), t.crashes(), t.interleaving());
        assertThatThrownBy(() -> TraceConsistency.check(s, noClock)).hasMessageContaining("frameTicks");
        List<ChangeRecord> forged = t.changes().stream().map(c -> c.authorRun() < 0 ? c : new ChangeRecord(c.id(), c.author(),
                c.authorRun(), c.seq(), c.frame(), c.data(), c.entity(), c.type(), c.cause(), c.tick() + 1)).toList();
        Trace younger = new Trace(t.scenario(), t.config(), t.runs(), forged, t.detections(), t.memory(), t.finalState(),
                t.errors(), t.events(), t.crashes(), t.interleaving(), t.frameTicks());
        assertThatThrownBy(() -> TraceConsistency.check(s, younger)).hasMessageContaining("its run's tick");
    }

    @Test
    void theShrinkerDropsAgeJumpsNoFailureNeeds() {
        Scenario s = Catalogue.changeAtTheMaximumAge(Target.COMPONENT);
        Scenario kept = new dev.ecslab.lab.campaign.Shrinker(c -> c.ageJumps().stream().anyMatch(j -> j.belowMaxAge() == 1),
                400).shrink(s);
        assertThat(kept.ageJumps()).extracting(AgeJump::belowMaxAge).containsExactly(1);
        Scenario none = new dev.ecslab.lab.campaign.Shrinker(c -> true, 400).shrink(s);
        assertThat(none.ageJumps()).isEmpty();
    }
}
