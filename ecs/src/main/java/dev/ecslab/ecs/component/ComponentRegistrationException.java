package dev.ecslab.ecs.component;

import dev.ecslab.ecs.EcsException;

/** A component or resource type was registered in a way that contradicts an earlier registration. */
public final class ComponentRegistrationException extends EcsException {
    public ComponentRegistrationException(String message) {
        super(message);
    }
}
