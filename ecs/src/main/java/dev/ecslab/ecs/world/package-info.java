/**
 * The world (entities, components, resources, and the entry points for queries, views and commands) and
 * {@link dev.ecslab.ecs.world.WorldView}, the world as one system sees it, which refuses any touch its
 * declared access does not cover. A structural change while a query iterates is refused before anything
 * changes.
 */
package dev.ecslab.ecs.world;
