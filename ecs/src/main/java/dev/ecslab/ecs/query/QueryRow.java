package dev.ecslab.ecs.query;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Archetype;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.storage.ColumnarColumn;
import dev.ecslab.ecs.storage.SparseSet;
import dev.ecslab.ecs.storage.Table;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The current entity of a running query: read its terms with {@link #get}, and write {@link Write}
 * terms through the <em>write handle</em> methods {@link #set}, {@link #setIfChanged},
 * {@link #modify}, {@link #update} and {@link #getMut}. Every write goes through one private method,
 * the single place where the world's change tracker marks a component as mutated, with the ticks of
 * the system the query belongs to. Reading never marks.
 *
 * <p>One row object is reused for every entity of an iteration (no allocation per entity); it is
 * valid only inside the iteration that produced it. Using it afterwards, or with a term of another
 * query, throws {@link IllegalStateException} / {@link IllegalArgumentException}.
 */
public sealed class QueryRow permits QueryIter {
    /** Stands in for the owner token while the row is not inside an iteration. */
    static final Object RELEASED = new Object();

    final Query query;
    /** The query's owner token while an iteration is active, else {@link #RELEASED}. */
    Object owner = RELEASED;
    final Column[] columns;
    final SparseSet[] sparseSets;
    /** Where each change filter's component is in the current table or sparse set. */
    final Column[] changeColumns;
    final SparseSet[] changeSparseSets;
    /** Set when the iteration opens: who reads changes, who marks writes, and the tracker. */
    SystemTicks reader;
    SystemTicks writer;
    ChangeTracker tracker;
    Table table;
    /** Row in {@link #table} of the current entity. */
    int row;
    /** Entity index of the current entity; maintained only when walking archetypes. */
    int entityIndex;
    boolean walkingTables;
    /**
     * The archetype {@link #enterArchetype} last pointed the columns at, or null after a table walk
     * moved them. Entering it again changes nothing, so a lookup ({@link Query#forEntity}) into the
     * archetype of the last lookup skips the per-term column search. Columns, tables and sparse sets
     * are never replaced once made, which is what makes the cached pointers stay right.
     */
    private Archetype enteredArchetype;

    QueryRow(Query query) {
        this.query = query;
        this.columns = new Column[query.terms.length];
        this.sparseSets = new SparseSet[query.terms.length];
        this.changeColumns = new Column[query.changeFilters.length];
        this.changeSparseSets = new SparseSet[query.changeFilters.length];
    }

    /**
     * Sets who reads changes, who marks writes and the tracker, storing only what differs: a kept
     * cursor is bound again on every walk and lookup with, mostly, the same three, and under G1 a
     * reference store into a long-lived object can cost a fence.
     */
    final void bind(ChangeTracker tracker, SystemTicks reader, SystemTicks writer) {
        if (this.tracker != tracker) {
            this.tracker = tracker;
        }
        if (this.reader != reader) {
            this.reader = reader;
        }
        if (this.writer != writer) {
            this.writer = writer;
        }
    }

    // ---------------------------------------------------------------- reading

    /** The current entity's value of {@code term}. Never marks a change. */
    @SuppressWarnings("unchecked")
    public final <T> T get(Term<T> term) {
        int s = slotOf(term);
        Column c = columns[s];
        return (T) (c != null ? c.get(row) : sparseSets[s].get(entityIndex));
    }

    /** The current entity's id. */
    public final Entity entity() {
        requireActive();
        return query.host.entities().entityAt(currentEntityIndex());
    }

    /** The current entity's id; the term is accepted for symmetry with component terms. */
    public final Entity get(EntityTerm term) {
        if (term.owner != owner) {
            throw foreign(term.toString());
        }
        return entity();
    }

    // ---------------------------------------------------------------- the write handle

    /**
     * The current value, for in-place mutation; marks the component as mutated. Refused
     * ({@link UnsupportedOperationException}, nothing marked) for a columnar component, whose values
     * are copies: use {@link #modify}, {@link #set} or the field accessors.
     */
    public final <T> T getMut(Write<T> term) {
        int s = slotOf(term);
        if (valueColumn(s).storesCopies()) {
            throw new UnsupportedOperationException(ValueLayout.copiesRefusal(term.component.name()));
        }
        T value = get(term);
        written(s);
        return value;
    }

    /** Replaces the value; marks the component as mutated. */
    public final <T> void set(Write<T> term, T value) {
        int s = slotOf(term);
        store(term, s, value);
        written(s);
    }

    /**
     * Replaces the value only when it is not {@link Object#equals equal} to the current one (Bevy's
     * {@code set_if_neq}); marks only when it replaced. Returns whether it did.
     */
    public final <T> boolean setIfChanged(Write<T> term, T value) {
        int s = slotOf(term);
        if (!query.setIfChangedMarksEqualValues && Objects.equals(get(term), value)) {
            return false;
        }
        store(term, s, value);
        written(s);
        return true;
    }

    /**
     * Mutates the value in place with {@code action}; marks the component as mutated. For a columnar
     * component the action mutates a copy, which is then stored back.
     */
    public final <T> void modify(Write<T> term, Consumer<? super T> action) {
        int s = slotOf(term);
        T value = get(term);
        if (valueColumn(s).storesCopies()) {
            action.accept(value);
            set(term, value);
            return;
        }
        written(s);
        action.accept(value);
    }

    /** Replaces the value with {@code f(current)}; marks the component as mutated. */
    public final <T> void update(Write<T> term, UnaryOperator<T> f) {
        set(term, f.apply(get(term)));
    }

    // ---------------------------------------------------------------- primitive fields of columnar components

    /** The current entity's {@code boolean} field {@code f} of a columnar component. Never marks a change. */
    public final boolean getBoolean(TermField f) {
        return ((boolean[]) fieldArray(f, boolean.class))[fieldRow(f)];
    }

    /** Stores {@code v} into the current entity's {@code boolean} field {@code f}; marks the component as mutated. */
    public final void setBoolean(TermField f, boolean v) {
        ((boolean[]) fieldArray(f, boolean.class))[fieldRow(requireWrite(f))] = v;
        written(f.term.slot);
    }

    /** The current entity's {@code byte} field {@code f} of a columnar component. Never marks a change. */
    public final byte getByte(TermField f) {
        return ((byte[]) fieldArray(f, byte.class))[fieldRow(f)];
    }

    /** Stores {@code v} into the current entity's {@code byte} field {@code f}; marks the component as mutated. */
    public final void setByte(TermField f, byte v) {
        ((byte[]) fieldArray(f, byte.class))[fieldRow(requireWrite(f))] = v;
        written(f.term.slot);
    }

    /** The current entity's {@code short} field {@code f} of a columnar component. Never marks a change. */
    public final short getShort(TermField f) {
        return ((short[]) fieldArray(f, short.class))[fieldRow(f)];
    }

    /** Stores {@code v} into the current entity's {@code short} field {@code f}; marks the component as mutated. */
    public final void setShort(TermField f, short v) {
        ((short[]) fieldArray(f, short.class))[fieldRow(requireWrite(f))] = v;
        written(f.term.slot);
    }

    /** The current entity's {@code char} field {@code f} of a columnar component. Never marks a change. */
    public final char getChar(TermField f) {
        return ((char[]) fieldArray(f, char.class))[fieldRow(f)];
    }

    /** Stores {@code v} into the current entity's {@code char} field {@code f}; marks the component as mutated. */
    public final void setChar(TermField f, char v) {
        ((char[]) fieldArray(f, char.class))[fieldRow(requireWrite(f))] = v;
        written(f.term.slot);
    }

    /** The current entity's {@code int} field {@code f} of a columnar component. Never marks a change. */
    public final int getInt(TermField f) {
        return ((int[]) fieldArray(f, int.class))[fieldRow(f)];
    }

    /** Stores {@code v} into the current entity's {@code int} field {@code f}; marks the component as mutated. */
    public final void setInt(TermField f, int v) {
        ((int[]) fieldArray(f, int.class))[fieldRow(requireWrite(f))] = v;
        written(f.term.slot);
    }

    /** The current entity's {@code long} field {@code f} of a columnar component. Never marks a change. */
    public final long getLong(TermField f) {
        return ((long[]) fieldArray(f, long.class))[fieldRow(f)];
    }

    /** Stores {@code v} into the current entity's {@code long} field {@code f}; marks the component as mutated. */
    public final void setLong(TermField f, long v) {
        ((long[]) fieldArray(f, long.class))[fieldRow(requireWrite(f))] = v;
        written(f.term.slot);
    }

    /** The current entity's {@code float} field {@code f} of a columnar component. Never marks a change. */
    public final float getFloat(TermField f) {
        return ((float[]) fieldArray(f, float.class))[fieldRow(f)];
    }

    /** Stores {@code v} into the current entity's {@code float} field {@code f}; marks the component as mutated. */
    public final void setFloat(TermField f, float v) {
        ((float[]) fieldArray(f, float.class))[fieldRow(requireWrite(f))] = v;
        written(f.term.slot);
    }

    /** The current entity's {@code double} field {@code f} of a columnar component. Never marks a change. */
    public final double getDouble(TermField f) {
        return ((double[]) fieldArray(f, double.class))[fieldRow(f)];
    }

    /** Stores {@code v} into the current entity's {@code double} field {@code f}; marks the component as mutated. */
    public final void setDouble(TermField f, double v) {
        ((double[]) fieldArray(f, double.class))[fieldRow(requireWrite(f))] = v;
        written(f.term.slot);
    }

    /** The primitive array of {@code f} in the current table or sparse set, after checking {@code f}. */
    private Object fieldArray(TermField f, Class<?> type) {
        Term<?> t = f.term;
        if (t.owner != owner || f.type != type) {             // kept small: this runs per entity and field
            throw fieldMisuse(f, type);
        }
        if (columns[t.slot] instanceof ColumnarColumn cc) {
            return cc.array(f.field);
        }
        return sparseFieldArray(f);
    }

    private Object sparseFieldArray(TermField f) {
        Column c = columns[f.term.slot];
        if (c == null && sparseSets[f.term.slot].column() instanceof ColumnarColumn cc) {
            return cc.array(f.field);
        }
        throw new IllegalStateException(QueryChunk.notColumnar(f));
    }

    private RuntimeException fieldMisuse(TermField f, Class<?> type) {
        if (f.term.owner != owner) {
            return foreign(f.term.toString());
        }
        return new IllegalArgumentException(f + " is a " + f.type.getName() + " field; it cannot be accessed as a " + type.getName());
    }

    /** The row of the current entity in the column of {@code f}'s term. */
    private int fieldRow(TermField f) {
        int s = f.term.slot;
        return columns[s] != null ? row : sparseSets[s].denseIndex(entityIndex);    // no sparse term when walking tables
    }

    private TermField requireWrite(TermField f) {
        if (!f.term.isWrite()) {
            throw new IllegalArgumentException(f + " belongs to a read term; declare the component with write(...) to store into it");
        }
        return f;
    }

    private Column valueColumn(int s) {
        Column c = columns[s];
        return c != null ? c : sparseSets[s].column();
    }

    // ---------------------------------------------------------------- internals

    /** The single point every component write of a query passes through: the tracker marks it. */
    private void written(int slot) {
        Column c = columns[slot];
        if (c != null) {
            if (c.observed() && !c.stampWalkMutation(row, writer.thisRun())) {     // unobserved: nothing; stamped: done
                reportMutation(slot, c);
            }
        } else {
            writtenSparse(slot);
        }
    }

    /** Out of {@link #written}'s line, which runs per write and must stay small enough to inline. */
    private void reportMutation(int slot, Column c) {
        tracker.onMutated(writer, query.terms[slot].component.id(), currentEntityIndex(), c, row);
    }

    private void writtenSparse(int slot) {
        SparseSet set = sparseSets[slot];
        if (set.column().observed()) {
            int entity = currentEntityIndex();
            int dense = set.denseIndex(entity);
            if (!set.column().stampMutation(dense, writer.thisRun())) {
                tracker.onMutated(writer, query.terms[slot].component.id(), entity, set.column(), dense);
            }
        }
    }

    /** True when the current entity passes every change filter of the query. */
    final boolean passesChanges() {
        ChangeFilter[] filters = query.changeFilters;
        if (filters.length == 0) {
            return true;
        }
        int entity = currentEntityIndex();
        for (int k = 0; k < filters.length; k++) {
            ChangeFilter f = filters[k];
            Column c = changeColumns[k];
            int r = row;
            if (c == null) {
                c = changeSparseSets[k].column();
                r = changeSparseSets[k].denseIndex(entity);
            }
            if (!tracker.matches(f.kind(), f.flavor(), reader, f.component().id(), entity, c, r)) {
                return false;
            }
        }
        return true;
    }

    private <T> void store(Write<T> term, int s, T value) {
        if (value == null || value.getClass() != term.component.type()) {
            throw new IllegalArgumentException(query.description() + ": " + term + " cannot store "
                    + (value == null ? "null" : "a value of type " + value.getClass().getName())
                    + "; expected exactly " + term.component.type().getName());
        }
        Column c = columns[s];
        if (c != null) {
            c.set(row, value);
        } else {
            SparseSet set = sparseSets[s];
            set.column().set(set.denseIndex(entityIndex), value);
        }
    }

    final int slotOf(Term<?> term) {
        if (term.owner != owner) {
            throw foreign(term.toString());
        }
        return term.slot;
    }

    private RuntimeException foreign(String term) {
        if (owner == RELEASED) {
            return new IllegalStateException("this row of " + query.description()
                    + " is used outside its iteration; rows are valid only while the iteration runs");
        }
        return new IllegalArgumentException(term + " belongs to another query, not to " + query.description());
    }

    private void requireActive() {
        if (owner == RELEASED) {
            throw foreign("row");
        }
    }

    int currentEntityIndex() {
        return walkingTables ? table.entityAt(row) : entityIndex;
    }

    /**
     * The columns whose block marks wait for the next table or the iteration's end (see
     * {@link TrackedRows#deferMarks}): a walk over the whole table then writes each row with a lane
     * store alone, and the blocks are marked once, afterwards.
     */
    private final DeferredMarks deferredMarks = new DeferredMarks();

    /**
     * Marks the blocks the walk's deferral left unmarked; idempotent. The columns and the table are
     * still the deferred ones, and the table's size has not changed: structural changes wait for the
     * iteration's end, which closes first.
     */
    final void closeDeferredMarks() {
        deferredMarks.close(columns, table == null ? 0 : table.size());
    }

    /**
     * Ends the walk's deferral marking no block: only the twin of flecs #1652
     * ({@code Query.Defect.MARKS_ONLY_WHEN_THE_WALK_MOVES_ON}) calls it, for a walk left early.
     */
    final void dropDeferredMarks() {
        deferredMarks.close(columns, 0);
    }

    /** Points the columns at {@code t} for walking its rows directly. */
    final void enterTable(Table t) {
        enterTable(t, false);
    }

    /**
     * Points the columns at {@code t} for walking its rows directly, after marking the blocks the
     * previous table's walk deferred; with {@code deferMarks}, defers the marks of {@code t}'s written
     * columns until the next table or the end of the iteration ({@link #deferMarks}).
     */
    final void enterTable(Table t, boolean deferMarks) {
        closeDeferredMarks();
        table = t;
        walkingTables = true;
        enteredArchetype = null;
        Term<?>[] terms = query.terms;
        for (int s = 0; s < terms.length; s++) {
            columns[s] = t.columnOf(terms[s].component.id());
        }
        ChangeFilter[] filters = query.changeFilters;
        for (int k = 0; k < filters.length; k++) {
            changeColumns[k] = t.columnOf(filters[k].component().id());
        }
        if (deferMarks) {
            deferredMarks.defer(query.terms, columns, writer.thisRun());
        }
    }

    /** Points the columns at {@code a}'s table and the sparse sets, for walking {@code a}'s rows. */
    final void enterArchetype(Archetype a) {
        if (a == enteredArchetype) {
            return;
        }
        enteredArchetype = null;        // until the search below completes
        table = a.table();
        walkingTables = false;
        Term<?>[] terms = query.terms;
        for (int s = 0; s < terms.length; s++) {
            Term<?> t = terms[s];
            if (t.sparse) {
                columns[s] = null;
                sparseSets[s] = query.host.storage().sparseSet(t.component.id());
            } else {
                columns[s] = table.columnOf(t.component.id());
                sparseSets[s] = null;
            }
        }
        ChangeFilter[] filters = query.changeFilters;
        for (int k = 0; k < filters.length; k++) {
            int id = filters[k].component().id();
            changeColumns[k] = table.columnOf(id);
            changeSparseSets[k] = changeColumns[k] == null ? query.host.storage().sparseSet(id) : null;
        }
        enteredArchetype = a;           // last: a search that threw leaves nothing cached
    }
}
