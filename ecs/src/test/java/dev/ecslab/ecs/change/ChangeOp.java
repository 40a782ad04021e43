package dev.ecslab.ecs.change;

import java.util.List;

/** One step of the change-tracking model test, as data (so jqwik shrinks and prints it). */
public sealed interface ChangeOp {
    /** Spawns an entity with components {@code mask} (bit 0 A, 1 B, 2 S sparse). */
    record Spawn(int mask) implements ChangeOp {
    }

    /** Inserts (adds, or re-inserts: a mutation) component {@code type} on a handle. */
    record Insert(int handle, int type) implements ChangeOp {
    }

    record Remove(int handle, int type) implements ChangeOp {
    }

    record Despawn(int handle) implements ChangeOp {
    }

    /** Mutates a component directly on the world ({@code getMut}). */
    record DirectWrite(int handle, int type) implements ChangeOp {
    }

    /** Clears the world's trackers (ends a frame for world-level readers). */
    record ClearTrackers() implements ChangeOp {
    }

    /**
     * System {@code system} runs: it asks {@code kind} of component {@code type} (and for removals of
     * it), with an extra archetype filter ({@code -1} none, {@code 0..2} With that type, {@code 3..5}
     * Without type - 3), walking the query {@code walk} way (0 forEach, 1 cursor, 2 chunks), then
     * writes {@code type} on {@code writes}.
     */
    record Run(int system, int type, int kind, int filter, int walk, List<Integer> writes) implements ChangeOp {
    }

    /**
     * Exclusive system {@code system} runs: it asks Changed of {@code type} and its removals, then
     * changes the world directly as itself: {@code action} 0 inserts {@code type} on the handle, 1
     * removes it, 2 despawns the handle, 3 writes it through {@code getMut}.
     */
    record Exclusive(int system, int type, int handle, int action) implements ChangeOp {
    }

    /** A query made directly on the world: changes since the last clear. */
    record WorldQuery(int type, int kind) implements ChangeOp {
    }
}
