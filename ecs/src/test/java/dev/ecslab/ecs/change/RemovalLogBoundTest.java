package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code generation}'s removal log is bounded (here at 8 entries): readers that keep running get
 * every removal exactly once, in order, however many go by; a reader that stopped running while
 * more than the bound went by gets the newest of them on its return, in order, and misses the
 * oldest. That loss is the documented limit of the strategy, pinned here so it cannot grow.
 */
class RemovalLogBoundTest {
    record A(int v) {
    }

    @Test
    void steadyReadersGetEveryRemovalAndAStaleOneOnlyTheNewest() {
        World world = World.builder().changeTracking("generation", new GenerationTracker(16, 8)).build();
        List<Entity> live = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            live.add(world.spawn(new A(i)));
        }
        int[] frame = {0};
        List<List<Entity>> steady = new ArrayList<>();
        List<List<Entity>> stale = new ArrayList<>();
        ScheduleRunner runner = ScheduleRunner.of(world, Schedule.builder()
                .set("rarely", "frames 0 and 50", c -> frame[0] == 0 || frame[0] == 50 ? ShouldRun.YES : ShouldRun.NO)
                .stage("update", reader("steady", steady).build(), reader("stale", stale).inSet("rarely").build())
                .build(), new SerialExecutor());
        List<Entity> removedSinceStale = new ArrayList<>();
        for (frame[0] = 0; frame[0] <= 50; frame[0]++) {
            List<Entity> thisFrame = new ArrayList<>();
            if (frame[0] > 0) {
                for (int k = 0; k < 3; k++) {
                    Entity victim = live.remove(0);
                    world.despawn(victim);
                    thisFrame.add(victim);
                }
                removedSinceStale.addAll(thisFrame);
            }
            runner.runFrame();
            assertThat(steady.get(steady.size() - 1)).as("frame %d, steady reader", frame[0]).isEqualTo(thisFrame);
        }
        List<Entity> back = stale.get(stale.size() - 1);
        assertThat(removedSinceStale).hasSize(150);
        assertThat(back).as("what the returning reader got").isNotEmpty().hasSizeLessThanOrEqualTo(8)
                .isEqualTo(removedSinceStale.subList(removedSinceStale.size() - back.size(), removedSinceStale.size()));
    }

    /**
     * The lab's finding (seed 9367, in a sharded gate of 20 000 scenarios): a mass despawn by commands in one
     * frame left few entities alive, and a bound counted on the live ones after the despawns dropped
     * the oldest half before the detector, which runs every frame, could see them.
     */
    @Test
    void aMassDespawnInOneFrameReachesAReaderThatRunsEveryFrame() {
        World world = World.builder().changeTracking("generation").build();     // the default bound
        List<Entity> live = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            live.add(world.spawn(new A(i)));
        }
        int[] frame = {0};
        List<Entity> killed = new ArrayList<>();
        List<List<Entity>> seen = new ArrayList<>();
        ScheduleRunner runner = ScheduleRunner.of(world, Schedule.builder()
                .stage("kill", SystemDescriptor.builder("killer").access(AccessSpec.of(QuerySpec.reads(A.class)))
                        .run(ctx -> {
                            if (frame[0] == 1) {
                                for (Entity e : live.subList(10, live.size())) {
                                    ctx.commands().despawn(e);
                                    killed.add(e);
                                }
                            }
                        }).build())
                .stage("detect", reader("detector", seen).build())
                .build(), new SerialExecutor());
        for (frame[0] = 0; frame[0] < 3; frame[0]++) {
            runner.runFrame();
        }
        assertThat(killed).hasSize(2_990);
        assertThat(seen.get(1)).as("the frame of the despawns").containsExactlyElementsOf(killed);
        assertThat(seen.get(2)).as("the frame after").isEmpty();
    }

    /**
     * A world whose frames never end (nothing calls clearTrackers) and a reader that ran once: the
     * removals counted into the bound are capped, so 200 000 removals keep the log to a few thousand
     * entries rather than all of them.
     */
    @Test
    void aWorldWhoseFramesNeverEndKeepsTheRemovalLogBounded() {
        GenerationTracker tracker = new GenerationTracker();
        World world = World.builder().changeTracking("generation", tracker).build();
        WorldInternals internals = WorldInternals.of(world);
        RunTicks stopped = internals.newSystemTicks("stopped");
        stopped.begin(internals.nextChangeTick());
        tracker.onRunStarted(stopped);
        world.removed(A.class);
        tracker.onRunFinished(stopped);
        stopped.end();
        long before = tracker.memoryBytes();
        for (int i = 0; i < 200_000; i++) {
            world.despawn(world.spawn(new A(i)));
        }
        long grown = tracker.memoryBytes() - before;
        assertThat(grown).as("bytes the removal log grew by after 200 000 removals")
                .isLessThan(200_000L * 4);                                      // all of them would take 8 bytes each
    }

    private static SystemDescriptor.Builder reader(String name, List<List<Entity>> seen) {
        return SystemDescriptor.builder(name).access(AccessSpec.of(QuerySpec.reads(A.class)))
                .run(ctx -> seen.add(ctx.world().removed(A.class)));
    }
}
