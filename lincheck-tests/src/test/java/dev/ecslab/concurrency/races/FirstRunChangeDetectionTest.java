package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.races.CatalogueRecord;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldTwins;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 18: Bevy #13426 ("False positives for Added/Changed on first system run", closed
 * by PR #13458, which documented the behaviour instead of changing it): a system's first run reports every
 * component that exists as added and changed, because a system that has not run has a tick for its previous
 * run like any other ("a system that hasn't been run yet has a Tick of 0", as the fix's documentation puts
 * it; in the code the issue names, {@code SystemMeta} starts at tick 0 and {@code initialize} then sets it to
 * the maximum change age before the world's tick, so the twin follows the issue and the documentation, not
 * that second step). ecslab keeps Bevy's documented semantics, and marks a system that never ran so that its first run
 * looks back exactly the maximum change age, wherever the clock stands. The twin
 * ({@code WorldTwins.neverRanAtTickZero}) puts the cause back: a new system's previous run is tick 0, with
 * nothing saying it never ran. The semantics then hold only while tick 0 is older than every change: in a
 * world whose clock started 1 000 ticks below the 32-bit wrap and has crossed it, tick 0 is newer than the
 * entity spawned before the wrap, and the detector's first run does not report it as added.
 */
class FirstRunChangeDetectionTest {
    /** The component the detector watches. */
    record Score(int value) {
    }

    /** How many entities the detector's first run reported as added. */
    static int addedOnFirstRun(boolean twin) {
        int start = -1_000;
        World world = twin ? WorldTwins.neverRanAtTickZero(start) : World.builder().initialChangeTick(start).build();
        world.spawn(new Score(0));
        AtomicInteger added = new AtomicInteger(-1);
        Schedule schedule = Schedule.builder().stage("update",
                SystemDescriptor.builder("detector").access(AccessSpec.of(QuerySpec.reads(Score.class))).setup(view -> {
                    Query q = view.query().added(Score.class).build();
                    return ctx -> added.set(q.count());
                }).build()).build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            WorldInternals.of(world).advanceChangeTick(2_000);          // the clock crosses the wrap before the first run
            runner.runFrame();
        }
        return added.get();
    }

    @Test
    void theTwinWhosePreviousRunIsTickZeroMissesAnAdditionAfterTheWrap() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> addedOnFirstRun(true) == 0);
        int real = addedOnFirstRun(false);
        CatalogueRecord.write(18, CatalogueRecord.Tool.DIRECTED, "World whose new systems' previous run is tick 0"
                + " (WorldTwins.neverRanAtTickZero)", times, real == 1);
        assertThat(addedOnFirstRun(true)).as("tick 0 is newer than the spawn before the wrap").isZero();
        assertThat(real).as("a first run sees everything that exists as added").isEqualTo(1);
        assertThat(times).doesNotContain(-1L);
    }
}
