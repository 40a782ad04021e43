package dev.ecslab.ecs.storage;

import java.util.Arrays;

/**
 * Sparse-set storage of one component type, the layout of the thesis diary on writing an ECS:
 * {@code sparse[entityIndex]} holds the dense position plus one (0 means absent), the dense arrays
 * hold the entity index and the value of each member, packed, so {@code dense[sparse[e] - 1] == e}.
 * Insert, remove and lookup are O(1); iteration over members is O(members). Values and metadata
 * lanes live in a {@link Column} indexed by dense position, so they move exactly like table rows.
 *
 * <p>Not thread-safe for structural changes; see {@link Column} for concurrent value access.
 */
public final class SparseSet {
    private int[] sparse = new int[16];
    private int[] dense = new int[8];
    private final Column values;
    private int size;

    SparseSet(Column values) {
        this.values = values;
        values.ensureCapacity(dense.length);
    }

    public int size() {
        return size;
    }

    public boolean contains(int entityIndex) {
        return entityIndex < sparse.length && sparse[entityIndex] != 0;
    }

    /** The dense position of {@code entityIndex}, or {@code -1}. */
    public int denseIndex(int entityIndex) {
        return entityIndex < sparse.length ? sparse[entityIndex] - 1 : -1;
    }

    /** The value of {@code entityIndex}; the entity must be a member. */
    public Object get(int entityIndex) {
        return values.get(sparse[entityIndex] - 1);
    }

    /** The value column, indexed by dense position. */
    public Column column() {
        return values;
    }

    /** The entity index of every dense position, valid until the set next grows; positions {@code >= size} are unused. */
    public int[] entityIndices() {
        return dense;
    }

    /** The entity index at dense position {@code i}. */
    public int entityAt(int i) {
        return dense[i];
    }

    /** Stores {@code value} for {@code entityIndex}, replacing an existing value; returns its position. */
    int insert(int entityIndex, Object value) {
        if (entityIndex >= sparse.length) {
            sparse = Arrays.copyOf(sparse, Math.max(entityIndex + 1, sparse.length * 2));
        }
        int d = sparse[entityIndex] - 1;
        if (d < 0) {
            if (size == dense.length) {
                dense = Arrays.copyOf(dense, dense.length * 2);
                values.ensureCapacity(dense.length);
            }
            d = size++;
            dense[d] = entityIndex;
            sparse[entityIndex] = d + 1;
            values.resetLanes(d);
        }
        values.set(d, value);
        return d;
    }

    /** Removes {@code entityIndex} if present and returns its value, else {@code null}. */
    Object remove(int entityIndex) {
        int d = denseIndex(entityIndex);
        if (d < 0) {
            return null;
        }
        Object old = values.get(d);
        int last = --size;
        values.swapRemove(d, last);
        if (d != last) {
            int moved = dense[last];
            dense[d] = moved;
            sparse[moved] = d + 1;
        }
        sparse[entityIndex] = 0;
        return old;
    }
}
