package dev.ecslab.ecs.world;

import dev.ecslab.ecs.EcsException;

/** A resource was required but is not in the world. */
public final class NoSuchResourceException extends EcsException {
    public NoSuchResourceException(String resource) {
        super("resource " + resource + " is not in the world; insert it first or use getResource for an Optional");
    }
}
