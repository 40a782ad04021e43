package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.job.JobScheduler;
import dev.ecslab.ecs.job.JobTwins;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.races.CatalogueRecord;
import dev.ecslab.ecs.world.World;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 20: flecs #2146 ("Sync points aren't created for systems that read
 * singletons"). flecs's pipeline inserted a merge (its sync point) before a system that read, through
 * its {@code $this} terms, a component an earlier system had written to its stage, but not before one
 * that read it from a fixed source, as a singleton term does ({@code flecs_pipeline_check_term} handled
 * writes and reads of terms matched on nothing or on {@code $this} only); the reader ran before the
 * write was merged and saw the old world. The fix treats fixed-source terms the same way.
 *
 * <p>ecslab's schedule has no such pass (the end of every stage is a sync point) and its singletons
 * (resources) are never touched by jobs, so the cause goes where ecslab does decide, per access,
 * whether a reader must wait: the job scheduler's sync hook. It makes the owner thread wait for the jobs
 * in the way both before a query walks and before a direct read of one entity's component
 * ({@code world.get}, ecslab's fixed-source read); the twin ({@code JobTwins.noSyncBeforeSingleReads})
 * keeps the first and drops the second. A job writes {@code Position} of the one entity; the owner reads
 * it with {@code get} while the job is flushed and unfinished. The job holds its write until the owner
 * either waits for a job (the real hook waits for it) or has finished its read (the twin's does not wait), so
 * which value the read sees depends only on whether the read was a sync point, never on timing.
 */
class SingleReadSyncTest {
    /** The component the job writes: 0 before, 1 after. */
    record Position(int v) {
    }

    private static final long WAIT_SECONDS = 30;

    /**
     * The value the owner read while the job that sets it to 1 was flushed and unfinished: with
     * {@code world.get} ({@code single}, the fixed-source read) or with a walk of a query of it.
     */
    static int readBesideAWritingJob(boolean twin, boolean single) {
        World world = new World();
        Entity e = world.spawn(new Position(0));
        Thread owner = Thread.currentThread();
        AtomicBoolean readDone = new AtomicBoolean();
        try (JobScheduler jobs = twin ? JobTwins.noSyncBeforeSingleReads(world, 1) : JobScheduler.attach(world, 1)) {
            QueryBuilder qb = world.query();
            Write<Position> pos = qb.write(Position.class);
            Query writer = qb.build();
            jobs.schedule(writer, row -> {
                holdUntilTheOwnerWaitsOrHasRead(owner, readDone);
                row.set(pos, new Position(1));
            });
            jobs.flush();
            int seen = single ? world.get(e, Position.class).orElseThrow().v() : readByWalk(world);
            readDone.set(true);
            jobs.completeAll();
            return seen;
        }
    }

    private static int readByWalk(World world) {
        QueryBuilder qb = world.query();
        var pos = qb.read(Position.class);
        int[] v = {-1};
        qb.build().forEach(row -> v[0] = row.get(pos).v());
        return v[0];
    }

    /**
     * Holds the job until the owner thread waits for a job (parked on a job's {@link CountDownLatch}: the
     * real sync point waits for this one) or has finished its read; at once when the owner runs the job
     * itself (a waiting owner runs queued work, which also puts the write before the read). Parked on
     * anything else (a queue's lock while it flushes) does not count.
     */
    private static void holdUntilTheOwnerWaitsOrHasRead(Thread owner, AtomicBoolean readDone) {
        if (Thread.currentThread() == owner) {
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(WAIT_SECONDS);
        while (!readDone.get()) {
            Object blocker = LockSupport.getBlocker(owner);
            if (blocker != null && blocker.getClass().getEnclosingClass() == CountDownLatch.class) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the owner neither waited for a job nor finished its read in "
                        + WAIT_SECONDS + " s");
            }
            Thread.onSpinWait();
        }
    }

    @Test
    void theTwinReadsTheOldValueBesideAWritingJobTheRealSchedulerWaits() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> readBesideAWritingJob(true, true) == 0);
        int real = readBesideAWritingJob(false, true);
        CatalogueRecord.write(20, CatalogueRecord.Tool.DIRECTED, "JobScheduler whose direct single-entity read is no sync "
                + "point (JobTwins.noSyncBeforeSingleReads)", times, real == 1);
        assertThat(readBesideAWritingJob(true, true)).as("the twin reads before the job's write").isZero();
        assertThat(readBesideAWritingJob(true, false)).as("the twin still waits before a query walk: only the single read "
                + "lost its sync point").isEqualTo(1);
        assertThat(real).as("the real scheduler waits for the writing job before the read").isEqualTo(1);
        assertThat(times).doesNotContain(-1L);
    }
}
