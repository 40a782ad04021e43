/**
 * The change-tracking SPI, {@link dev.ecslab.ecs.change.ChangeTracker}, and the seven built-in strategies
 * (proposals P0 to P6 of Bevy PR #1471, the change-detection PR), found by id through
 * {@link dev.ecslab.ecs.change.ChangeTrackerProvider} like any strategy a jar provides. Query code is the
 * same whichever strategy a world uses; each provider states the class its proposal claims, and the lab
 * measures the class it has.
 */
package dev.ecslab.ecs.change;
