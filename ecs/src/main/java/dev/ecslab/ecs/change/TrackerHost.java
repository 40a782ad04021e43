package dev.ecslab.ecs.change;

import dev.ecslab.ecs.storage.Column;

/**
 * What a {@link ChangeTracker} may use of the world it is attached to: its clock, and a walk over
 * every column (for strategies that clear flags at frame end or clamp old ticks). Called only from
 * the thread that owns the world, when no system runs.
 */
public interface TrackerHost {
    /** The world's current change tick (the last one handed out). */
    int currentTick();

    /** The archetype id of a live entity. */
    int archetypeOf(int entityIndex);

    /** Number of live entities. */
    int liveEntityCount();

    /** Calls {@code visitor} for every column of every table and sparse set, with its row count. */
    void forEachColumn(ColumnVisitor visitor);

    /** Receives one column and how many of its rows are in use. */
    @FunctionalInterface
    interface ColumnVisitor {
        void visit(Column column, int rows);
    }
}
