package dev.ecslab.ecs.job;

/**
 * A scheduled job (or a combination of jobs): wait for it with {@link #complete()}, or pass it as the
 * dependency of a later job. Handles are cheap and stay valid after the job is done.
 */
public final class JobHandle {
    final Job job;
    private final JobScheduler scheduler;

    JobHandle(JobScheduler scheduler, Job job) {
        this.scheduler = scheduler;
        this.job = job;
    }

    /**
     * Waits until the job is done, starting it first if it has not been flushed. Returns normally if
     * it succeeded.
     *
     * @throws JobFailedException if the job threw or was not run because a dependency failed
     * @throws ForbiddenInJobException if called from inside a job (waiting there could deadlock)
     */
    public void complete() {
        scheduler.complete(this);
    }

    JobScheduler scheduler() {
        return scheduler;
    }

    /** True once the job has finished (successfully or not). Never blocks. */
    public boolean isDone() {
        return job.isDone();
    }

    /** The job's name: what it runs, for messages. */
    public String name() {
        return job.name;
    }

    @Override
    public String toString() {
        return "JobHandle[" + job + "]";
    }
}
