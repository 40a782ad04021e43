package dev.ecslab.ecs.job;

import dev.ecslab.ecs.world.World;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;

/**
 * Two read-only jobs over overlapping data meet at a two-party barrier (with a timeout, so a scheduler
 * that serializes them fails instead of hanging): the barrier-style check of the scheduling issue's
 * parallelism test, for jobs.
 */
final class ReadersTogether {
    private ReadersTogether() {
    }

    /** True when both jobs were inside their first row at the same time. */
    static boolean meet(int readsA, int readsB, boolean parallelA, boolean parallelB, Function<World, JobScheduler> attach) {
        World w = JobContract.newWorld();
        for (int i = 0; i < 4; i++) {
            JobContract.spawn(w, 7, i);
        }
        readsB |= Integer.lowestOneBit(readsA);          // share at least one component
        CyclicBarrier barrier = new CyclicBarrier(2);
        AtomicBoolean met = new AtomicBoolean(true);
        try (JobScheduler jobs = attach.apply(w)) {
            for (int[] job : new int[][] {{readsA, parallelA ? 1 : 0}, {readsB, parallelB ? 1 : 0}}) {
                JobContract.Built q = JobContract.query(w, job[0], 0, 0);
                AtomicBoolean firstRow = new AtomicBoolean(true);
                QueryJob spec = jobs.query(q.query());
                java.util.function.Consumer<dev.ecslab.ecs.query.QueryRow> body = row -> {
                    if (firstRow.getAndSet(false)) {
                        try {
                            barrier.await(3, TimeUnit.SECONDS);
                        } catch (TimeoutException | BrokenBarrierException e) {
                            met.set(false);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            met.set(false);
                        }
                    }
                };
                if (job[1] == 1) {
                    spec.scheduleParallel(body);
                } else {
                    spec.schedule(body);
                }
            }
            jobs.completeAll();
        }
        return met.get();
    }
}
