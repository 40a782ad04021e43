package dev.ecslab.ecs.entity;

import dev.ecslab.ecs.EcsException;

/**
 * An operation named an entity that is not alive: it was despawned, its slot now holds a newer
 * generation, it was never allocated, or it is still only reserved. The world is unchanged.
 */
public final class NoSuchEntityException extends EcsException {
    private final Entity entity;

    public NoSuchEntityException(String operation, Entity entity, String why) {
        super(operation + ": entity " + entity + " is not alive (" + why + ")");
        this.entity = entity;
    }

    /** The id the caller passed. */
    public Entity entity() {
        return entity;
    }
}
