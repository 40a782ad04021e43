package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Counterexample;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.MeasuredClass;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs the lab on every mutant and asserts it is killed by the criteria it breaks, for the reason it
 * breaks them: each killing cell must FAIL (not merely "not pass": a cell nobody judged does not kill
 * anything) with a counterexample whose words contain the mutant's signature. Kill rate 100 %.
 * Tracker mutants run under all three executors; executor mutants under the exact {@code generation}
 * strategy with several seeds (they need an interleaving to show). The false-pass mutants, which an
 * earlier judge measured exact, must also be measured not exact.
 */
class MutantsAreKilledTest {
    static final ClassLoader LOADER = MutantsAreKilledTest.class.getClassLoader();

    /** True when {@code cell} failed and one of its counterexamples says {@code signature}. */
    static boolean killed(Cell cell, String signature) {
        if (!cell.fails()) {
            return false;
        }
        List<Counterexample> all = new ArrayList<>(cell.failures().values());
        cell.classes().values().forEach(t -> {
            if (t.first() != null) {
                all.add(t.first());
            }
        });
        return all.stream().anyMatch(x -> x.message().contains(signature));
    }

    /**
     * Criterion 6 (10 000 frames per strategy, and judging that run once per executor) runs only for the
     * mutants it must kill: for the others it costs minutes and kills nothing.
     */
    @Test
    void everyTrackerMutantIsKilledForItsReason() {
        List<TrackerSubject> leaking = new ArrayList<>();
        List<TrackerSubject> others = new ArrayList<>();
        Mutants.trackers().forEach(m -> (m.killedBy().contains(Criterion.BOUNDED_MEMORY) ? leaking : others).add(m.subject()));
        List<String> executors = List.of("serial", "staged", "dynamic");
        List<ExecutorSubject> subjects = new ArrayList<>();
        executors.forEach(e -> subjects.add(ExecutorSubject.of(e)));
        // Shrinking is not what this test checks (ShrinkRecordTest does): a kill is judged on the counterexample as
        // found, and shrinking those of big worlds (tables of 4 600 rows, stages of 130 systems) for 29 mutants
        // under three executors took most of the module's time.
        Matrix withMemory = new Lab(Lab.Options.defaults().withTries(40).withMemory(true).withShrinkAttempts(0))
                .run(leaking, subjects, Catalogue.all());
        Matrix without = new Lab(Lab.Options.defaults().withTries(40).withMemory(false).withShrinkAttempts(0))
                .run(others, subjects, Catalogue.all());
        System.out.println("MutantsAreKilledTest: campaign seed " + without.campaignSeed() + ", catalogue seeds "
                + without.catalogueSeeds());
        int killed = 0;
        for (Mutants.TrackerMutant mutant : Mutants.trackers()) {
            Matrix m = leaking.contains(mutant.subject()) ? withMemory : without;
            for (String e : executors) {
                Row r = m.row(mutant.subject().label(), e);
                if (mutant.needsOverlap() && e.equals("serial")) {
                    // No system run overlaps another under the serial executor: the criteria that kill the mutant
                    // elsewhere must pass there, which proves that what kills it is the overlap. (It is not exact
                    // under serial: a query built inside a run starts the world's announcement inside that run,
                    // and a "running system" field takes the announcement for the reader, which then reports a row
                    // twice: criterion 2, not the window it loses beside an overlapping run.)
                    for (Criterion c : mutant.killedBy()) {
                        assertThat(r.cell(c).fails()).as(mutant.subject().id() + " / serial " + c + ": "
                                + r.cell(c).failures().values()).isFalse();
                    }
                    killed++;
                    continue;
                }
                for (Criterion c : mutant.killedBy()) {
                    Cell cell = r.cell(c);
                    System.out.println("MutantsAreKilledTest: " + mutant.subject().id() + " / " + e + " " + c + ": "
                            + cell.status() + (cell.first() == null ? "" : " by " + cell.first().oneLine()));
                    assertThat(killed(cell, mutant.signature()))
                            .as(mutant.subject().id() + " / " + e + " must fail " + c + " saying '" + mutant.signature() + "'; "
                                    + cell.status() + ": " + cell.failures().values())
                            .isTrue();
                }
                if (mutant.falsePass() || mutant.killedBy().contains(Criterion.AT_LEAST_ONCE)
                        || mutant.killedBy().contains(Criterion.AT_MOST_ONCE)) {
                    assertThat(r.measured()).as(mutant.subject().id() + " / " + e + " measured").isNotEqualTo(MeasuredClass.EXACT)
                            .isNotEqualTo(MeasuredClass.NOT_JUDGED);
                }
                killed++;
            }
        }
        assertThat(killed).isEqualTo(executors.size() * Mutants.trackers().size());
    }

    @Test
    void everyExecutorMutantIsKilledForItsReason() {
        TrackerSubject generation = TrackerSubject.find("generation", LOADER);
        List<ExecutorSubject> executors = new ArrayList<>();
        Mutants.executors().forEach(x -> executors.add(x.subject()));
        // Controlled runs: the catalogue's exhaustive search runs every unordered pair both ways, so an
        // overlap is found whatever the machine's load; 60 random scenarios on top.
        Lab.Options o = Lab.Options.defaults().withTries(60).withMemory(false);
        Matrix m = new Lab(o).run(List.of(generation), executors, Catalogue.all());
        for (Mutants.ExecutorMutant mutant : Mutants.executors()) {
            Row r = m.row("generation", mutant.subject().id());
            for (Criterion c : mutant.killedBy()) {
                Cell cell = r.cell(c);
                System.out.println("MutantsAreKilledTest: " + mutant.subject().id() + " " + c + ": " + cell.status()
                        + (cell.first() == null ? "" : " by " + cell.first().oneLine()));
                assertThat(killed(cell, mutant.signature()))
                        .as(mutant.subject().id() + " must fail " + c + " saying '" + mutant.signature() + "': "
                                + cell.failures().values())
                        .isTrue();
            }
        }
    }
}
