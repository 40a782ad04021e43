package dev.ecslab.ecs.job;

import dev.ecslab.ecs.EcsException;

/**
 * A job threw, or was not run because a job it depends on failed. Raised where the caller waits
 * ({@link JobHandle#complete()}, {@link JobScheduler#completeAll()}, or a sync point that waits for
 * jobs), naming the job; the cause is what the job threw.
 */
public class JobFailedException extends EcsException {
    public JobFailedException(String message, Throwable cause) {
        super(message, cause);
    }
}
