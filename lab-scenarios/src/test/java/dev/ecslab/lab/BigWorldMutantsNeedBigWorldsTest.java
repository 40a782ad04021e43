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
import org.junit.jupiter.api.Test;

/**
 * The big-world mutants are aimed at what the space before big worlds never reached: on the catalogue
 * plus the default gate's 200 campaign scenarios (seeds 1 000 to 1 199) drawn without big worlds, the
 * ones that are wrong past an index, a row, a system id or a removal count are measured exact, so only the
 * big worlds kill them ({@code MutantsAreKilledTest} shows that they do). The mutant that keeps removals by
 * index is not held to this: any scenario that despawns and spawns between two runs of a removal
 * detector reuses a slot, so it may die without big worlds too.
 */
class BigWorldMutantsNeedBigWorldsTest {

    @Test
    void theSpaceWithoutBigWorldsMeasuresThemExact() {
        List<String> ids = new ArrayList<>(Mutants.bigWorldMutants());
        ids.remove("mutant:removals-by-index");
        List<TrackerSubject> mutants = new ArrayList<>();
        Mutants.trackers().stream().filter(m -> ids.contains(m.subject().id())).forEach(m -> mutants.add(m.subject()));
        assertThat(mutants).hasSize(ids.size());
        long firstSeed = 1_000;
        List<Scenario> catalogue = new ArrayList<>(Catalogue.all());
        for (int i = 0; i < 200; i++) {
            catalogue.add(ScenarioGenerator.generate("campaign #" + i + " (seed " + (firstSeed + i) + ")",
                    Choices.seeded(firstSeed + i), ScenarioGenerator.Space.NO_BIG_WORLDS));
        }
        // no exhaustive catalogue search: the question is the scenario space, not the schedules
        Matrix m = new Lab(LabOptions.defaults().withTries(0).withMemory(false).withCatalogueSearch(0, 1)).run(mutants,
                List.of(ExecutorSubject.of("serial")), catalogue);
        for (TrackerSubject t : mutants) {
            Row r = m.row(t.label(), "serial");
            System.out.println("BigWorldMutantsNeedBigWorldsTest: " + t.id() + " without big worlds: " + r.measured());
            assertThat(r.measured()).as(t.id() + " without big worlds").isEqualTo(MeasuredClass.EXACT);
        }
    }
}
