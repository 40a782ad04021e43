/**
 * ecslab's entity component system. One package per concept, named as {@code bevy_ecs} names it:
 * {@code entity}, {@code component}, {@code storage}, {@code query}, {@code world} and
 * {@code command}.
 */
package dev.ecslab.ecs;
