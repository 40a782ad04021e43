package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.change.ClockJumps.A;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.world.StructuralChangeException;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * {@link dev.ecslab.ecs.internal.WorldInternals#advanceChangeTick}: the clock jumps by billions of ticks in steps no larger than
 * {@link Ticks#CHECK_THRESHOLD}, with the tracker's sync point after each, so clamping and the 32-bit
 * wraparound happen as they would in a world that ran that long. A reader paused across two jumps of
 * 2<sup>31</sup> still sees a change made between them (the world clamps its last-run tick, or it
 * would look newer than the change after the wrap); a change older than {@link Ticks#MAX_AGE} expires
 * and never comes back (the lab's {@code NeverClampsTest} runs the same scenarios on a strategy that
 * never clamps).
 */
class ClockJumpTest {
    static final long TWO_31 = ClockJumps.TWO_31;

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

    @Test
    void aJumpLapsTheClockInStepsTheTrackerCanClampBetween() {
        Steps steps = new Steps();
        World world = World.builder().changeTracking("generation", steps).build();
        int start = WorldInternals.of(world).changeTick();
        WorldInternals.of(world).advanceChangeTick((1L << 32) + 5);
        assertThat(WorldInternals.of(world).changeTick()).as("2^32 + 5 ticks later the 32-bit clock reads 5 more").isEqualTo(start + 5);
        assertThat(steps.largestStep).isLessThanOrEqualTo(Ticks.CHECK_THRESHOLD);
        assertThat(steps.syncPoints).isEqualTo((int) (((1L << 32) + 5 + Ticks.CHECK_THRESHOLD - 1) / Ticks.CHECK_THRESHOLD));
        WorldInternals.of(world).advanceChangeTick(0);
        assertThat(WorldInternals.of(world).changeTick()).isEqualTo(start + 5);
        assertThatThrownBy(() -> WorldInternals.of(world).advanceChangeTick(-1)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("-1");
    }

    @Test
    void aJumpIsRefusedWhileAQueryIterates() {
        World world = new World();
        world.spawn(new A(1));
        QueryBuilder qb = world.query();
        qb.read(A.class);
        Query q = qb.build();
        assertThatThrownBy(() -> q.forEach(row -> WorldInternals.of(world).advanceChangeTick(1)))
                .isInstanceOf(StructuralChangeException.class).hasMessageContaining("advance the change tick");
    }

    @Test
    void aDirectWriteAfterTheJumpIsNewerThanEveryReaderBeforeIt() {
        World world = new World();
        Entity e = world.spawn(new A(1));
        world.clearTrackers();
        world.getMut(e, A.class);                           // the world writer takes a tick now
        WorldInternals.of(world).advanceChangeTick(TWO_31);
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
        List<String> log = ClockJumps.pausedReaderAcrossTwoJumps(() -> new GenerationTracker());
        assertThat(log).containsExactly("frame 0: [e0]", "frame 2: [e0]");
        List<String> systemData = ClockJumps.pausedReaderAcrossTwoJumps(SystemDataTracker::new);
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
            Schedule schedule = Schedule.builder().stage("update", ClockJumps.reader("reader", frame, log).build()).build();
            try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
                WorldInternals.of(world).advanceChangeTick(1L << 30);
                runner.runFrame();
            }
            assertThat(log).as(world.changeTrackingId()).containsExactly("frame 0: [e0]");
        }
    }

    /**
     * A row added and never mutated stays "never mutated" however often the clock laps, even where a
     * write to its block makes a query read the block's mutated lane. Its mark (the addition's tick
     * minus MAX_AGE) is clamped to MAX_AGE like any tick; a clamp that kept it MAX_AGE behind the
     * clamped addition instead would leave it looking new after the first lap, and a query that reads
     * the mutated lane alone (9aeae2b) would report the row (tried: it fails this test).
     */
    @Test
    void aRowNeverMutatedStaysUnmutatedHoweverOftenTheClockLaps() {
        World world = World.builder().observeEverything().build();
        Entity never = world.spawn(new A(0));
        Entity written = world.spawn(new A(0));            // the same 16-row block
        for (int lap = 1; lap <= 3; lap++) {
            WorldInternals.of(world).advanceChangeTick((1L << 32) + TWO_31 / 3);
            RunTicks reader = WorldInternals.of(world).newSystemTicks("reader " + lap);   // previous run: as old as can be
            world.getMut(written, A.class);                 // makes the block's mutated summary newer than the reader
            reader.begin(WorldInternals.of(world).nextChangeTick());
            assertThat(reported(world, reader, ChangeKind.MUTATED)).as("lap " + lap).containsExactly(written);
            assertThat(reported(world, reader, ChangeKind.CHANGED)).as("lap " + lap).containsExactly(written);
            assertThat(reported(world, reader, ChangeKind.ADDED)).as("lap " + lap + ": the additions expired").isEmpty();
            reader.end();
        }
    }

    private static List<Entity> reported(World world, SystemTicks reader, ChangeKind kind) {
        QueryBuilder qb = WorldInternals.of(world).view(reader.name(), Access.world(), reader).query();
        EntityTerm id = qb.entity();
        Query q = qb.changedAs(A.class, kind, ChangeFlavor.DEFAULT).build();
        List<Entity> out = new ArrayList<>();
        q.forEach(row -> out.add(row.get(id)));
        q.close();
        return out;
    }

    @Test
    void aChangeOlderThanTheMaximumAgeExpiresAndNeverComesBack() {
        assertThat(ClockJumps.expiry(() -> new GenerationTracker())).as("expired (Bevy: clamped, not reported), and never again as"
                + " the clock laps").containsExactly("frame 0: [e0]", "frame 1: []", "frame 2: []", "frame 3: []");
        assertThat(ClockJumps.expiry(SystemDataTracker::new)).as("system-data has no ticks: the change is simply news")
                .containsExactly("frame 0: [e0]", "frame 1: [e0]", "frame 2: []", "frame 3: []");
    }
}
