package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;

/** Proves the change-tracking property can fail: a tracker that loses ticks on archetype moves. */
class TickLosingTrackerIsCaughtTest {

    @Test
    void theChangeModelPropertyKillsATrackerThatLosesTicksOnMoves() {
        var failed = EngineTestKit.engine("jqwik")
                .selectors(selectClass(TickLosingTrackerCheck.class))
                .configurationParameter("jqwik.database", "target/.jqwik-database")
                .execute().testEvents().failed().list();
        assertThat(failed).as("the property must fail on the tick-losing tracker").hasSize(1);
        Throwable cause = failed.get(0).getPayload(TestExecutionResult.class)
                .flatMap(TestExecutionResult::getThrowable).orElseThrow();
        assertThat(cause.getMessage()).contains("the oracle says");
    }
}
