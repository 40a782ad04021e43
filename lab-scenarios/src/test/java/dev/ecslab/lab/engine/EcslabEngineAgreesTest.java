package dev.ecslab.lab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ecslab's world judged through the engine interface ({@link EcslabEngine}, driven by the lab's serial driver) gets
 * the class the native lab measures under the {@code serial} executor, on the same scenarios (the catalogue and a
 * campaign, those without a clock the engine path cannot play: {@link #clockFree}), for every built-in strategy and
 * for mutants that lose and repeat changes. Where the two paths differ on a
 * scenario, the test names the scenario and the verdicts of both, so a disagreement can be explained rather than
 * hidden.
 */
class EcslabEngineAgreesTest {
    static final long SEED = 4_242;
    static final int TRIES = 100;
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final List<String> MUTANTS = List.of("mutant:reports-twice", "mutant:loses-ticks-on-move");

    /**
     * Whether the engine path plays {@code s} as the native lab does. It has no clock: the lab's serial driver plays
     * no start tick, clock jump, age jump or idle frame (an engine under test has no ticks, and no change of it ages
     * out), so on a scenario with any of them the native lab judges a world whose old changes expire and the engine
     * path one where they are owed. Seed 4 251 is one: an age jump before frame 1 makes a frame-0 change expire
     * natively, and the engine path owes it (flags then fails criterion 1 there, and reports-twice criterion 2).
     */
    static boolean clockFree(Scenario s) {
        return s.startTick() == null && s.clockJumps().isEmpty() && s.ageJumps().isEmpty();
    }

    static List<TrackerSubject> subjects() {
        List<TrackerSubject> out = new ArrayList<>();
        for (TrackerSubject t : TrackerSubject.all(EcslabEngineAgreesTest.class.getClassLoader())) {
            if (ChangeTrackerProvider.BUILT_IN.contains(t.id())) {
                out.add(t);
            }
        }
        for (String id : MUTANTS) {
            out.add(Mutants.trackers().stream().filter(m -> m.subject().id().equals(id)).findFirst().orElseThrow().subject());
        }
        return out;
    }

    /** On the catalogue's clock-free scenarios: every built-in strategy and mutant, in the default build. */
    @Test
    void onTheCatalogueTheEnginePathMeasuresTheClassTheNativeSerialLabMeasures() {
        agree(0);
    }

    /** On the catalogue and a campaign of {@value #TRIES}: a longer comparison, in the {@code long} profile. */
    @Test
    @org.junit.jupiter.api.Tag("long")
    void onACampaignTheEnginePathMeasuresTheClassTheNativeSerialLabMeasures() {
        agree(TRIES);
    }

    private static void agree(int tries) {
        List<TrackerSubject> subjects = subjects();
        ExecutorSubject serial = ExecutorSubject.of("serial");
        // The same scenarios on both paths: the catalogue and the campaign, clock-free, each run once (the native lab
        // takes them all as its catalogue, under one seed).
        List<Scenario> scenarios = EngineLab.scenarios(Catalogue.all(), tries, SEED).stream()
                .filter(EcslabEngineAgreesTest::clockFree).toList();
        System.out.println("EcslabEngineAgreesTest: " + scenarios.size() + " clock-free scenarios of the catalogue and "
                + tries + " from seed " + SEED);
        LabOptions options = LabOptions.builder().tries(0).campaignSeed(SEED).catalogueSeeds(List.of(SEED))
                .catalogueSearch(-1, 1).memory(false).shrinkAttempts(0).runTimeout(TIMEOUT).build();
        Matrix native_ = new Lab(options).run(subjects, List.of(serial), scenarios);
        Map<String, MeasuredClass[]> table = new LinkedHashMap<>();
        List<String> disagreements = new ArrayList<>();
        for (int i = 0; i < subjects.size(); i++) {
            TrackerSubject t = subjects.get(i);
            Row row = native_.rows().get(i);
            assertEquals(t.label(), row.subject().label());
            EngineLab.Row engine = EngineLab.run(EcslabEngine.subject(t), scenarios, SEED, TIMEOUT, null,
                    dev.ecslab.lab.classify.Shard.ALL, 0);
            table.put(t.label(), new MeasuredClass[] {row.measured(), engine.measured()});
            StringBuilder cells = new StringBuilder();
            for (Criterion c : List.of(Criterion.CRASH, Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME,
                    Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING, Criterion.ORDERING, Criterion.PURE_FUNCTION)) {
                cells.append("\n    ").append(c).append(": native ").append(row.cell(c).status()).append(" (")
                        .append(row.cell(c).failedRuns()).append('/').append(row.cell(c).judgedRuns()).append("), engine ")
                        .append(engine.cells().get(c).status());
            }
            System.out.println("EcslabEngineAgreesTest: " + t.label() + cells + "\n    ran " + engine.ran() + ", skipped "
                    + engine.skipped() + " " + engine.notExpressible());
            if (row.measured() != engine.measured()) {
                disagreements.add(t.label() + ": native " + row.measured().label() + ", engine path "
                        + engine.measured().label() + "\n" + String.join("\n", differences(t, scenarios)));
            }
        }
        System.out.println("EcslabEngineAgreesTest: strategy -> (native serial, engine path)");
        table.forEach((label, c) -> System.out.println(String.format("  %-28s %-15s %s", label, c[0].label(), c[1].label())));
        disagreements.forEach(d -> System.out.println("EcslabEngineAgreesTest: DISAGREES " + d));
        assertEquals(List.of(), disagreements);
    }

    /** The scenarios on which the two paths judge {@code t} differently, each with the first violation of each. */
    static List<String> differences(TrackerSubject t, List<Scenario> scenarios) {
        List<String> out = new ArrayList<>();
        ExecutorSubject serial = ExecutorSubject.of("serial");
        EngineSubject engine = EcslabEngine.subject(t);
        for (int i = 0; i < scenarios.size() && out.size() < 5; i++) {
            Scenario s = scenarios.get(i);
            Outcome n = Judge.judge(s, ScenarioRunner.run(s, new LabConfig(t, serial, SEED).withTimeout(TIMEOUT)));
            Outcome e = Judge.judge(s, EngineRunner.run(s, engine, SEED, TIMEOUT));
            if (n.passes() != e.passes()) {
                out.add("  " + s.name() + ": native " + first(n) + "; engine path " + first(e));
            }
        }
        return out;
    }

    static String first(Outcome o) {
        List<Violation> v = o.violations();
        return v.isEmpty() ? "passes" : v.get(0).criterion() + " " + v.get(0).message();
    }
}
