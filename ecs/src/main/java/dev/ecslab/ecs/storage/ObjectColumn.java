package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.component.ComponentInfo;
import java.util.Arrays;

/**
 * The default column: a plain {@code Object[]} of references. Deliberately not a covariant
 * {@code T[]}: storing into a covariant array costs a runtime type check on every store, and
 * callers already check a value's exact class before storing it.
 */
public final class ObjectColumn extends Column {
    /** The shared factory for reference columns. */
    public static final ColumnFactory FACTORY = ObjectColumn::new;

    private Object[] values;

    public ObjectColumn(ComponentInfo component, int laneCount, int capacity) {
        super(component, laneCount, capacity);
        this.values = new Object[capacity];
    }

    @Override
    public Object get(int row) {
        return values[row];
    }

    @Override
    public void set(int row, Object value) {
        values[row] = value;
    }

    /** The backing array, valid until the column next grows. */
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
