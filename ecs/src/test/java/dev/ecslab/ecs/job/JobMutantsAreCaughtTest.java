package dev.ecslab.ecs.job;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.JqwikFailures;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Proves the job properties can fail: run through jqwik on each mutant, each must fail, for the right reason. */
class JobMutantsAreCaughtTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "ignoringReaderAfterWriter(dev.ecslab.ecs.job.JobSteps)",
        "lettingWritersOverlap(dev.ecslab.ecs.job.JobSteps)",
        "serializingEverything(int, int, boolean, boolean)"})
    void theJobPropertiesKillTheMutant(String method) {
        List<Throwable> failures = JqwikFailures.of(JobMutantChecks.class, method);
        assertThat(failures).as("the property must fail on mutant %s", method).hasSize(1);
        assertThat(failures.get(0)).isInstanceOf(AssertionError.class);
        assertThat(failures.get(0).getMessage()).containsAnyOf("overlapped", "not serializable", "met");
    }
}
