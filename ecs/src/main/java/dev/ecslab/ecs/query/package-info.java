/**
 * Queries and the accesses they declare: terms, archetype filters and change filters, built into a
 * {@link dev.ecslab.ecs.query.Query} by a {@link dev.ecslab.ecs.query.QueryBuilder}, and the
 * {@link dev.ecslab.ecs.query.Access} of every query, system and job, which is what conflicts are decided
 * on. Reading never marks a change; writes go through a row's write handle, which marks them.
 */
package dev.ecslab.ecs.query;
