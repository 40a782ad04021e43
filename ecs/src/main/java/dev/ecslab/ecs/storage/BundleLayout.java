package dev.ecslab.ecs.storage;

import java.util.Arrays;

/**
 * A precomputed plan for placing a bundle of component values, in the bundle's own order, into its
 * archetype: for each value either the table column position or {@code -1} for a sparse set.
 * Reusing a layout makes spawning a tight loop of array stores.
 */
public final class BundleLayout {
    private final Class<?>[] types;
    private final int[] componentIds;
    private final Archetype archetype;
    private final int[] columnPositions;

    BundleLayout(Class<?>[] types, int[] componentIds, Archetype archetype) {
        this.types = types;
        this.componentIds = componentIds;
        this.archetype = archetype;
        this.columnPositions = new int[componentIds.length];
        for (int i = 0; i < componentIds.length; i++) {
            columnPositions[i] = archetype.table().columnPosition(componentIds[i]);
        }
    }

    /** True when {@code values} has exactly this layout's classes, in order (false for any null). */
    public boolean matches(Object[] values) {
        if (values.length != types.length) {
            return false;
        }
        for (int i = 0; i < types.length; i++) {
            Object v = values[i];
            if (v == null || v.getClass() != types[i]) {
                return false;
            }
        }
        return true;
    }

    public Archetype archetype() {
        return archetype;
    }

    /** Component ids in bundle order; do not modify. */
    public int[] componentIds() {
        return componentIds;
    }

    /** The table column position of bundle slot {@code slot}, or {@code -1} for a sparse-set component. */
    public int columnPosition(int slot) {
        return columnPositions[slot];
    }

    @Override
    public String toString() {
        return "BundleLayout" + Arrays.toString(types);
    }
}
