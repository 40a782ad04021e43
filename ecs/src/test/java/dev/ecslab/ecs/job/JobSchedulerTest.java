package dev.ecslab.ecs.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.job.JobContract.A;
import dev.ecslab.ecs.job.JobContract.B;
import dev.ecslab.ecs.job.JobContract.C;
import dev.ecslab.ecs.job.JobContract.Frozen;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The job scheduler's rules, one at a time: control, sync points, nesting, prohibited operations, failures. */
class JobSchedulerTest {
    private World world;
    private JobScheduler jobs;
    private final List<Entity> entities = new ArrayList<>();

    @BeforeEach
    void setUp() {
        world = JobContract.newWorld();
        for (int i = 0; i < 100; i++) {
            entities.add(world.spawn(new A(i), new B(0), new C(0)));
        }
        jobs = JobScheduler.attach(world, 2);
    }

    @AfterEach
    void tearDown() {
        jobs.close();
    }

    private Query writeA() {
        return writes(A.class);
    }

    private Query writes(Class<?> type) {
        QueryBuilder b = world.query();
        b.write(type);
        return b.build();
    }

    private Query reads(Class<?> type) {
        QueryBuilder b = world.query();
        b.read(type);
        return b.build();
    }

    private int a(Entity e) {
        return world.get(e, A.class).orElseThrow().v();
    }

    // ------------------------------------------------------------------ control

    @Test
    void aParallelJobVisitsEveryEntityOnceInBatchesOnSeveralThreads() {
        QueryBuilder b = world.query();
        Write<A> wa = b.write(A.class);
        Set<String> threads = ConcurrentHashMap.newKeySet();
        AtomicInteger rows = new AtomicInteger();
        CyclicBarrier twoBatchesAtOnce = new CyclicBarrier(2);
        AtomicInteger arrivals = new AtomicInteger();
        AtomicBoolean met = new AtomicBoolean();
        JobHandle h = jobs.query(b.build()).batchSize(10).scheduleParallel(row -> {
            threads.add(Thread.currentThread().getName());
            rows.incrementAndGet();
            row.set(wa, new A(row.get(wa).v() + 1000));
            if (arrivals.getAndIncrement() < 2) {       // the first two rows meet: they are in different batches
                try {
                    twoBatchesAtOnce.await(10, TimeUnit.SECONDS);
                    met.set(true);
                } catch (Exception e) {
                    met.set(false);
                }
            }
        });
        assertThat(h.isDone()).as("nothing starts before a flush").isFalse();
        h.complete();
        assertThat(rows.get()).isEqualTo(100);
        assertThat(entities).allSatisfy(e -> assertThat(a(e)).isBetween(1000, 1099));
        assertThat(met.get()).as("two batches ran at the same time").isTrue();
        assertThat(threads.size()).isGreaterThanOrEqualTo(2);
    }

    @Test
    void aWriterWaitsForAnEarlierReaderAndAReaderForAnEarlierWriter() {
        QueryBuilder rb = world.query();
        Read<A> ra = rb.read(A.class);
        CountDownLatch readerStarted = new CountDownLatch(1);
        CountDownLatch readerMayFinish = new CountDownLatch(1);
        List<Integer> seenByReader = Collections.synchronizedList(new ArrayList<>());
        JobHandle reader = jobs.schedule(rb.build(), row -> {
            readerStarted.countDown();
            awaitQuietly(readerMayFinish);
            seenByReader.add(row.get(ra).v());
        });
        QueryBuilder wb = world.query();
        Write<A> wa = wb.write(A.class);
        AtomicInteger writerRowsBeforeReaderDone = new AtomicInteger();
        JobHandle writer = jobs.scheduleParallel(wb.build(), row -> {
            if (!reader.isDone()) {
                writerRowsBeforeReaderDone.incrementAndGet();
            }
            row.set(wa, new A(-1));
        });
        QueryBuilder r2b = world.query();
        Read<A> r2a = r2b.read(A.class);
        List<Integer> seenByLaterReader = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger laterRowsBeforeWriterDone = new AtomicInteger();
        JobHandle laterReader = jobs.scheduleParallel(r2b.build(), row -> {
            if (!writer.isDone()) {
                laterRowsBeforeWriterDone.incrementAndGet();
            }
            seenByLaterReader.add(row.get(r2a).v());
        });
        jobs.flush();
        awaitQuietly(readerStarted);
        assertThat(writer.isDone()).as("the writer waits for the reader, which is held").isFalse();
        readerMayFinish.countDown();
        jobs.completeAll();
        assertThat(seenByReader).hasSize(100).doesNotContain(-1);
        assertThat(seenByLaterReader).hasSize(100).containsOnly(-1);
        assertThat(reader.isDone() && laterReader.isDone()).isTrue();
        assertThat(writerRowsBeforeReaderDone.get()).as("writer rows run before the reader was done").isZero();
        assertThat(laterRowsBeforeWriterDone.get()).as("later reader rows run before the writer was done").isZero();
    }

