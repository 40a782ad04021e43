package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.component.ComponentInfo;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * The default column: an array of references whose runtime class is the component's own array
 * class ({@code Position[]} for {@code Position}), so that a chunk can hand a system the column
 * itself ({@code QueryChunk.readArray}) and the system's loop is the loop it would write over its
 * own {@code Position[]}. The price is the covariant store check on {@link #set} and on row moves
 * (a class compare; structural changes pay far more elsewhere); reads, the hot path, pay nothing.
 * Callers check a value's exact class before storing it.
 */
public final class ObjectColumn extends Column {
    /** The shared factory for reference columns. */
    public static final ColumnFactory FACTORY = ObjectColumn::new;

    private Object[] values;

    public ObjectColumn(ComponentInfo component, int laneCount, int capacity) {
        super(component, laneCount, capacity);
        this.values = (Object[]) Array.newInstance(component.type(), capacity);
    }

    @Override
    public Object get(int row) {
        return values[row];
    }

    @Override
    public void set(int row, Object value) {
        values[row] = value;
    }

    /**
     * The backing array, valid until the column next grows; its runtime class is the component's
     * array class.
     */
    public Object[] values() {
        return values;
    }

    @Override
    protected void growValues(int capacity) {
        if (values.length < capacity) {
            values = Arrays.copyOf(values, capacity);
        }
    }

    @Override
    protected void moveValue(int from, int to) {
        values[to] = values[from];
    }

    @Override
    protected void clearValue(int row) {
        values[row] = null;
    }

    @Override
    protected void copyValueTo(int row, Column dst, int dstRow) {
        ((ObjectColumn) dst).values[dstRow] = values[row];
    }
}
