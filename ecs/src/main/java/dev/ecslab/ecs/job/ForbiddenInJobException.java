package dev.ecslab.ecs.job;

import dev.ecslab.ecs.EcsException;

/**
 * An operation that the job rules forbid: scheduling or waiting from inside a job, a structural change
 * inside a job (record it in a command buffer instead), a query inside a job whose access is not
 * within the job's, or scheduling while a main-thread query iterates. Thrown before anything changes,
 * so the world is left as it was; the message names the job and both accesses where they matter.
 */
public class ForbiddenInJobException extends EcsException {
    public ForbiddenInJobException(String message) {
        super(message);
    }
}
