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

    /** The value layout of the columns this factory makes. */
    default ValueLayout layout() {
        return ValueLayout.REFERENCES;
    }
}
