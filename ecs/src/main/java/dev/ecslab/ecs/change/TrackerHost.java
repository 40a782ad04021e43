package dev.ecslab.ecs.change;


/**
 * What a {@link ChangeTracker} may use of the world it is attached to: its clock, the column that
 * holds a component for an archetype, and a walk over every column (for strategies that clear flags
 * at frame end or clamp old ticks). {@link #forEachColumn} is called only from the thread that owns
 * the world, when no system runs; the lookups may be called from system threads too, since no
 * structural change happens while systems run.
 */
public interface TrackerHost {
    /** The world's current change tick (the last one handed out). */
    int currentTick();

    /** The archetype id of a live entity. */
    int archetypeOf(int entityIndex);

    /**
     * The rows holding {@code componentId} for the entities of archetype {@code archetypeId}: its
     * table's column, or the component's sparse set (shared by every archetype that has it), with the
     * entity index of each row; or {@code null} when the archetype lacks the component.
     */
    ColumnRows rowsOf(int archetypeId, int componentId);

    /**
     * A column, the entity index of each of its rows, and how many rows are in use. The arrays are
     * the storage's own, valid until the next structural change.
     */
    record ColumnRows(TrackedRows column, int[] entities, int rows) {
    }

    /** Number of live entities. */
    int liveEntityCount();

    /** Calls {@code visitor} for every column of every table and sparse set, with its row count. */
    void forEachColumn(ColumnVisitor visitor);

    /** Receives one column and how many of its rows are in use. */
    @FunctionalInterface
    interface ColumnVisitor {
        void visit(TrackedRows column, int rows);
    }
}