    @Test
    void writersOfDisjointArchetypesRunTogether() {
        world.spawn(new A(0), new Frozen());
        world.spawn(new A(0), new Frozen());
        CyclicBarrier barrier = new CyclicBarrier(2);
        AtomicBoolean met = new AtomicBoolean(true);
        for (Filter f : List.of(Filter.with(Frozen.class), Filter.without(Frozen.class))) {
            QueryBuilder b = world.query();
            b.write(A.class);
            jobs.schedule(b.filter(f).build(), meetOnce(barrier, met));
        }
        jobs.completeAll();
        assertThat(met.get()).as("With<Frozen> and Without<Frozen> writers of A are disjoint").isTrue();
    }

    @Test
    void anExplicitHandleOverridesTheAutomaticDependency() {
        CyclicBarrier barrier = new CyclicBarrier(2);
        AtomicBoolean met = new AtomicBoolean(true);
        JobHandle custom = jobs.scheduleTask(() -> { });
        for (int i = 0; i < 2; i++) {
            QueryJob spec = jobs.query(writeA());
            if (i == 1) {
                spec.after(custom);     // would otherwise wait for the first writer
            }
            spec.schedule(meetOnce(barrier, met));
        }
        jobs.completeAll();
        assertThat(met.get()).as("the second writer waited only for its explicit handle").isTrue();
    }

    @Test
    void aCustomJobJoinsTheGraphThroughDependencyOfAndCombine() {
        int[] filled = new int[1];
        JobHandle writer = jobs.scheduleParallel(writes(A.class), row -> { });
        JobHandle init = jobs.scheduleTask(() -> filled[0] = 42);
        QueryBuilder b = world.query();
        Read<A> ra = b.read(A.class);
        Query reader = b.build();
        JobHandle dependency = jobs.combine(init, jobs.dependencyOf(reader));
        List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
        JobHandle h = jobs.query(reader).after(dependency).scheduleParallel(row -> seen.add(filled[0]));
        h.complete();
        assertThat(seen).hasSize(100).containsOnly(42);
        assertThat(writer.isDone()).as("dependencyOf(reader) included the earlier writer").isTrue();
        assertThat(ra).isNotNull();
    }

    // ------------------------------------------------------------------ sync points

    @Test
    void aMainThreadQueryWaitsForTheJobsItConflictsWith() {
        QueryBuilder b = world.query();
        Write<A> wa = b.write(A.class);
        OwnerWaitGate gate = OwnerWaitGate.forCurrentThread();
        jobs.scheduleParallel(b.build(), row -> {
            gate.pass();
            row.set(wa, new A(7));
        });
        QueryBuilder rb = world.query();
        Read<A> ra = rb.read(A.class);
        List<Integer> seen = new ArrayList<>();
        rb.build().forEach(row -> seen.add(row.get(ra).v()));        // not flushed yet: the query flushes and waits
        assertThat(seen).hasSize(100).containsOnly(7);
    }

    @Test
    void aDirectGetWaitsForAWriterOfThatComponent() {
        QueryBuilder b = world.query();
        Write<A> wa = b.write(A.class);
        OwnerWaitGate gate = OwnerWaitGate.forCurrentThread();
        jobs.scheduleParallel(b.build(), row -> {
            gate.pass();
            row.set(wa, new A(9));
        });
        assertThat(a(entities.get(99))).isEqualTo(9);
    }

    @Test
    void aStructuralChangeOnTheOwnerThreadCompletesEveryJob() {
        AtomicInteger rows = new AtomicInteger();
        OwnerWaitGate gate = OwnerWaitGate.forCurrentThread();
        JobHandle h = jobs.scheduleParallel(reads(B.class), row -> {
            gate.pass();
            rows.incrementAndGet();
        });
        world.spawn(new C(1));
        assertThat(h.isDone()).isTrue();
        assertThat(rows.get()).isEqualTo(100);
    }

    // ------------------------------------------------------------------ nesting and extra access

