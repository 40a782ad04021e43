package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.executor.ExecutorContract;
import dev.ecslab.ecs.executor.ExecutorContract.Candidate;
import dev.ecslab.ecs.executor.ScheduleSpec;
import dev.ecslab.ecs.executor.ScheduleSpecs;
import java.util.List;
import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The ECS's executor property (its {@code ExecutorProperties}, from the ecs test jar) run against the
 * executor mutants of {@link Mutants}, the one copy of them. Every property here is <em>expected to
 * fail</em>; the class name matches no Surefire include pattern, so only
 * {@link ExecutorMutantsAreCaughtTest} runs it, through jqwik.
 */
class ExecutorMutantChecks {

    @Property(tries = 300, afterFailure = AfterFailureMode.RANDOM_SEED)
    void dynamicIgnoringOneConflict(@ForAll("schedules") ScheduleSpec spec, @ForAll long seed) {
        ExecutorContract.verify(spec, seed, List.of(new Candidate("dynamic-ignores-one-conflict", Mutants.IgnoresOneConflict::new)));
    }

    @Property(tries = 300, afterFailure = AfterFailureMode.RANDOM_SEED)
    void dynamicIgnoringOneBefore(@ForAll("schedules") ScheduleSpec spec, @ForAll long seed) {
        ExecutorContract.verify(spec, seed, List.of(new Candidate("dynamic-ignores-one-before", Mutants.IgnoresOneBefore::new)));
    }

    @Property(tries = 300, afterFailure = AfterFailureMode.RANDOM_SEED)
    void stagedMergingConflictingSystems(@ForAll("schedules") ScheduleSpec spec, @ForAll long seed) {
        ExecutorContract.verify(spec, seed, List.of(new Candidate("staged-merges-conflicting-batch", Mutants.MergesConflictingBatch::new)));
    }

    @Provide
    Arbitrary<ScheduleSpec> schedules() {
        return ScheduleSpecs.schedules();
    }
}
