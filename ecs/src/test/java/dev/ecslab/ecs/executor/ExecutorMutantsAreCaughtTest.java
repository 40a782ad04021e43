package dev.ecslab.ecs.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;

/**
 * Proves the executor property can fail: run through jqwik against each executor mutant, it must
 * report a failure whose message names the broken rule.
 */
class ExecutorMutantsAreCaughtTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "dynamicIgnoringOneConflict:conflicting systems overlapped",
        "dynamicIgnoringOneBefore:ordering broken",
        "stagedMergingConflictingSystems:"})
    void theExecutorPropertyKillsTheMutant(String methodAndMessage) {
        String method = methodAndMessage.substring(0, methodAndMessage.indexOf(':'));
        String message = methodAndMessage.substring(methodAndMessage.indexOf(':') + 1);
        var results = EngineTestKit.engine("jqwik")
                .selectors(selectMethod(ExecutorMutantChecks.class.getName() + "#" + method
                        + "(dev.ecslab.ecs.executor.ScheduleSpec, long)"))
                .configurationParameter("jqwik.database", "target/.jqwik-database")
                .execute();
        var failed = results.testEvents().failed().list();
        assertThat(failed).as("the property must fail on mutant %s", method).hasSize(1);
        Event event = failed.get(0);
        Throwable cause = event.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable).orElseThrow();
        assertThat(cause).isInstanceOf(AssertionError.class);
        assertThat(cause.getMessage()).contains(message);
    }
}