    @Test
    void aNestedQueryWithinTheParentsAccessRunsOnTheParentsThread() {
        QueryBuilder nb = world.query();
        Read<B> rb = nb.read(B.class);
        Query nested = nb.build();
        QueryBuilder b = world.query();
        Write<A> wa = b.write(A.class);
        b.read(B.class);
        Set<String> mismatched = ConcurrentHashMap.newKeySet();
        AtomicInteger nestedRows = new AtomicInteger();
        jobs.query(b.build()).batchSize(25).scheduleParallel(row -> {
            String parent = Thread.currentThread().getName();
            if (row.get(wa).v() % 50 == 0) {
                nested.forEach(n -> {
                    nestedRows.incrementAndGet();
                    if (!Thread.currentThread().getName().equals(parent)) {
                        mismatched.add(parent);
                    }
                    n.get(rb);
                });
            }
        }).complete();
        assertThat(nestedRows.get()).isEqualTo(200);
        assertThat(mismatched).isEmpty();
    }

    @Test
    void aNestedQueryWiderThanItsParentIsRefusedNamingBothAccesses() {
        Query nested = writes(C.class);
        JobHandle h = jobs.schedule(reads(A.class), row -> nested.forEach(n -> { }));
        assertThatThrownBy(h::complete).isInstanceOf(JobFailedException.class)
                .cause().isInstanceOf(ForbiddenInJobException.class)
                .hasMessageContaining("writes JobContract.C")
                .hasMessageContaining("job access {reads [JobContract.A], writes []}")
                .hasMessageContaining("query access {reads [], writes [JobContract.C]}");
    }

    @Test
    void withWriteWidensTheJobForNestedQueriesAndOrdersItAgainstOtherWriters() {
        QueryBuilder nb = world.query();
        Write<C> wc = nb.write(C.class);
        Query nested = nb.build();
        QueryBuilder cb = world.query();
        Write<C> wc2 = cb.write(C.class);
        OwnerWaitGate gate = OwnerWaitGate.forCurrentThread();
        jobs.scheduleParallel(cb.build(), row -> {
            gate.pass();
            row.set(wc2, new C(5));
        });
        AtomicBoolean once = new AtomicBoolean(true);
        jobs.query(reads(A.class)).withWrite(C.class).schedule(row -> {
            if (once.getAndSet(false)) {
                nested.forEach(n -> n.set(wc, new C(n.get(wc).v() + 1)));
            }
        }).complete();
        assertThat(entities).allSatisfy(e -> assertThat(world.get(e, C.class).orElseThrow().v()).isEqualTo(6));
    }

    // ------------------------------------------------------------------ prohibited operations

    @Test
    void schedulingFromInsideAJobIsRefused() {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        jobs.scheduleTask(() -> {
            try {
                jobs.schedule(writeA(), row -> { });
            } catch (Throwable t) {
                thrown.set(t);
            }
        }).complete();
        assertThat(thrown.get()).isInstanceOf(ForbiddenInJobException.class)
                .hasMessageContaining("from inside job 1");
    }

    @Test
    void waitingFromInsideAJobIsRefused() {
        JobHandle other = jobs.scheduleTask(() -> { });
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        jobs.scheduleTask(() -> {
            try {
                other.complete();
            } catch (Throwable t) {
                thrown.set(t);
            }
        }, other).complete();
        assertThat(thrown.get()).isInstanceOf(ForbiddenInJobException.class).hasMessageContaining("deadlock");
    }

