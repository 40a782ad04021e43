package dev.ecslab.ecs.component;

/**
 * Where a component type's values live, chosen per component type (the table/sparse-set trade-off
 * of the thesis diary on writing an ECS).
 */
public enum StorageKind {
    /**
     * Archetype tables: one column per component, entities with the same table components share a
     * table. Fastest iteration; adding or removing such a component moves the entity's row.
     */
    TABLE,
    /**
     * A sparse set per component type: {@code sparse[entity] -> dense index}, with the values packed
     * in dense order. Adding or removing never moves table rows, which suits markers and short-lived
     * components; queries reach the value through one extra indirection.
     */
    SPARSE_SET
}
