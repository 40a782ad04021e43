package dev.ecslab.lab.criteria;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Criterion 8 compares a run's end state with the lab's own model of the scenario: it passes a real
 * run, fails a run whose world ended elsewhere (naming the first line that differs), and does not
 * judge a scenario whose conflicting unordered systems may legally end in either state.
 */
class PureFunctionCheckTest {
    static final TrackerSubject GENERATION = TrackerSubject.find("generation", PureFunctionCheckTest.class.getClassLoader());

    static Trace run(Scenario s) {
        return ScenarioRunner.run(s, new LabConfig(GENERATION, ExecutorSubject.of("dynamic"), 3));
    }

    static Trace withFinalState(Trace t, List<String> state) {
        return new Trace(t.scenario(), t.config(), t.runs(), t.changes(), t.detections(), t.memory(), state, t.errors(),
                t.events(), t.crashes());
    }

    @Test
    void aRealRunEndsInTheModelsStateAndAnotherStateFails() {
        Scenario s = Catalogue.commandsMergedInOrder(Target.COMPONENT);
        assertThat(ScenarioAccess.racyPairs(s)).isEmpty();
        Trace real = run(s);
        Outcome ok = Judge.judge(s, real);
        assertThat(ok.evidence(Criterion.PURE_FUNCTION)).isEqualTo(1);
        assertThat(ok.violations()).isEmpty();

        List<String> other = new ArrayList<>(real.finalState());
        int i = other.indexOf(other.stream().filter(l -> l.startsWith("e1:")).findFirst().orElseThrow());
        other.set(i, other.get(i).replace("A(21)", "A(11)"));       // the first issuer's insert applied last
        Outcome bad = Judge.judge(s, withFinalState(real, other));
        assertThat(bad.violations()).singleElement().satisfies(v -> {
            assertThat(v.criterion()).isEqualTo(Criterion.PURE_FUNCTION);
            assertThat(v.message()).contains("ended in another state than the lab's model")
                    .contains("expected 'e1: A(21)").contains("got 'e1: A(11)");
        });
    }

    @Test
    void aScenarioWithARacyPairIsNotJudgedByIt() {
        Scenario s = Catalogue.ambiguousOrdering(Target.COMPONENT);
        assertThat(ScenarioAccess.racyPairs(s)).isNotEmpty();
        Trace real = run(s);
        Outcome o = Judge.judge(s, withFinalState(real, List.of("anything")));
        assertThat(o.evidence(Criterion.PURE_FUNCTION)).isZero();
        assertThat(o.violations()).extracting(Violation::criterion).doesNotContain(Criterion.PURE_FUNCTION);
    }
}
