package dev.ecslab.fray;

import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.races.WriterPreferringLock;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Catalogue entry 2 under Fray: Magma3D deadlocked when a thread holding a read lock took it again (a nested
 * query) while a writer waited. The twin is a model of that lock ({@link WriterPreferringLock}: ecslab takes no
 * lock on its read path, so there is no ecslab class to put the bug back into); Fray reports its deadlock. The
 * real code runs the same shape: a reader walking a query inside a query and an unordered writer of the same
 * component on the dynamic executor's workers, two frames: it finishes in every interleaving, both systems run
 * every frame, and they never overlap.
 */
class NestedReadsFrayTest {
    /** The component both systems touch. */
    static final class Pos {
        int x;
    }

    static final int ENTITIES = 3;

    static Runnable nestedReadsBesideAWriter() {
        return () -> {
            World world = new World();
            for (int i = 0; i < ENTITIES; i++) {
                world.spawn(new Pos());
            }
            AtomicInteger inside = new AtomicInteger();
            AtomicInteger runs = new AtomicInteger();
            AtomicInteger nestedVisits = new AtomicInteger();
            AtomicReference<String> broken = new AtomicReference<>();
            SystemDescriptor reader = SystemDescriptor.builder("reader").access(AccessSpec.of(QuerySpec.reads(Pos.class)))
                    .ambiguousWith("writer").setup(view -> {
                        QueryBuilder outer = view.query();
                        outer.read(Pos.class);
                        Query all = outer.build();
                        QueryBuilder inner = view.query();
                        Read<Pos> pos = inner.read(Pos.class);
                        Query again = inner.build();
                        return ctx -> {
                            if (inside.incrementAndGet() > 1) {
                                broken.compareAndSet(null, "the reader overlapped the writer");
                            }
                            all.forEach(row -> again.forEach(r -> {
                                r.get(pos);
                                nestedVisits.incrementAndGet();
                            }));
                            inside.decrementAndGet();
                            runs.incrementAndGet();
                        };
                    }).build();
            SystemDescriptor writer = SystemDescriptor.builder("writer").access(AccessSpec.of(QuerySpec.writes(Pos.class)))
                    .setup(view -> {
                        QueryBuilder qb = view.query();
                        Write<Pos> pos = qb.write(Pos.class);
                        Query all = qb.build();
                        return ctx -> {
                            if (inside.incrementAndGet() > 1) {
                                broken.compareAndSet(null, "the writer overlapped the reader");
                            }
                            all.forEach(row -> row.getMut(pos).x++);
                            inside.decrementAndGet();
                            runs.incrementAndGet();
                        };
                    }).build();
            try (ScheduleRunner runner = ScheduleRunner.of(world, Schedule.builder().stage("update", reader, writer).build(),
                    new DynamicExecutor(ExecutorOptions.defaults().withThreads(2).withInlineThresholdNanos(0)))) {
                runner.runFrames(2);
            }
            if (broken.get() != null || runs.get() != 4 || nestedVisits.get() != 2 * ENTITIES * ENTITIES) {
                throw new AssertionError(broken.get() + "; " + runs.get() + " of 4 runs, " + nestedVisits.get() + " of "
                        + 2 * ENTITIES * ENTITIES + " nested visits");
            }
        };
    }

    /** A reader taking the model lock twice, nested, beside a writer. */
    static Runnable nestedReadLockBesideAWriter() {
        return () -> {
            WriterPreferringLock lock = new WriterPreferringLock();
            TwoThreads.run(() -> {
                try {
                    lock.lockRead();
                    lock.lockRead();          // the nested query
                    lock.unlockRead();
                    lock.unlockRead();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, () -> {
                try {
                    lock.lockWrite();
                    lock.unlockWrite();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        };
    }

    /**
     * Fray's report of a deadlock. Its class lives in Fray's runtime, which is on the instrumented JDK's boot
     * class path rather than the test's, so it is known by name.
     */
    static boolean isDeadlock(Throwable failure) {
        return failure.getClass().getName().equals("org.pastalab.fray.runtime.DeadlockException");
    }

    @Test
    void nestedReadsBesideAnUnorderedWriterFinishInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("nested-reads-real", false, nestedReadsBesideAWriter());
    }

    @Test
    void entry2TheNestedReadLockDeadlockIsReported() {
        RaceEntries.catchTwin(2, "WriterPreferringLock (a model of Magma3D's lock): a nested read beside a waiting writer",
                false, nestedReadLockBesideAWriter(), NestedReadsFrayTest::isDeadlock,
                "Fray's deadlock report",
                nestedReadsBesideAWriter());
    }
}
