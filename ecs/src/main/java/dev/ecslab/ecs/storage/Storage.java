package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.component.Columnar;
import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entities;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * All component storage of one world: the archetypes, their tables, the sparse sets, and the code
 * that places, moves and removes entities among them while keeping {@link Entities}' locations
 * exact.
 *
 * <p><b>Invariants</b> kept by every method here (and checked by the model-based property):
 * <ul>
 *   <li>a live entity sits in exactly one archetype row and one row of that archetype's table, and
 *       {@link Entities} records both rows;</li>
 *   <li>its sparse-set components are members of their sets, and no other sets contain it;</li>
 *   <li>an archetype move keeps the value <em>and the metadata lanes</em> of every component the
 *       entity keeps.</li>
 * </ul>
 *
 * <p>Not thread-safe: only the thread that owns the world calls the structural methods.
 */
public final class Storage {
    private final Components components;
    private final Entities entities;
    private final int laneCount;

    private ColumnFactory[] factories = new ColumnFactory[16];
    private ValueLayout defaultLayout = ValueLayout.REFERENCES;
    private SparseSet[] sparseSets = new SparseSet[16];

    private MoveListener moveListener;
    /** Whether a new column's writes go to the tracker (its component is observed); all, until the world says. */
    private java.util.function.IntPredicate observed = id -> true;

    private final List<Table> tables = new ArrayList<>();
    private final Map<IdSet, Table> tableIndex = new HashMap<>();
    private final List<Archetype> archetypes = new ArrayList<>();
    private final Map<IdSet, Archetype> archetypeIndex = new HashMap<>();
    private final Archetype empty;

    public Storage(Components components, Entities entities, int laneCount) {
        if (laneCount < 0) {
            throw new IllegalArgumentException("laneCount must be >= 0");
        }
        this.components = components;
        this.entities = entities;
        this.laneCount = laneCount;
        this.empty = archetypeFor(new int[0]);
    }

    /**
     * How storage learns whether a component is observed, to set {@link Column#observed()} on every
     * column it creates from now on (the world's observation bookkeeping sets existing ones).
     */
    public void setObservedCheck(java.util.function.IntPredicate observed) {
        this.observed = java.util.Objects.requireNonNull(observed, "observed");
    }

    /** Told about every archetype move, after the entity's rows moved (change tracking re-logs it). */
    @FunctionalInterface
    public interface MoveListener {
        void moved(int entityIndex, Archetype from, Archetype to);
    }

    /** Installs the listener told about archetype moves ({@code null} for none). */
    public void setMoveListener(MoveListener listener) {
        this.moveListener = listener;
    }

    /**
     * The layout a component gets when nothing registered one for it: {@link ValueLayout#COLUMNAR}
     * makes every class that {@link ColumnarLayout#eligible can be} columnar so (the lab's second
     * layout); classes that cannot stay references. Set before any column exists.
     */
    public void setDefaultLayout(ValueLayout layout) {
        this.defaultLayout = java.util.Objects.requireNonNull(layout, "layout");
    }

    /**
     * The column factory of a component, decided (and from then on fixed) on first use: the one
     * registered for it, else {@link ColumnarColumn#FACTORY} for a class marked {@link Columnar}
     * (which must be eligible: a registration error names the field that is not), else the world's
     * default layout.
     */
    public ColumnFactory columnFactory(ComponentInfo info) {
        ColumnFactory f = info.id() < factories.length ? factories[info.id()] : null;
        if (f == null) {
            if (info.type().isAnnotationPresent(Columnar.class)) {
                f = ColumnFactory.of(ValueLayout.COLUMNAR, info.type());     // refuses an ineligible class with the reason
            } else {
                f = ColumnFactory.of(defaultLayout == ValueLayout.COLUMNAR && ColumnarLayout.eligible(info.type())
                        ? ValueLayout.COLUMNAR : ValueLayout.REFERENCES, info.type());
            }
            factories = grow(factories, info.id());
            factories[info.id()] = f;
        }
        return f;
    }

