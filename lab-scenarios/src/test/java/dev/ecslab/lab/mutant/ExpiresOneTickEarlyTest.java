package dev.ecslab.lab.mutant;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ExpiresOneTickEarly}, {@code generation} one tick off at the expiration boundary, on the
 * catalogue's scenario that lands changes exactly there: caught under every executor, for the
 * changes one tick short of the maximum age and no other.
 */
class ExpiresOneTickEarlyTest {
    static final List<String> EXECUTORS = List.of("serial", "staged", "dynamic");

    static TrackerSubject mutant() {
        return Mutants.trackers().stream().filter(m -> m.subject().id().equals(ExpiresOneTickEarly.ID)).findFirst()
                .orElseThrow().subject();
    }

    static Trace run(Scenario s, TrackerSubject strategy, String executor) {
        Trace t = ScenarioRunner.run(s, new LabConfig(strategy, ExecutorSubject.of(executor), 1));
        assertThat(t.errors()).as(s.name() + " / " + executor).isEmpty();
        return t;
    }

    @Test
    void theMutantMissesTheChangeOneTickShortOfTheMaximumAgeUnderEveryExecutor() {
        for (Target target : Target.values()) {
            Scenario s = Catalogue.changeAtTheMaximumAge(target);
            for (String e : EXECUTORS) {
                List<Violation> v = Judge.judge(s, run(s, mutant(), e)).violations();
                assertThat(v).as(s.name() + " / " + e).isNotEmpty().allMatch(x -> x.criterion() == Criterion.AT_LEAST_ONCE
                        || x.criterion().isClassView());
                assertThat(v).as(s.name() + " / " + e).anyMatch(x -> x.message().contains("never reported"));
                assertThat(v.stream().filter(x -> x.finding() != null).map(x -> x.finding().change().frame()).distinct()
                        .sorted().toList()).as("the missed changes are those one tick short of the maximum age at the"
                                + " detector's next run").containsExactly(0L, 3L);
            }
        }
    }


    /**
     * Wrong only at the boundary: on the whole catalogue but its age-jump scenarios, and on 150 scenarios
     * of the full space with their age jumps taken out (every fixed jump stays, those past the maximum
     * age too), the mutant is measured exact; with the age jumps put back, it is not.
     */
    @Test
    void onlyTheAgeJumpsCatchIt() {
        long firstSeed = 60_000;
        List<Scenario> without = new ArrayList<>();
        List<Scenario> with = new ArrayList<>();
        Catalogue.all().forEach(s -> (s.ageJumps().isEmpty() ? without : with).add(s));
        assertThat(with).as("the catalogue's boundary scenarios").hasSize(2);
        int aged = 0;
        for (int i = 0; i < 150; i++) {
            Scenario s = ScenarioGenerator.generate("random #" + i + " (seed " + (firstSeed + i) + ")",
                    Choices.seeded(firstSeed + i));
            aged += s.ageJumps().isEmpty() ? 0 : 1;
            without.add(s.withAgeJumps(List.of()));
        }
        assertThat(aged).as("scenarios whose age jumps were taken out").isPositive();
        // no exhaustive catalogue search: the question is the scenario space, not the schedules
        Lab lab = new Lab(LabOptions.defaults().withTries(0).withMemory(false).withCatalogueSearch(0, 1));
        TrackerSubject m = mutant();
        Matrix fixedJumpsOnly = lab.run(List.of(m), List.of(ExecutorSubject.of("serial")), without);
        assertThat(fixedJumpsOnly.row(m.label(), "serial").measured()).as("without age jumps").isEqualTo(MeasuredClass.EXACT);
        Matrix boundary = lab.run(List.of(m), List.of(ExecutorSubject.of("serial")), with);
        assertThat(boundary.row(m.label(), "serial").measured()).as("with them").isNotEqualTo(MeasuredClass.EXACT)
                .isNotEqualTo(MeasuredClass.NOT_JUDGED);
    }
}
