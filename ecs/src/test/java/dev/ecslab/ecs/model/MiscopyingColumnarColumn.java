package dev.ecslab.ecs.model;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.storage.ColumnFactory;
import dev.ecslab.ecs.storage.ColumnarColumn;
import dev.ecslab.ecs.storage.ColumnarLayout;

/**
 * A deliberately broken columnar column (a storage mutant): on an archetype move it copies the first
 * field from the neighbouring row instead of the moving one, the off-by-one of a hand-written
 * field-by-field move loop. The entity keeps the component, with another entity's field.
 */
public final class MiscopyingColumnarColumn extends ColumnarColumn {
    public static final ColumnFactory FACTORY = ColumnarColumn.columnar(MiscopyingColumnarColumn::new);

    public MiscopyingColumnarColumn(ComponentInfo component, int laneCount, int capacity) {
        super(component, ColumnarLayout.of(component.type()), laneCount, capacity);
    }

    @Override
    protected void copyValueTo(int row, Column dst, int dstRow) {
        super.copyValueTo(row, dst, dstRow);
        Object from = array(0);
        int neighbour = row + 1 < java.lang.reflect.Array.getLength(from) ? row + 1 : row - 1;
        System.arraycopy(from, neighbour, ((ColumnarColumn) dst).array(0), dstRow, 1);       // the bug
    }
}
