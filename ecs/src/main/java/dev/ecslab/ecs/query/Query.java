package dev.ecslab.ecs.query;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.AccessScope;
import dev.ecslab.ecs.internal.QueryHost;
import dev.ecslab.ecs.storage.Archetype;
import dev.ecslab.ecs.storage.Storage;
import dev.ecslab.ecs.storage.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * A compiled query: its terms, its archetype filter and the {@link Access} derived from them, plus
 * a cache of the storage it matches.
 *
 * <p><b>Iteration.</b> When every term and every filtered component is table-stored, the query walks
 * matching <em>tables</em> row by row, column-wise, with no per-row lookups. Otherwise it walks
 * matching <em>archetypes</em>, reaching sparse-set components through their sparse index. The
 * matched tables or archetypes are cached and extended incrementally when new archetypes appear
 * (archetypes are never removed), so matching costs nothing per iteration in a stable world.
 *
 * <p><b>Safety.</b> While an iteration runs, the world refuses structural changes (spawn, despawn,
 * insert, remove) with a clear error instead of corrupting the walk. Built inside a system's world
 * view, the query also enforces that view's declared access on every archetype it matches.
 *
 * <p><b>Threads.</b> A query object is used by one thread at a time. Different queries may iterate
 * concurrently when their accesses do not conflict, which the executors guarantee.
 */
public final class Query {
    final QueryHost host;
    final AccessScope scope;
    final Object owner;
    final Term<?>[] terms;
    final ChangeFilter[] changeFilters;
    private final ArchetypeFilter filter;
    private final ComponentAccess componentAccess;
    private final Access access;
    private final boolean walkTables;
    /**
     * The first change filter drives the walk and its component lives in tables: the tracker lists each
     * table's changed rows of that column ({@link #walkChangedRows}, {@link #countListed}).
     */
    private final boolean listsChangedRows;
    /** Some term writes: the table walk defers its columns' block marks to the end of each table. */
    private final boolean writes;
    private final String description;
    /**
     * {@link Defect#MARKS_ONLY_WHEN_THE_WALK_MOVES_ON}: never in production (see {@link Defect}); read once
     * per walk, never per row.
     */
    private final boolean marksOnlyWhenTheWalkMovesOn;
    /** {@link Defect#MATCHES_EXTENDED_WITHOUT_LOCK}: never in production; read only when a refresh is due. */
    private final boolean extendsWithoutLock;
    /**
     * {@link Defect#SET_IF_CHANGED_MARKS_EQUAL_VALUES}: never in production; read by {@code setIfChanged} (rows
     * and chunks of this query).
     */
    final boolean setIfChangedMarksEqualValues;

    /**
     * A documented ECS bug put back into this class for the race-bug catalogue ({@code QueryTwins} in
     * the tests), so that the tests this class passes are shown to fail it. Only {@link #NONE} is
     * correct, and only the twins pass another.
     */
    enum Defect {
        NONE,
        /**
         * A writing {@link #forEach} marks its current table's blocks when it moves on to the next table
         * or runs to its end; a walk left early (an exception out of the action) ends its deferral with
         * no mark: flecs #1652,
         * whose query iterator flagged a table's written columns in {@code ecs_query_next} only, so a loop
         * that stopped early and called {@code ecs_iter_fini} left its last table unflagged.
         */
        MARKS_ONLY_WHEN_THE_WALK_MOVES_ON,
        /**
         * The match cache is extended by whichever thread finds it behind, without the lock: a lazily
         * built index initialised by check-then-act, as flecs #1928's C++ component index was
         * ({@code if (!s_index) init()}), so two threads that both find it behind both extend it.
         */
        MATCHES_EXTENDED_WITHOUT_LOCK,
        /**
         * {@code setIfChanged} (Bevy's {@code set_if_neq}) stores and marks a value equal to the current one
         * too, as a guarded write whose guard compares with a value reset at the frame's start does: Bevy PR
         * #22466, a change reported every frame with no change.
         */
        SET_IF_CHANGED_MARKS_EQUAL_VALUES
    }

