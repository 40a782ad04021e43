package dev.ecslab.lab.mutant;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.JqwikFailures;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Proves the ECS's executor property can fail: run through jqwik against each executor mutant, it
 * must report a failure whose message names the broken rule. (The lab's own checks kill the same
 * mutants: {@code MutantsAreKilledTest}.)
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
        List<Throwable> failures = JqwikFailures.of(ExecutorMutantChecks.class, method + "(dev.ecslab.ecs.executor.ScheduleSpec, long)");
        assertThat(failures).as("the property must fail on mutant %s", method).hasSize(1);
        Throwable cause = failures.get(0);
        assertThat(cause).isInstanceOf(AssertionError.class);
        assertThat(cause.getMessage()).contains(message);
    }
}
