package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The situation of a 10 000-scenario gate's finding (seed 10453), built directly: a looping stage of two
 * iterations; a reader of {@code Removed<A>} paused in frames 2 and 3; in frame 2 commands take {@code A} from e0
 * and put it back; before frame 3 the clock jumps so that this removal is one tick past the maximum change age at
 * the frame's first tick; in frame 3 a command despawns e0. Under {@code generation} (Bevy's semantics) the reader
 * is told of e0 once when it returns, for the despawn, and the expired removal is let go; {@code system-data},
 * which keeps no ticks, tells it of both. The gate had judged the single report a missed despawn: that was the
 * lab's oracle matching the report to the expired removal, not the strategy, which this test pins.
 */
class RemovalAcrossAnAgeJumpTest {
    record A(int v) {
    }

    /** The tick of each removal the tracker hears of (a decorator: the world then reports every write as an event). */
    static final class RemovalTicks extends ForwardingChangeTracker {
        final List<Integer> ticks = new ArrayList<>();

        RemovalTicks(ChangeTracker delegate) {
            super(delegate);
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            ticks.add(writer.thisRun());
            super.onRemoved(writer, componentId, entity);
        }
    }

    /**
     * Runs the frames and returns what the reader was told, by "frame.iteration", as labels ("e0" for the entity
     * whose {@code A} is removed, "other" for any other). {@code pastMaxAge}: the jump
     * before frame 3 leaves frame 2's removal one tick past the maximum change age at the frame's first tick;
     * otherwise the clock jumps by three clamping thresholds, far short of it.
     */
    static Map<String, List<String>> run(Supplier<ChangeTracker> strategy, boolean pastMaxAge) {
        RemovalTicks tracker = new RemovalTicks(strategy.get());
        World world = World.builder().changeTracking("under-test", tracker).build();
        WorldInternals internals = WorldInternals.of(world);
        Entity target = world.spawn(new A(0));
        world.spawn(new A(1));
        int[] frame = {0};
        Map<String, List<String>> told = new LinkedHashMap<>();
        Schedule schedule = Schedule.builder()
                .set("loop", "two iterations", c -> c.iteration() == 0 ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES)
                // a set that does not ask to check again leaves the stage's later iterations: the reader's own set loops
                .set("reader", "two iterations, none in frames 2 and 3", c -> frame[0] == 2 || frame[0] == 3 ? ShouldRun.NO
                        : c.iteration() == 0 ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES)
                .stage("update",
                        SystemDescriptor.builder("reader").inSet("reader")
                                .access(AccessSpec.of(QuerySpec.reads(A.class)))
                                .run(ctx -> told.put(ctx.frame() + "." + ctx.iteration(), ctx.world().removed(A.class).stream()
                                        .map(e -> e.equals(target) ? "e0" : "other").toList()))
                                .build(),
                        SystemDescriptor.builder("changer").inSet("loop").after("reader")
                                .access(AccessSpec.of(QuerySpec.reads(A.class)))
                                .run(ctx -> {
                                    if (ctx.iteration() != 1) {
                                        return;          // the last iteration's commands are the frame's last changes
                                    }
                                    if (frame[0] == 2) {
                                        ctx.commands().remove(target, A.class);
                                        ctx.commands().insert(target, new A(3));
                                    } else if (frame[0] == 3) {
                                        ctx.commands().despawn(target);
                                    }
                                })
                                .build())
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            for (frame[0] = 0; frame[0] <= 4; frame[0]++) {
                if (frame[0] == 3) {
                    assertThat(tracker.ticks).as("the removal of frame 2").hasSize(1);
                    int now = internals.changeTick();
                    long sinceRemoval = Ticks.age(tracker.ticks.get(0), now);
                    // the frame's first tick is now + jump + 1: the removal is then MAX_AGE + 1 ticks old
                    internals.advanceChangeTick(pastMaxAge ? Ticks.MAX_AGE - sinceRemoval : 3L * Ticks.CHECK_THRESHOLD);
                }
                runner.runFrame();
            }
        }
        return told;
    }

    @Test
    void generationTellsAReturningReaderOfTheDespawnAndLetsTheExpiredRemovalGo() {
        Map<String, List<String>> told = run(GenerationTracker::new, true);
        assertThat(told.keySet()).as("the reader's runs").containsExactly("0.0", "0.1", "1.0", "1.1", "4.0", "4.1");
        assertThat(told).as("its runs after the age jump: the despawn, once")
                .containsEntry("4.0", List.of("e0")).containsEntry("4.1", List.of());
    }

    @Test
    void generationTellsAReturningReaderOfBothRemovalsWhenNeitherExpired() {
        assertThat(run(GenerationTracker::new, false)).as("both removals, in order")
                .containsEntry("4.0", List.of("e0", "e0")).containsEntry("4.1", List.of());
    }

    @Test
    void systemDataKeepsNoTicksAndTellsOfBothRemovals() {
        assertThat(run(SystemDataTracker::new, true)).as("the expired removal too: a tick-free strategy may")
                .containsEntry("4.0", List.of("e0", "e0")).containsEntry("4.1", List.of());
    }
}
