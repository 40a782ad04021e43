/**
 * The runner and the executors: {@link dev.ecslab.ecs.executor.ScheduleRunner} runs a compiled schedule
 * frame by frame with the serial, staged or dynamic executor (or one a jar provides). Every executor runs
 * each active system once per stage iteration, after its predecessors, and never two systems whose
 * accesses conflict at the same time.
 */
package dev.ecslab.ecs.executor;
