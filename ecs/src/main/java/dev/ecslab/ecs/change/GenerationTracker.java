package dev.ecslab.ecs.change;

import dev.ecslab.ecs.change.TrackerHost.ColumnRows;
import dev.ecslab.ecs.entity.Entity;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Proposal 5, the generation counter (Bevy's scheme, with exact additions and change-proportional
 * queries): a global tick incremented per system run; per component row an added tick and a mutated
 * tick in two metadata lanes, so they survive archetype moves (an addition sets the mutated tick
 * {@link Ticks#MAX_AGE} back: "never");
 * per system the tick of its previous run. A component is added (mutated) for a reader when that
 * tick is newer than the reader's previous run; comparison is by wrapping age ({@link Ticks}), and
 * ticks older than {@link Ticks#MAX_AGE} are clamped every {@link Ticks#CHECK_THRESHOLD} ticks, as
 * Bevy's {@code check_change_ticks} does.
 *
 * <p><b>Exact.</b> A writer's changes carry its run's tick; a reader's window is every tick after
 * its previous run began. Systems that write what a reader reads never overlap it, so tick order is
 * run order for everything that matters, looping stages included; a system's own changes carry its
 * own run's tick and are never newer than itself afterwards.
 *
 * <p><b>Cost of a change query: block summaries.</b> Each column (one component of one table, or
 * one sparse set) carries, for additions and for mutations, the newest tick of every block of
 * {@code 2^blockShift} rows (16 by default), and of every group of 64 blocks. A write stores its
 * row's mutated tick, and its block's and group's ticks when the block's is not that tick yet (once
 * per block per run for a sequential writer): no list to append to.
 * A change query asks {@link #candidateRows} (or {@link #candidates}), which skips every group and
 * then every block not newer than the reader's previous run and tests the rows of the others against
 * their lanes, so it costs one pass over the group ticks (1/1024 of the rows), the blocks of the
 * groups that changed, and the rows of the blocks that changed; and the answer stays exact: a
 * summary only ever says "look here", the lanes decide. Summaries must never be older than a row
 * they cover, so a row that arrives from elsewhere (an archetype move, or the last row filling a
 * swap-removed hole) stamps its block with the current tick. Bevy's per-table summary ticks are
 * conservative for the opposite reason: they do not follow moved rows.
 *
 * <p><b>Scattered changes: the row log.</b> Where few rows of a column change, most of the blocks that
 * hold one are still tested row by row (1 % of rows at random touches 15 % of 16-row blocks). So each
 * column also keeps a bounded {@link RowLog} of the rows that changed: additions, rows that arrived, and
 * the rows a walk wrote when they were few (the close of its deferred marks records them). A write
 * made row by row elsewhere is not recorded and raises the log's floor instead, so the log answers
 * only readers whose window it holds entirely, and the block scan answers the rest. A query counting
 * 1 % random changes in 10^6 rows went from 0.25x to 0.04x a full scan (the target is 0.2x).
 *
 * <p><b>Removals</b> cannot be rebuilt from lanes, so they are kept per component with their tick,
 * and clamped (not cleared) with the other ticks. The removal log is bounded: when it reaches
 * {@code max(1024, 2 x (live entities + removals of this frame and the previous one))} entries, the
 * removals every reader has seen are dropped; if a reader has stopped running and nothing can be
 * dropped, the oldest half goes and that reader misses them. That is the single way this strategy
 * can be inexact (Bevy keeps removals two frames; here they are kept until every reader has seen
 * them, within that bound). The removals of the last two frames count because a reader that runs
 * every frame may not have seen them yet: a bound on the live entities alone shrinks with a mass
 * despawn (the lab found it: 1 344 despawns by commands in one frame overflowed a bound counted
 * after them, and the oldest half was dropped before the detector ran). They count up to 4 x the
 * most entities ever alive, so a world whose frames never end keeps a bound of the order of its
 * largest population.
 *
 * <p><b>Pieces.</b> This class holds the events, the clamping pass and the answers; the per-row
 * ticks are its two lanes ({@link #ADDED}, {@link #MUTATED}); the
 * block summaries and their scan are {@link BlockSummaries} (over {@link BlockTicks}), the removal
 * logs {@link RemovalLog}, the resources' ticks {@link ResourceTicks}.
 */
public final class GenerationTracker implements ChangeTracker {
    static final int ADDED = 0;
    /**
     * The tick of the last mutation. An addition stores its own tick minus {@link Ticks#MAX_AGE} there
     * ("never mutated": older than any reader's previous run can be, since those are clamped to
     * {@code MAX_AGE}), and clamping treats that value like any other tick, so every "never" and every
     * clamped value stays between {@code MAX_AGE} and {@code MAX_AGE} plus the age of the last clamp
     * ({@link #lastCheck}). While that age is below {@link Ticks#CHECK_THRESHOLD} (always, in a world
     * that clamps at its sync points), such a value is never news: the mutated lane alone answers
     * {@link ChangeKind#MUTATED}, and a change query reads one lane per block where only mutations
     * happened. When a clamp is overdue (a clock moved without one, as Bevy's expiration test does), the
     * answers also require {@link #mutatedSinceAdded} and a value other than the last clamp's, as this
     * lane's encoding did before; see {@link #isNews}.
     */
    static final int MUTATED = 1;

    /**
     * False when the mutated tick is the "never mutated" mark of the row's addition (an addition
     * stores its tick minus {@link Ticks#MAX_AGE}; no real mutation, made after it, can carry that).
     */
    static boolean mutatedSinceAdded(int added, int mutated) {
        return added - mutated != (int) Ticks.MAX_AGE;
    }

    /**
     * True when a clamp is overdue at {@code now}: "never" and clamped values may then have wrapped
     * round to look new, and the answers take the careful test (see {@link #MUTATED}).
     */
    static boolean clampOverdue(int lastCheck, int now) {
        return Ticks.age(lastCheck, now) >= Ticks.CHECK_THRESHOLD;
    }

    /**
     * The definition every answer of this tracker follows, row by row: whether a row with these lanes
     * is added, mutated or changed for a reader whose previous run was {@code last}, seen from
     * {@code now}, when the tracker last clamped at {@code lastCheck}.
     */
    static boolean isNews(ChangeKind kind, int added, int mutated, int last, int now, int lastCheck) {
        return (kind != ChangeKind.MUTATED && Ticks.isNewer(added, last, now))
                || (kind != ChangeKind.ADDED && Ticks.isNewer(mutated, last, now)
                        && (!clampOverdue(lastCheck, now) || reallyMutated(added, mutated, lastCheck)));
    }

    /** The careful test: not the addition's "never" mark, and not the last clamp's value. */
    static boolean reallyMutated(int added, int mutated, int lastCheck) {
        return mutatedSinceAdded(added, mutated) && mutated != (int) (lastCheck - Ticks.MAX_AGE);
    }

    private TrackerHost host;
    private final int blockShift;
    private final int fixedRemovalLimit;
    private RemovalLog[] removals = new RemovalLog[8];
    private final ResourceTicks resources = new ResourceTicks();
    private final java.util.concurrent.atomic.LongAdder rowsExamined = new java.util.concurrent.atomic.LongAdder();
    private final java.util.concurrent.atomic.LongAdder scansFromLog = new java.util.concurrent.atomic.LongAdder();
    private final Set<SystemTicks> readers = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    /**
     * The tick of the last clamp (written by the owner thread at sync points and frame ends, read by
     * readers between them): bounds the age of every "never" and clamped value (see {@link #MUTATED}).
     */
    private int lastCheck;
    /**
     * Removals of this frame and of the previous one, and the most entities seen alive at a removal or
     * a frame end: the removal log's bound (the owner thread's, which makes structural changes and ends
     * frames).
     */
    private int removalsThisFrame;
    private int removalsLastFrame;
    private int peakLive;
    /** Set by {@link #onDirectStampsAllowed}: columns get a write stamp when their summaries are made. */
    private boolean stampWrites;
    /**
     * The readers already in {@link #readers}, by system id (weakly, like the set): lets every run
     * after a system's first skip the synchronized set (it cost the executors' frame about 18 ns per
     * system run).
     */
    @SuppressWarnings("unchecked")
    private volatile java.lang.ref.WeakReference<SystemTicks>[] knownReaders = new java.lang.ref.WeakReference[64];

    /** Blocks of 16 rows; removal logs of at least 1 024 entries (see the class comment for the bound). */
    public GenerationTracker() {
        this(16, 0);
    }

    /**
     * Blocks of {@code rowsPerBlock} rows (a power of two; tests use 1 or 2 so that row moves cross
     * blocks in small worlds), and a removal log fixed at {@code fixedRemovalLimit} entries (0 for
     * the default).
     */
    public GenerationTracker(int rowsPerBlock, int fixedRemovalLimit) {
        if (rowsPerBlock < 1 || Integer.bitCount(rowsPerBlock) != 1) {
            throw new IllegalArgumentException("rowsPerBlock must be a power of two, got " + rowsPerBlock);
        }
        this.blockShift = Integer.numberOfTrailingZeros(rowsPerBlock);
        this.fixedRemovalLimit = fixedRemovalLimit;
    }

    @Override
    public int laneCount() {
        return 2;
    }

    /**
     * The world talks to this tracker directly: each column's writes will stamp their tick and the
     * block marks themselves ({@link TrackedRows#stampMutation}), exactly as {@link #onMutated} does,
     * without a call per write. Under a decorator this is never called, and every write is an event.
     */
    @Override
    public void onDirectStampsAllowed() {
        stampWrites = true;
    }

    @Override
    public void attach(TrackerHost host) {
        this.host = host;
        this.lastCheck = host.currentTick();
    }

    // ------------------------------------------------------------------ clock

    /**
     * Registers the run's ticks as a reader (the world writer never reads, so it is not one): the
     * removal log keeps what the oldest reader has not seen.
     */
    @Override
    public void onRunStarted(SystemTicks run) {
        int id = run.id();
        if (id == SystemTicks.WORLD_WRITER) {
            return;
        }
        java.lang.ref.WeakReference<SystemTicks>[] known = knownReaders;
        if (id < known.length && known[id] != null && known[id].get() == run) {
            return;                             // the common case: a lock-free look, not a synchronized set
        }
        registerReader(run);
    }

    @SuppressWarnings("unchecked")
    private synchronized void registerReader(SystemTicks run) {
        readers.add(run);
        int id = run.id();
        java.lang.ref.WeakReference<SystemTicks>[] known = knownReaders;
        if (id >= known.length) {
            known = Arrays.copyOf(known, Math.max(id + 1, known.length * 2));
        }
        known[id] = new java.lang.ref.WeakReference<>(run);
        knownReaders = known;                   // published by the volatile write
    }

    /** No system runs: clamp old ticks if the clock moved a threshold since the last check. */
    @Override
    public void onSyncPoint() {
        checkTicks();
    }

    @Override
    public void onFrameEnded() {
        removalsLastFrame = removalsThisFrame;
        removalsThisFrame = 0;
        peakLive = Math.max(peakLive, host.liveEntityCount());
        checkTicks();
    }

    /**
     * Nothing moves the clock or the population between idle frames: after two frame ends both removal
     * counts are zero, and further ones change nothing.
     */
    @Override
    public void onIdleFramesEnded(long count) {
        for (long i = 0; i < Math.min(count, 2); i++) {
            onFrameEnded();
        }
    }

    /** Clamps every tick if {@link Ticks#CHECK_THRESHOLD} ticks passed since the last check. */
    public void checkTicks() {
        int now = host.currentTick();
        if (Ticks.age(lastCheck, now) >= Ticks.CHECK_THRESHOLD) {
            clampAll(now);
        }
    }

    /**
     * Bevy's check_change_ticks: no tick may grow older than MAX_AGE, or comparisons would wrap. The
     * readers' previous runs are the world's to clamp, at the same sync points.
     */
    private void clampAll(int now) {
        int previousCheck = lastCheck;
        lastCheck = now;
        host.forEachColumn((column, rows) -> {
            int[] added = column.laneArray(ADDED);
            int[] mutated = column.laneArray(MUTATED);
            for (int r = 0; r < rows; r++) {
                // A "never" mark goes to exactly MAX_AGE, like a clamped tick: by its meaning, not its age, which
                // may have wrapped round if this clamp came late.
                mutated[r] = reallyMutated(added[r], mutated[r], previousCheck) ? Ticks.clamp(mutated[r], now)
                        : (int) (now - Ticks.MAX_AGE);
                added[r] = Ticks.clamp(added[r], now);
            }
            if (column.attachment() instanceof BlockSummaries s) {
                s.added.clamp(now);                 // clamping keeps order: still never older than a row
                s.mutated.clamp(now);
            }
        });
        resources.clamp(now);
        for (RemovalLog log : removals) {
            if (log != null) {
                log.clampTicks(now);        // removals cannot be rebuilt from lanes: keep them, clamped
            }
        }
    }

    // ------------------------------------------------------------------ component events

    @Override
    public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        int tick = writer.thisRun();
        column.setLane(ADDED, row, tick);
        column.setLane(MUTATED, row, (int) (tick - Ticks.MAX_AGE));         // never mutated since added
        BlockSummaries s = BlockSummaries.of(column, blockShift, host, stampWrites);
        s.cover(row, tick);
        s.added.mark(row, tick);
        s.log.add(row, tick);
    }

    /** Ticks as old as a tick can be: neither added nor mutated for any reader. */
    @Override
    public void onAddedSilently(int componentId, int entityIndex, TrackedRows column, int row) {
        int ancient = (int) (host.currentTick() - Ticks.MAX_AGE);
        column.setLane(ADDED, row, ancient);
        column.setLane(MUTATED, row, ancient);                              // and never mutated
        BlockSummaries.of(column, blockShift, host, stampWrites).cover(row, host.currentTick());
    }

    /**
     * The write hook: one lane store, and the block's and group's summary ticks only when the block's
     * changes (once per block per run for a sequential writer).
     */
    @Override
    public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        int tick = writer.thisRun();
        column.laneArray(MUTATED)[row] = tick;
        BlockSummaries.of(column, blockShift, host, stampWrites).mutated.markIfNewer(row, tick);
    }

    @Override
    public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
        removals = grow(removals, componentId);
        RemovalLog log = removals[componentId];
        if (log == null) {
            log = removals[componentId] = new RemovalLog(fixedRemovalLimit > 0 ? Math.min(8, fixedRemovalLimit) : 8);
        }
        if (removalsThisFrame < Integer.MAX_VALUE) {
            removalsThisFrame++;
        }
        log.append(entity, writer.thisRun(), removalLimit(), minLastRunIfFull(log));
    }

    /** The moved entity's rows arrive in new columns: their blocks may now hold newer rows. */
    @Override
    public void onMoved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, TrackedRows[] columns, int[] rows) {
        int now = host.currentTick();
        for (int i = 0; i < columns.length; i++) {
            BlockSummaries s = BlockSummaries.of(columns[i], blockShift, host, stampWrites);
            s.cover(rows[i], now);
            s.arrived(rows[i], now);
        }
    }

    /**
     * The most removals of one component a reader may miss while away and still be told of every one: the
     * removal log holds at least 1 024 entries before it drops anything, and a drop keeps the newer half, so
     * the 512 newest removals always survive, whatever other readers have not seen.
     */
    static final long REMOVALS_ALWAYS_KEPT = 512;

    private int removalLimit() {
        if (fixedRemovalLimit > 0) {
            return fixedRemovalLimit;
        }
        int live = host.liveEntityCount();
        peakLive = Math.max(peakLive, live);
        // Recent removals count up to 4x the most entities ever alive, so a world whose frames never end
        // (nothing calls clearTrackers) keeps a bound: O(its largest population), as before.
        long recent = Math.min((long) removalsThisFrame + removalsLastFrame, 4L * Math.max(1024, peakLive));
        return (int) Math.min(Integer.MAX_VALUE / 2, Math.max(1024, 2 * (live + recent)));
    }

    /** The oldest previous run among every reader, asked only when the log is full (it takes a lock). */
    private int minLastRunIfFull(RemovalLog log) {
        return log.isFull() ? minLastRun() : host.currentTick();
    }

    /** The oldest previous run among every reader seen so far. */
    private int minLastRun() {
        int now = host.currentTick();
        int min = now;
        synchronized (readers) {
            for (SystemTicks s : readers) {
                if (Ticks.age(s.lastRun(), now) > Ticks.age(min, now)) {
                    min = s.lastRun();
                }
            }
        }
        return min;
    }

    // ------------------------------------------------------------------ resources

    @Override
    public void onResourceAdded(SystemTicks writer, int resourceId) {
        resources.added(resourceId, writer.thisRun());
    }

    @Override
    public void onResourceMutated(SystemTicks writer, int resourceId) {
        resources.mutated(resourceId, writer.thisRun());
    }

    @Override
    public void onResourceRemoved(SystemTicks writer, int resourceId) {
        resources.removed(resourceId, writer.thisRun());
    }

    // ------------------------------------------------------------------ answers

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        return isNews(kind, column.lane(ADDED, row), column.lane(MUTATED, row), reader.lastRun(), reader.thisRun(), lastCheck);
    }

    /**
     * The entities whose {@code componentId} matches {@code kind} for {@code reader}, found through
     * the block summaries of the columns the archetypes use; each listed entity already passed
     * {@link #matches}. Never {@code null}: this strategy always narrows the search.
     */
    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        int last = reader.lastRun();
        int now = reader.thisRun();
        Found found = new Found();
        Set<TrackedRows> seen = Collections.newSetFromMap(new IdentityHashMap<>());   // archetypes share tables and sparse sets
        for (int a : archetypeIds) {
            ColumnRows cr = host.rowsOf(a, componentId);
            if (cr == null || cr.rows() == 0 || !seen.add(cr.column())) {
                continue;
            }
            int[] entities = cr.entities();
            found.examined += BlockSummaries.scan(kind, cr.column(), cr.rows(), last, now, lastCheck, blockShift,
                    row -> found.add(entities[row]), scansFromLog);
        }
        rowsExamined.add(found.examined);
        return Arrays.copyOf(found.entities, found.size);
    }

    /** The rows of one column that match {@code kind}, through its block summaries. Always narrows. */
    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
            RowSink sink) {
        if (rows > 0) {
            rowsExamined.add(BlockSummaries.scan(kind, column, rows, reader.lastRun(), reader.thisRun(), lastCheck, blockShift, sink,
                    scansFromLog));
        }
        return true;
    }

    /**
     * Rows whose lanes {@link #candidates} and {@link #candidateRows} have tested so far, across all
     * queries: what a change query really costs (tests and the lab check that it follows the
     * changes, not the world).
     */
    public long rowsExamined() {
        return rowsExamined.sum();
    }

    /**
     * Column scans answered from a column's {@link RowLog} rather than its block summaries, across all
     * queries: lets tests check that both ways are taken.
     */
    public long scansFromLog() {
        return scansFromLog.sum();
    }

    /** A growing list of entity indices. */
    private static final class Found {
        int[] entities = new int[16];
        int size;
        long examined;

        void add(int entity) {
            if (size == entities.length) {
                entities = Arrays.copyOf(entities, size * 2);
            }
            entities[size++] = entity;
        }
    }

    @Override
    public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        RemovalLog log = componentId < removals.length ? removals[componentId] : null;
        return log == null ? List.of() : log.since(reader);
    }

    @Override
    public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return resources.matches(kind, reader, resourceId);
    }

    @Override
    public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return resources.removedSince(reader, resourceId);
    }

    @Override
    public long memoryBytes() {
        long[] bytes = {0};
        host.forEachColumn((column, rows) -> {
            bytes[0] += 4L * 2 * column.laneArray(ADDED).length;
            if (column.attachment() instanceof BlockSummaries s) {
                bytes[0] += 16 + s.added.bytes() + s.mutated.bytes() + s.log.bytes();
            }
        });
        for (RemovalLog log : removals) {
            if (log != null) {
                bytes[0] += log.bytes();
            }
        }
        bytes[0] += resources.bytes();
        return bytes[0];
    }

    private static <T> T[] grow(T[] array, int index) {
        return index < array.length ? array : Arrays.copyOf(array, Math.max(index + 1, array.length * 2));
    }
}
