package dev.ecslab.ecs.entity;

/**
 * A generational entity id: a slot {@code index} and the {@code generation} of that slot.
 *
 * <p>Why generational: when an entity is despawned its slot is reused, but with a new generation,
 * so a stale id held by user code never aliases the new occupant. Every world operation compares
 * the generation before touching storage.
 *
 * <p>Printed as {@code 3v0} (index 3, generation 0), as Bevy does.
 */
public record Entity(int index, int generation) implements Comparable<Entity> {

    public Entity {
        if (index < 0) {
            throw new IllegalArgumentException("entity index must be >= 0, got " + index);
        }
    }

    /** Packs this id into one {@code long}: generation in the high 32 bits, index in the low 32. */
    public long toBits() {
        return ((long) generation << 32) | (index & 0xFFFF_FFFFL);
    }

    /** The inverse of {@link #toBits()}. */
    public static Entity fromBits(long bits) {
        return new Entity((int) bits, (int) (bits >>> 32));
    }

    @Override
    public int compareTo(Entity o) {
        int c = Integer.compare(index, o.index);
        return c != 0 ? c : Integer.compare(generation, o.generation);
    }

    @Override
    public String toString() {
        return index + "v" + generation;
    }
}
