/**
 * ECS engines of other projects as engines the lab judges in-process ({@code dev.ecslab.lab.engine}): one package per
 * engine, each an adapter and a provider that states its contract; this package holds what every adapter shares.
 */
package dev.ecslab.engines;
