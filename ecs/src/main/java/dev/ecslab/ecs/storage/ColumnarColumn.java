package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.ValueLayout;

/**
 * A column that keeps a component's values as one primitive array per field (structure of arrays),
 * the way Bevy, Unity Entities and flecs keep values contiguous: a loop over one field walks one
 * dense {@code float[]} instead of chasing a reference per entity.
 *
 * <p><b>Contract.</b> {@link #get} builds a new value from the row's fields and {@link #set}
 * copies a value's fields into the row, so a value read from this column is a <em>copy</em>:
 * mutating it changes nothing stored. That is why {@link #storesCopies()} is true, and why the
 * write handles refuse {@code getMut} on such a component and make {@code modify} store the value
 * back. Field arrays ({@code QueryChunk.readFloats(...)}, {@code writeFloats(...)} and their siblings) read and write the arrays
 * directly, without building values; the arrays returned by {@link #array} stay valid until the
 * column grows, which cannot happen inside an iteration.
 *
 * <p>Rows move field by field ({@link System#arraycopy} of one element per field), so archetype
 * moves, swap-removes and sparse-set removals carry every field and every metadata lane.
 */
public class ColumnarColumn extends Column {
    /** The factory for every columnar component: the layout comes from the component's class. */
    public static final ColumnFactory FACTORY = columnar((component, laneCount, capacity) ->
            new ColumnarColumn(component, ColumnarLayout.of(component.type()), laneCount, capacity));

    /**
     * A factory that says it makes columnar columns ({@link ColumnFactory#layout()}): for
     * subclasses, which exist only as tests' storage mutants (the class is not final for them; every
     * method but {@link #copyValueTo} is).
     */
    public static ColumnFactory columnar(ColumnFactory make) {
        return new ColumnFactory() {
            @Override
            public Column create(ComponentInfo component, int laneCount, int capacity) {
                return make.create(component, laneCount, capacity);
            }

            @Override
            public ValueLayout layout() {
                return ValueLayout.COLUMNAR;
            }
        };
    }

    private final ColumnarLayout layout;
    private final Object[] arrays;
    private int capacity;

    public ColumnarColumn(ComponentInfo component, ColumnarLayout layout, int laneCount, int capacity) {
        super(component, laneCount, capacity, true);
        if (layout.type() != component.type()) {
            throw new IllegalArgumentException("layout of " + layout.type().getName() + " given for component " + component.name());
        }
        this.layout = layout;
        this.arrays = layout.newArrays(capacity);
        this.capacity = capacity;
    }

    /** How this column's values are split into fields. */
    public final ColumnarLayout layout() {
        return layout;
    }

    /**
     * The primitive array of field {@code field} (a {@code float[]} for a {@code float} field, and
     * so on), valid until the column next grows; rows past the table's size are unused.
     */
    public final Object array(int field) {
        return arrays[field];
    }

    @Override
    public final Object get(int row) {
        return layout.load(arrays, row);
    }

    @Override
    public final void set(int row, Object value) {
        layout.store(value, arrays, row);
    }

    @Override
    protected final void growValues(int newCapacity) {
        if (capacity >= newCapacity) {
            return;
        }
        for (int f = 0; f < arrays.length; f++) {
            Object grown = java.lang.reflect.Array.newInstance(layout.fieldType(f), newCapacity);
            System.arraycopy(arrays[f], 0, grown, 0, capacity);
            arrays[f] = grown;
        }
        capacity = newCapacity;
    }

    @Override
    protected final void moveValue(int from, int to) {
        for (Object a : arrays) {
            System.arraycopy(a, from, a, to, 1);
        }
    }

    @Override
    protected final void clearValue(int row) {
        // Primitive fields hold no references; a freed row is overwritten before it is read again.
    }

    @Override
    protected void copyValueTo(int row, Column dst, int dstRow) {
        Object[] target = ((ColumnarColumn) dst).arrays;
        for (int f = 0; f < arrays.length; f++) {
            System.arraycopy(arrays[f], row, target[f], dstRow, 1);
        }
    }

    @Override
    public String toString() {
        return "ColumnarColumn" + layout.fieldNames() + " of " + component().name();
    }
}
