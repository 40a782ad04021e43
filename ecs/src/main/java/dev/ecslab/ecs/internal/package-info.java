/**
 * The world's side of seams that users only read, for the world, the schedule runner, the lab and
 * tests. Unstable: nothing here is part of the public API, and it may change without notice.
 */
package dev.ecslab.ecs.internal;
