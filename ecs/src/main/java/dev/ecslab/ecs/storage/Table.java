package dev.ecslab.ecs.storage;

import java.util.Arrays;

/**
 * Archetype-table storage: the rows of every entity whose <em>table</em> components are exactly
 * {@link #componentIds()}, one {@link Column} per component, plus the entity index of each row.
 *
 * <p>Rows are dense, {@code [0, size)}; removing a row moves the last row into its place
 * (swap-remove), so iteration is a tight loop over arrays. Several archetypes share one table when
 * they differ only in sparse-set components.
 *
 * <p>Not thread-safe for structural changes; see {@link Column} for concurrent value access.
 */
public final class Table {
    private static final int INITIAL_CAPACITY = 8;

    private final int id;
    private final int[] componentIds;
    private final Column[] columns;
    /** Component id to column position, {@code -1} when absent; shorter than the id space is fine. */
    private final int[] columnIndex;
    private int[] entities;
    private int size;

    Table(int id, int[] sortedComponentIds, Column[] columns) {
        this.id = id;
        this.componentIds = sortedComponentIds;
        this.columns = columns;
        int maxId = sortedComponentIds.length == 0 ? -1 : sortedComponentIds[sortedComponentIds.length - 1];
        this.columnIndex = new int[maxId + 1];
        Arrays.fill(columnIndex, -1);
        for (int i = 0; i < sortedComponentIds.length; i++) {
            columnIndex[sortedComponentIds[i]] = i;
        }
        int capacity = INITIAL_CAPACITY;
        this.entities = new int[capacity];
        for (Column c : columns) {
            c.ensureCapacity(capacity);
        }
    }

    public int id() {
        return id;
    }

    /** Sorted ids of the components stored here; do not modify. */
    public int[] componentIds() {
        return componentIds;
    }

    public int size() {
        return size;
    }

    public int columnCount() {
        return columns.length;
    }

    public Column column(int position) {
        return columns[position];
    }

    /** The column of component {@code componentId}, or {@code null} if this table has none. */
    public Column columnOf(int componentId) {
        int i = componentId < columnIndex.length ? columnIndex[componentId] : -1;
        return i < 0 ? null : columns[i];
    }

    /** Position of component {@code componentId}'s column, or {@code -1}. */
    public int columnPosition(int componentId) {
        return componentId < columnIndex.length ? columnIndex[componentId] : -1;
    }

    /** The entity index stored at {@code row}. */
    public int entityAt(int row) {
        return entities[row];
    }

    /** The entity-index column, valid until the table next grows; rows {@code >= size} are unused. */
    public int[] entityIndices() {
        return entities;
    }

    /** Appends a row for {@code entityIndex} with unset values and zeroed lanes; returns the row. */
    int allocate(int entityIndex) {
        if (size == entities.length) {
            int capacity = entities.length * 2;
            entities = Arrays.copyOf(entities, capacity);
            for (Column c : columns) {
                c.ensureCapacity(capacity);
            }
        }
        int row = size++;
        entities[row] = entityIndex;
        for (Column c : columns) {
            c.resetLanes(row);
        }
        return row;
    }

    /**
     * Removes {@code row} by moving the last row into it. Returns the entity index that now occupies
     * {@code row}, or {@code -1} if {@code row} was the last row.
     */
    int swapRemove(int row) {
        int last = --size;
        for (Column c : columns) {
            c.swapRemove(row, last);
        }
        if (row == last) {
            return -1;
        }
        int moved = entities[last];
        entities[row] = moved;
        return moved;
    }

    /**
     * Moves the row into {@code dst}: values and lanes of every component both tables have are
     * transferred, the others are dropped. Returns the new row in {@code dst}. The source row is
     * then swap-removed; the caller reads {@link #entityAt} to fix the moved entity's location.
     */
    int moveRowTo(int row, Table dst) {
        int dstRow = dst.allocate(entities[row]);
        for (Column c : columns) {
            Column target = dst.columnOf(c.component().id());
            if (target != null) {
                c.transferRow(row, target, dstRow);
            }
        }
        return dstRow;
    }

    @Override
    public String toString() {
        return "Table#" + id + Arrays.toString(componentIds);
    }
}
