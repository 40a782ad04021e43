package dev.ecslab.ecs;

/**
 * The root of every error ecslab raises for bad input or a refused operation.
 *
 * <p>Contract: the message always names the culprit (the entity, component, resource, system or
 * query involved), and the operation that raised it left the world unchanged unless the subclass
 * documents otherwise.
 */
public class EcsException extends RuntimeException {
    public EcsException(String message) {
        super(message);
    }

    public EcsException(String message, Throwable cause) {
        super(message, cause);
    }
}
