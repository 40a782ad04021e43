package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.component.ComponentInfo;

/**
 * The values of one component type in one table (or one sparse set), indexed by row; as
 * {@link TrackedRows}, also the change tracker's metadata lanes for each row.
 *
 * <p><b>Why lanes here.</b> Change tracking keeps per-component, per-entity state (added and changed
 * ticks, flag bits) that must travel with the value when an entity moves between archetypes. Lanes
 * are moved, swapped and cleared by the same code that moves the value, so no strategy can forget to
 * carry its metadata along.
 *
 * <p><b>Why abstract.</b> The value layout is the subclass's business. {@link ObjectColumn} keeps an
 * array of references; a later columnar kind can keep one primitive array per record field without
 * any other layer assuming "a column is an {@code Object[]}". Subclasses only implement the
 * value-level primitives; row bookkeeping and lanes are final here.
 *
 * <p>Not thread-safe; structural methods run on the thread that owns the world. Concurrent
 * {@link #get}/{@link #set} on distinct rows, or reads of one row, are safe once the column is
 * published, which is what parallel systems with disjoint access do.
 */
public abstract class Column extends TrackedRows {
    private final ComponentInfo component;
    private final boolean storesCopies;

    /** A column whose {@link #get} answers the stored object itself. */
    protected Column(ComponentInfo component, int laneCount, int capacity) {
        this(component, laneCount, capacity, false);
    }

    /** A column that says whether {@link #get} builds a copy ({@link #storesCopies()}). */
    protected Column(ComponentInfo component, int laneCount, int capacity, boolean storesCopies) {
        super(laneCount, capacity);
        this.component = component;
        this.storesCopies = storesCopies;
    }

    /** The component whose values this column holds. */
    public final ComponentInfo component() {
        return component;
    }

    /**
     * Whether {@link #get} hands out a copy rebuilt from stored fields rather than the stored object
     * itself ({@link ColumnarColumn}). Mutating a copy changes nothing, so the write handles refuse
     * in-place mutation ({@code getMut}) of such a column and store the value back after
     * {@code modify}. A field, not a virtual call: the write handles ask it on every {@code getMut}.
     */
    public final boolean storesCopies() {
        return storesCopies;
    }

    /** The value at {@code row}. */
    public abstract Object get(int row);

    /** Stores {@code value} at {@code row}; the caller has checked its type. */
    public abstract void set(int row, Object value);

    /** Grows the value storage to at least {@code capacity} rows, keeping rows. */
    protected abstract void growValues(int capacity);

    /** Copies the value of row {@code from} over row {@code to} within this column. */
    protected abstract void moveValue(int from, int to);

    /** Forgets the value at {@code row} (drops references so they can be collected). */
    protected abstract void clearValue(int row);

    /**
     * Copies the value of {@code row} into {@code dst} at {@code dstRow}. {@code dst} holds the same
     * component, so it was made by the same {@link ColumnFactory}.
     */
    protected abstract void copyValueTo(int row, Column dst, int dstRow);

    // ------------------------------------------------------------------ row bookkeeping

    final void ensureCapacity(int capacity) {
        growLanes(capacity);
        growValues(capacity);
    }

    /** Moves row {@code last} into {@code row} (if they differ) and clears {@code last}. */
    final void swapRemove(int row, int last) {
        if (row != last) {
            moveValue(last, row);
            fillRowFrom(last, row);
        }
        clearValue(last);
        resetLanes(last);
    }

    /** Copies value and lanes of {@code row} into {@code dst} at {@code dstRow}. */
    final void transferRow(int row, Column dst, int dstRow) {
        copyValueTo(row, dst, dstRow);
        copyLanesTo(row, dst, dstRow);
    }
}
