package dev.ecslab.ecs.storage;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The set of entities that have exactly the components {@link #componentIds()} (table and
 * sparse-set components together). Each member has a row here and a row in {@link #table()}.
 *
 * <p>Archetypes remember their <em>edges</em>: the archetype reached by adding or removing one
 * component, so repeated inserts and removes skip the lookup by component set.
 */
public final class Archetype {
    private static final int NO_EDGE = -1;

    private final int id;
    private final int[] componentIds;
    private final BitSet mask;
    private final Table table;
    private final int[] sparseComponentIds;
    private int[] entities = new int[8];
    private int[] tableRows = new int[8];
    private int size;
    private int[] addEdges = new int[0];
    private int[] removeEdges = new int[0];

    Archetype(int id, int[] sortedComponentIds, Table table, int[] sparseComponentIds) {
        this.id = id;
        this.componentIds = sortedComponentIds;
        this.table = table;
        this.sparseComponentIds = sparseComponentIds;
        this.mask = new BitSet();
        for (int c : sortedComponentIds) {
            mask.set(c);
        }
    }

    public int id() {
        return id;
    }

    /** Sorted ids of all components of this archetype; do not modify. */
    public int[] componentIds() {
        return componentIds;
    }

    /** Sorted ids of the sparse-set components of this archetype; do not modify. */
    public int[] sparseComponentIds() {
        return sparseComponentIds;
    }

    public boolean has(int componentId) {
        return mask.get(componentId);
    }

    /** A copy of the component mask. */
    public BitSet mask() {
        return (BitSet) mask.clone();
    }

    public Table table() {
        return table;
    }

    public int size() {
        return size;
    }

    public int entityAt(int row) {
        return entities[row];
    }

    public int tableRowAt(int row) {
        return tableRows[row];
    }

    /** Entity indices by archetype row, valid until the archetype next grows. */
    public int[] entityIndices() {
        return entities;
    }

    /** Table rows by archetype row, valid until the archetype next grows. */
    public int[] tableRows() {
        return tableRows;
    }

    int allocate(int entityIndex, int tableRow) {
        if (size == entities.length) {
            entities = Arrays.copyOf(entities, size * 2);
            tableRows = Arrays.copyOf(tableRows, size * 2);
        }
        entities[size] = entityIndex;
        tableRows[size] = tableRow;
        return size++;
    }

    void setTableRow(int row, int tableRow) {
        tableRows[row] = tableRow;
    }

    /** Swap-removes {@code row}; returns the entity index moved into it, or {@code -1}. */
    int swapRemove(int row) {
        int last = --size;
        if (row == last) {
            return -1;
        }
        int moved = entities[last];
        entities[row] = moved;
        tableRows[row] = tableRows[last];
        return moved;
    }

    int addEdge(int componentId) {
        return componentId < addEdges.length ? addEdges[componentId] : NO_EDGE;
    }

    int removeEdge(int componentId) {
        return componentId < removeEdges.length ? removeEdges[componentId] : NO_EDGE;
    }

    void setAddEdge(int componentId, int archetypeId) {
        addEdges = withEdge(addEdges, componentId, archetypeId);
    }

    void setRemoveEdge(int componentId, int archetypeId) {
        removeEdges = withEdge(removeEdges, componentId, archetypeId);
    }

    private static int[] withEdge(int[] edges, int componentId, int target) {
        if (componentId >= edges.length) {
            int old = edges.length;
            edges = Arrays.copyOf(edges, Math.max(componentId + 1, old * 2));
            Arrays.fill(edges, old, edges.length, NO_EDGE);
        }
        edges[componentId] = target;
        return edges;
    }

    @Override
    public String toString() {
        return "Archetype#" + id + Arrays.toString(componentIds);
    }
}
