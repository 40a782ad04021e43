package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.ValueLayout;

/**
 * Makes the columns of one component type: the extension point for value layouts (references by
 * default, primitive arrays per field for columnar components later). Every column of a component
 * comes from the same factory, so {@link Column#copyValueTo} may assume its destination's class.
 */
@FunctionalInterface
public interface ColumnFactory {
    Column create(ComponentInfo component, int laneCount, int capacity);

    /**
     * The value layout of the columns this factory makes; storage checks that each column agrees
     * ({@link Column#storesCopies()} exactly for {@link ValueLayout#COLUMNAR}).
     */
    default ValueLayout layout() {
        return ValueLayout.REFERENCES;
    }

    /**
     * The built-in factory of {@code layout} for {@code type}.
     *
     * @throws dev.ecslab.ecs.component.ComponentRegistrationException if {@code layout} is columnar and
     *     {@code type} cannot be (the message names the field)
     */
    static ColumnFactory of(ValueLayout layout, Class<?> type) {
        if (layout == ValueLayout.COLUMNAR) {
            ColumnarLayout.of(type);
            return ColumnarColumn.FACTORY;
        }
        return ObjectColumn.FACTORY;
    }
}
