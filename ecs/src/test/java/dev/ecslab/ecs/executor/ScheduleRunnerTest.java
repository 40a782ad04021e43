package dev.ecslab.ecs.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The runner's rules, and faults, under every built-in executor. */
class ScheduleRunnerTest {
    record Marker(int v) {
    }

    static final class Counter {
        int value;
    }

    private static Executor executor(String id) {
        return ExecutorProvider.create(id, ExecutorOptions.defaults().withThreads(4));
    }

    /** Bevy's {@code parallel_execution}: N non-conflicting systems must meet at a barrier of N parties. */
    @ParameterizedTest
    @ValueSource(strings = {"staged", "dynamic"})
    void nonConflictingSystemsRunTogether(String id) {
        int n = 4;
        CyclicBarrier barrier = new CyclicBarrier(n);
        Schedule.Builder b = Schedule.builder();
        List<SystemDescriptor> systems = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            systems.add(SystemDescriptor.of("meet" + i, AccessSpec.none(), ctx -> {
                try {
                    barrier.await(10, TimeUnit.SECONDS);    // fails on a timeout instead of hanging
                } catch (TimeoutException | BrokenBarrierException e) {
                    throw new AssertionError("the " + n + " systems never ran together", e);
                }
            }));
        }
        b.stage("update", systems.toArray(new SystemDescriptor[0]));
        try (ScheduleRunner runner = ScheduleRunner.of(new World(), b.build(), ExecutorProvider.create(id,
                ExecutorOptions.defaults().withThreads(n)))) {
            runner.runFrame();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void aThrowingSystemEndsTheFrameDiscardsItsStagesCommandsAndTheNextFrameRuns(String id) {
        World world = new World();
        world.insertResource(new Counter());
        AtomicInteger later = new AtomicInteger();
        boolean[] explode = {true};
        List<Entity> reserved = Collections.synchronizedList(new ArrayList<>());
        Schedule schedule = Schedule.builder()
                .stage("first",
                        SystemDescriptor.of("spawner", AccessSpec.none(), ctx -> reserved.add(ctx.commands().spawn(new Marker(1)))),
                        SystemDescriptor.builder("bomb").access(AccessSpec.builder().writesResource(Counter.class).build())
                                .after("spawner").run(ctx -> {
                                    ctx.world().getResourceMutOrThrow(Counter.class).value++;
                                    if (explode[0]) {
                                        throw new IllegalStateException("boom");
                                    }
                                }).build())
                .stage("second", SystemDescriptor.of("later", AccessSpec.none(), ctx -> later.incrementAndGet()))
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, executor(id))) {
            assertThatThrownBy(runner::runFrame).isInstanceOf(SystemFailedException.class)
                    .hasMessageContaining("system 'bomb'").hasMessageContaining("stage 'first'").hasMessageContaining("frame 0")
                    .hasRootCauseMessage("boom")
                    .satisfies(e -> assertThat(((SystemFailedException) e).system()).isEqualTo("bomb"));
            assertThat(later.get()).as("later stages do not run").isZero();
            assertThat(world.entityCount()).as("no command of the failed stage was applied").isZero();
            assertThat(world.isAlive(reserved.get(0))).isFalse();

            explode[0] = false;
            runner.runFrame();
            assertThat(later.get()).isEqualTo(1);
            assertThat(world.entityCount()).isEqualTo(1);
            assertThat(world.getResourceOrThrow(Counter.class).value).isEqualTo(2);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void loopingCriteriaRunTheirSetAgainAndSkippedSystemsStillReleaseDependants(String id) {
        List<String> log = Collections.synchronizedList(new ArrayList<>());
        Schedule schedule = Schedule.builder()
                .set("fixed", "twice", ctx -> ctx.iteration() < 1 ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES)
                .set("off", "never", ctx -> ShouldRun.NO)
                .stage("update",
                        SystemDescriptor.builder("physics").access(AccessSpec.none()).inSet("fixed")
                                .run(ctx -> log.add("physics@" + ctx.iteration())).build(),
                        SystemDescriptor.builder("paused").access(AccessSpec.none()).inSet("off").before("render")
                                .run(ctx -> log.add("paused")).build(),
                        SystemDescriptor.builder("render").access(AccessSpec.none())
                                .run(ctx -> log.add("render@" + ctx.iteration())).build())
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(new World(), schedule, executor(id))) {
            runner.runFrame();
        }
        assertThat(log).containsExactlyInAnyOrder("physics@0", "render@0", "physics@1");
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void criteriaThatCanOnlyLoopAreAnErrorNotAHang(String id) {
        Schedule schedule = Schedule.builder()
                .set("waiting", "never-ready", ctx -> ShouldRun.NO_AND_CHECK_AGAIN)
                .stage("update", SystemDescriptor.builder("s").access(AccessSpec.none()).inSet("waiting").run(ctx -> { }).build())
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(new World(), schedule, executor(id))) {
            assertThatThrownBy(runner::runFrame).isInstanceOf(StageLoopException.class)
                    .hasMessageContaining("stage 'update'").hasMessageContaining("no system would run")
                    .hasMessageContaining("waiting (never-ready)");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void aRunawayLoopStopsAtTheIterationBound(String id) {
        AtomicInteger runs = new AtomicInteger();
        Schedule schedule = Schedule.builder().maxStageIterations(50)
                .set("forever", "always-again", ctx -> ShouldRun.YES_AND_CHECK_AGAIN)
                .stage("update", SystemDescriptor.builder("spin").access(AccessSpec.none()).inSet("forever")
                        .run(ctx -> runs.incrementAndGet()).build())
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(new World(), schedule, executor(id))) {
            assertThatThrownBy(runner::runFrame).isInstanceOf(StageLoopException.class)
                    .hasMessageContaining("reached 50 iterations").hasMessageContaining("forever (always-again)");
        }
        assertThat(runs.get()).isEqualTo(50);
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void mainThreadAndExclusiveSystemsRunOnTheCaller(String id) {
        Set<String> threads = ConcurrentHashMap.newKeySet();
        Schedule schedule = Schedule.builder()
                .stage("update",
                        SystemDescriptor.builder("main").mainThread().access(AccessSpec.none())
                                .run(ctx -> threads.add("main:" + Thread.currentThread().getName())).build(),
                        SystemDescriptor.exclusive("exclusive", ctx -> threads.add("exclusive:" + Thread.currentThread().getName())))
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(new World(), schedule, executor(id))) {
            runner.runFrame();
        }
        String caller = Thread.currentThread().getName();
        assertThat(threads).containsExactlyInAnyOrder("main:" + caller, "exclusive:" + caller);
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void anExplicitSyncPointAppliesTheCommandsOfSystemsBeforeIt(String id) {
        World world = new World();
        List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
        Schedule schedule = Schedule.builder()
                .stage("update",
                        SystemDescriptor.of("spawn", AccessSpec.none(), ctx -> ctx.commands().spawn(new Marker(7))),
                        SystemDescriptor.builder("apply").kind(dev.ecslab.ecs.schedule.SystemKind.SYNC_POINT).after("spawn").build(),
                        SystemDescriptor.builder("count").access(AccessSpec.of(QuerySpec.reads(Marker.class))).after("apply")
                                .setup(view -> {
                                    var qb = view.query();
                                    qb.read(Marker.class);
                                    var q = qb.build();
                                    return ctx -> seen.add(q.count());
                                }).build())
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, executor(id))) {
            runner.runFrame();
        }
        assertThat(seen).containsExactly(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void systemsTouchingUndeclaredDataFailNamingIt(String id) {
        World world = new World();
        world.spawn(new Marker(1));
        Schedule schedule = Schedule.builder()
                .stage("update", SystemDescriptor.builder("sneaky").access(AccessSpec.of(QuerySpec.reads(Marker.class)))
                        .setup(view -> {
                            var qb = view.query();
                            qb.write(Marker.class);
                            var q = qb.build();
                            return ctx -> q.count();
                        }).build())
                .build();
        assertThatThrownBy(() -> ScheduleRunner.of(world, schedule, executor(id)))
                .hasMessageContaining("system 'sneaky' wrote ScheduleRunnerTest.Marker");
    }

    @org.junit.jupiter.api.Test
    void nonExclusiveSystemsCannotReachTheWholeWorldAndBodilessSystemsCannotRun() {
        List<Throwable> errors = new ArrayList<>();
        Schedule schedule = Schedule.builder()
                .stage("update", SystemDescriptor.of("normal", AccessSpec.none(), ctx -> {
                    try {
                        ctx.exclusiveWorld();
                    } catch (IllegalStateException e) {
                        errors.add(e);
                    }
                }))
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(new World(), schedule, new SerialExecutor())) {
            runner.runFrame();
        }
        assertThat(errors).singleElement().extracting(Throwable::getMessage).asString().contains("system 'normal' is NORMAL");
        Schedule bodiless = Schedule.builder().stage("update", SystemDescriptor.builder("analysis-only")
                .access(AccessSpec.none()).build()).build();
        assertThatThrownBy(() -> ScheduleRunner.of(new World(), bodiless, new SerialExecutor()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'analysis-only' has no body");
        assertThatThrownBy(() -> ExecutorProvider.create("warp-drive", ExecutorOptions.defaults()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("warp-drive")
                .hasMessageContaining("serial, staged, dynamic");
    }

    @ParameterizedTest
    @ValueSource(strings = {"staged", "dynamic"})
    void closingTheRunnerLeavesNoWorkerThreadAlive(String id) {
        Set<Thread> before = Set.copyOf(workers());
        List<Thread> mine;
        try (ScheduleRunner runner = ScheduleRunner.of(new World(), Schedule.builder()
                .stage("update", SystemDescriptor.of("s", AccessSpec.none(), ctx -> { })).build(), executor(id))) {
            runner.runFrame();
            mine = workers().stream().filter(t -> !before.contains(t)).toList();
            assertThat(mine).hasSize(4);
        }
        assertThat(mine).allSatisfy(t -> assertThat(t.isAlive()).as(t.getName()).isFalse());
    }

    private static List<Thread> workers() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("ecslab-") && t.isAlive()).toList();
    }
}
