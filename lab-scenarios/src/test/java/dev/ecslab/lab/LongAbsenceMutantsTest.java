package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.lab.scenario.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The mutants whose history expires after 6 or 64 frames are wrong only past a long absence. On the
 * catalogue and 150 generated scenarios, all with their idle frames taken out, each is measured exact: the
 * frames a scenario runs by itself never reach their horizon, so only idle frames catch them. With the
 * idle frames in, the default campaign (the catalogue and 200 scenarios) kills each under serial and
 * dynamic (here for one campaign seed; the power table in the benchmarks' results counts 100): in the
 * default build each under one of them in turn, and under the other in the long profile.
 */
class LongAbsenceMutantsTest {
    static List<TrackerSubject> mutants() {
        List<TrackerSubject> out = new ArrayList<>();
        Mutants.trackers().stream().filter(m -> Mutants.longAbsenceMutants().contains(m.subject().id()))
                .forEach(m -> out.add(m.subject()));
        assertThat(out).hasSize(Mutants.longAbsenceMutants().size());
        return out;
    }

    @Test
    void withoutIdleFramesEveryLongAbsenceMutantIsMeasuredExact() {
        long firstSeed = 60_000;
        List<Scenario> drawn = new ArrayList<>(Catalogue.all());
        for (int i = 0; i < 150; i++) {
            drawn.add(ScenarioGenerator.generate("no idle #" + i + " (seed " + (firstSeed + i) + ")",
                    Choices.seeded(firstSeed + i)));
        }
        List<Scenario> scenarios = new ArrayList<>();
        for (Scenario s : drawn) {
            List<ClockJump> jumps = s.clockJumps().stream().filter(j -> j.ticks() > 0)
                    .map(j -> new ClockJump(j.beforeFrame(), j.ticks())).toList();
            scenarios.add(s.with(s.entities(), s.groups(), s.stages(), s.frames(), s.edits(), jumps));
        }
        System.out.println("LongAbsenceMutantsTest: seeds " + firstSeed + ".." + (firstSeed + 149) + ", idle frames taken out");
        // no exhaustive catalogue search: the question is the scenario space, not the schedules
        Matrix m = new Lab(LabOptions.defaults().withTries(0).withMemory(false).withCatalogueSearch(0, 1)).run(mutants(),
                List.of(ExecutorSubject.of("serial")), scenarios);
        for (TrackerSubject t : mutants()) {
            Row r = m.row(t.label(), "serial");
            assertThat(r.measured()).as(t.id() + " without idle frames").isEqualTo(MeasuredClass.EXACT);
        }
    }

    /** The default build's share: each mutant under one of serial and dynamic, taken in turn. */
    @Test
    void theDefaultCampaignKillsEachUnderSerialOrDynamicInTurn() {
        List<TrackerSubject> all = mutants();
        Map<TrackerSubject, String> plan = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            plan.put(all.get(i), EXECUTORS.get(i % EXECUTORS.size()));
        }
        assertThat(plan.values()).as("executors in turn").containsAll(EXECUTORS);
        assertKilledByTheDefaultCampaign(plan);
    }

    /** The rest, in the long profile: each mutant under the executor the default build did not give it. */
    @Test
    @Tag("long")
    void theDefaultCampaignKillsEachUnderTheOtherExecutor() {
        List<TrackerSubject> all = mutants();
        Map<TrackerSubject, String> plan = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            plan.put(all.get(i), EXECUTORS.get((i + 1) % EXECUTORS.size()));
        }
        assertKilledByTheDefaultCampaign(plan);
    }

    static final List<String> EXECUTORS = List.of("serial", "dynamic");

    /** Runs the default campaign (one campaign seed) on each mutant under its executor and asserts each kill. */
    static void assertKilledByTheDefaultCampaign(Map<TrackerSubject, String> plan) {
        long seed = 7_000;
        for (String e : EXECUTORS) {
            List<TrackerSubject> mutants = plan.entrySet().stream().filter(x -> x.getValue().equals(e)).map(Map.Entry::getKey)
                    .toList();
            if (mutants.isEmpty()) {
                continue;
            }
            Matrix m = new Lab(LabOptions.defaults().withMemory(false).withCampaignSeed(seed).withShrinkAttempts(0)).run(mutants,
                    List.of(ExecutorSubject.of(e)), Catalogue.all());
            for (TrackerSubject t : mutants) {
                Row r = m.row(t.label(), e);
                System.out.println("LongAbsenceMutantsTest: campaign seed " + seed + ", " + t.id() + " / " + e + ": "
                        + r.measured());
                assertThat(r.measured()).as(t.id() + " / " + e + ", campaign seed " + seed).isNotEqualTo(MeasuredClass.EXACT);
                assertThat(MutantsAreKilledTest.killed(r.cell(dev.ecslab.lab.criteria.Criterion.AT_LEAST_ONCE),
                        "never reported")).as(t.id() + " / " + e + " fails at least once for its reason").isTrue();
            }
        }
    }
}
