/**
 * Random whole scenarios drawn from a sequence of choices that replays (swarm testing included), and the
 * shrinker that reduces a failing scenario to a minimal one that still fails.
 */
package dev.ecslab.lab.campaign;
