package dev.ecslab.lab.criteria;

import dev.ecslab.lab.results.DelayTally;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.oracle.Obligation;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Timeliness is part of criterion 1: a change must be reported by the detector's first run
 * after it, or within the delay the claim allows ({@code Trace.Config.delayFrames}). Real traces of a
 * correct strategy are rewritten so that a report moves later or disappears, and the same trace is
 * judged under an allowed delay of 0 and of 1: on time passes both, one frame late fails only 0, two
 * frames late fails 1, never reported fails both, and a change whose component is removed before any
 * report is excused only while the allowed delay had not run out. The findings carry the scenario
 * classes (commands, resources) of their change, and the lab's delay figures show a mutant that
 * reports every change two frames late.
 */
class TimelinessTest {
    static final ClassLoader LOADER = TimelinessTest.class.getClassLoader();
    static final Watch MUTATED_A = new Watch(Data.A, WatchKind.MUTATED);

    static Trace realTrace(Scenario s) {
        Trace t = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"),
                1));
        assertThat(t.crashed()).as(t.errors() + " " + t.crashes()).isFalse();
        return t;
    }

    /** The same trace recorded under a claim that allows {@code frames} frames of delay. */
    static Trace allowing(Trace t, int frames) {
        Trace.Config c = t.config();
        return new Trace(t.scenario(), new Trace.Config(c.strategy(), c.flavor(), c.executor(), c.seed(), c.threads(), frames,
                c.plugins()), t.runs(), t.changes(), t.detections(), t.memory(), t.finalState(), t.errors(), t.events(),
                t.crashes());
    }

    static RunRecord run(Trace t, String system, long frame) {
        return t.runs().stream().filter(r -> r.system().equals(system) && r.frame() == frame && r.iteration() == 0)
                .findFirst().orElseThrow();
    }

    /**
     * The trace with {@code key}'s report of {@code watch} taken from the detector's run in frame
     * {@code from} and, unless {@code to} is {@code null}, given to its run in frame {@code to}.
     */
    static Trace movedReport(Trace t, String detector, Watch watch, String key, long from, Long to) {
        int fromRun = run(t, detector, from).id();
        int toRun = to == null ? -1 : run(t, detector, to).id();
        List<Detection> out = new ArrayList<>();
        boolean taken = false;
        for (Detection d : t.detections()) {
            if (!d.watch().equals(watch)) {
                out.add(d);
                continue;
            }
            List<String> reported = new ArrayList<>(d.reported());
            if (d.run() == fromRun) {
                taken = reported.remove(key);
            }
            if (d.run() == toRun) {
                reported.add(key);
            }
            out.add(new Detection(d.run(), d.watch(), reported));
        }
        assertThat(taken).as(detector + "'s run in frame " + from + " reported " + key).isTrue();
        return new Trace(t.scenario(), t.config(), t.runs(), t.changes(), out, t.memory(), t.finalState(), t.errors(),
                t.events(), t.crashes());
    }

    static List<Violation> of(Outcome o, Criterion c) {
        return o.violations().stream().filter(v -> v.criterion() == c).toList();
    }

    /** The one obligation of the change {@code author} made. */
    static Obligation obligationOf(Outcome o, String author) {
        List<Obligation> found = o.obligations().stream().filter(x -> x.change().author().equals(author)).toList();
        assertThat(found).as("obligations of " + author).hasSize(1);
        return found.get(0);
    }

    /**
     * The writer runs after the detector, so its change in frame 0 falls due at the detector's run in
     * frame 1 (no same-frame question). Frames 2 and 3 follow (the quiet tail), so a report can come
     * one and two frames late.
     */
    static Scenario writerAfterDetector() {
        return Scenario.builder("timeliness")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st
                        .system("detector", x -> x.watch(Data.A, WatchKind.MUTATED))
                        .system("writer", x -> x.writes(Data.A).after("detector")))
                .frames(2)
                .set(0, "writer", "e0", Data.A, 1)
                .build();
    }

    /** Whether the obligation is met within {@code allowed} frames, against its detector's runs in the outcome's trace. */
    static boolean met(Outcome o, Obligation ob, int allowed) {
        return ob.metWithin(allowed, dev.ecslab.lab.oracle.DetectionOracle.detectorRuns(o.trace(), ob.detector()));
    }

    @Test
    void aChangeReportedAtItsDueRunIsOnTime() {
        Scenario s = writerAfterDetector();
        Trace real = realTrace(s);
        Outcome o = Judge.judge(s, real);
        assertThat(o.violations()).isEmpty();
        Obligation ob = obligationOf(o, "writer");
        assertThat(ob.due()).isEqualTo(run(real, "detector", 1));
        assertThat(ob.reportedBy()).isEqualTo(ob.due());
        assertThat(ob.delayRuns()).isZero();
        assertThat(ob.delayFrames()).isZero();
        assertThat(ob.onTime()).isTrue();
        assertThat(met(o, ob, 0)).isTrue();
        assertThat(o.evidence(Criterion.AT_LEAST_ONCE)).isEqualTo(1);
    }

    @Test
    void aReportOneFrameLateFailsCriterionOneUnderNoDelayAndPassesUnderOneFrame() {
        Scenario s = writerAfterDetector();
        Trace late = movedReport(realTrace(s), "detector", MUTATED_A, "e0", 1, 2L);

        Outcome strict = Judge.judge(s, allowing(late, 0));
        assertThat(strict.violations()).singleElement().satisfies(v -> {
            assertThat(v.criterion()).isEqualTo(Criterion.AT_LEAST_ONCE);
            assertThat(v.finding().type()).isEqualTo(FindingType.DELAYED);
            assertThat(v.message()).isEqualTo("detector reported the change writer (run #" + run(late, "writer", 0).id()
                    + ") mutated A of entity e0 in frame 0 late: its first run after it was " + run(late, "detector", 1)
                    + ", but only " + run(late, "detector", 2) + " reported it, 1 run(s) and 1 frame(s) later (Mutated<A>);"
                    + " the claim allows no delay");
        });
        Obligation ob = obligationOf(strict, "writer");
        assertThat(ob.delayRuns()).isEqualTo(1);
        assertThat(ob.delayFrames()).isEqualTo(1);
        assertThat(ob.onTime()).isFalse();
        assertThat(met(strict, ob, 0)).isFalse();
        assertThat(met(strict, ob, 1)).isTrue();

        Outcome delayed = Judge.judge(s, allowing(late, 1));
        assertThat(delayed.violations()).as("one frame late is within a one-frame claim").isEmpty();
        assertThat(delayed.findings()).extracting(f -> f.type()).containsExactly(FindingType.DELAYED);
    }

    @Test
    void aReportTwoFramesLateFailsAOneFrameClaim() {
        Scenario s = writerAfterDetector();
        Trace late = movedReport(realTrace(s), "detector", MUTATED_A, "e0", 1, 3L);
        Outcome o = Judge.judge(s, allowing(late, 1));
        assertThat(o.violations()).singleElement().satisfies(v -> {
            assertThat(v.criterion()).isEqualTo(Criterion.AT_LEAST_ONCE);
            assertThat(v.message()).contains("only " + run(late, "detector", 3) + " reported it, 2 run(s) and 2 frame(s) later")
                    .endsWith("; the claim allows 1 frame(s), and the detector ran in time to report it");
        });
        assertThat(met(o, obligationOf(o, "writer"), 1)).isFalse();
        assertThat(met(o, obligationOf(o, "writer"), 2)).isTrue();
        assertThat(Judge.judge(s, allowing(late, 2)).violations()).as("within a two-frame claim").isEmpty();
    }

    @Test
    void aChangeNeverReportedIsMissedWhateverTheAllowedDelay() {
        Scenario s = writerAfterDetector();
        Trace never = movedReport(realTrace(s), "detector", MUTATED_A, "e0", 1, null);
        for (int allowed : new int[] {0, 1}) {
            Outcome o = Judge.judge(s, allowing(never, allowed));
            assertThat(o.violations()).as("allowed " + allowed).singleElement().satisfies(v -> {
                assertThat(v.criterion()).isEqualTo(Criterion.AT_LEAST_ONCE);
                assertThat(v.finding().type()).isEqualTo(FindingType.MISSED);
                assertThat(v.finding().dropped()).isFalse();
                assertThat(v.message()).isEqualTo("detector never reported the change: writer (run #" + run(never, "writer", 0).id()
                        + ") mutated A of entity e0 in frame 0; its runs after it ended with " + run(never, "detector", 3)
                        + " (Mutated<A>)");
            });
            Obligation ob = obligationOf(o, "writer");
            assertThat(ob.reported()).isFalse();
            assertThat(ob.delayFrames()).isEqualTo(-1);
            assertThat(met(o, ob, allowed)).isFalse();
        }
    }

    /** As {@link #writerAfterDetector}, and a remover that removes {@code A} from e0 in {@code removalFrame}. */
    static Scenario removedLater(int removalFrame) {
        return Scenario.builder("removed in frame " + removalFrame)
                .entity("e0", Map.of(Data.A, 0, Data.B, 0))
                .stage("update", st -> st
                        .system("detector", x -> x.watch(Data.A, WatchKind.MUTATED))
                        .system("writer", x -> x.writes(Data.A).after("detector"))
                        .system("remover", x -> { }))
                .frames(4)
                .set(0, "writer", "e0", Data.A, 1)
                .command(removalFrame, "remover", EditOp.REMOVE, "e0", Data.A, 0)
                .build();
    }

    @Test
    void aChangeRemovedBeforeAnyReportIsExcusedOnlyWhileTheAllowedDelayHadNotRunOut() {
        // Removed at frame 1's sync point: the detector's due run (frame 1) was its last chance, and a
        // one-frame claim could still have reported it in frame 2, had the component not gone.
        Scenario early = removedLater(1);
        Trace earlyTrace = movedReport(realTrace(early), "detector", MUTATED_A, "e0", 1, null);
        Outcome strict = Judge.judge(early, allowing(earlyTrace, 0));
        assertThat(strict.violations()).singleElement().satisfies(v -> {
            assertThat(v.criterion()).isEqualTo(Criterion.AT_LEAST_ONCE);
            assertThat(v.finding().dropped()).isTrue();
            assertThat(v.message()).isEqualTo("detector never reported the change: writer (run #"
                    + run(earlyTrace, "writer", 0).id() + ") mutated A of entity e0 in frame 0; its first run after it, "
                    + run(earlyTrace, "detector", 1) + ", did not, and then the component was removed (Mutated<A>)");
        });
        Obligation ob = obligationOf(strict, "writer");
        assertThat(ob.dropped()).isEqualTo(run(earlyTrace, "detector", 1));
        assertThat(met(strict, ob, 0)).isFalse();
        assertThat(met(strict, ob, 1)).isTrue();
        assertThat(Judge.judge(early, allowing(earlyTrace, 1)).violations()).as("excused under a one-frame claim").isEmpty();

        // Removed at frame 3's sync point: the runs in frames 1 and 2 could have reported it in time.
        Scenario late = removedLater(3);
        Trace lateTrace = movedReport(realTrace(late), "detector", MUTATED_A, "e0", 1, null);
        Outcome lenient = Judge.judge(late, allowing(lateTrace, 1));
        assertThat(lenient.violations()).singleElement().satisfies(v -> {
            assertThat(v.criterion()).isEqualTo(Criterion.AT_LEAST_ONCE);
            assertThat(v.finding().dropped()).isTrue();
            assertThat(v.message()).contains("and then the component was removed");
        });
        assertThat(obligationOf(lenient, "writer").dropped()).isEqualTo(run(lateTrace, "detector", 3));
        assertThat(met(lenient, obligationOf(lenient, "writer"), 1)).isFalse();
    }

    // ------------------------------------------------------------------ classes

    @Test
    void aMissedCommandChangeIsInTheCommandsClassAndADirectWriteIsNot() {
        Scenario s = Scenario.builder("command change")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st
                        .system("detector", x -> x.watch(Data.B, WatchKind.ADDED))
                        .system("adder", x -> { }))
                .frames(1)
                .command(0, "adder", EditOp.INSERT, "e0", Data.B, 1)
                .build();
        Trace missed = movedReport(realTrace(s), "detector", new Watch(Data.B, WatchKind.ADDED), "e0", 1, null);
        Outcome o = Judge.judge(s, missed);
        assertThat(o.violations()).singleElement().satisfies(v -> {
            assertThat(v.criterion()).isEqualTo(Criterion.AT_LEAST_ONCE);
            assertThat(v.classes()).containsExactlyInAnyOrder(ScenarioClass.REGULAR, ScenarioClass.COMMANDS);
            assertThat(v.finding().classes()).containsExactlyInAnyOrder(ScenarioClass.REGULAR, ScenarioClass.COMMANDS);
            assertThat(v.message()).contains("the world (adder's insert command) added B of entity e0 in frame 0");
        });
        assertThat(o.evidence().get(Criterion.AT_LEAST_ONCE)).containsEntry(ScenarioClass.COMMANDS, 1);

        Outcome direct = Judge.judge(writerAfterDetector(), movedReport(realTrace(writerAfterDetector()), "detector",
                MUTATED_A, "e0", 1, null));
        assertThat(direct.violations()).singleElement().satisfies(v ->
                assertThat(v.classes()).containsExactly(ScenarioClass.REGULAR));
    }

    @Test
    void aMissedResourceChangeIsInTheResourcesClass() {
        Scenario s = Scenario.builder("resource change")
                .resource(Data.R, 0)
                .stage("update", st -> st
                        .system("writer", x -> x.writes(Data.R).before("detector"))
                        .system("detector", x -> x.watch(Data.R, WatchKind.MUTATED)))
                .frames(1)
                .setResource(0, "writer", Data.R, 5)
                .build();
        Watch watch = new Watch(Data.R, WatchKind.MUTATED);
        Trace real = realTrace(s);
        assertThat(Judge.judge(s, real).violations()).isEmpty();
        Trace missed = movedReport(real, "detector", watch, "R", 0, null);
        Outcome o = Judge.judge(s, missed);
        String change = "writer (run #" + run(missed, "writer", 0).id() + ") mutated resource R in frame 0";
        assertThat(of(o, Criterion.AT_LEAST_ONCE)).singleElement().satisfies(v -> {
            assertThat(v.scope()).isEqualTo(new Scope(true, WatchKind.MUTATED));
            assertThat(v.classes()).containsExactlyInAnyOrder(ScenarioClass.REGULAR, ScenarioClass.RESOURCES);
            assertThat(v.message()).startsWith("detector never reported the change: " + change);
        });
        // the writer runs before the detector, so the due run is in the change's frame: criterion 3 fails too
        assertThat(of(o, Criterion.SAME_FRAME)).singleElement().satisfies(v -> {
            assertThat(v.classes()).containsExactlyInAnyOrder(ScenarioClass.REGULAR, ScenarioClass.RESOURCES);
            assertThat(v.message()).contains(change);
        });
    }

    // ------------------------------------------------------------------ the lab's delay figures

    @Test
    void theDelayFiguresOfALabRowShowAMutantThatReportsTwoFramesLate() {
        TrackerSubject lateByTwo = Mutants.trackers().stream().map(Mutants.TrackerMutant::subject)
                .filter(t -> t.id().equals("mutant:late-by-two-frames")).findFirst().orElseThrow();
        TrackerSubject generation = TrackerSubject.find("generation", LOADER);
        Matrix m = new Lab(LabOptions.defaults().withTries(0).withMemory(false)).run(List.of(lateByTwo, generation),
                List.of(ExecutorSubject.of("serial")), Catalogue.all());

        Row late = m.row(lateByTwo.label(), "serial");
        DelayTally d = late.cell(Criterion.AT_LEAST_ONCE).delays().all();
        System.out.println("TimelinessTest: " + lateByTwo.id() + " / serial: " + d);
        assertThat(d.obligations()).isPositive();
        assertThat(d.late()).isPositive();
        assertThat(d.maxFrames()).isGreaterThanOrEqualTo(2);
        assertThat(d.meanFrames()).isGreaterThan(0.0).isLessThanOrEqualTo(d.maxFrames());
        assertThat(late.cell(Criterion.AT_LEAST_ONCE).fails()).isTrue();
        assertThat(late.measured()).isNotIn(MeasuredClass.EXACT, MeasuredClass.EXACT_DELAYED);

        Row exact = m.row("generation", "serial");
        DelayTally g = exact.cell(Criterion.AT_LEAST_ONCE).delays().all();
        assertThat(g.obligations()).isPositive();
        assertThat(g.late()).isZero();
        assertThat(g.missed()).isZero();
        assertThat(g.maxFrames()).isZero();
        assertThat(g.meanFrames()).isZero();
        assertThat(exact.measured()).isEqualTo(MeasuredClass.EXACT);
    }
}
