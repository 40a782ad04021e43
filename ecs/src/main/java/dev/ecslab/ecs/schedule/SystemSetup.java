package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.world.WorldView;

/**
 * Builds a system's body once, when its schedule is bound to a world: build queries through the
 * access-checked {@code view} here, keep them (and their terms) in the returned body's closure, so
 * no frame pays for building them.
 */
@FunctionalInterface
public interface SystemSetup {
    SystemBody setup(WorldView view);
}
