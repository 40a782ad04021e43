package dev.ecslab.ecs.model;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.storage.Column;
import java.util.Arrays;

/**
 * A deliberately broken column (a storage mutant): it stores values correctly but forgets to copy
 * the value when the entity moves to another table. This is the bug of an archetype move that
 * "forgets a component": the entity still has the component, but its value is lost.
 */
public final class ForgetfulColumn extends Column {
    private Object[] values;

    public ForgetfulColumn(ComponentInfo component, int laneCount, int capacity) {
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
        // The bug: the value is not carried over to the destination table.
    }
}
