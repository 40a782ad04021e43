package dev.ecslab.lab.explore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Interleaving;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Controlled execution: under the built-in executors a run is a function of its configuration and seed
 * (the same trace up to thread names, overlaps included), different seeds explore different
 * interleavings, and a failure caused by an overlap replays to the same verdict every time.
 */
class ControlledExecutionTest {
    static final ClassLoader LOADER = ControlledExecutionTest.class.getClassLoader();
    static final TrackerSubject GENERATION = TrackerSubject.find("generation", LOADER);

    /** The trace with thread names blanked: which worker took a task is the one thing left to timing. */
    static Trace withoutThreads(Trace t) {
        List<RunRecord> runs = t.runs().stream().map(r -> new RunRecord(r.id(), r.system(), r.stage(), r.frame(),
                r.iteration(), r.startSeq(), r.finishSeq(), r.callerThread() ? "caller" : "worker", r.tick(),
                r.lastRunTick(), r.failure(), r.callerThread())).toList();
        List<Trace.Event> events = t.events().stream().map(e -> new Trace.Event(e.seq(), e.kind(), e.frame(), e.stage(),
                e.iteration(), e.system(), "-")).toList();
        return new Trace(t.scenario(), t.config(), runs, t.changes(), t.detections(), t.memory(), t.finalState(),
                t.errors(), events, t.crashes(), t.interleaving());
    }

    static List<String> verdict(Scenario s, Trace t) {
        return Judge.judge(s, t).violations().stream().map(Violation::toString).toList();
    }

    static List<Scenario> campaign(int count) {
        List<Scenario> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            out.add(ScenarioGenerator.generate("campaign-" + i, Choices.seeded(1000 + i)));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void theSameSeedGivesTheSameTraceUpToThreadNames(String executor) {
        List<Scenario> scenarios = new ArrayList<>(Catalogue.all());
        scenarios.addAll(campaign(20));
        for (Scenario s : scenarios) {
            LabConfig config = new LabConfig(GENERATION, ExecutorSubject.of(executor), 5);
            Trace first = ScenarioRunner.run(s, config);
            Trace second = ScenarioRunner.run(s, config);
            assertThat(first.interleaving().mode()).as(s.name()).isEqualTo(Interleaving.CONTROLLED);
            assertThat(first.errors()).as(s.name()).isEmpty();
            assertThat(withoutThreads(second)).as(s.name() + " under " + executor).isEqualTo(withoutThreads(first));
        }
    }

    /** Four unordered systems, three of which write different data (they may overlap), and a detector after them. */
    static Scenario wide() {
        return Scenario.builder("wide").describe("unordered writers of different data")
                .entity("e0", java.util.Map.of(dev.ecslab.lab.scenario.Data.A, 0, dev.ecslab.lab.scenario.Data.B, 0))
                .resource(dev.ecslab.lab.scenario.Data.R, 0)
                .stage("update", st -> st
                        .system("wa", x -> x.writes(dev.ecslab.lab.scenario.Data.A))
                        .system("wb", x -> x.writes(dev.ecslab.lab.scenario.Data.B))
                        .system("wr", x -> x.writes(dev.ecslab.lab.scenario.Data.R))
                        .system("d", x -> x.watch(dev.ecslab.lab.scenario.Data.A, dev.ecslab.lab.scenario.WatchKind.CHANGED)
                                .after("wa")))
                .set(0, "wa", "e0", dev.ecslab.lab.scenario.Data.A, 1).set(0, "wb", "e0", dev.ecslab.lab.scenario.Data.B, 1)
                .setResource(0, "wr", dev.ecslab.lab.scenario.Data.R, 1).set(1, "wa", "e0", dev.ecslab.lab.scenario.Data.A, 2)
                .frames(2).build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"staged", "dynamic"})
    void seedsExploreDifferentInterleavingsAndAllOfThemOverlapSomething(String executor) {
        Scenario s = wide();
        Set<List<String>> schedules = new HashSet<>();
        int overlapping = 0;
        for (long seed = 0; seed < 20; seed++) {
            Trace t = ScenarioRunner.run(s, new LabConfig(GENERATION, ExecutorSubject.of(executor), seed));
            schedules.add(t.interleaving().choices());
            if (overlaps(t)) {
                overlapping++;
            }
            assertThat(verdict(s, t)).as("generation under a correct executor, seed " + seed).isEmpty();
        }
        assertThat(schedules).as("distinct schedules over 20 seeds").hasSizeGreaterThan(10);
        assertThat(overlapping).as("runs in which two systems overlapped").isPositive();
    }

    static boolean overlaps(Trace t) {
        for (RunRecord a : t.runs()) {
            for (RunRecord b : t.runs()) {
                if (a.id() < b.id() && a.startSeq() < b.finishSeq() && b.startSeq() < a.finishSeq()) {
                    return true;
                }
            }
        }
        return false;
    }