    /** Whether component {@code info}'s columns keep one primitive array per field. */
    public ValueLayout layoutOf(ComponentInfo info) {
        return columnFactory(info).layout();
    }

    /** Number of metadata lanes every column carries. */
    public int laneCount() {
        return laneCount;
    }

    /**
     * Sets the column factory of a component. Must happen before the first column of that
     * component exists, so all its columns share one layout.
     */
    public void setColumnFactory(int componentId, ColumnFactory factory) {
        if (componentId < factories.length && factories[componentId] != null
                && factories[componentId] != factory) {
            throw new IllegalStateException("component " + components.info(componentId).name()
                    + " already has columns; its layout cannot change");
        }
        for (Table t : tables) {
            if (t.columnOf(componentId) != null) {
                throw new IllegalStateException("component " + components.info(componentId).name()
                        + " already has columns; its layout cannot change");
            }
        }
        if (componentId < sparseSets.length && sparseSets[componentId] != null) {
            throw new IllegalStateException("component " + components.info(componentId).name()
                    + " already has a sparse set; its layout cannot change");
        }
        factories = grow(factories, componentId);
        factories[componentId] = factory;
    }

    // ------------------------------------------------------------------ lookups

    public Archetype emptyArchetype() {
        return empty;
    }

    public int archetypeCount() {
        return archetypes.size();
    }

    public Archetype archetype(int id) {
        return archetypes.get(id);
    }

    public List<Archetype> archetypes() {
        return Collections.unmodifiableList(archetypes);
    }

    public int tableCount() {
        return tables.size();
    }

    public Table table(int id) {
        return tables.get(id);
    }

    /** The sparse set of a sparse-set component, created on first use. */
    public SparseSet sparseSet(int componentId) {
        SparseSet set = componentId < sparseSets.length ? sparseSets[componentId] : null;
        if (set == null) {
            ComponentInfo info = components.info(componentId);
            if (info.storage() != StorageKind.SPARSE_SET) {
                throw new IllegalArgumentException(info.name() + " is not a sparse-set component");
            }
            set = new SparseSet(newColumn(info, 8));
            sparseSets = grow(sparseSets, componentId);
            sparseSets[componentId] = set;
        }
        return set;
    }

    /** The archetype of exactly these components (sorted, distinct), created on first use. */
    public Archetype archetypeFor(int[] sortedIds) {
        IdSet key = new IdSet(sortedIds);
        Archetype a = archetypeIndex.get(key);
        if (a != null) {
            return a;
        }
        int tableComponents = 0;
        for (int c : sortedIds) {
            if (components.info(c).storage() == StorageKind.TABLE) {
                tableComponents++;
            }
        }
        int[] tableIds = new int[tableComponents];
        int[] sparseIds = new int[sortedIds.length - tableComponents];
        int ti = 0;
        int si = 0;
        for (int c : sortedIds) {
            if (components.info(c).storage() == StorageKind.TABLE) {
                tableIds[ti++] = c;
            } else {
                sparseIds[si++] = c;
            }
        }
        a = new Archetype(archetypes.size(), sortedIds.clone(), tableFor(tableIds), sparseIds);
        archetypes.add(a);
        archetypeIndex.put(new IdSet(a.componentIds()), a);
        return a;
    }

