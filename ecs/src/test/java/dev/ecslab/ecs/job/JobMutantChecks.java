package dev.ecslab.ecs.job;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.constraints.IntRange;

/**
 * The properties of {@link JobProperties} run on the mutants of {@link JobMutants}. Every property here
 * is <em>expected to fail</em>; the class name matches no Surefire include pattern, so only
 * {@link JobMutantsAreCaughtTest} runs it, through jqwik.
 */
class JobMutantChecks {

    @Property(tries = 300, afterFailure = AfterFailureMode.RANDOM_SEED)
    void ignoringReaderAfterWriter(@ForAll("sequences") JobSteps seq) {
        JobContract.verify(seq, JobMutants.with(JobMutants.IGNORES_READER_AFTER_WRITER));
    }

    @Property(tries = 300, afterFailure = AfterFailureMode.RANDOM_SEED)
    void lettingWritersOverlap(@ForAll("sequences") JobSteps seq) {
        JobContract.verify(seq, JobMutants.with(JobMutants.LETS_WRITERS_OVERLAP));
    }

    @Property(tries = 5, shrinking = ShrinkingMode.OFF, afterFailure = AfterFailureMode.RANDOM_SEED)
    void serializingEverything(@ForAll @IntRange(min = 1, max = 7) int readsA, @ForAll @IntRange(min = 1, max = 7) int readsB,
            @ForAll boolean parallelA, @ForAll boolean parallelB) {
        assertThat(ReadersTogether.meet(readsA, readsB, parallelA, parallelB,
                JobMutants.with(JobMutants.SERIALIZES_EVERYTHING))).as("the two readers met").isTrue();
    }

    @Provide
    Arbitrary<JobSteps> sequences() {
        return JobSteps.sequences();
    }
}
