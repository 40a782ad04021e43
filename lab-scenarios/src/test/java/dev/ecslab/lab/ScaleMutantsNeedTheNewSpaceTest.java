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
import dev.ecslab.lab.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The scale and time mutants are aimed at structures the earlier scenario space never reached: on the
 * classic catalogue plus 150 scenarios of the generator's classic space (the old limits: 1 to 6
 * entities, no groups, clock jumps or parallel walks), each is measured exact, so only the new
 * structures kill them ({@code MutantsAreKilledTest} shows that they do). The generator before those
 * structures itself was measured the same way when these mutants were written: 1 000 of its scenarios
 * plus the classic catalogue, under serial and dynamic, measured all four exact (README, "Mutants").
 * Evidence about the space, not a kill: it runs in the long profile.
 */
class ScaleMutantsNeedTheNewSpaceTest {

    @Test
    @Tag("long")
    void theClassicSpaceMeasuresEveryScaleAndTimeMutantExact() {
        List<TrackerSubject> mutants = new ArrayList<>();
        Mutants.trackers().stream().filter(m -> Mutants.scaleAndTimeMutants().contains(m.subject().id()))
                .forEach(m -> mutants.add(m.subject()));
        assertThat(mutants).hasSize(Mutants.scaleAndTimeMutants().size());
        long firstSeed = 50_000;
        List<Scenario> catalogue = new ArrayList<>(Catalogue.classic());
        for (int i = 0; i < 150; i++) {
            catalogue.add(ScenarioGenerator.generate("classic #" + i + " (seed " + (firstSeed + i) + ")",
                    Choices.seeded(firstSeed + i), ScenarioGenerator.Space.CLASSIC));
        }
        System.out.println("ScaleMutantsNeedTheNewSpaceTest: classic-space seeds " + firstSeed + ".." + (firstSeed + 149));
        Matrix m = new Lab(LabOptions.defaults().withTries(0).withMemory(false)).run(mutants,
                List.of(ExecutorSubject.of("serial")), catalogue);
        for (TrackerSubject t : mutants) {
            Row r = m.row(t.label(), "serial");
            System.out.println("ScaleMutantsNeedTheNewSpaceTest: " + t.id() + " on the classic space: " + r.measured());
            assertThat(r.measured()).as(t.id() + " on the classic space").isEqualTo(MeasuredClass.EXACT);
        }
    }
}