    /** A layout for bundles of exactly these classes in this order; rejects duplicates. */
    public BundleLayout layoutFor(Class<?>[] types) {
        int[] ids = new int[types.length];
        for (int i = 0; i < types.length; i++) {
            ids[i] = components.infoOf(types[i]).id();
        }
        int[] sorted = ids.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            if (sorted[i] == sorted[i - 1]) {
                throw new IllegalArgumentException("the bundle contains "
                        + components.info(sorted[i]).name() + " more than once");
            }
        }
        return new BundleLayout(types.clone(), ids, archetypeFor(sorted));
    }

    /** The archetype reached from {@code from} by adding {@code componentId} (cached edge). */
    public Archetype withComponent(Archetype from, int componentId) {
        int edge = from.addEdge(componentId);
        if (edge >= 0) {
            return archetypes.get(edge);
        }
        int[] ids = from.componentIds();
        int[] next = Arrays.copyOf(ids, ids.length + 1);
        next[ids.length] = componentId;
        Arrays.sort(next);
        Archetype to = archetypeFor(next);
        from.setAddEdge(componentId, to.id());
        to.setRemoveEdge(componentId, from.id());
        return to;
    }

    /** The archetype reached from {@code from} by removing {@code componentId} (cached edge). */
    public Archetype withoutComponent(Archetype from, int componentId) {
        int edge = from.removeEdge(componentId);
        if (edge >= 0) {
            return archetypes.get(edge);
        }
        int[] ids = from.componentIds();
        int[] next = new int[ids.length - 1];
        int n = 0;
        for (int c : ids) {
            if (c != componentId) {
                next[n++] = c;
            }
        }
        Archetype to = archetypeFor(next);
        from.setRemoveEdge(componentId, to.id());
        to.setAddEdge(componentId, from.id());
        return to;
    }

    // ------------------------------------------------------------------ per-entity reads

    public boolean has(int entityIndex, int componentId) {
        return archetypes.get(entities.archetypeId(entityIndex)).has(componentId);
    }

    /** The value of a component of a live entity, or {@code null} if it has none. */
    public Object get(int entityIndex, int componentId) {
        Archetype a = archetypes.get(entities.archetypeId(entityIndex));
        if (!a.has(componentId)) {
            return null;
        }
        Column column = a.table().columnOf(componentId);
        if (column != null) {
            return column.get(entities.tableRow(entityIndex));
        }
        return sparseSet(componentId).get(entityIndex);
    }

    /**
     * The column holding a live entity's component, or {@code null}; with {@link #rowOf} this is
     * where the value and its lanes are.
     */
    public Column columnOf(int entityIndex, int componentId) {
        Archetype a = archetypes.get(entities.archetypeId(entityIndex));
        if (!a.has(componentId)) {
            return null;
        }
        Column column = a.table().columnOf(componentId);
        return column != null ? column : sparseSet(componentId).column();
    }

    /** The row of a live entity's component inside {@link #columnOf}. */
    public int rowOf(int entityIndex, int componentId) {
        if (components.info(componentId).storage() == StorageKind.TABLE) {
            return entities.tableRow(entityIndex);
        }
        return sparseSet(componentId).denseIndex(entityIndex);
    }

    // ------------------------------------------------------------------ structural changes

    /** Places a freshly allocated or flushed entity, with no components, in the empty archetype. */
    public void placeEmpty(int entityIndex) {
        int tableRow = empty.table().allocate(entityIndex);
        int row = empty.allocate(entityIndex, tableRow);
        entities.setLocation(entityIndex, empty.id(), row, tableRow);
    }

    /**
     * Places a freshly allocated entity with a bundle of values laid out by {@code layout}; returns
     * its table row.
     */
    public int place(int entityIndex, BundleLayout layout, Object[] values) {
        Archetype a = layout.archetype();
        Table t = a.table();
        int tableRow = t.allocate(entityIndex);
        int[] ids = layout.componentIds();
        for (int i = 0; i < ids.length; i++) {
            int position = layout.columnPosition(i);
            if (position >= 0) {
                t.column(position).set(tableRow, values[i]);
            } else {
                sparseSet(ids[i]).insert(entityIndex, values[i]);
            }
        }
        int row = a.allocate(entityIndex, tableRow);
        entities.setLocation(entityIndex, a.id(), row, tableRow);
        return tableRow;
    }

    /**
     * Stores {@code value} as component {@code componentId} of a live entity. Returns {@code true}
     * when the entity already had the component (the value was replaced in place, lanes kept), or
     * {@code false} when the entity moved to a new archetype to receive it (fresh lanes).
     */
    public boolean insert(int entityIndex, int componentId, Object value) {
        Archetype from = archetypes.get(entities.archetypeId(entityIndex));
        boolean had = from.has(componentId);
        if (!had) {
            move(entityIndex, from, withComponent(from, componentId));
        }
        Column column = archetypes.get(entities.archetypeId(entityIndex)).table().columnOf(componentId);
        if (column != null) {
            column.set(entities.tableRow(entityIndex), value);
        } else {
            sparseSet(componentId).insert(entityIndex, value);
        }
        return had;
    }

    /**
     * Stores several components (distinct ids) on a live entity with at most one archetype move:
     * components it already has are replaced in place (lanes kept), the others are added.
     */
    public void insertAll(int entityIndex, int[] componentIds, Object[] values) {
        Archetype from = archetypes.get(entities.archetypeId(entityIndex));
        Archetype to = from;
        for (int id : componentIds) {
            if (!to.has(id)) {
                to = withComponent(to, id);
            }
        }
        if (to != from) {
            move(entityIndex, from, to);
        }
        Table table = to.table();
        int tableRow = entities.tableRow(entityIndex);
        for (int i = 0; i < componentIds.length; i++) {
            Column column = table.columnOf(componentIds[i]);
            if (column != null) {
                column.set(tableRow, values[i]);
            } else {
                sparseSet(componentIds[i]).insert(entityIndex, values[i]);
            }
        }
    }

    /**
     * Removes component {@code componentId} from a live entity and returns its value, or returns
     * {@code null} (and changes nothing) if the entity does not have it.
     */
    public Object remove(int entityIndex, int componentId) {
        Archetype from = archetypes.get(entities.archetypeId(entityIndex));
        if (!from.has(componentId)) {
            return null;
        }
        Object old;
        Column column = from.table().columnOf(componentId);
        if (column != null) {
            old = column.get(entities.tableRow(entityIndex));
        } else {
            old = sparseSet(componentId).remove(entityIndex);
        }
        move(entityIndex, from, withoutComponent(from, componentId));
        return old;
    }

    /** Removes all data of a live entity; the caller then frees its id. */
    public void despawn(int entityIndex) {
        Archetype a = archetypes.get(entities.archetypeId(entityIndex));
        for (int c : a.sparseComponentIds()) {
            sparseSet(c).remove(entityIndex);
        }
        removeTableRow(a.table(), entities.tableRow(entityIndex));
        removeArchetypeRow(a, entities.archetypeRow(entityIndex));
    }

    /**
     * Moves a live entity between archetypes. Values and lanes of shared table components are
     * transferred; sparse-set members stay where they are (the caller adds or removes the one
     * sparse component that differs).
     */
    private void move(int entityIndex, Archetype from, Archetype to) {
        int tableRow = entities.tableRow(entityIndex);
        int newTableRow = tableRow;
        if (from.table() != to.table()) {
            newTableRow = from.table().moveRowTo(tableRow, to.table());
            removeTableRow(from.table(), tableRow);
        }
        removeArchetypeRow(from, entities.archetypeRow(entityIndex));
        int newRow = to.allocate(entityIndex, newTableRow);
        entities.setLocation(entityIndex, to.id(), newRow, newTableRow);
        if (moveListener != null) {
            moveListener.moved(entityIndex, from, to);
        }
    }

    /** Swap-removes a table row and repoints the entity that moved into it. */
    private void removeTableRow(Table table, int row) {
        int moved = table.swapRemove(row);
        if (moved >= 0) {
            entities.setTableRow(moved, row);
            archetypes.get(entities.archetypeId(moved)).setTableRow(entities.archetypeRow(moved), row);
        }
    }

    /** Swap-removes an archetype row and repoints the entity that moved into it. */
    private void removeArchetypeRow(Archetype archetype, int row) {
        int moved = archetype.swapRemove(row);
        if (moved >= 0) {
            entities.setArchetypeRow(moved, row);
        }
    }

    // ------------------------------------------------------------------ diagnostics

    /**
     * Checks the storage invariants listed on this class against {@link Entities}, in time linear
     * in the number of entities. A diagnostic for tests and the lab, never called on hot paths.
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void verifyIntegrity() {
        int inArchetypes = 0;
        for (Archetype a : archetypes) {
            for (int row = 0; row < a.size(); row++) {
                int e = a.entityAt(row);
                check(entities.archetypeId(e) == a.id(), "entity index %d is in %s row %d but its location says archetype %d",
                        e, a, row, entities.archetypeId(e));
                check(entities.archetypeRow(e) == row, "entity index %d is in %s row %d but its location says row %d",
                        e, a, row, entities.archetypeRow(e));
                check(entities.tableRow(e) == a.tableRowAt(row), "entity index %d: %s says table row %d, location says %d",
                        e, a, a.tableRowAt(row), entities.tableRow(e));
                check(a.table().entityAt(a.tableRowAt(row)) == e, "entity index %d: %s row %d holds entity index %d",
                        e, a.table(), a.tableRowAt(row), a.table().entityAt(a.tableRowAt(row)));
                for (int c : a.sparseComponentIds()) {
                    check(sparseSet(c).contains(e), "entity index %d of %s is missing from the sparse set of %s",
                            e, a, components.info(c).name());
                }
            }
            inArchetypes += a.size();
        }
        int inTables = 0;
        for (Table t : tables) {
            for (int row = 0; row < t.size(); row++) {
                int e = t.entityAt(row);
                check(entities.archetypeId(e) != Entities.NO_ARCHETYPE && archetypes.get(entities.archetypeId(e)).table() == t
                        && entities.tableRow(e) == row, "%s row %d holds entity index %d, whose location disagrees", t, row, e);
            }
            inTables += t.size();
        }
        check(inArchetypes == entities.liveCount(), "%d entities in archetypes but %d alive", inArchetypes, entities.liveCount());
        check(inTables == entities.liveCount(), "%d rows in tables but %d entities alive", inTables, entities.liveCount());
        for (int c = 0; c < sparseSets.length; c++) {
            SparseSet set = sparseSets[c];
            if (set == null) {
                continue;
            }
            for (int i = 0; i < set.size(); i++) {
                int e = set.entityAt(i);
                check(set.denseIndex(e) == i, "sparse set of %s: entity index %d at position %d points to %d",
                        components.info(c).name(), e, i, set.denseIndex(e));
                check(entities.archetypeId(e) != Entities.NO_ARCHETYPE && archetypes.get(entities.archetypeId(e)).has(c),
                        "sparse set of %s holds entity index %d, which does not have it", components.info(c).name(), e);
            }
        }
    }

    private static void check(boolean ok, String format, Object... args) {
        if (!ok) {
            throw new IllegalStateException("storage integrity: " + String.format(format, args));
        }
    }

    // ------------------------------------------------------------------ internals

    private Table tableFor(int[] sortedTableIds) {
        IdSet key = new IdSet(sortedTableIds);
        Table t = tableIndex.get(key);
        if (t != null) {
            return t;
        }
        Column[] columns = new Column[sortedTableIds.length];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = newColumn(components.info(sortedTableIds[i]), 8);
        }
        t = new Table(tables.size(), sortedTableIds.clone(), columns);
        tables.add(t);
        tableIndex.put(new IdSet(t.componentIds()), t);
        return t;
    }

    private Column newColumn(ComponentInfo info, int capacity) {
        ColumnFactory f = columnFactory(info);
        Column c = f.create(info, laneCount, capacity);
        if (c.component() != info || c.laneCount() != laneCount) {
            throw new IllegalStateException("column factory for " + info.name()
                    + " returned a column for another component or lane count");
        }
        if (c.storesCopies() != (f.layout() == ValueLayout.COLUMNAR)) {
            throw new IllegalStateException("column factory for " + info.name() + " says its layout is " + f.layout()
                    + " but made a column that " + (c.storesCopies() ? "stores copies" : "stores references"));
        }
        c.setObserved(observed.test(info.id()));
        return c;
    }

    private static <T> T[] grow(T[] array, int index) {
        return index < array.length ? array : Arrays.copyOf(array, Math.max(index + 1, array.length * 2));
    }

    /** A sorted id array used as a map key. */
    private record IdSet(int[] ids) {
        @Override
        public boolean equals(Object o) {
            return o instanceof IdSet other && Arrays.equals(ids, other.ids);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(ids);
        }
    }
}
