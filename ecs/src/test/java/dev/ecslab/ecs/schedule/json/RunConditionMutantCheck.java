package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.schedule.json.RunConditionScenarios.Stage;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The property of {@link RunConditionProperties} run on a condition-blind analysis (the same schedules with
 * their conditions dropped, as an analysis that ignores {@code run_if} sees them, as Bevy's does). Expected to
 * fail; run only by {@link RunConditionMutantIsCaughtTest} (the class name matches no Surefire include pattern).
 */
class RunConditionMutantCheck {

    @Property(tries = 400, seed = "4747", afterFailure = AfterFailureMode.RANDOM_SEED)
    void conditionBlindAnalysisEqualsTheOracle(@ForAll("stages") Stage stage) {
        assertThat(RunConditionScenarios.detector(stage, false)).isEqualTo(RunConditionScenarios.oracle(stage));
    }

    @Provide
    Arbitrary<Stage> stages() {
        return RunConditionScenarios.stages();
    }
}
