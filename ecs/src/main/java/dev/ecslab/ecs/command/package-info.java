/**
 * Deferred structural changes: a {@link dev.ecslab.ecs.command.CommandBuffer} records spawns, despawns,
 * inserts and removes while systems run, and the world applies them at a sync point in recording order,
 * each command atomically (a command that fails changes nothing, and the next ones still apply).
 */
package dev.ecslab.ecs.command;