    /**
     * Archetypes of the storage already matched. Volatile and written last by {@link #refresh}, so a
     * walk that reads it equal to the storage's count without taking the lock also sees the
     * tables and archetypes appended before it ({@link #prepare}).
     */
    private volatile int seenArchetypes;
    private Table[] tables = new Table[4];
    private final BitSet matchedTables = new BitSet();
    /** Every matched archetype, in both walking modes (change candidates are looked up per archetype). */
    private Archetype[] archetypes = new Archetype[4];
    private int archetypeCount;
    private final BitSet matchedArchetypes = new BitSet();
    private int[] archetypeIds = new int[0];
    /** Tables (when walking tables) or archetypes (otherwise) to walk. */
    private int unitCount;
    /**
     * The query's own cursor and chunk, made on first use and kept; {@link #cursorTaken} and
     * {@link #chunkTaken} (0 or 1) say whether a walk holds them, and a walk that finds one taken (a
     * walk nested in a walk of the same query) makes its own. Taken with one compare-and-set of an
     * int and given back with a release store, not under this query's lock: a lookup
     * ({@link #forEntity}) takes and gives back the cursor on every call, and two lock round trips
     * were most of its cost. An int flag rather than a swapped reference, because under G1 storing
     * a reference into a long-lived object can cost a fence (the card-marking barrier).
     */
    private QueryIter cursor;
    private QueryChunk chunk;
    @SuppressWarnings("unused")         // accessed through CURSOR_TAKEN
    private volatile int cursorTaken;
    @SuppressWarnings("unused")         // accessed through CHUNK_TAKEN
    private volatile int chunkTaken;
    private static final java.lang.invoke.VarHandle CURSOR_TAKEN;
    private static final java.lang.invoke.VarHandle CHUNK_TAKEN;

