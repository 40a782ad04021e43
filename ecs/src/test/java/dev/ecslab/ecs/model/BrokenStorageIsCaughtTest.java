package dev.ecslab.ecs.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Proves that the model-based property can fail: running it (through jqwik itself) against the
 * {@link ForgetfulColumn} storage mutant must produce a failing property whose message names the
 * lost component value.
 */
class BrokenStorageIsCaughtTest {

    @Test
    void modelBasedPropertyCatchesAStorageThatForgetsAComponentOnArchetypeMove() {
        EngineExecutionResults results = EngineTestKit.engine("jqwik")
                .selectors(selectClass(ForgetfulStorageModelCheck.class))
                // The test kit does not read junit-platform.properties: keep jqwik's database in target/.
                .configurationParameter("jqwik.database", "target/.jqwik-database")
                .execute();

        List<Event> failed = results.testEvents().failed().list();
        assertThat(failed).as("the property must fail on the mutant").hasSize(1);
        Throwable cause = failed.get(0).getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                .orElseThrow();
        assertThat(cause).isInstanceOf(AssertionError.class);
        // The shrunk counterexample names the component whose value the move lost.
        assertThat(cause.getMessage()).contains("A of ").contains("the world says null");
    }
}
