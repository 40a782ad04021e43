package dev.ecslab.fray;

import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Change tracking under parallel systems, under Fray: two systems write different components of the same
 * entities at once on the dynamic executor's workers (the world's default tracker, {@code generation}), and a
 * detector ordered after both asks for the entities whose components changed since it last ran. In the
 * second frame it must be told of every entity for both components, with the values written in that frame,
 * whatever the interleaving: the writes of parallel systems are stamped and published to the detector (the
 * lab's criteria 1 and 3, at least once and same frame). The twin is the executor that drops one ordering edge
 * (catalogue entry 5): the detector may then run before the healer, and be told of last frame's writes.
 */
class ParallelChangeTrackingFrayTest {
    /** A component the healer writes: the frame (from 1) of its last write. */
    static final class Health {
        int frame;
    }

    /** A component the mover writes: the frame (from 1) of its last write. */
    static final class Speed {
        int frame;
    }

    static final int ENTITIES = 3;

    static SystemDescriptor healer(String... after) {
        return SystemDescriptor.builder("healer").access(AccessSpec.of(AccessSpec.QuerySpec.writes(Health.class)))
                .before("detector").after(after).setup(view -> {
                    var q = view.query();
                    Write<Health> w = q.write(Health.class);
                    Query query = q.build();
                    return ctx -> query.forEach(row -> row.getMut(w).frame = (int) ctx.frame() + 1);
                }).build();
    }

    static SystemDescriptor mover() {
        return SystemDescriptor.builder("mover").access(AccessSpec.of(AccessSpec.QuerySpec.writes(Speed.class)))
                .before("detector").setup(view -> {
                    var q = view.query();
                    Write<Speed> w = q.write(Speed.class);
                    Query query = q.build();
                    return ctx -> query.forEach(row -> row.getMut(w).frame = (int) ctx.frame() + 1);
                }).build();
    }

    static Runnable twoFrames(Function<ExecutorOptions, Executor> executor) {
        return () -> {
            World world = new World();
            for (int i = 0; i < ENTITIES; i++) {
                world.spawn(new Health(), new Speed());
            }
            AtomicInteger healthSeen = new AtomicInteger();
            AtomicInteger speedSeen = new AtomicInteger();
            AtomicInteger stale = new AtomicInteger();
            SystemDescriptor detector = SystemDescriptor.builder("detector")
                    .access(AccessSpec.of(AccessSpec.QuerySpec.reads(Health.class, Speed.class))).setup(view -> {
                        var qh = view.query();
                        Read<Health> h = qh.read(Health.class);
                        Query changedHealth = qh.changed(Health.class).build();
                        var qs = view.query();
                        Read<Speed> s = qs.read(Speed.class);
                        Query changedSpeed = qs.changed(Speed.class).build();
                        return ctx -> {
                            healthSeen.set(0);
                            speedSeen.set(0);
                            int now = (int) ctx.frame() + 1;
                            changedHealth.forEach(row -> {
                                if (row.get(h).frame != now) {
                                    stale.incrementAndGet();
                                }
                                healthSeen.incrementAndGet();
                            });
                            changedSpeed.forEach(row -> {
                                if (row.get(s).frame != now) {
                                    stale.incrementAndGet();
                                }
                                speedSeen.incrementAndGet();
                            });
                        };
                    }).build();
            // The healer waits for a warm-up system declared last, so the stage's first edge is healer -> detector.
            Schedule schedule = Schedule.builder().stage("update", healer("warmUp"), mover(), detector,
                    SystemDescriptor.of("warmUp", AccessSpec.none(), ctx -> { })).build();
            // No system runs inline on the caller's thread (a threshold of 0): every run goes to the workers.
            try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, executor.apply(
                    ExecutorOptions.defaults().withThreads(2).withInlineThresholdNanos(0)))) {
                runner.runFrame();
                runner.runFrame();
            }
            if (healthSeen.get() != ENTITIES || speedSeen.get() != ENTITIES || stale.get() != 0) {
                throw new AssertionError("the detector was told of " + healthSeen.get() + " changed Health and "
                        + speedSeen.get() + " changed Speed of " + ENTITIES + " entities written this frame, " + stale.get()
                        + " of them with an older frame's value");
            }
        };
    }

    @Test
    void everyChangeOfParallelWritersIsDetectedInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("tracking-real", false, twoFrames(DynamicExecutor::new));
    }

    @Test
    void aDetectorStartedBeforeAWriterFinishedIsCaught() {
        Optional<FrayExploration.Found> found = FrayExploration.explore("tracking-ignores-one-before", FrayExploration.seed(),
                FrayExploration.iterations(), false, twoFrames(ExecutorCoordinationFrayTest.mutant("mutant:ignores-one-before")));
        assertThat(found).as("Fray finds the detector told of fewer changes").isPresent();
        assertThat(found.get().failure()).hasMessageContaining("the detector was told of");
    }
}
