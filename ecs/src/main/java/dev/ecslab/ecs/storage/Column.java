package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.component.ComponentInfo;
import java.util.Arrays;

/**
 * The values of one component type in one table (or one sparse set), indexed by row, plus
 * {@code laneCount} parallel {@code int} <em>metadata lanes</em> per row.
 *
 * <p><b>Why lanes.</b> Change tracking keeps per-component, per-entity state (added and changed
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
public abstract class Column {
    private final ComponentInfo component;
    private final int laneCount;
    private int[][] lanes;
    private TrackerAttachment trackerState;

    protected Column(ComponentInfo component, int laneCount, int capacity) {
        this.component = component;
        this.laneCount = laneCount;
        this.lanes = new int[laneCount][capacity];
    }

    /** The component whose values this column holds. */
    public final ComponentInfo component() {
        return component;
    }

    /**
     * State a change tracker keeps with one column (the {@code generation} strategy keeps its block
     * summaries here), so the write hook finds it with one field load instead of a lookup by
     * archetype and component. The column tells it when a row takes over another row's value and
     * lanes, so summaries kept per block of rows can follow the row.
     */
    public interface TrackerAttachment {
        /** Row {@code row} of {@code column} now holds what was the column's last row (a swap-remove). */
        void rowFilled(Column column, int row);
    }

    /** The tracker's attachment, or {@code null} until the tracker sets one. */
    public final TrackerAttachment trackerState() {
        return trackerState;
    }

    /** Only the world's change tracker calls this, under the same threading rules as the lanes. */
    public final void setTrackerState(TrackerAttachment state) {
        this.trackerState = state;
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

    // ------------------------------------------------------------------ lanes

    public final int laneCount() {
        return laneCount;
    }

    public final int lane(int lane, int row) {
        return lanes[lane][row];
    }

    public final void setLane(int lane, int row, int value) {
        lanes[lane][row] = value;
    }

    /**
     * The backing array of one lane, for hot loops. Valid until the column next grows; indices at
     * or beyond the owner's size are unused.
     */
    public final int[] laneArray(int lane) {
        return lanes[lane];
    }

    // ------------------------------------------------------------------ row bookkeeping

    final void ensureCapacity(int capacity) {
        if (laneCount > 0 && lanes[0].length < capacity) {
            for (int l = 0; l < laneCount; l++) {
                lanes[l] = Arrays.copyOf(lanes[l], capacity);
            }
        }
        growValues(capacity);
    }

    /** Moves row {@code last} into {@code row} (if they differ) and clears {@code last}. */
    final void swapRemove(int row, int last) {
        if (row != last) {
            moveValue(last, row);
            for (int l = 0; l < laneCount; l++) {
                lanes[l][row] = lanes[l][last];
            }
            if (trackerState != null) {
                trackerState.rowFilled(this, row);
            }
        }
        clearValue(last);
        for (int l = 0; l < laneCount; l++) {
            lanes[l][last] = 0;
        }
    }

    /** Copies value and lanes of {@code row} into {@code dst} at {@code dstRow}. */
    final void transferRow(int row, Column dst, int dstRow) {
        copyValueTo(row, dst, dstRow);
        for (int l = 0; l < laneCount; l++) {
            dst.lanes[l][dstRow] = lanes[l][row];
        }
    }

    /** Zeroes the lanes of a freshly allocated row. */
    final void resetLanes(int row) {
        for (int l = 0; l < laneCount; l++) {
            lanes[l][row] = 0;
        }
    }
}
