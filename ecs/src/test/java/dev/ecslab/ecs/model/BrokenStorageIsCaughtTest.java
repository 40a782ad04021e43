package dev.ecslab.ecs.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Proves that the model-based properties can fail: running them (through jqwik itself) against the
 * storage mutants {@link ForgetfulColumn} (a move drops a value) and {@link MiscopyingColumnarColumn}
 * (a columnar move copies a field from the wrong row) must produce a failing property whose message
 * names the wrong component value.
 */
class BrokenStorageIsCaughtTest {

    @Test
    void modelBasedPropertyCatchesAStorageThatForgetsAComponentOnArchetypeMove() {
        // The shrunk counterexample names the component whose value the move lost.
        assertThat(onlyFailureOf(ForgetfulStorageModelCheck.class).getMessage()).contains("A of ").contains("the world says null");
    }

    @Test
    void columnarModelPropertyCatchesAColumnThatCopiesAFieldFromTheWrongRowOnAMove() {
        // The shrunk sequence's disagreement shows a wrong A value, not a missing one.
        assertThat(onlyFailureOf(MiscopyingColumnarModelCheck.class).getMessage()).contains("A of ").contains("the world says A(");
    }

    /** Runs a property class through jqwik itself and returns the failure of its single property. */
    private static Throwable onlyFailureOf(Class<?> check) {
        EngineExecutionResults results = EngineTestKit.engine("jqwik")
                .selectors(selectClass(check))
                // The test kit does not read junit-platform.properties: keep jqwik's database in target/.
                .configurationParameter("jqwik.database", "target/.jqwik-database")
                .execute();
        List<Event> failed = results.testEvents().failed().list();
        assertThat(failed).as("the property must fail on the mutant").hasSize(1);
        Throwable cause = failed.get(0).getPayload(org.junit.platform.engine.TestExecutionResult.class)
                .flatMap(org.junit.platform.engine.TestExecutionResult::getThrowable)
                .orElseThrow();
        assertThat(cause).isInstanceOf(AssertionError.class);
        return cause;
    }
}
