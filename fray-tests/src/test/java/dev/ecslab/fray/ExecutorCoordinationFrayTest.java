package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.StagedExecutor;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import dev.ecslab.lab.mutant.Mutants;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The executors' worker coordination under Fray, with the worker pools the executors create themselves:
 * one frame of a stage in which two systems write the same component (unordered, declared ambiguous so only
 * the executor keeps them apart) and a third runs after a fourth. The systems report to a lab-side monitor,
 * which the executors never see: whether two conflicting systems ever ran at once, and whether the ordered
 * system started before its predecessor finished. The real dynamic and staged executors pass every
 * interleaving explored; their twins are caught: the dynamic executor that drops one ordering edge (catalogue
 * entry 5, Bevy #449's effect), the one that ignores one conflict, and a staged executor whose plan puts the
 * whole stage in one batch.
 */
class ExecutorCoordinationFrayTest {
    /** The component the two writers share. */
    record Position(int x) {
    }

    /** What the systems saw, from the lab's side: the first broken rule, if any. */
    static final class Monitor {
        private final AtomicInteger writers = new AtomicInteger();
        private final AtomicInteger firstDone = new AtomicInteger();
        private final AtomicInteger ran = new AtomicInteger();
        private final AtomicReference<String> broken = new AtomicReference<>();

        void write(String name) {
            if (writers.incrementAndGet() > 1) {
                broken.compareAndSet(null, name + " overlapped the other writer of Position");
            }
            ran.incrementAndGet();
            writers.decrementAndGet();
        }

        void first() {
            ran.incrementAndGet();
            firstDone.set(1);
        }

        void second() {
            if (firstDone.get() == 0) {
                broken.compareAndSet(null, "second started before first finished");
            }
            ran.incrementAndGet();
        }
    }

    static Schedule schedule(Monitor m) {
        AccessSpec writesPosition = AccessSpec.of(AccessSpec.QuerySpec.writes(Position.class));
        return Schedule.builder().stage("update",
                SystemDescriptor.builder("writer0").access(writesPosition).ambiguousWith("writer1").run(ctx -> m.write("writer0"))
                        .build(),
                SystemDescriptor.builder("writer1").access(writesPosition).run(ctx -> m.write("writer1")).build(),
                SystemDescriptor.builder("first").access(AccessSpec.none()).run(ctx -> m.first()).build(),
                SystemDescriptor.builder("second").access(AccessSpec.none()).after("first").run(ctx -> m.second()).build())
                .build();
    }

    /** One frame on a fresh executor made by {@code executor}; fails with the monitor's first broken rule. */
    static Runnable oneFrame(Function<ExecutorOptions, Executor> executor) {
        return () -> {
            World world = new World();
            world.spawn(new Position(0));
            Monitor m = new Monitor();
            try (ScheduleRunner runner = ScheduleRunner.of(world, schedule(m), executor.apply(
                    ExecutorOptions.defaults().withThreads(2)))) {
                runner.runFrame();
            }
            if (m.broken.get() != null) {
                throw new AssertionError(m.broken.get());
            }
            if (m.ran.get() != 4) {
                throw new AssertionError(m.ran.get() + " of 4 systems ran");
            }
        };
    }

    static Function<ExecutorOptions, Executor> mutant(String id) {
        return Mutants.executors().stream().map(Mutants.ExecutorMutant::subject).filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no executor mutant " + id)).factory();
    }

    /** A staged executor whose plan is the whole stage in one batch: conflicts and orders ignored. */
    static final class OneBatchStaged extends StagedExecutor {
        OneBatchStaged(ExecutorOptions options) {
            super(options);
        }

        @Override
        public int[][] plan(CompiledStage stage) {
            return new int[][] {Arrays.stream(super.plan(stage)).flatMapToInt(Arrays::stream).toArray()};
        }
    }

    private static Optional<FrayExploration.Found> explore(String name, Function<ExecutorOptions, Executor> executor) {
        return FrayExploration.explore(name, FrayExploration.seed(), FrayExploration.iterations(), oneFrame(executor));
    }

    @Test
    void theRealDynamicExecutorKeepsConflictsApartAndOrdersInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("dynamic-real", false, oneFrame(DynamicExecutor::new));
    }

    @Test
    void theRealStagedExecutorKeepsConflictsApartAndOrdersInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("staged-real", false, oneFrame(StagedExecutor::new));
    }

    @Test
    void entry5TheDynamicExecutorDroppingAnOrderingEdgeIsCaught() {
        RaceEntries.catchTwin(5, "mutant:ignores-one-before: the dynamic executor dropping one ordering edge",
                oneFrame(mutant("mutant:ignores-one-before")), "second started before first finished",
                oneFrame(DynamicExecutor::new));
    }

    @Test
    void theDynamicExecutorIgnoringOneConflictIsCaught() {
        Optional<FrayExploration.Found> found = explore("dynamic-ignores-one-conflict", mutant("mutant:ignores-one-conflict"));
        assertThat(found).as("Fray finds the two writers overlapping").isPresent();
        assertThat(found.get().failure()).hasMessageContaining("overlapped the other writer");
    }

    @Test
    void theStagedExecutorRunningTheStageInOneBatchIsCaught() {
        Optional<FrayExploration.Found> found = explore("staged-one-batch", OneBatchStaged::new);
        assertThat(found).as("Fray finds a broken rule").isPresent();
        assertThat(found.get().failure().getMessage()).containsAnyOf("overlapped the other writer",
                "second started before first finished");
    }
}