    @Test
    void everyOverlapFailureOfTheConflictIgnoringExecutorReplaysToTheSameVerdictTenTimes(@TempDir Path dir) {
        ExecutorSubject mutant = Mutants.executors().stream().map(Mutants.ExecutorMutant::subject)
                .filter(e -> e.id().equals("mutant:ignores-one-conflict")).findFirst().orElseThrow();
        List<Scenario> scenarios = new ArrayList<>(Catalogue.all());
        scenarios.addAll(campaign(60));
        int failing = 0;
        for (Scenario s : scenarios) {
            for (long seed = 1; seed <= 2; seed++) {
                Trace t = ScenarioRunner.run(s, new LabConfig(GENERATION, mutant, seed));
                List<String> verdict = verdict(s, t);
                if (verdict.isEmpty()) {
                    continue;
                }
                failing++;
                Path file = dir.resolve("f" + failing + ".json");
                Replay.save(file, s, t);
                Replay.Saved saved = Replay.load(file);
                assertThat(saved.trace().interleaving()).isEqualTo(t.interleaving());
                for (int k = 0; k < 10; k++) {
                    Trace again = Replay.rerun(saved.scenario(), saved.trace());
                    assertThat(again.errors()).as(s.name() + " seed " + seed + " replay " + k).isEmpty();
                    assertThat(verdict(saved.scenario(), again)).as(s.name() + " seed " + seed + " replay " + k)
                            .isEqualTo(verdict);
                    assertThat(withoutThreads(again).runs()).isEqualTo(withoutThreads(t).runs());
                }
            }
        }
        assertThat(failing).as("failing traces of the conflict-ignoring executor").isGreaterThanOrEqualTo(5);
    }

    @Test
    void aReplayThatCannotFollowItsScheduleSaysWhere() {
        Scenario s = wide();
        Trace t = ScenarioRunner.run(s, new LabConfig(GENERATION, ExecutorSubject.of("dynamic"), 3));
        List<String> choices = new ArrayList<>(t.interleaving().choices());
        assertThat(choices).isNotEmpty();
        choices.set(0, "p0/7");
        LabConfig replay = new LabConfig(GENERATION, ExecutorSubject.of("dynamic"), 3)
                .withExploration(new Exploration.Script(choices));
        Trace diverged = ScenarioRunner.run(s, replay);
        assertThat(diverged.errors()).anySatisfy(e -> assertThat(e).contains("diverged").contains("decision 0")
                .contains("frame 0"));
        assertThat(Judge.judge(s, diverged).violations()).extracting(Violation::criterion).contains(Criterion.CRASH);
    }

    /** An executor that says it follows the control and breaks it in one way. */
    record Breach(String how, dev.ecslab.ecs.executor.ExecutionControl control) implements dev.ecslab.ecs.executor.Executor {
        @Override
        public String id() {
            return "breach-" + how;
        }

        @Override
        public boolean controlled() {
            return true;
        }

        @Override
        public void execute(dev.ecslab.ecs.executor.StageRun run) {
            int n = run.stage().size();
            switch (how) {
                case "returns-early" -> {                     // hands a system off, never waits for it
                    for (int v = 0; v < n; v++) {
                        if (run.active().get(v)) {
                            control.handOff(v);
                            int system = v;
                            Thread t = new Thread(() -> {
                                run.runSystem(system);
                                control.finished(system);
                            });
                            t.setDaemon(true);
                            t.start();
                            return;
                        }
                    }
                }
                case "hands-off-twice" -> {
                    for (int v = 0; v < n; v++) {
                        if (run.active().get(v)) {
                            control.handOff(v);
                            control.handOff(v);
                        }
                    }
                }
                default -> {                                 // runs systems on threads it never handed them to
                    for (int v = 0; v < n; v++) {
                        if (run.active().get(v)) {
                            int system = v;
                            Thread t = new Thread(() -> run.runSystem(system));
                            t.setDaemon(true);
                            t.start();
                            try {
                                t.join();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                        }
                    }
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"returns-early", "hands-off-twice", "runs-on-its-own-threads"})
    void anExecutorThatBreaksTheProtocolIsOneCrashNeverAPass(String how) {
        Scenario s = Catalogue.all().get(0);
        ExecutorSubject breach = new ExecutorSubject("breach-" + how, o -> new Breach(how, o.control()));
        Trace t = ScenarioRunner.run(s, new LabConfig(GENERATION, breach, 1).withTimeout(java.time.Duration.ofSeconds(30)));
        List<Violation> crashes = Judge.judge(s, t).violations().stream().filter(v -> v.criterion() == Criterion.CRASH).toList();
        assertThat(t.timedOut()).as("ended without its timeout").isFalse();
        assertThat(crashes).as(how + ": " + t.crashes()).hasSize(1);
        assertThat(t.crashes()).singleElement().satisfies(c -> assertThat(c.call()).isEqualTo("the control protocol"));
    }
}
