package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.JqwikFailures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Proves the condition property can fail, and for its own reason: an analysis blind to run conditions
 * misses a pair the oracle reports as caused by a condition ("|C").
 */
class RunConditionMutantIsCaughtTest {

    @Test
    void theConditionPropertyKillsAConditionBlindAnalysis() {
        List<Throwable> failures = JqwikFailures.of(RunConditionMutantCheck.class,
                "conditionBlindAnalysisEqualsTheOracle(dev.ecslab.ecs.schedule.json.RunConditionScenarios$Stage)");
        assertThat(failures).as("the property must fail on the condition-blind analysis").hasSize(1);
        assertThat(failures.get(0)).isInstanceOf(AssertionError.class).hasMessageContaining("|C");
    }
}
