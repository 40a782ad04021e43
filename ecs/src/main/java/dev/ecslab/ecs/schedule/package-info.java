/**
 * Schedules as written (stages, systems, sets, ordering constraints, run criteria) and the
 * {@link dev.ecslab.ecs.schedule.ScheduleCompiler}, which turns one into a
 * {@link dev.ecslab.ecs.schedule.CompiledSchedule}: per stage the dependency graph, the conflict matrix, a
 * topological order and the ambiguities. A schedule that cannot be built raises a
 * {@link dev.ecslab.ecs.schedule.ScheduleBuildException} naming every culprit and where it is written.
 */
package dev.ecslab.ecs.schedule;
