package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.EcsException;

/**
 * The run criteria of a stage would loop forever: no system would run yet a criterion asks to be
 * checked again (the infinite-loop case of Bevy PR #1144, executor v2), or the stage passed its iteration
 * bound. Thrown instead of hanging; the message names the stage and the sets.
 */
public final class StageLoopException extends EcsException {
    public StageLoopException(String message) {
        super(message);
    }
}
