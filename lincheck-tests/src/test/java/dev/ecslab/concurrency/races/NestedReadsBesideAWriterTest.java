package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.ExecutionObserver;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SystemEvent;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 2, ecslab's side. Magma3D deadlocked when a thread holding a read lock
 * took it again (a nested query) while a writer waited. ecslab takes no lock on the read path: a
 * system's access is claimed once, by the scheduler, before it starts, so a nested query is just
 * another iteration under a claim already held, and a conflicting writer waits for the claim, not for
 * a lock inside the reader. This test runs that shape for real: a reader that walks a query inside a
 * query and an unordered writer of the same component, under the dynamic executor with two worker
 * threads (none run inline on the scheduler's thread), for {@value #FRAMES} frames. It must finish (a generous bound, for "does not hang" only),
 * every frame must run both systems, and their runs must never overlap.
 */
class NestedReadsBesideAWriterTest {
    static final int FRAMES = 200;
    private static final Duration BOUND = Duration.ofSeconds(120);

    /** The component both systems touch. */
    static final class Pos {
        int x;
    }

    /** Whether the schedule finished within the bound, ran both systems every frame and never overlapped them. */
    static boolean finishesWithoutOverlap() {
        ExecutorService caller = Executors.newSingleThreadExecutor();
        try {
            Future<Boolean> run = caller.submit(NestedReadsBesideAWriterTest::run);
            return run.get(BOUND.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            return false;                                  // hung: the runner is abandoned, its threads interrupted below
        } catch (InterruptedException | ExecutionException e) {
            throw new IllegalStateException("the nested-read schedule failed", e);
        } finally {
            caller.shutdownNow();
        }
    }

    private static boolean run() {
        World world = new World();
        for (int i = 0; i < 32; i++) {
            world.spawn(new Pos());
        }
        AtomicInteger nestedVisits = new AtomicInteger();
        SystemDescriptor reader = SystemDescriptor.builder("reader")
                .access(AccessSpec.of(QuerySpec.reads(Pos.class)))
                .ambiguousWith("writer")
                .setup(view -> {
                    QueryBuilder outer = view.query();
                    outer.read(Pos.class);
                    Query all = outer.build();
                    QueryBuilder inner = view.query();
                    Read<Pos> pos = inner.read(Pos.class);
                    Query again = inner.build();
                    return ctx -> all.forEach(row -> again.forEach(r -> {
                        r.get(pos);
                        nestedVisits.incrementAndGet();
                    }));
                }).build();
        SystemDescriptor writer = SystemDescriptor.builder("writer")
                .access(AccessSpec.of(QuerySpec.writes(Pos.class)))
                .setup(view -> {
                    QueryBuilder qb = view.query();
                    Write<Pos> pos = qb.write(Pos.class);
                    Query all = qb.build();
                    return ctx -> all.forEach(row -> row.getMut(pos).x++);
                }).build();
        Schedule schedule = Schedule.builder().stage("update", reader, writer).build();
        Map<String, long[]> span = new ConcurrentHashMap<>();
        AtomicBoolean overlapped = new AtomicBoolean();
        AtomicInteger runs = new AtomicInteger();
        ExecutionObserver observer = new ExecutionObserver() {
            @Override
            public void systemStarted(SystemEvent e) {
                span.put(e.system(), new long[] {e.sequence(), Long.MAX_VALUE});
            }

            @Override
            public void systemFinished(SystemEvent e) {
                span.get(e.system())[1] = e.sequence();
                runs.incrementAndGet();
            }

            @Override
            public void frameFinished(long frame) {
                long[] r = span.get("reader");
                long[] w = span.get("writer");
                if (r[0] < w[1] && w[0] < r[1]) {
                    overlapped.set(true);
                }
            }
        };
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule,       // every system handed to a worker
                new DynamicExecutor(ExecutorOptions.defaults().withThreads(2).withInlineThresholdNanos(0)))) {
            runner.observe(observer);
            runner.runFrames(FRAMES);
        }
        return !overlapped.get() && runs.get() == 2 * FRAMES && nestedVisits.get() == FRAMES * 32 * 32;
    }

    @Test
    void nestedReadsBesideAnUnorderedWriterFinishAndNeverOverlapIt() {
        assertThat(finishesWithoutOverlap()).isTrue();
    }
}
