package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;

/**
 * What a running system sees: its access-checked view of the world, its own command buffer, and where
 * it is in time. Valid only during the run that received it.
 */
public interface SystemContext {
    /** The system's name. */
    String name();

    /** The frame number, counting from 0. */
    long frame();

    /** The iteration of the stage within this frame, counting from 0. */
    int iteration();

    /** The world, restricted to the system's declared access. */
    WorldView world();

    /** This run's command buffer, applied at the next sync point in topological order. */
    CommandBuffer commands();

    /**
     * The whole world, for exclusive systems only (they run alone). Other kinds get an
     * {@link IllegalStateException} naming the system.
     */
    World exclusiveWorld();
}