    static {
        try {
            java.lang.invoke.MethodHandles.Lookup l = java.lang.invoke.MethodHandles.lookup();
            CURSOR_TAKEN = l.findVarHandle(Query.class, "cursorTaken", int.class);
            CHUNK_TAKEN = l.findVarHandle(Query.class, "chunkTaken", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    Query(QueryHost host, AccessScope scope, Object owner, Term<?>[] terms, ChangeFilter[] changeFilters,
            ArchetypeFilter filter, ComponentAccess componentAccess, boolean walkTables, String description, Defect defect) {
        this.marksOnlyWhenTheWalkMovesOn = defect == Defect.MARKS_ONLY_WHEN_THE_WALK_MOVES_ON;
        this.extendsWithoutLock = defect == Defect.MATCHES_EXTENDED_WITHOUT_LOCK;
        this.setIfChangedMarksEqualValues = defect == Defect.SET_IF_CHANGED_MARKS_EQUAL_VALUES;
        this.host = host;
        this.scope = scope;
        this.owner = owner;
        this.terms = terms;
        this.changeFilters = changeFilters;
        this.filter = filter;
        this.componentAccess = componentAccess;
        this.access = Access.builder().add(componentAccess).build();
        this.walkTables = walkTables;
        this.listsChangedRows = walkTables && changeFilters.length > 0
                && changeFilters[0].component().storage() == StorageKind.TABLE;
        this.writes = java.util.Arrays.stream(terms).anyMatch(Term::isWrite);
        this.description = description;
        this.observedIds = java.util.Arrays.stream(changeFilters).mapToInt(c -> c.component().id()).distinct().toArray();
        observe();
    }

    /** The components whose changes this query observes (those of its change filters, once each). */
    private final int[] observedIds;
    /**
     * Whether this query holds its observations open (from its building until {@link #close()}).
     * Volatile so that {@link #prepare} can test it without the lock.
     */
    private volatile boolean observing;

    private void observe() {
        SystemTicks reader = scope != null ? scope.ticks() : null;
        for (int id : observedIds) {
            host.observe(id, reader);
        }
        observing = true;
    }

    /**
     * Stops observing the components of this query's change filters: when nothing else observes
     * one, writes to it stop costing the change tracker anything. A query with no change filter has
     * nothing to close. Using the query again opens its observations again, and a component whose
     * observation restarted reports every row as changed once (what the world could not track).
     * Idempotent.
     */
    public synchronized void close() {
        if (observing) {
            observing = false;
            for (int id : observedIds) {
                host.release(id);
            }
        }
    }

    /** The component terms, in declaration order. */
    public List<Term<?>> terms() {
        return List.of(terms);
    }

    /** The access this query needs: its reads, writes and archetype filter. */
    public Access access() {
        return access;
    }

    /** The single component access of this query. */
    public ComponentAccess componentAccess() {
        return componentAccess;
    }

    /** The full archetype filter, term requirements included. */
    public ArchetypeFilter filter() {
        return filter;
    }

    /** Readable form, for messages: {@code Query[Read<Velocity>, Write<Position>, Without<Frozen>]}. */
    public String description() {
        return description;
    }

    /** True when this query walks tables directly (every term and filter is table-stored). */
    public boolean walksTables() {
        return walkTables;
    }

    // ---------------------------------------------------------------- iteration

    /**
     * Calls {@code action} once per matching entity, with a reused {@link QueryRow}. Structural
     * changes are refused until it returns.
     */
    public void forEach(Consumer<? super QueryRow> action) {
        QueryIter it = open();
        try {
            if (changeFilters.length > 0) {
                walkChanged(it, action);
            } else if (walkTables) {
                walkTables(it, action);
            } else {
                walkArchetypes(it, action);
            }
            if (marksOnlyWhenTheWalkMovesOn) {
                it.closeDeferredMarks();        // the twin: the end of the walk marks, an early exit does not
            }
        } finally {
            release(it);
        }
    }

    /*
     * The three walks are methods of their own, not branches of forEach: the JIT compiles the hot one
     * into its caller whatever the others did. As branches of one method, a walk some other query took
     * once (in setup, say) stayed in the compiled loop's method and, by fork, made the same table walk
     * 2.7 times slower (ChangeTrackingBenchmark.mutateAll, generation, 10^5: about 150 or 410 µs).
     */

    private void walkTables(QueryIter it, Consumer<? super QueryRow> action) {
        Table[] ts = tables;
        for (int u = 0, units = unitCount; u < units; u++) {
            Table t = ts[u];
            int n = t.size();
            if (n == 0) {
                continue;
            }
            it.enterTable(t, writes);            // a writing walk defers its block marks to the next table or the end
            for (int r = 0; r < n; r++) {
                it.row = r;
                action.accept(it);
            }
        }
    }

    private void walkArchetypes(QueryIter it, Consumer<? super QueryRow> action) {
        Archetype[] as = archetypes;
        for (int u = 0, units = unitCount; u < units; u++) {
            Archetype a = as[u];
            int n = a.size();
            if (n == 0) {
                continue;
            }
            it.enterArchetype(a);
            int[] rows = a.tableRows();
            int[] entities = a.entityIndices();
            for (int i = 0; i < n; i++) {
                it.row = rows[i];
                it.entityIndex = entities[i];
                action.accept(it);
            }
        }
    }

    /**
     * The walk of a query with change filters. When the tracker can list candidates (entities that
     * may have changed since the reader's previous run, in the archetypes this query matches), only
     * those are visited, so the cost follows the number of changes; otherwise every matching row is
     * tested. Either way each candidate is tested against every change filter, so the answer is the
     * tracker's exact answer.
     */
    private void walkChanged(QueryIter it, Consumer<? super QueryRow> action) {
        ChangeFilter driver = changeFilters[0];
        if (listsChangedRows) {
            walkChangedRows(it, action, driver);
            return;
        }
        int[] candidates = it.tracker.candidates(driver.kind(), driver.flavor(), it.reader, driver.component().id(),
                archetypeIds());
        if (candidates == null) {
            scanChanged(it, action);
            return;
        }
        Entities entities = host.entities();
        Storage storage = host.storage();
        int[] visited = it.visited(entities.slotCount());
        int stamp = ++it.visitStamp;
        Archetype current = null;
        for (int e : candidates) {
            if (visited[e] == stamp) {
                continue;
            }
            visited[e] = stamp;
            int archetypeId = entities.archetypeId(e);
            if (archetypeId < 0 || !matchedArchetypes.get(archetypeId)) {
                continue;
            }
            Archetype a = storage.archetype(archetypeId);
            if (a != current) {
                it.enterArchetype(a);
                current = a;
            }
            it.row = entities.tableRow(e);
            it.entityIndex = e;
            if (it.passesChanges()) {
                action.accept(it);
            }
        }
    }

    /**
     * The change walk of a query that walks tables: per table, the tracker names the rows of the
     * driving filter's column that match (no lookup from entity to row), or every row is tested.
     * Listed rows already passed the driving filter, so with a single change filter they go to the
     * action untested; with more filters each is tested against all of them.
     *
     * <p>The tracker lists a table's rows first (in batches of {@link QueryIter#LISTED_BATCH}, so the
     * list stays small) and the action visits them after, in the same (row) order. With scattered
     * changes each listed row is a cache miss on its lanes and each visit one on its value; listing
     * first keeps the value misses out of the scan's chain of dependent loads and branches, so the
     * processor overlaps them. Writes during the visits touch only the visited row, so the rows listed
     * are the rows the fused walk would visit.
     */
    private void walkChangedRows(QueryIter it, Consumer<? super QueryRow> action, ChangeFilter driver) {
        boolean retest = changeFilters.length > 1;
        ChangeTracker.RowSink listed = row -> {
            if (it.listRow(row)) {                                   // the batch is full: visit it now
                visitListed(it, action, retest);
            }
        };
        eachChangedTable(it, driver, listed, action, () -> visitListed(it, action, retest));
    }

    /**
     * Per non-empty table: the tracker lists the driving filter's changed rows to {@code listed} and
     * {@code listedTableDone} runs; or, when the tracker cannot list them, every row is tested
     * against all change filters and those that pass go to {@code unlisted}. The list of rows is
     * emptied as each table is entered, so rows a tracker listed before answering that it cannot
     * list are never taken for the next table's.
     */
    private void eachChangedTable(QueryIter it, ChangeFilter driver, ChangeTracker.RowSink listed,
            Consumer<? super QueryRow> unlisted, Runnable listedTableDone) {
        int componentId = driver.component().id();
        for (int u = 0; u < unitCount; u++) {
            Table t = tables[u];
            int n = t.size();
            if (n == 0) {
                continue;
            }
            it.enterTable(t);
            it.clearListedRows();
            if (!it.tracker.candidateRows(driver.kind(), driver.flavor(), it.reader, t.columnOf(componentId), n, listed)) {
                for (int r = 0; r < n; r++) {
                    it.row = r;
                    if (it.passesChanges()) {
                        unlisted.accept(it);
                    }
                }
                continue;
            }
            listedTableDone.run();
        }
    }

    /** Visits the rows listed so far, in order, and empties the list. */
    private static void visitListed(QueryIter it, Consumer<? super QueryRow> action, boolean retest) {
        int[] rows = it.listedRows();
        for (int i = 0, listedCount = it.listedCount(); i < listedCount; i++) {
            it.row = rows[i];
            if (!retest || it.passesChanges()) {
                action.accept(it);
            }
        }
        it.clearListedRows();
    }

    /** Tests every matching row against the change filters. */
    private void scanChanged(QueryIter it, Consumer<? super QueryRow> action) {
        for (int u = 0; u < archetypeCount; u++) {
            Archetype a = archetypes[u];
            int n = a.size();
            if (n == 0) {
                continue;
            }
            it.enterArchetype(a);
            int[] rows = a.tableRows();
            int[] entityIndices = a.entityIndices();
            for (int i = 0; i < n; i++) {
                it.row = rows[i];
                it.entityIndex = entityIndices[i];
                if (it.passesChanges()) {
                    action.accept(it);
                }
            }
        }
    }

    private int[] archetypeIds() {
        if (archetypeIds.length != archetypeCount) {
            archetypeIds = new int[archetypeCount];
            for (int u = 0; u < archetypeCount; u++) {
                archetypeIds[u] = archetypes[u].id();
            }
        }
        return archetypeIds;
    }

    /**
     * Calls {@code action} once per non-empty table (or archetype) of matching entities, with a
     * {@link QueryChunk} to loop over; the fastest way to iterate. Structural changes are refused
     * until it returns. With change filters, a chunk holds only the rows that pass them (found by
     * testing every row of the unit).
     */
    public void forEachChunk(Consumer<? super QueryChunk> action) {
        prepare();
        QueryChunk chunk;
        if (CHUNK_TAKEN.compareAndSet(this, 0, 1)) {
            chunk = this.chunk;
            if (chunk == null) {
                chunk = this.chunk = new QueryChunk(this);
            }
        } else {
            chunk = new QueryChunk(this);
        }
        host.beginIteration(this);
        chunk.owner = owner;
        chunk.tracker = host.changeTracker();
        chunk.reader = scope != null ? scope.ticks() : host.directReader();
        chunk.writer = scope != null ? scope.ticks() : host.directWriter();
        try {
            if (changeFilters.length > 0) {
                for (int u = 0; u < archetypeCount; u++) {
                    Archetype a = archetypes[u];
                    if (a.size() > 0 && chunk.enterSelection(a)) {
                        try {
                            action.accept(chunk);
                        } finally {
                            chunk.leave();
                        }
                    }
                }
                return;
            }
            for (int u = 0, units = unitCount; u < units; u++) {
                if (walkTables) {
                    Table t = tables[u];
                    if (t.size() == 0) {
                        continue;
                    }
                    chunk.enterTable(t, writes);    // a writing walk defers its block marks to the chunk's end
                } else {
                    Archetype a = archetypes[u];
                    if (a.size() == 0) {
                        continue;
                    }
                    chunk.enterArchetype(a);
                }
                try {
                    action.accept(chunk);
                } finally {
                    chunk.leave();
                }
            }
        } finally {
            chunk.owner = QueryRow.RELEASED;
            host.endIteration(this);
            if (chunk == this.chunk) {
                CHUNK_TAKEN.setRelease(this, 0);
            }
        }
    }

    /** Opens an explicit cursor; close it (try-with-resources) if the loop may stop early. */
    public QueryIter iter() {
        QueryIter it = open();
        it.start();
        return it;
    }

    /**
     * Runs {@code action} on {@code entity}'s row if the entity is alive and matches; returns whether
     * it ran. A lookup: a stale id simply does not match.
     */
    public boolean forEntity(Entity entity, Consumer<? super QueryRow> action) {
        Entities entities = host.entities();
        if (!entities.isAlive(entity)) {
            return false;
        }
        int index = entity.index();
        Archetype a = host.storage().archetype(entities.archetypeId(index));
        if (!filter.matches(a)) {
            return false;
        }
        QueryIter it = open();
        try {
            it.enterArchetype(a);
            it.row = entities.tableRow(index);
            it.entityIndex = index;
            if (!it.passesChanges()) {
                return false;
            }
            action.accept(it);
        } finally {
            release(it);
        }
        return true;
    }

    /** True when {@code entity} is alive and matches this query (change filters included). */
    public boolean contains(Entity entity) {
        Entities entities = host.entities();
        if (!entities.isAlive(entity)
                || !filter.matches(host.storage().archetype(entities.archetypeId(entity.index())))) {
            return false;
        }
        return changeFilters.length == 0 || forEntity(entity, row -> { });
    }

    /** Number of matching entities (change filters included). */
    public int count() {
        if (listsChangedRows && changeFilters.length == 1) {
            return countListed(changeFilters[0]);
        }
        if (changeFilters.length > 0) {
            int[] n = {0};
            forEach(row -> n[0]++);
            return n[0];
        }
        refresh();
        int n = 0;
        for (int u = 0; u < unitCount; u++) {
            n += walkTables ? tables[u].size() : archetypes[u].size();
        }
        return n;
    }

    /**
     * The count of a query whose only change filter drives a table walk: the rows the tracker lists
     * are counted where {@link #forEach} would visit them (a full batch, the end of a table), with no
     * visit (a listed row already passed that filter); rows of a table the tracker cannot list are
     * tested as {@code forEach} tests them. The same number {@code forEach} visits, for the cost of
     * the detection alone.
     */
    private int countListed(ChangeFilter driver) {
        int[] n = {0};
        QueryIter it = open();
        Runnable countBatch = () -> {
            n[0] += it.listedCount();
            it.clearListedRows();
        };
        try {
            eachChangedTable(it, driver, row -> {
                if (it.listRow(row)) {
                    countBatch.run();
                }
            }, row -> n[0]++, countBatch);
        } finally {
            release(it);
        }
        return n[0];
    }

    /** The ids of all matching entities, in iteration order. */
    public List<Entity> entities() {
        List<Entity> out = new ArrayList<>();
        forEach(row -> out.add(row.entity()));
        return out;
    }

    // ---------------------------------------------------------------- slices (parallel walks)

    /**
     * True when this query was built on {@code host} (a world's internals): for the job scheduler, in
     * another package. The parameter type is internal on purpose, so javac's "exports" warning is
     * suppressed here alone.
     */
    @SuppressWarnings("exports")
    public boolean belongsTo(QueryHost host) {
        return this.host == host;
    }

    /**
     * Where this query would touch data outside {@code declared}, checked on every archetype it
     * matches (with {@code With}/{@code Without} filters, as a system's view checks its queries), or
     * null when it stays within. For nested queries in jobs.
     */
    public String uncoveredBy(Access declared) {
        refresh();
        for (int u = 0; u < archetypeCount; u++) {
            Archetype a = archetypes[u];
            for (Term<?> t : terms) {
                if (!declared.covers(t.component.id(), t.isWrite(), a::has)) {
                    return (t.isWrite() ? "writes " : "reads ") + t.component.name() + " in archetype " + a;
                }
            }
            for (ChangeFilter c : changeFilters) {
                if (!declared.covers(c.component().id(), false, a::has)) {
                    return "reads the changes of " + c.component().name() + " in archetype " + a;
                }
            }
        }
        return null;
    }

    /** The ticks this query reads changes with: its system's, or the world's direct reader. */
    public SystemTicks readerTicks() {
        return scope != null ? scope.ticks() : host.directReader();
    }

    /** The ticks this query marks writes with: its system's, or the world's direct writer. */
    public SystemTicks writerTicks() {
        return scope != null ? scope.ticks() : host.directWriter();
    }

    /**
     * Splits the matching rows into slices of at most {@code batchSize} rows, in iteration order (a
     * slice never spans two tables or archetypes). Valid until the next structural change. For the
     * thread that owns the world: it may extend the match cache.
     */
    public List<QuerySlice> slices(int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batch size must be >= 1, was " + batchSize);
        }
        refresh();
        List<QuerySlice> out = new ArrayList<>();
        for (int u = 0; u < unitCount; u++) {
            int n = walkTables ? tables[u].size() : archetypes[u].size();
            for (int from = 0; from < n; from += batchSize) {
                out.add(new QuerySlice(u, from, Math.min(n, from + batchSize)));
            }
        }
        return out;
    }

    /**
     * Walks one slice with a cursor of its own, reading changes with {@code reader} and marking writes
     * with {@code writer}; with change filters, every row of the slice is tested. Different slices may
     * be walked on different threads at once. It does not take the world's iteration guard: the caller
     * (the job scheduler) guarantees that no structural change happens until every slice is done.
     */
    public void forEachInSlice(QuerySlice slice, SystemTicks reader, SystemTicks writer,
            Consumer<? super QueryRow> action) {
        QueryIter it = new QueryIter(this);
        it.owner = owner;
        it.tracker = host.changeTracker();
        it.reader = reader;
        it.writer = writer;
        boolean filtered = changeFilters.length > 0;
        try {
            if (walkTables) {
                it.enterTable(tables[slice.unit()]);
                for (int r = slice.from(); r < slice.to(); r++) {
                    it.row = r;
                    if (!filtered || it.passesChanges()) {
                        action.accept(it);
                    }
                }
            } else {
                Archetype a = archetypes[slice.unit()];
                it.enterArchetype(a);
                int[] rows = a.tableRows();
                int[] entityIndices = a.entityIndices();
                for (int i = slice.from(); i < slice.to(); i++) {
                    it.row = rows[i];
                    it.entityIndex = entityIndices[i];
                    if (!filtered || it.passesChanges()) {
                        action.accept(it);
                    }
                }
            }
        } finally {
            it.owner = QueryRow.RELEASED;
        }
    }

    /** One batch of a parallel walk: positions {@code [from, to)} of matched unit {@code unit}. */
    public record QuerySlice(int unit, int from, int to) {
        public int size() {
            return to - from;
        }
    }

    // ---------------------------------------------------------------- cache

    /**
     * Before a walk or a lookup: opens the observations again if {@link #close()} closed them, and
     * matches archetypes created since the last walk. Takes the lock only when one of the two is
     * due, so a stable world's walks and lookups take no lock.
     */
    private void prepare() {
        if (!observing || seenArchetypes != host.storage().archetypeCount()) {
            refresh();
        }
    }

    /**
     * Opens the observations again if {@link #close()} closed them (using the query again reopens
     * them), and extends the match cache with archetypes created since the last call. Under this
     * query's lock: a query used by several job threads at once (a nested query in a parallel job)
     * refreshes once, and the others see the extended cache (only the twin
     * {@link Defect#MATCHES_EXTENDED_WITHOUT_LOCK} skips it). Archetypes appear only through structural
     * changes, which never run while jobs do, so the cache does not change under a walk.
     */
    void refresh() {
        if (extendsWithoutLock) {
            reopenAndExtend();
            return;
        }
        synchronized (this) {
            reopenAndExtend();
        }
    }

    private void reopenAndExtend() {
        if (!observing) {
            observe();
        }
        extendMatches();
    }

    private void extendMatches() {
        Storage storage = host.storage();
        int n = storage.archetypeCount();
        while (seenArchetypes < n) {
            Archetype a = storage.archetype(seenArchetypes);
            if (filter.matches(a)) {
                if (scope != null) {
                    scope.checkArchetype(this, a);
                }
                archetypes = append(archetypes, archetypeCount, a);
                archetypeCount++;
                matchedArchetypes.set(a.id());
                if (walkTables) {
                    Table t = a.table();
                    if (!matchedTables.get(t.id())) {
                        matchedTables.set(t.id());
                        tables = append(tables, unitCount, t);
                        unitCount++;
                    }
                } else {
                    unitCount++;
                }
            }
            seenArchetypes++;
        }
    }

    int unitCount() {
        return unitCount;
    }

    Table tableAt(int unit) {
        return tables[unit];
    }

    Archetype archetypeAt(int unit) {
        return archetypes[unit];
    }

    private QueryIter open() {
        prepare();
        QueryIter it;
        if (CURSOR_TAKEN.compareAndSet(this, 0, 1)) {
            it = cursor;
            if (it == null) {
                it = cursor = new QueryIter(this);
            }
        } else {
            it = new QueryIter(this);
        }
        host.beginIteration(this);
        it.owner = owner;
        it.bind(host.changeTracker(), scope != null ? scope.ticks() : host.directReader(),
                scope != null ? scope.ticks() : host.directWriter());
        return it;
    }

    void release(QueryIter it) {
        if (marksOnlyWhenTheWalkMovesOn) {
            it.dropDeferredMarks();             // the twin: a walk left early flags nothing (a finished one already did)
        } else {
            it.closeDeferredMarks();            // a walk that threw: its last table's writes still get their marks
        }
        it.owner = QueryRow.RELEASED;
        host.endIteration(this);
        if (it == cursor) {
            CURSOR_TAKEN.setRelease(this, 0);
        }
    }

    private static <T> T[] append(T[] array, int size, T value) {
        if (size == array.length) {
            array = Arrays.copyOf(array, size * 2);
        }
        array[size] = value;
        return array;
    }

    @Override
    public String toString() {
        return description;
    }
}
