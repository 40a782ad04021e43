package dev.ecslab.ecs.world;

import dev.ecslab.ecs.EcsException;

/**
 * A structural change (spawn, despawn, insert, remove, applying commands) was attempted while a
 * query was iterating. It is refused before anything changes: moving rows under a running walk
 * would skip or repeat entities (compare Dominion #190). Queue the change in a command buffer and
 * apply it after the iteration.
 */
public final class StructuralChangeException extends EcsException {
    public StructuralChangeException(String message) {
        super(message);
    }
}
