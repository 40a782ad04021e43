package dev.ecslab.ecs.query;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Archetype;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.storage.SparseSet;
import dev.ecslab.ecs.storage.Table;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A batch of matching entities (one table, or one archetype), indexed {@code 0 .. size()-1}, for
 * loops that the caller writes itself:
 *
 * <pre>{@code
 * query.forEachChunk(chunk -> {
 *     for (int i = 0, n = chunk.size(); i < n; i++) {
 *         chunk.getMut(pos, i).x += chunk.get(vel, i).dx;
 *     }
 * });
 * }</pre>
 *
 * <p><b>Why.</b> {@link Query#forEach} calls the action once per entity; when many different
 * actions share that call site (every system of a game), the JIT can no longer inline it and pays a
 * virtual call per entity. Here the callback runs once per chunk, and inside the caller's loop every
 * lookup except the row index is loop-invariant, so the JIT hoists it and the loop compiles to the
 * same array walk as a hand-written one.
 *
 * <p>The write handle ({@link #getMut}, {@link #set}, {@link #setIfChanged}, {@link #modify}) marks
 * exactly the rows it touches, with the ticks of the query's system, as {@link QueryRow} does. A
 * chunk is valid only inside its callback.
 */
public final class QueryChunk {
    private final Query query;
    Object owner = QueryRow.RELEASED;
    ChangeTracker tracker;
    SystemTicks reader;
    SystemTicks writer;
    private final Column[] columns;
    private final SparseSet[] sparseSets;
    /** Scratch for {@link #enterSelection}: the rows of a unit that pass the change filters. */
    private int[] selectedRows = new int[16];
    private int[] selectedEntities = new int[16];
    private Table table;
    /** Table row of each chunk index when walking an archetype; {@code null} when walking a table. */
    private int[] rows;
    private int[] entityIndices;
    private int size;

    QueryChunk(Query query) {
        this.query = query;
        this.columns = new Column[query.terms.length];
        this.sparseSets = new SparseSet[query.terms.length];
    }

    /** Number of entities in this chunk. */
    public int size() {
        return size;
    }

    /** The value of {@code term} for entity {@code i}. Never marks a change. */
    @SuppressWarnings("unchecked")
    public <T> T get(Term<T> term, int i) {
        int s = slotOf(term);
        Column c = columns[s];
        if (rows == null) {
            return (T) c.get(checkIndex(i));
        }
        return (T) (c != null ? c.get(rows[checkIndex(i)]) : sparseSets[s].get(entityIndices[i]));
    }

    /** The value of {@code term} for entity {@code i}, for in-place mutation; marks it mutated. */
    public <T> T getMut(Write<T> term, int i) {
        T value = get(term, i);
        written(term.slot, i);
        return value;
    }

    /** Replaces the value of {@code term} for entity {@code i}; marks it mutated. */
    public <T> void set(Write<T> term, int i, T value) {
        int s = slotOf(term);
        store(term, s, i, value);
        written(s, i);
    }

    /** Replaces the value only if it is not equal to the current one; returns whether it did. */
    public <T> boolean setIfChanged(Write<T> term, int i, T value) {
        int s = slotOf(term);
        if (Objects.equals(get(term, i), value)) {
            return false;
        }
        store(term, s, i, value);
        written(s, i);
        return true;
    }

    /** Mutates the value of entity {@code i} in place; marks it mutated. */
    public <T> void modify(Write<T> term, int i, Consumer<? super T> action) {
        action.accept(getMut(term, i));
    }

    /** The id of entity {@code i}. */
    public Entity entity(int i) {
        if (owner == QueryRow.RELEASED) {
            throw released();
        }
        int index = rows == null ? table.entityAt(checkIndex(i)) : entityIndices[checkIndex(i)];
        return query.host.entities().entityAt(index);
    }

    // ---------------------------------------------------------------- internals

    /** The single point every chunk write passes through: the tracker marks it. */
    private void written(int slot, int i) {
        Column c = columns[slot];
        if (c != null) {
            int row = rows == null ? i : rows[i];
            if (c.observed() && !c.stampMutation(row, writer.thisRun())) {     // unobserved: nothing; stamped: done
                int entity = rows == null ? table.entityAt(i) : entityIndices[i];
                tracker.onMutated(writer, query.terms[slot].component.id(), entity, c, row);
            }
        } else {
            SparseSet set = sparseSets[slot];
            if (set.column().observed()) {
                int entity = entityIndices[i];
                int dense = set.denseIndex(entity);
                if (!set.column().stampMutation(dense, writer.thisRun())) {
                    tracker.onMutated(writer, query.terms[slot].component.id(), entity, set.column(), dense);
                }
            }
        }
    }

    private <T> void store(Write<T> term, int s, int i, T value) {
        if (value == null || value.getClass() != term.component.type()) {
            throw new IllegalArgumentException(query.description() + ": " + term + " cannot store "
                    + (value == null ? "null" : "a value of type " + value.getClass().getName())
                    + "; expected exactly " + term.component.type().getName());
        }
        Column c = columns[s];
        if (rows == null) {
            c.set(checkIndex(i), value);
        } else if (c != null) {
            c.set(rows[checkIndex(i)], value);
        } else {
            SparseSet set = sparseSets[s];
            set.column().set(set.denseIndex(entityIndices[checkIndex(i)]), value);
        }
    }

    private int slotOf(Term<?> term) {
        if (term.owner != owner) {
            if (owner == QueryRow.RELEASED) {
                throw released();
            }
            throw new IllegalArgumentException(term + " belongs to another query, not to " + query.description());
        }
        return term.slot;
    }

    /** Table rows past {@code size} exist (capacity), so indices are checked against the chunk. */
    private int checkIndex(int i) {
        if (i >= size) {
            throw new IndexOutOfBoundsException("index " + i + " in a chunk of " + size + " entities");
        }
        return i;
    }

    private IllegalStateException released() {
        return new IllegalStateException("this chunk of " + query.description()
                + " is used outside its callback; chunks are valid only while forEachChunk runs it");
    }

    void enterTable(Table t) {
        table = t;
        rows = null;
        entityIndices = null;
        size = t.size();
        Term<?>[] terms = query.terms;
        for (int s = 0; s < terms.length; s++) {
            columns[s] = t.columnOf(terms[s].component.id());
        }
    }

    /**
     * Enters archetype {@code a} keeping only the rows that pass the query's change filters; false
     * when none does.
     */
    boolean enterSelection(Archetype a) {
        Table t = a.table();
        int n = a.size();
        if (selectedRows.length < n) {
            selectedRows = new int[n];
            selectedEntities = new int[n];
        }
        int[] aRows = a.tableRows();
        int[] aEntities = a.entityIndices();
        ChangeFilter[] filters = query.changeFilters;
        int kept = 0;
        for (int i = 0; i < n; i++) {
            int row = aRows[i];
            int entity = aEntities[i];
            boolean pass = true;
            for (int k = 0; k < filters.length && pass; k++) {
                int id = filters[k].component().id();
                Column c = t.columnOf(id);
                int r = row;
                if (c == null) {
                    SparseSet set = query.host.storage().sparseSet(id);
                    c = set.column();
                    r = set.denseIndex(entity);
                }
                pass = tracker.matches(filters[k].kind(), filters[k].flavor(), reader, id, entity, c, r);
            }
            if (pass) {
                selectedRows[kept] = row;
                selectedEntities[kept] = entity;
                kept++;
            }
        }
        if (kept == 0) {
            return false;
        }
        enterArchetype(a);
        rows = selectedRows;
        entityIndices = selectedEntities;
        size = kept;
        return true;
    }

    void enterArchetype(Archetype a) {
        table = a.table();
        rows = a.tableRows();
        entityIndices = a.entityIndices();
        size = a.size();
        Term<?>[] terms = query.terms;
        for (int s = 0; s < terms.length; s++) {
            Term<?> t = terms[s];
            columns[s] = t.sparse ? null : table.columnOf(t.component.id());
            sparseSets[s] = t.sparse ? query.host.storage().sparseSet(t.component.id()) : null;
        }
    }
}
