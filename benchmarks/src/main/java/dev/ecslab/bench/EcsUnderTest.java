package dev.ecslab.bench;

/**
 * The facade every benchmarked ECS sits behind: one world holding the benchmark's entities.
 *
 * <p><b>Contract.</b> A fresh instance is empty. {@link #spawn} is called once, and afterwards the
 * entities it spawned are visible to every other method (a library that defers visibility, such as
 * artemis-odb, pays for making them visible inside {@code spawn}). Entity {@code i} starts with
 * {@code Position(Workload.x(i), Workload.y(i))} and {@code Velocity(Workload.dx(i), Workload.dy(i))}.
 * Every structural change completes inside the call that makes it.
 *
 * <p>Instances are used by one thread. {@link #close()} releases library resources; the instance
 * is unusable afterwards.
 */
public interface EcsUnderTest extends AutoCloseable {

    /** Spawns {@code n} entities with a Position and a Velocity (see the class contract). */
    void spawn(int n);

    /** One frame of the movement system: {@code Position += Velocity} for every entity. */
    void move();

    /**
     * The {@code x} of entity 0's Position, read from the object the library holds (one field
     * load). Benchmarks return it after {@link #move()} so the loop has an observable result.
     */
    float probe();

    /** Whether {@link #addHealth()} and {@link #removeHealth()} are supported. */
    default boolean supportsAddRemove() {
        return true;
    }

    /** Adds a {@code Health(Workload.HEALTH)} to every spawned entity, which has none. */
    void addHealth();

    /** Removes the Health of every spawned entity, which has one. */
    void removeHealth();

    /** How many spawned entities have a Health, asked entity by entity (for tests; linear). */
    int healthCount();

    /**
     * The positions of all spawned entities in spawn order, {@code x, y} interleaved, each read
     * through the library's own per-entity lookup (for tests; linear, allocates).
     */
    float[] positions();

    @Override
    void close();
}
