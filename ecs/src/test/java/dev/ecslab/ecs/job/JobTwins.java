package dev.ecslab.ecs.job;

import dev.ecslab.ecs.world.World;

/**
 * The race-bug catalogue's twin of {@link JobGraph}: the real bookkeeping with its lock forgotten
 * (the package-private switch), so that a job's count of unfinished dependencies is updated by
 * concurrent finishers without atomicity. Public for the concurrency modules (this module's test jar).
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
}