    @Test
    void aStructuralChangeInsideAJobIsRefusedAndChangesNothing() {
        Entity victim = entities.get(3);
        JobHandle h = jobs.scheduleTask(() -> world.despawn(victim));
        JobHandle spawner = jobs.schedule(reads(A.class), row -> world.spawn(new C(1)));
        assertThatThrownBy(h::complete).isInstanceOf(JobFailedException.class).cause()
                .isInstanceOf(ForbiddenInJobException.class).hasMessageContaining("despawn").hasMessageContaining("CommandBuffer");
        assertThatThrownBy(spawner::complete).cause().isInstanceOf(ForbiddenInJobException.class).hasMessageContaining("spawn");
        assertThat(world.isAlive(victim)).isTrue();
        assertThat(world.entityCount()).isEqualTo(100);
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void aDirectWriteInsideAJobOutsideItsAccessIsRefused() {
        JobHandle h = jobs.schedule(reads(A.class), row -> world.getMut(entities.get(0), B.class));
        assertThatThrownBy(h::complete).cause().isInstanceOf(ForbiddenInJobException.class)
                .hasMessageContaining("writing JobContract.B directly");
    }

    @Test
    void schedulingWhileAMainThreadQueryIteratesIsRefused() {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        reads(B.class).forEach(row -> {
            if (thrown.get() == null) {
                try {
                    jobs.schedule(writeA(), r -> { });
                } catch (Throwable t) {
                    thrown.set(t);
                }
            }
        });
        assertThat(thrown.get()).isInstanceOf(ForbiddenInJobException.class).hasMessageContaining("query iterates");
    }

    @Test
    void otherThreadsMayNotSchedule() throws Exception {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                jobs.schedule(writeA(), r -> { });
            } catch (Throwable e) {
                thrown.set(e);
            }
        }, "intruder");
        t.start();
        t.join();
        assertThat(thrown.get()).isInstanceOf(IllegalStateException.class).hasMessageContaining("intruder");
    }

    @Test
    void aQueryOfAnotherWorldIsRefused() {
        World other = JobContract.newWorld();
        assertThatThrownBy(() -> jobs.schedule(JobContract.query(other, 0, 1, 0).query(), r -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("another world");
    }

    @Test
    void aSecondSchedulerOnTheSameWorldIsRefusedWithoutStartingThreads() {
        long before = jobThreads();
        assertThatThrownBy(() -> JobScheduler.attach(world, 1)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already attached");
        assertThat(jobThreads()).isEqualTo(before);
    }

    private static long jobThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("ecslab-jobs-") && t.isAlive()).count();
    }

    // ------------------------------------------------------------------ failures and shutdown

    @Test
    void aFailingJobIsReportedOnceAndItsDependantsDoNotRun() {
        JobHandle failing = jobs.schedule(writeA(), row -> {
            throw new IllegalStateException("boom");
        });
        AtomicBoolean dependantRan = new AtomicBoolean();
        JobHandle dependant = jobs.schedule(reads(A.class), row -> dependantRan.set(true));
        JobHandle unrelated = jobs.schedule(reads(B.class), row -> { });
        assertThatThrownBy(jobs::completeAll).isInstanceOf(JobFailedException.class)
                .hasMessageContaining("job 1").hasMessageContaining("boom");
        assertThat(dependantRan.get()).isFalse();
        assertThatThrownBy(dependant::complete).isInstanceOf(JobFailedException.class)
                .hasMessageContaining("was not run: job 1");
        unrelated.complete();
        jobs.completeAll();         // reported already: nothing more to throw
        assertThat(failing.isDone()).isTrue();
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void closeCompletesEveryJobAndLeavesNoThreadRunning() {
        AtomicInteger rows = new AtomicInteger();
        // The scheduler's workers (started when it attached; earlier tests' schedulers were closed). The
        // owner may run every batch itself while it waits, so the workers are found by name, not by work.
        List<Thread> workers = Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("ecslab-jobs-") && t.isAlive()).toList();
        assertThat(workers).hasSize(2);
        jobs.query(reads(A.class)).batchSize(5).scheduleParallel(row -> rows.incrementAndGet());
        jobs.close();
        assertThat(rows.get()).isEqualTo(100);
        assertThat(workers).noneMatch(Thread::isAlive);
        world.spawn(new A(1));          // detached: plain use again
        assertThatThrownBy(() -> jobs.schedule(writeA(), r -> { })).hasMessageContaining("closed");
        jobs = JobScheduler.attach(world, 1);       // a new one may attach
    }

    // ------------------------------------------------------------------ change detection

    @Test
    void writesInJobsAreSeenByChangeDetectionWithTheSchedulersTicks() {
        QueryBuilder cb = world.query();
        cb.read(A.class);
        cb.changed(A.class);
        Query observer = cb.build();                   // the observer exists before the writes (else it reports all once)
        world.clearTrackers();
        QueryBuilder b = world.query();
        Write<A> wa = b.write(A.class);
        b.filter(Filter.without(Frozen.class));
        jobs.query(b.build()).batchSize(7).scheduleParallel(row -> {
            if (row.get(wa).v() % 3 == 0) {
                row.set(wa, new A(-row.get(wa).v()));
            }
        });
        List<Entity> changed = new ArrayList<>(observer.entities());   // a main-thread query: waits for the writer
        List<Entity> expected = new ArrayList<>();
        for (int i = 0; i < 100; i += 3) {
            expected.add(entities.get(i));
        }
        assertThat(changed).containsExactlyInAnyOrderElementsOf(expected);
    }

    /** A job body whose first row waits (up to 5 s) at {@code barrier}; a timeout clears {@code met}. */
    private static java.util.function.Consumer<dev.ecslab.ecs.query.QueryRow> meetOnce(CyclicBarrier barrier, AtomicBoolean met) {
        AtomicBoolean first = new AtomicBoolean(true);
        return row -> {
            if (first.getAndSet(false)) {
                try {
                    barrier.await(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                    met.set(false);
                }
            }
        };
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
