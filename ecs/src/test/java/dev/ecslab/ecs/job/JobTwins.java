package dev.ecslab.ecs.job;

import dev.ecslab.ecs.world.World;

/**
 * The race-bug catalogue's twins of the job scheduler: the real {@link JobGraph} with its lock forgotten
 * (the package-private switch), so that a job's count of unfinished dependencies is updated by
 * concurrent finishers without atomicity; and the real {@link JobScheduler} whose sync hook lets a
 * direct read of one entity's component through without waiting for the jobs that write it (flecs
 * #2146). Public for the concurrency modules (this module's test jar).
 */
public final class JobTwins {
    private JobTwins() {
    }

    public static JobGraph unlockedGraph() {
        return new JobGraph(false);
    }

    /** The real scheduler, attached to {@code world} with {@code threads} workers, over {@link #unlockedGraph()}. */
    public static JobScheduler unlockedScheduler(World world, int threads) {
        return JobScheduler.attach(world, threads, unlockedGraph());
    }

    /**
     * A scheduler attached to {@code world} (the caller becomes its owner) with {@code threads} workers,
     * whose {@code world.get} is no sync point: flecs #2146's missing sync before a fixed-source read.
     */
    public static JobScheduler noSyncBeforeSingleReads(World world, int threads) {
        return JobScheduler.attachWithoutSyncBeforeSingleReads(world, threads);
    }
}
