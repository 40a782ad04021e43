package dev.ecslab.ecs.change;

import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Test support, shared with the lab's tests through the ecs test jar: schedules run across clock
 * jumps of billions of ticks ({@link World#advanceChangeTick}), each returning what a change-detecting
 * reader saw, frame by frame, as {@code "frame N: [e0]"}. {@link ClockJumpTest} runs them on the
 * built-in strategies, the lab's {@code NeverClampsTest} on a strategy that never clamps.
 */
public final class ClockJumps {
    public record A(int v) {
    }

    public static final long TWO_31 = 1L << 31;

    private ClockJumps() {
    }

    /**
     * The reader runs in frames 0 and 2 only; jumps of 2^31 before frames 1 and 2; the writer changes
     * e0 in frame 1. In frame 2 the reader's previous run is 2^32 + a few ticks old: without clamping
     * it reads as a few ticks old, newer than the change (2^31 old), which is then missed.
     */
    public static List<String> pausedReaderAcrossTwoJumps(Supplier<ChangeTracker> tracker) {
        int[] frame = {0};
        List<String> log = new ArrayList<>();
        Schedule schedule = Schedule.builder()
                .set("paused", "frames 0 and 2", c -> frame[0] == 1 ? ShouldRun.NO : ShouldRun.YES)
                .set("writes", "frame 1", c -> frame[0] == 1 ? ShouldRun.YES : ShouldRun.NO)
                .stage("update",
                        writer(frame),
                        reader("reader", frame, log).inSet("paused").before("writer").build())
                .build();
        runFrames(tracker, schedule, frame, 0, TWO_31, TWO_31);
        return log;
    }

    /** One entity, then a frame per jump: the clock jumps by {@code jumps[f]} before frame {@code f}. */
    static void runFrames(Supplier<ChangeTracker> tracker, Schedule schedule, int[] frame, long... jumps) {
        World world = World.builder().changeTracking("under-test", tracker.get()).build();
        world.spawn(new A(0));
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            for (frame[0] = 0; frame[0] < jumps.length; frame[0]++) {
                WorldInternals.of(world).advanceChangeTick(jumps[frame[0]]);
                runner.runFrame();
            }
        }
    }

    /**
     * The reader runs every frame, before the writer, which changes e0 in frame 0 only; jumps of
     * MAX_AGE + 1 before frame 1, then 2^31 before frames 2 and 3. The change is older than the
     * maximum age when the reader next runs.
     */
    public static List<String> expiry(Supplier<ChangeTracker> tracker) {
        int[] frame = {0};
        List<String> log = new ArrayList<>();
        Schedule schedule = Schedule.builder()
                .set("writes", "frame 0", c -> frame[0] == 0 ? ShouldRun.YES : ShouldRun.NO)
                .stage("update", reader("reader", frame, log).before("writer").build(), writer(frame)).build();
        runFrames(tracker, schedule, frame, 0, Ticks.MAX_AGE + 1, TWO_31, TWO_31);
        return log;
    }

    static SystemDescriptor writer(int[] frame) {
        return SystemDescriptor.builder("writer").inSet("writes").access(AccessSpec.of(QuerySpec.writes(A.class)))
                .setup(view -> {
                    QueryBuilder qb = view.query();
                    var a = qb.write(A.class);
                    Query all = qb.build();
                    return ctx -> all.forEach(row -> row.set(a, new A(frame[0])));
                }).build();
    }

    public static SystemDescriptor.Builder reader(String name, int[] frame, List<String> log) {
        return SystemDescriptor.builder(name).access(AccessSpec.of(QuerySpec.reads(A.class))).setup(view -> {
            QueryBuilder qb = view.query();
            EntityTerm id = qb.entity();
            Query changed = qb.changed(A.class).build();
            return ctx -> {
                List<String> got = new ArrayList<>();
                changed.forEach(row -> got.add("e" + row.get(id).index()));
                log.add("frame " + frame[0] + ": " + got);
            };
        });
    }
}
