package dev.ecslab.ecs.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The tracker hears the schedule's structure: every stage's start and end, every pass of a looping
 * stage, and a sync point wherever commands are applied, at an explicit sync-point system too (it
 * once applied them without telling the tracker, although {@code onSyncPoint}'s Javadoc said it did).
 */
class TrackerStageEventsTest {
    record Marker(int v) {
    }

    /** {@code generation}, logging the events about the schedule's structure. */
    static final class Recording extends ForwardingChangeTracker {
        final List<String> events = Collections.synchronizedList(new ArrayList<>());

        Recording() {
            super(new GenerationTracker());
        }

        @Override
        public void onStageStarted(String stage) {
            super.onStageStarted(stage);
            events.add("start " + stage);
        }

        @Override
        public void onLoopIterationEnded(String stage, int iteration) {
            super.onLoopIterationEnded(stage, iteration);
            events.add("pass " + iteration + " of " + stage);
        }

        @Override
        public void onStageEnded(String stage) {
            super.onStageEnded(stage);
            events.add("end " + stage);
        }

        @Override
        public void onSyncPoint() {
            super.onSyncPoint();
            events.add("sync");
        }

        @Override
        public void onFrameEnded() {
            super.onFrameEnded();
            events.add("frame end");
        }
    }

    private static List<String> run(Schedule schedule, String executor) {
        Recording tracker = new Recording();
        World world = World.builder().changeTracking("recording", tracker).build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule,
                ExecutorProvider.create(executor, ExecutorOptions.defaults().withThreads(2)))) {
            runner.runFrame();
        }
        return tracker.events;
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void anExplicitSyncPointSystemIsASyncPointForTheTracker(String executor) {
        Schedule schedule = Schedule.builder()
                .stage("first",
                        SystemDescriptor.of("spawn", AccessSpec.none(), ctx -> ctx.commands().spawn(new Marker(1))),
                        SystemDescriptor.builder("apply").kind(SystemKind.SYNC_POINT).after("spawn").build(),
                        SystemDescriptor.builder("count").access(AccessSpec.of(QuerySpec.reads(Marker.class))).after("apply")
                                .run(ctx -> { }).build())
                .stage("second", SystemDescriptor.of("idle", AccessSpec.none(), ctx -> { }))
                .build();
        assertThat(run(schedule, executor)).containsExactly("start first", "sync", "sync", "end first",
                "start second", "sync", "end second", "frame end");
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void aLoopingStageEndsEachPassButTheLast(String executor) {
        Schedule schedule = Schedule.builder()
                .set("thrice", "three passes", ctx -> ctx.iteration() < 2 ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES)
                .stage("fixed", SystemDescriptor.builder("step").access(AccessSpec.none()).inSet("thrice")
                        .run(ctx -> { }).build())
                .build();
        assertThat(run(schedule, executor)).containsExactly("start fixed", "sync", "pass 0 of fixed", "sync",
                "pass 1 of fixed", "sync", "end fixed", "frame end");
    }
}
