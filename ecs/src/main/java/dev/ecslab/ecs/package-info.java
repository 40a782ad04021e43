/**
 * ecslab's entity component system, one package per concept, named as {@code bevy_ecs} names it
 * ({@code entity}, {@code component}, {@code storage}, {@code query}, {@code world}, {@code command}, and
 * the schedule, its executors and change tracking beside them). This package holds what they all share:
 * {@link dev.ecslab.ecs.EcsException}, the root of every error raised for bad input or a refused
 * operation, and {@link dev.ecslab.ecs.ClassOrigin}, which names where a plug-in's class was loaded from.
 */
package dev.ecslab.ecs;
