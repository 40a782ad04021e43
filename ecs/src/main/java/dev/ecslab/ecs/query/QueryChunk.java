package dev.ecslab.ecs.query;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Archetype;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.storage.ColumnarColumn;
import dev.ecslab.ecs.storage.ObjectColumn;
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
 *
 * <p><b>Whole arrays.</b> A loop that touches every entity can take the arrays themselves:
 * {@link #readArray}/{@link #writeArray} for components stored as references, {@link #readFloats}/
 * {@link #writeFloats} and their siblings for the fields of columnar components. On a table walk they
 * are the columns' own arrays, and a write array marks every row of the chunk once, so the loop is
 * the hand-written loop plus one store per chunk:
 *
 * <pre>{@code
 * query.forEachChunk(chunk -> {
 *     Position[] p = chunk.writeArray(pos);
 *     Velocity[] v = chunk.readArray(vel);
 *     for (int i = 0, n = chunk.size(); i < n; i++) {
 *         p[i].x += v[i].dx;
 *     }
 * });
 * }</pre>
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
    /** The columns whose block marks wait for {@link #leave}. */
    private final DeferredMarks deferredMarks = new DeferredMarks();

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

    /**
     * The value of {@code term} for entity {@code i}, for in-place mutation; marks it mutated.
     * Refused for a columnar component, whose values are copies (nothing is marked): use
     * {@link #modify}, {@link #set} or the field arrays.
     */
    public <T> T getMut(Write<T> term, int i) {
        int s = slotOf(term);
        if (valueColumn(s).storesCopies()) {
            throw new UnsupportedOperationException(ValueLayout.copiesRefusal(term.component.name()));
        }
        T value = get(term, i);
        written(s, i);
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
        if (!query.setIfChangedMarksEqualValues && Objects.equals(get(term, i), value)) {
            return false;
        }
        store(term, s, i, value);
        written(s, i);
        return true;
    }

    /**
     * Mutates the value of entity {@code i} in place; marks it mutated. For a columnar component the
     * action mutates a copy, which is then stored back.
     */
    public <T> void modify(Write<T> term, int i, Consumer<? super T> action) {
        int s = slotOf(term);
        T value = get(term, i);
        if (valueColumn(s).storesCopies()) {
            action.accept(value);
            set(term, i, value);
            return;
        }
        written(s, i);
        action.accept(value);
    }

    /**
     * The values of {@code term} for every entity of this chunk, as an array indexed
     * {@code 0 .. size()-1} (it may be longer; elements past {@code size()} are not this chunk's):
     * the hot path of a component stored as references, the loop over objects a hand-written system
     * would write over its own {@code Position[]}. Never marks a change, so <b>read the objects, do
     * not mutate them</b>: a mutation would not be seen by change tracking; ask {@link #writeArray}
     * instead.
     *
     * <p>When the chunk is a whole table of reference columns, this is the column's own array, so
     * the caller's loop has nothing of ecslab's in it. Otherwise (an archetype of a shared table, a
     * sparse-set component, the rows that passed change filters, or a column that is not the
     * built-in reference column) it is a copy gathered for this chunk, and for a columnar component
     * its elements are copies built from the columns (correct, but one allocation each: walk such a
     * component with {@link #readFloats} and its siblings). Either way it is valid only inside the
     * callback, and asking twice for the same term in one chunk returns the same array.
     */
    public <T> T[] readArray(Term<T> term) {
        return valueArray(term, false);
    }

    /**
     * {@link #readArray} for in-place mutation: marks every entity of the chunk as mutated (as
     * {@link #getMut} on each would; one fill of the tick lane under {@code generation}) and returns
     * the array whose objects the caller mutates. Refused for a columnar component, whose values
     * are copies, as {@link #getMut} is.
     *
     * <p>Mutate the objects; to replace a value, call {@link #set}. An element replaced in the array
     * itself is stored as it is on a table walk (the array is the column: the exact-class check of
     * {@link #set} is not made) and stored back when the callback ends on a gathered copy, where an
     * element that is {@code null} or not exactly of the component's class is refused with an
     * {@link IllegalArgumentException} and the stored value kept.
     */
    public <T> T[] writeArray(Write<T> term) {
        return valueArray(term, true);
    }

    /** The {@code boolean} field {@code f} of every entity of this chunk, indexed {@code 0 .. size()-1}; see {@link #readFloats}. */
    public boolean[] readBooleans(TermField f) {
        return (boolean[]) fieldArray(f, boolean.class, false);
    }

    /** {@link #readBooleans} for writing: marks every entity of the chunk mutated; see {@link #writeFloats}. */
    public boolean[] writeBooleans(TermField f) {
        return (boolean[]) fieldArray(f, boolean.class, true);
    }

    /** The {@code byte} field {@code f} of every entity of this chunk, indexed {@code 0 .. size()-1}; see {@link #readFloats}. */
    public byte[] readBytes(TermField f) {
        return (byte[]) fieldArray(f, byte.class, false);
    }

    /** {@link #readBytes} for writing: marks every entity of the chunk mutated; see {@link #writeFloats}. */
    public byte[] writeBytes(TermField f) {
        return (byte[]) fieldArray(f, byte.class, true);
    }

    /** The {@code short} field {@code f} of every entity of this chunk, indexed {@code 0 .. size()-1}; see {@link #readFloats}. */
    public short[] readShorts(TermField f) {
        return (short[]) fieldArray(f, short.class, false);
    }

    /** {@link #readShorts} for writing: marks every entity of the chunk mutated; see {@link #writeFloats}. */
    public short[] writeShorts(TermField f) {
        return (short[]) fieldArray(f, short.class, true);
    }

    /** The {@code char} field {@code f} of every entity of this chunk, indexed {@code 0 .. size()-1}; see {@link #readFloats}. */
    public char[] readChars(TermField f) {
        return (char[]) fieldArray(f, char.class, false);
    }

    /** {@link #readChars} for writing: marks every entity of the chunk mutated; see {@link #writeFloats}. */
    public char[] writeChars(TermField f) {
        return (char[]) fieldArray(f, char.class, true);
    }

    /** The {@code int} field {@code f} of every entity of this chunk, indexed {@code 0 .. size()-1}; see {@link #readFloats}. */
    public int[] readInts(TermField f) {
        return (int[]) fieldArray(f, int.class, false);
    }

    /** {@link #readInts} for writing: marks every entity of the chunk mutated; see {@link #writeFloats}. */
    public int[] writeInts(TermField f) {
        return (int[]) fieldArray(f, int.class, true);
    }

    /** The {@code long} field {@code f} of every entity of this chunk, indexed {@code 0 .. size()-1}; see {@link #readFloats}. */
    public long[] readLongs(TermField f) {
        return (long[]) fieldArray(f, long.class, false);
    }

    /** {@link #readLongs} for writing: marks every entity of the chunk mutated; see {@link #writeFloats}. */
    public long[] writeLongs(TermField f) {
        return (long[]) fieldArray(f, long.class, true);
    }

    /**
     * The {@code float} field {@code f} of every entity of this chunk, as an array indexed
     * {@code 0 .. size()-1} (it may be longer): the hot path of a columnar component, a loop over
     * primitive arrays with nothing else in it. Never marks a change, so <b>do not write into it</b>:
     * a write would not be seen by change tracking; ask {@link #writeFloats} instead.
     *
     * <p>When the chunk is a whole table, this is the column's own array. Otherwise (an archetype of
     * a shared table, a sparse-set component, or the rows that passed change filters) it is a copy
     * gathered for this chunk. Either way it is valid only inside the callback, and asking twice for
     * the same field in one chunk returns the same array.
     */
    public float[] readFloats(TermField f) {
        return (float[]) fieldArray(f, float.class, false);
    }

    /**
     * {@link #readFloats} for writing: marks every entity of the chunk as mutated (as a write handle
     * taken on each would) and returns the array to write into. A gathered copy is stored back
     * into the column when the callback returns (or throws). {@code f} must belong to a
     * {@link Write} term. Within one chunk, use one way of writing a component: a gathered copy is
     * stored back whole when the callback returns, over a {@code set} made meanwhile, and
     * {@link #get} reads the column, not the copy.
     */
    public float[] writeFloats(TermField f) {
        return (float[]) fieldArray(f, float.class, true);
    }

    /** The {@code double} field {@code f} of every entity of this chunk, indexed {@code 0 .. size()-1}; see {@link #readFloats}. */
    public double[] readDoubles(TermField f) {
        return (double[]) fieldArray(f, double.class, false);
    }

    /** {@link #readDoubles} for writing: marks every entity of the chunk mutated; see {@link #writeFloats}. */
    public double[] writeDoubles(TermField f) {
        return (double[]) fieldArray(f, double.class, true);
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

    /** Fields whose arrays were gathered for the current chunk, their copies, and which to store back. */
    private TermField[] gatheredFields = new TermField[4];
    private Object[] gatheredArrays = new Object[4];
    private int[][] gatheredRows = new int[4][];
    private boolean[] storeBack = new boolean[4];
    private int gatheredCount;

    private Object fieldArray(TermField f, Class<?> type, boolean write) {
        int s = slotOf(f.term);
        if (f.type != type) {
            throw new IllegalArgumentException(f + " is a " + f.type.getName() + " field; it cannot be accessed as a " + type.getName());
        }
        if (write && !f.term.isWrite()) {
            throw new IllegalArgumentException(f + " belongs to a read term; declare the component with write(...) to write into it");
        }
        if (!(valueColumn(s) instanceof ColumnarColumn column)) {
            throw new IllegalStateException(notColumnar(f));
        }
        if (rows == null) {                          // a whole table: the column itself
            if (write) {
                markAll(s);
            }
            return column.array(f.field);
        }
        for (int g = 0; g < gatheredCount; g++) {
            if (gatheredFields[g].term == f.term && gatheredFields[g].field == f.field) {   // the same field, by any handle
                if (write && !storeBack[g]) {
                    storeBack[g] = true;
                    markAll(s);
                }
                return gatheredArrays[g];
            }
        }
        return gather(f, column, s, write);
    }

    private Object gather(TermField f, ColumnarColumn column, int s, boolean write) {
        int g = gatheredCount++;
        if (g == gatheredFields.length) {
            gatheredFields = java.util.Arrays.copyOf(gatheredFields, g * 2);
            gatheredArrays = java.util.Arrays.copyOf(gatheredArrays, g * 2);
            gatheredRows = java.util.Arrays.copyOf(gatheredRows, g * 2);
            storeBack = java.util.Arrays.copyOf(storeBack, g * 2);
        }
        Object copy = gatheredArrays[g];
        if (copy == null || copy.getClass() != f.type.arrayType() || java.lang.reflect.Array.getLength(copy) < size) {
            copy = java.lang.reflect.Array.newInstance(f.type, Math.max(size, 16));
        }
        int[] at = valueRows(s, gatheredRows[g]);
        Object source = column.array(f.field);
        for (int i = 0; i < size; i++) {
            System.arraycopy(source, at[i], copy, i, 1);
        }
        gatheredFields[g] = f;
        gatheredArrays[g] = copy;
        gatheredRows[g] = at;
        storeBack[g] = write;
        if (write) {
            markAll(s);
        }
        return copy;
    }

    /** Per slot, for {@link #readArray}: reused copies, their rows, and 0 (none this chunk), 1 (read) or 2 (written). */
    private Object[][] valueCopies;
    private int[][] valueCopyRows;
    private byte[] valueCopyState;
    /** Slots whose values were asked for in the current chunk, to reset when it ends. */
    private int[] valueCopySlots;
    private int valueCopyCount;

    @SuppressWarnings("unchecked")
    private <T> T[] valueArray(Term<T> term, boolean write) {
        int s = slotOf(term);
        Column column = valueColumn(s);
        if (write && column.storesCopies()) {
            throw new UnsupportedOperationException(ValueLayout.copiesRefusal(term.component.name()));
        }
        if (rows == null && column instanceof ObjectColumn objects) {     // a whole table: the column itself
            if (write) {
                markAll(s);
            }
            return (T[]) objects.values();
        }
        return (T[]) gatherValues(term, s, column, write);
    }

    private Object[] gatherValues(Term<?> term, int s, Column column, boolean write) {
        if (valueCopyState == null) {
            int n = query.terms.length;
            valueCopies = new Object[n][];
            valueCopyRows = new int[n][];
            valueCopyState = new byte[n];
            valueCopySlots = new int[n];
        }
        if (valueCopyState[s] != 0) {                              // asked before in this chunk
            if (write && valueCopyState[s] == 1) {
                valueCopyState[s] = 2;
                markAll(s);
            }
            return valueCopies[s];
        }
        Object[] copy = valueCopies[s];
        if (copy == null || copy.length < size) {
            copy = (Object[]) java.lang.reflect.Array.newInstance(term.component.type(), Math.max(size, 16));
            valueCopies[s] = copy;
        } else {
            java.util.Arrays.fill(copy, size, copy.length, null);   // no other chunk's values past size
        }
        int[] at = valueRows(s, valueCopyRows[s]);
        valueCopyRows[s] = at;
        for (int i = 0; i < size; i++) {
            copy[i] = column.get(at[i]);
        }
        valueCopyState[s] = (byte) (write ? 2 : 1);
        valueCopySlots[valueCopyCount++] = s;
        if (write) {
            markAll(s);
        }
        return copy;
    }

    /**
     * Stores back the elements of written gathered value arrays that the callback replaced, each
     * checked as {@link #set} checks; a refused element keeps the stored value, the others are stored,
     * and the first refusal is thrown once every array is done.
     */
    private void leaveValues() {
        IllegalArgumentException refused = null;
        for (int k = 0; k < valueCopyCount; k++) {
            int s = valueCopySlots[k];
            if (valueCopyState[s] == 2) {
                Column column = valueColumn(s);
                Object[] copy = valueCopies[s];
                int[] at = valueCopyRows[s];
                Class<?> type = query.terms[s].component.type();
                for (int i = 0; i < size; i++) {
                    Object v = copy[i];
                    if (v != column.get(at[i])) {
                        if (v == null || v.getClass() != type) {
                            if (refused == null) {
                                refused = new IllegalArgumentException(query.description() + ": element " + i
                                        + " of the write array of " + query.terms[s] + " was replaced by "
                                        + (v == null ? "null" : "a value of type " + v.getClass().getName())
                                        + "; expected exactly " + type.getName() + " (the stored value is kept)");
                            }
                        } else {
                            column.set(at[i], v);
                        }
                    }
                }
            }
            valueCopyState[s] = 0;
        }
        valueCopyCount = 0;
        if (refused != null) {
            throw refused;
        }
    }

    /**
     * The row of each entity of the chunk in slot {@code s}'s value column (its table column, or the
     * dense index in its sparse set), written into {@code into} when it is big enough.
     */
    private int[] valueRows(int s, int[] into) {
        int[] at = into != null && into.length >= size ? into : new int[Math.max(size, 16)];
        Column c = columns[s];
        for (int i = 0; i < size; i++) {
            at[i] = c == null ? sparseSets[s].denseIndex(entityIndices[i]) : rows == null ? i : rows[i];
        }
        return at;
    }

    /** Ends the current chunk: stores written gathered copies back into their columns. */
    void leave() {
        deferredMarks.close(columns, size);     // first: what follows may throw
        for (int g = 0; g < gatheredCount; g++) {
            if (storeBack[g]) {
                TermField f = gatheredFields[g];
                Column c = valueColumn(f.term.slot);
                Object target = ((ColumnarColumn) c).array(f.field);
                Object copy = gatheredArrays[g];
                int[] at = gatheredRows[g];
                for (int i = 0; i < size; i++) {
                    System.arraycopy(copy, i, target, at[i], 1);
                }
            }
            gatheredFields[g] = null;
        }
        gatheredCount = 0;
        markedSlots = 0;
        if (valueCopyCount > 0) {
            leaveValues();
        }
    }

    /** Slots whose rows this chunk already marked (slots 0..63); cleared when the chunk ends. */
    private long markedSlots;

    /**
     * Marks every entity of the chunk as written through {@code slot}, once per chunk however many of
     * its fields are written; nothing when nobody observes it. A whole table with a tracker that stamps
     * directly is one fill of the tick lane.
     */
    private void markAll(int slot) {
        if (slot < 64) {
            long bit = 1L << slot;
            if ((markedSlots & bit) != 0) {
                return;
            }
            markedSlots |= bit;
        }
        Column c = columns[slot];
        if (!valueColumn(slot).observed()) {
            return;
        }
        if (rows == null && c.stampMutations(0, size, writer.thisRun())) {
            return;
        }
        for (int i = 0; i < size; i++) {
            written(slot, i);
        }
    }

    private Column valueColumn(int s) {
        Column c = columns[s];
        return c != null ? c : sparseSets[s].column();
    }

    static String notColumnar(TermField f) {
        return f.term.component.name() + " is stored as references in this world, so it has no field arrays; "
                + "mark it @Columnar, register it with ValueLayout.COLUMNAR, or build the world with "
                + "defaultLayout(ValueLayout.COLUMNAR)";
    }

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

    /**
     * Enters table {@code t}; with {@code deferMarks} (the query writes), defers the block marks of the
     * observed columns its write terms stamp until {@link #leave}, as a writing {@code forEach} does
     * ({@link dev.ecslab.ecs.change.TrackedRows#deferMarks}): a per-entity write is then one lane
     * store, a whole-chunk write one fill of the lane, and the close marks the blocks once.
     */
    void enterTable(Table t, boolean deferMarks) {
        enterTable(t);
        if (deferMarks) {
            deferredMarks.defer(query.terms, columns, writer.thisRun());
        }
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
