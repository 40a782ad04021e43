package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.executor.ExecutorTwins;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.races.CatalogueRecord;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.ecs.world.World;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 14: Bevy #17828 (fixed by PR #17880), commands not applied before an exclusive
 * system. Bevy's automatic sync-point pass skipped the sync point on an edge configured to ignore deferred
 * parameters even when its target was exclusive, and did not carry the commands of a system across a
 * following system that had none, so a system chained after them did not see them. ecslab inserts no sync
 * points (the user places them, and every stage ends with one), so it has neither ignore-deferred edges nor
 * their bubbling; its twin ({@code ExecutorTwins.syncPointFlushingDirectPredecessorsOnly}) rebuilds the closest
 * cause in ecslab's explicit sync point, which applies only the buffers of its direct predecessors. The
 * schedule is Bevy's two regression tests in one chain: a system inserts {@code Resource1} through its
 * commands, a second queues nothing, then the sync point, then an exclusive system that looks for
 * {@code Resource1}. The real runner applies every buffer of a system that ran before the sync point: the
 * exclusive system sees the resource. No threads are needed: the serial executor runs the chain.
 */
class CommandsBeforeExclusiveTest {
    /** Bevy's {@code Resource1}. */
    record Resource1() {
    }

    /** The schedule; {@code seen} receives whether the exclusive system found {@code Resource1}. */
    static Schedule schedule(AtomicReference<Boolean> seen) {
        return Schedule.builder().stage("update",
                SystemDescriptor.of("insert_resource", AccessSpec.none(), ctx -> ctx.commands().insertResource(new Resource1())),
                SystemDescriptor.builder("no_commands").after("insert_resource").run(ctx -> { }).build(),
                SystemDescriptor.builder("apply_deferred").kind(SystemKind.SYNC_POINT).after("no_commands").build(),
                SystemDescriptor.builder("sees_resource").kind(SystemKind.EXCLUSIVE).after("apply_deferred")
                        .run(ctx -> seen.set(ctx.exclusiveWorld().hasResource(Resource1.class))).build())
                .build();
    }

    /** Whether the exclusive system saw {@code Resource1} in the first frame. */
    static boolean exclusiveSeesTheCommands(boolean twin) {
        World world = new World();
        AtomicReference<Boolean> seen = new AtomicReference<>();
        Schedule schedule = schedule(seen);
        SerialExecutor executor = new SerialExecutor();
        try (ScheduleRunner runner = twin ? ExecutorTwins.syncPointFlushingDirectPredecessorsOnly(world, schedule, executor)
                : ScheduleRunner.of(world, schedule, executor)) {
            runner.runFrame();
        }
        assertThat(world.hasResource(Resource1.class)).as("the stage's end applies the commands either way").isTrue();
        return seen.get();
    }

    @Test
    void theTwinFlushingDirectPredecessorsOnlyHidesTheCommandsFromTheExclusiveSystem() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> !exclusiveSeesTheCommands(true));
        boolean real = exclusiveSeesTheCommands(false);
        CatalogueRecord.write(14, CatalogueRecord.Tool.DIRECTED, "ScheduleRunner whose sync points apply their direct"
                + " predecessors' buffers only (ExecutorTwins.syncPointFlushingDirectPredecessorsOnly)", times, real);
        assertThat(exclusiveSeesTheCommands(true)).as("the twin applies Resource1 only at the stage's end").isFalse();
        assertThat(real).as("the real sync point applies every buffer of a system that ran before it").isTrue();
        assertThat(times).doesNotContain(-1L);
    }
}
