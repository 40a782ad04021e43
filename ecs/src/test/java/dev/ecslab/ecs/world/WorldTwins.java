package dev.ecslab.ecs.world;

import dev.ecslab.ecs.entity.Entities;

/**
 * The race-bug catalogue's twins of {@link World}: the real world with one race put back through its
 * builder's package-private switches. Public for the concurrency modules, which reach it through this
 * module's test jar.
 */
public final class WorldTwins {
    private WorldTwins() {
    }

    /** A world whose {@link dev.ecslab.ecs.internal.WorldInternals#nextChangeTick()} is a plain read and write, starting at {@code initialChangeTick}. */
    public static World plainTickIncrement(int initialChangeTick) {
        return World.builder().initialChangeTick(initialChangeTick).plainTickIncrement().build();
    }

    /** A world over {@code entities} (a twin from {@code EntityTwins}). */
    public static World over(Entities entities) {
        return World.builder().entities(entities).build();
    }
}
