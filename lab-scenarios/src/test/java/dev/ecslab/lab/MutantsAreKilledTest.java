package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs the lab on every mutant and asserts it is killed by the criteria it breaks: kill rate 100 %.
 * Tracker mutants run under the serial and dynamic executors; executor mutants under the exact
 * {@code generation} strategy with several seeds (they need a reordering or an overlap to show, and
 * the dynamic executor's seeded delays provide them).
 */
class MutantsAreKilledTest {
    static final ClassLoader LOADER = MutantsAreKilledTest.class.getClassLoader();

    @Test
    void everyTrackerMutantIsKilled() {
        List<TrackerSubject> trackers = new ArrayList<>();
        Mutants.trackers().forEach(m -> trackers.add(m.subject()));
        Matrix m = new Lab(Lab.Options.defaults().withTries(40).withMemory(true)).run(trackers,
                List.of(ExecutorSubject.of("serial"), ExecutorSubject.of("dynamic")), Catalogue.all());
        int killed = 0;
        for (Mutants.TrackerMutant mutant : Mutants.trackers()) {
            for (String e : List.of("serial", "dynamic")) {
                Row r = m.row(mutant.subject().label(), e);
                boolean dead = mutant.killedBy().stream().allMatch(c -> !r.cell(c).passes());
                System.out.println("MutantsAreKilledTest: " + mutant.subject().id() + " / " + e + " killed=" + dead
                        + (dead ? " by " + r.cell(mutant.killedBy().get(0)).first().oneLine() : ""));
                assertThat(dead).as(mutant.subject().id() + " / " + e + " must fail " + mutant.killedBy()).isTrue();
                killed++;
            }
        }
        assertThat(killed).isEqualTo(2 * Mutants.trackers().size());
    }

    @Test
    void everyExecutorMutantIsKilled() {
        TrackerSubject generation = TrackerSubject.find("generation", LOADER);
        List<ExecutorSubject> executors = new ArrayList<>();
        Mutants.executors().forEach(x -> executors.add(x.subject()));
        Lab.Options o = new Lab.Options(40, List.of(1L, 2L, 3L, 4L), 1_000L, 60, false, Lab.Progress.NONE);
        Matrix m = new Lab(o).run(List.of(generation), executors, Catalogue.all());
        for (Mutants.ExecutorMutant mutant : Mutants.executors()) {
            Row r = m.row("generation", mutant.subject().id());
            boolean dead = mutant.killedBy().stream().allMatch(c -> !r.cell(c).passes());
            System.out.println("MutantsAreKilledTest: " + mutant.subject().id() + " killed=" + dead
                    + (dead ? " by " + r.cell(Criterion.ORDERING).first().oneLine() : ""));
            assertThat(dead).as(mutant.subject().id() + " must fail " + mutant.killedBy()).isTrue();
        }
    }
}
