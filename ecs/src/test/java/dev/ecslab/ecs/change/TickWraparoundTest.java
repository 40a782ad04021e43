package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Crosses the 32-bit tick wrap for real: the world's tick starts 2 000 below overflow and a schedule
 * runs 1 500 frames (about 9 000 ticks) of spawns, despawns and writes. Three readers, one before the
 * writer, one after it, and one that runs every seventh frame (its window spans the wrap), compare
 * every answer with a position oracle: no change may be missed or repeated, added or removed.
 */
class TickWraparoundTest {
    record A(int v) {
    }

    static final int START = -2_000;
    static final int FRAMES = 1_500;
    static final long SEED = 0x5EED_0004L;

    static Stream<Arguments> setups() {
        return Stream.of(
                Arguments.of("generation, serial", (Supplier<World>) () -> world("generation", null), (Supplier<Executor>) SerialExecutor::new),
                Arguments.of("generation with one-row blocks, serial",
                        (Supplier<World>) () -> world("generation", new GenerationTracker(1, 0)), (Supplier<Executor>) SerialExecutor::new),
                Arguments.of("generation, dynamic", (Supplier<World>) () -> world("generation", null),
                        (Supplier<Executor>) () -> new DynamicExecutor(ExecutorOptions.defaults().withThreads(3))),
                Arguments.of("system-data, serial", (Supplier<World>) () -> world("system-data", null), (Supplier<Executor>) SerialExecutor::new));
    }

    private static World world(String id, ChangeTracker tracker) {
        World.Builder b = World.builder().initialChangeTick(START);
        return (tracker == null ? b.changeTracking(id) : b.changeTracking(id, tracker)).build();
    }

    /** Positions in time: frame * 10 + phase. Phase 0: direct ops between frames; 1..4: system runs in order. */
    private static int time(int frame, int phase) {
        return frame * 10 + phase;
    }

    private final Map<Entity, int[]> live = new HashMap<>();          // added time, mutated time (or -1)
    private final List<Object[]> removals = new ArrayList<>();        // time, entity
    private final List<String> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    private int frame;

    @ParameterizedTest(name = "{0}")
    @MethodSource("setups")
    void noChangeIsMissedOrRepeatedAcrossTheWrap(String name, Supplier<World> worlds, Supplier<Executor> executors) {
        System.out.println("TickWraparoundTest seed=" + Long.toHexString(SEED) + " setup=" + name);
        World world = worlds.get();
        SplittableRandom random = new SplittableRandom(SEED);
        int[] lastRun = {-1, -1, -1};                                 // before, after, every7
        SystemDescriptor writer = SystemDescriptor.builder("writer")
                .access(AccessSpec.of(QuerySpec.writes(A.class))).setup(view -> {
                    QueryBuilder qb = view.query();
                    EntityTerm id = qb.entity();
                    Write<A> a = qb.write(A.class);
                    Query all = qb.build();
                    return ctx -> {
                        SplittableRandom r = new SplittableRandom(SEED ^ frame);
                        all.forEach(row -> {
                            if (r.nextInt(40) == 0) {
                                row.set(a, new A(frame));
                                live.get(row.get(id))[1] = time(frame, 2);
                            }
                        });
                    };
                }).build();
        SystemDescriptor before = reader("before", 0, 1, lastRun).before("writer").build();
        SystemDescriptor after = reader("after", 1, 3, lastRun).after("writer").build();
        SystemDescriptor every7 = reader("every7", 2, 4, lastRun).after("after").inSet("every7").build();
        Schedule schedule = Schedule.builder()
                .set("every7", "frame % 7 == 0", c -> frame % 7 == 0 ? ShouldRun.YES : ShouldRun.NO)
                .stage("update", before, writer, after, every7).build();
        int startTick = WorldInternals.of(world).changeTick();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, executors.get())) {
            for (frame = 1; frame <= FRAMES; frame++) {
                directOps(world, random);
                runner.runFrame();
            }
        }
        assertThat(failures).as("answers that differ from the oracle (first 10)").isEmpty();
        assertThat(Integer.toUnsignedLong(startTick)).as("started above 2^32 - 3000").isGreaterThan(0xFFFF_FFFFL - 3_000);
        assertThat(WorldInternals.of(world).changeTick()).as("the tick wrapped past 0 and ran on").isBetween(2_000, 100_000);
    }

    private void directOps(World world, SplittableRandom random) {
        for (int i = random.nextInt(3); i > 0; i--) {
            live.put(world.spawn(new A(frame)), new int[] {time(frame, 0), -1});
        }
        if (!live.isEmpty() && random.nextInt(3) == 0) {
            Entity victim = new TreeSet<>(live.keySet()).first();
            world.despawn(victim);
            live.remove(victim);
            removals.add(new Object[] {time(frame, 0), victim});
        }
    }

    private SystemDescriptor.Builder reader(String name, int slot, int phase, int[] lastRun) {
        return SystemDescriptor.builder(name).access(AccessSpec.of(QuerySpec.reads(A.class))).setup(view -> {
            QueryBuilder cq = view.query();
            EntityTerm cid = cq.entity();
            Query changed = cq.changed(A.class).build();
            QueryBuilder aq = view.query();
            EntityTerm aid = aq.entity();
            Query added = aq.added(A.class).build();
            return ctx -> {
                int last = lastRun[slot];
                List<Entity> gotChanged = new ArrayList<>();
                changed.forEach(row -> gotChanged.add(row.get(cid)));
                List<Entity> gotAdded = new ArrayList<>();
                added.forEach(row -> gotAdded.add(row.get(aid)));
                TreeSetCheck.same(failures, name, frame, "Changed", expected(last, true), gotChanged);
                TreeSetCheck.same(failures, name, frame, "Added", expected(last, false), gotAdded);
                List<Entity> expectedRemoved = new ArrayList<>();
                for (Object[] r : removals) {
                    if ((int) r[0] > last) {
                        expectedRemoved.add((Entity) r[1]);
                    }
                }
                List<Entity> gotRemoved = ctx.world().removed(A.class);
                if (!expectedRemoved.equals(gotRemoved) && failures.size() < 10) {
                    failures.add(name + " frame " + frame + " Removed: expected " + expectedRemoved + " got " + gotRemoved);
                }
                lastRun[slot] = time(frame, phase);
            };
        });
    }

    private List<Entity> expected(int last, boolean changed) {
        List<Entity> out = new ArrayList<>();
        live.forEach((e, t) -> {
            if (t[0] > last || (changed && t[1] > last)) {
                out.add(e);
            }
        });
        return out;
    }

    /** Compares as sets and reports duplicates (a repeat within one answer). */
    private static final class TreeSetCheck {
        static void same(List<String> failures, String reader, int frame, String what, List<Entity> expected, List<Entity> got) {
            TreeSet<Entity> g = new TreeSet<>(got);
            if ((g.size() != got.size() || !g.equals(new TreeSet<>(expected))) && failures.size() < 10) {
                failures.add(reader + " frame " + frame + " " + what + ": expected " + new TreeSet<>(expected) + " got " + got);
            }
        }
    }
}
