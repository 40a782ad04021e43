package dev.ecslab.ecs.command;

import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.World;

/**
 * The race-bug catalogue's twin of {@link CommandBuffer}: the real buffer with flecs #1677 put back
 * through its package-private switch. Its spawn takes the new id with the world's own allocation
 * ({@code Entities.alloc}, a structural change meant for the owner thread at a sync point) where the
 * real one reserves it, as flecs's {@code ecs_enable_id} added its toggle id through the world instead
 * of the worker's stage. Public for the concurrency modules, which reach it through this module's test jar.
 */
public final class CommandTwins {
    private CommandTwins() {
    }

    /** A command buffer of {@code world}, filled by {@code owner}, whose spawns allocate on the world at once. */
    public static CommandBuffer spawnAllocatingOnTheWorld(World world, String owner) {
        return new CommandBuffer(WorldInternals.of(world).entities(), owner, true);
    }
}
