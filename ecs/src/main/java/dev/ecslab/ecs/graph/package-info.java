/**
 * Generic graph code for the schedule compiler, over the nodes {@code 0 .. n-1} with bitset rows:
 * topological orders with a defined tie-break, valid orders counted and drawn uniformly from a seed,
 * transitive closure, and cycles named member by member. It knows no ECS type.
 */
package dev.ecslab.ecs.graph;
