package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.StructuralChangeException;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link World#advanceChangeTick}: the clock jumps by billions of ticks in steps no larger than
 * {@link Ticks#CHECK_THRESHOLD}, with the tracker's sync point after each, so clamping and the 32-bit
 * wraparound happen as they would in a world that ran that long. A reader paused across two jumps of
 * 2<sup>31</sup> still sees a change made between them (the world clamps its last-run tick, or it
 * would look newer than the change after the wrap); a change older than {@link Ticks#MAX_AGE} expires
 * and never comes back; a strategy that never clamps its own ticks reports it again.
 */
class ClockJumpTest {
    record A(int v) {
    }

    static final long TWO_31 = 1L << 31;

    /** Counts sync points and the largest tick step between two of them. */
    static final class Steps extends ForwardingChangeTracker {
        int syncPoints;
        long largestStep;
        private TrackerHost host;
        private int last;

        Steps() {
            super(new GenerationTracker());
        }

        @Override
        public void attach(TrackerHost h) {
            super.attach(h);
            host = h;
            last = h.currentTick();
        }

        @Override
        public void onSyncPoint() {
            super.onSyncPoint();
            syncPoints++;
            largestStep = Math.max(largestStep, Ticks.age(last, host.currentTick()));
            last = host.currentTick();
        }
    }

    /** generation without its clamping passes: Bevy's check_change_ticks forgotten. */
    static final class NeverClamps extends ForwardingChangeTracker {
        NeverClamps() {
            super(new GenerationTracker());
        }

        @Override
        public void onSyncPoint() {
        }

        @Override
        public void onFrameEnded() {
        }
    }

    @Test
    void aJumpLapsTheClockInStepsTheTrackerCanClampBetween() {
        Steps steps = new Steps();
        World world = World.builder().changeTracking("generation", steps).build();
        int start = world.changeTick();
        world.advanceChangeTick((1L << 32) + 5);
        assertThat(world.changeTick()).as("2^32 + 5 ticks later the 32-bit clock reads 5 more").isEqualTo(start + 5);
        assertThat(steps.largestStep).isLessThanOrEqualTo(Ticks.CHECK_THRESHOLD);
        assertThat(steps.syncPoints).isEqualTo((int) (((1L << 32) + 5 + Ticks.CHECK_THRESHOLD - 1) / Ticks.CHECK_THRESHOLD));
        world.advanceChangeTick(0);
        assertThat(world.changeTick()).isEqualTo(start + 5);
        assertThatThrownBy(() -> world.advanceChangeTick(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }

    @Test
    void aJumpIsRefusedWhileAQueryIterates() {
        World world = new World();
        world.spawn(new A(1));
        QueryBuilder qb = world.query();
        qb.read(A.class);
        Query q = qb.build();
        assertThatThrownBy(() -> q.forEach(row -> world.advanceChangeTick(1)))
                .isInstanceOf(StructuralChangeException.class).hasMessageContaining("advance the change tick");
    }

    @Test
    void aDirectWriteAfterTheJumpIsNewerThanEveryReaderBeforeIt() {
        World world = new World();
        Entity e = world.spawn(new A(1));
        world.clearTrackers();
        world.getMut(e, A.class);                           // the world writer takes a tick now
        world.advanceChangeTick(TWO_31);
        world.clearTrackers();                              // the direct reader's previous run: after the jump
        world.insert(e, new A(2));                          // a re-insert is a mutation, by the world, after the jump
        QueryBuilder qb = world.query();
        EntityTerm id = qb.entity();
        Query changed = qb.changed(A.class).build();
        List<Entity> got = new ArrayList<>();
        changed.forEach(row -> got.add(row.get(id)));
        assertThat(got).as("the write after the jump must not carry the writer's tick from before it").containsExactly(e);
    }

    @Test
    void generationClampsSoAReaderPausedAcrossTheWrapSeesAChangeMadeBetweenTwoJumps() {
        List<String> log = pausedReaderAcrossTwoJumps(() -> new GenerationTracker());
        assertThat(log).containsExactly("frame 0: [e0]", "frame 2: [e0]");
        List<String> systemData = pausedReaderAcrossTwoJumps(SystemDataTracker::new);
        assertThat(systemData).containsExactly("frame 0: [e0]", "frame 2: [e0]");
    }

    /**
     * Found by the lab's campaign: a system made when the schedule was built, whose first run comes
     * 2^30 ticks later, missed everything that existed. Its fresh previous run (the maximum age before
     * it was made) had not been registered for clamping, so the clock lapped it and it looked recent.
     */
    @Test
    void aSystemWhoseFirstRunComesLongAfterItWasMadeSeesEverythingThatExists() {
        for (Supplier<ChangeTracker> tracker : List.<Supplier<ChangeTracker>>of(GenerationTracker::new, SystemDataTracker::new)) {
            World world = World.builder().changeTracking("under-test", tracker.get()).build();
            world.spawn(new A(0));
            int[] frame = {0};
            List<String> log = new ArrayList<>();
            Schedule schedule = Schedule.builder().stage("update", reader("reader", frame, log).build()).build();
            try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
                world.advanceChangeTick(1L << 30);
                runner.runFrame();
            }
            assertThat(log).as(world.changeTrackingId()).containsExactly("frame 0: [e0]");
        }
    }

    /**
     * The readers' previous runs are the world's to clamp, not the strategy's: a strategy that never
     * clamps (its own ticks) still sees the change after the wrap, where before the world took this
     * over the reader's last run, 2^32 ticks later, looked newer than the change and it was missed.
     */
    @Test
    void theWorldClampsAPausedReaderEvenUnderAStrategyThatNeverClamps() {
        List<String> log = pausedReaderAcrossTwoJumps(NeverClamps::new);
        assertThat(log).containsExactly("frame 0: [e0]", "frame 2: [e0]");
    }

    @Test
    void aChangeOlderThanTheMaximumAgeExpiresAndNeverComesBack() {
        assertThat(expiry(() -> new GenerationTracker())).as("expired (Bevy: clamped, not reported), and never again as"
                + " the clock laps").containsExactly("frame 0: [e0]", "frame 1: []", "frame 2: []", "frame 3: []");
        assertThat(expiry(SystemDataTracker::new)).as("system-data has no ticks: the change is simply news")
                .containsExactly("frame 0: [e0]", "frame 1: [e0]", "frame 2: []", "frame 3: []");
        assertThat(expiry(NeverClamps::new)).as("without clamping the expired change looks new again once the clock"
                + " has lapped").contains("frame 2: [e0]");
    }

    /**
     * The reader runs in frames 0 and 2 only; jumps of 2^31 before frames 1 and 2; the writer changes
     * e0 in frame 1. In frame 2 the reader's previous run is 2^32 + a few ticks old: without clamping
     * it reads as a few ticks old, newer than the change (2^31 old), which is then missed.
     */
    private static List<String> pausedReaderAcrossTwoJumps(Supplier<ChangeTracker> tracker) {
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
    private static void runFrames(Supplier<ChangeTracker> tracker, Schedule schedule, int[] frame, long... jumps) {
        World world = World.builder().changeTracking("under-test", tracker.get()).build();
        world.spawn(new A(0));
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            for (frame[0] = 0; frame[0] < jumps.length; frame[0]++) {
                world.advanceChangeTick(jumps[frame[0]]);
                runner.runFrame();
            }
        }
    }

    /**
     * The reader runs every frame, before the writer, which changes e0 in frame 0 only; jumps of
     * MAX_AGE + 1 before frame 1, then 2^31 before frames 2 and 3. The change is older than the
     * maximum age when the reader next runs.
     */
    private static List<String> expiry(Supplier<ChangeTracker> tracker) {
        int[] frame = {0};
        List<String> log = new ArrayList<>();
        Schedule schedule = Schedule.builder()
                .set("writes", "frame 0", c -> frame[0] == 0 ? ShouldRun.YES : ShouldRun.NO)
                .stage("update", reader("reader", frame, log).before("writer").build(), writer(frame)).build();
        runFrames(tracker, schedule, frame, 0, Ticks.MAX_AGE + 1, TWO_31, TWO_31);
        return log;
    }

    private static SystemDescriptor writer(int[] frame) {
        return SystemDescriptor.builder("writer").inSet("writes").access(AccessSpec.of(QuerySpec.writes(A.class)))
                .setup(view -> {
                    QueryBuilder qb = view.query();
                    var a = qb.write(A.class);
                    Query all = qb.build();
                    return ctx -> all.forEach(row -> row.set(a, new A(frame[0])));
                }).build();
    }

    private static SystemDescriptor.Builder reader(String name, int[] frame, List<String> log) {
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
