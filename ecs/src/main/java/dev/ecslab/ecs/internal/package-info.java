/**
 * The engine's seams for its own packages, the lab, the benchmarks and the tests: <b>unstable, not
 * for engine users</b>. Anything here may change or disappear in any commit without notice. The
 * module descriptor exports it only to the modules of the lab, the benchmarks and the concurrency
 * tests, never to all, so the public-API listing ({@code PublicApiTest}) leaves it out.
 *
 * <p>Why a package and not package-private methods: the schedule runner ({@code executor}), queries
 * ({@code query}) and the job scheduler ({@code job}) live in other packages than the world, and the
 * lab drives worlds from other modules. They need the storage, the entity allocator, the change
 * clock and the iteration guard; a user of the ECS needs none of them. Putting every such seam
 * behind one door, {@link dev.ecslab.ecs.internal.WorldInternals#of}, keeps {@code World}'s own
 * surface to what a user does, and makes every reach into the engine's insides visible as an import
 * of this package. {@link dev.ecslab.ecs.internal.RunTicks} is the world's side of the ticks
 * strategies only read: the world and the runner move them.
 */
package dev.ecslab.ecs.internal;
