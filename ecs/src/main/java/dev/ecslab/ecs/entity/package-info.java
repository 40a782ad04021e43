/**
 * Generational entity ids and their allocator: a despawned entity's slot is reused with a new
 * generation, so a stale {@link dev.ecslab.ecs.entity.Entity} never matches the slot's next occupant, and
 * ids may be reserved from any thread while systems run.
 */
package dev.ecslab.ecs.entity;
