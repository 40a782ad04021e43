package dev.ecslab.ecs.command;

import dev.ecslab.ecs.entity.Entity;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * One deferred structural change, as recorded by a {@link CommandBuffer}. Commands are plain data;
 * the world applies them at a sync point, each one atomically: a command that fails (for example a
 * despawn of an entity that is already gone) changes nothing and is reported, and the commands after
 * it still apply.
 */
public sealed interface Command {

    /** Gives the reserved {@code entity} its components. */
    record Spawn(Entity entity, Object[] components) implements Command {
        @Override
        public String toString() {
            return "spawn " + entity + " " + names(components);
        }
    }

    record Despawn(Entity entity) implements Command {
        @Override
        public String toString() {
            return "despawn " + entity;
        }
    }

    /** Adds components, replacing those the entity already has. */
    record Insert(Entity entity, Object[] components) implements Command {
        @Override
        public String toString() {
            return "insert " + names(components) + " on " + entity;
        }
    }

    /** Removes a component; a no-op if the entity does not have it. */
    record Remove(Entity entity, Class<?> type) implements Command {
        @Override
        public String toString() {
            return "remove " + type.getSimpleName() + " from " + entity;
        }
    }

    record InsertResource(Object value) implements Command {
        @Override
        public String toString() {
            return "insert resource " + value.getClass().getSimpleName();
        }
    }

    record RemoveResource(Class<?> type) implements Command {
        @Override
        public String toString() {
            return "remove resource " + type.getSimpleName();
        }
    }

    private static String names(Object[] components) {
        return Arrays.stream(components).map(c -> c.getClass().getSimpleName())
                .collect(Collectors.joining(", ", "[", "]"));
    }
}
