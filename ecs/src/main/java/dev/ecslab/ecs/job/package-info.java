/**
 * Scheduled queries with automatic dependencies (the Arch.Scheduled model):
 * {@link dev.ecslab.ecs.job.JobScheduler} runs a query's action as jobs on worker threads, each job waiting
 * only for earlier jobs whose access conflicts with its own, and a {@link dev.ecslab.ecs.job.JobHandle}
 * waits for one.
 */
package dev.ecslab.ecs.job;
