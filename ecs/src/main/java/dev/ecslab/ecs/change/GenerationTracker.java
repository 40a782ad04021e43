package dev.ecslab.ecs.change;

import dev.ecslab.ecs.change.TrackerHost.ColumnRows;
import dev.ecslab.ecs.entity.Entity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Proposal 5, the generation counter (Bevy's scheme, with exact additions and change-proportional
 * queries): a global tick incremented per system run; per component row an added tick, a mutated
 * tick and a "mutated since added" flag in three metadata lanes (so they survive archetype moves);
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
 * row's lanes, its block's tick and its group's tick: four stores, no branch, no list to append to.
 * A change query asks {@link #candidateRows} (or {@link #candidates}), which skips every group and
 * then every block not newer than the reader's previous run and tests the rows of the others against
 * their lanes, so it costs one pass over the group ticks (1/1024 of the rows), the blocks of the
 * groups that changed, and the rows of the blocks that changed; and the answer stays exact: a
 * summary only ever says "look here", the lanes decide. Summaries must never be older than a row
 * they cover, so a row that arrives from elsewhere (an archetype move, or the last row filling a
 * swap-removed hole) stamps its block with the current tick. Bevy's per-table summary ticks are
 * conservative for the opposite reason: they do not follow moved rows.
 *
 * <p><b>Removals</b> cannot be rebuilt from lanes, so they are kept per component with their tick,
 * and clamped (not cleared) with the other ticks. The removal log is bounded: when it reaches
 * {@code max(1024, 2 x live entities)} entries, the removals every reader has seen are dropped; if
 * a reader has stopped running and nothing can be dropped, the oldest half goes and that reader
 * misses them. That is the single way this strategy can be inexact (Bevy keeps removals two frames;
 * here they are kept until every reader has seen them, within that bound).
 */
public final class GenerationTracker implements ChangeTracker {
    public static final int ADDED = 0;
    public static final int MUTATED = 1;
    /** 1 once the component was mutated since it was added (a mutation tick alone cannot say "never"). */
    public static final int MUTATED_SINCE_ADDED = 2;

    private TrackerHost host;
    private final int blockShift;
    private final int fixedRemovalLimit;
    private RemovalLog[] removals = new RemovalLog[8];
    private int[] resourceAdded = new int[8];
    private int[] resourceMutated = new int[8];
    private int[] resourceRemoved = new int[8];
    private boolean[] resourcePresent = new boolean[8];
    private boolean[] resourceMutatedSinceAdded = new boolean[8];
    private boolean[] resourceEverRemoved = new boolean[8];
    private final java.util.concurrent.atomic.LongAdder rowsExamined = new java.util.concurrent.atomic.LongAdder();
    private final Set<SystemTicks> readers = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    private int lastCheck;

    /** Blocks of 16 rows; removal logs of at least 1 024 entries (or twice the live entities). */
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
        return 3;
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
        if (run.id() != SystemTicks.WORLD_WRITER) {
            readers.add(run);
        }
    }

    @Override
    public void onRunFinished(SystemTicks run) {
        // The runner moves lastRun to thisRun; nothing else to do.
    }

    /** No system runs: clamp old ticks if the clock moved a threshold since the last check. */
    @Override
    public void onSyncPoint() {
        checkTicks();
    }

    @Override
    public void onFrameEnded() {
        checkTicks();
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
        lastCheck = now;
        host.forEachColumn((column, rows) -> {
            int[] added = column.laneArray(ADDED);
            int[] mutated = column.laneArray(MUTATED);
            for (int r = 0; r < rows; r++) {
                added[r] = Ticks.clamp(added[r], now);
                mutated[r] = Ticks.clamp(mutated[r], now);
            }
            if (column.attachment() instanceof Summaries s) {
                s.added.clamp(now);                 // clamping keeps order: still never older than a row
                s.mutated.clamp(now);
            }
        });
        for (int i = 0; i < resourceAdded.length; i++) {
            resourceAdded[i] = Ticks.clamp(resourceAdded[i], now);
            resourceMutated[i] = Ticks.clamp(resourceMutated[i], now);
            resourceRemoved[i] = Ticks.clamp(resourceRemoved[i], now);
        }
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
        column.setLane(MUTATED, row, tick);
        column.setLane(MUTATED_SINCE_ADDED, row, 0);
        Summaries s = summaries(column);
        s.cover(row, tick);
        s.added.mark(row, tick);
    }

    /** Ticks as old as a tick can be: neither added nor mutated for any reader. */
    @Override
    public void onAddedSilently(int componentId, int entityIndex, TrackedRows column, int row) {
        int ancient = (int) (host.currentTick() - Ticks.MAX_AGE);
        column.setLane(ADDED, row, ancient);
        column.setLane(MUTATED, row, ancient);
        column.setLane(MUTATED_SINCE_ADDED, row, 0);
        summaries(column).cover(row, host.currentTick());
    }

    /** The write hook: two lane stores and two summary stores, nothing else. */
    @Override
    public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        int tick = writer.thisRun();
        column.setLane(MUTATED, row, tick);
        column.setLane(MUTATED_SINCE_ADDED, row, 1);
        summaries(column).mutated.mark(row, tick);
    }

    @Override
    public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
        removals = grow(removals, componentId);
        RemovalLog log = removals[componentId];
        if (log == null) {
            log = removals[componentId] = new RemovalLog(fixedRemovalLimit > 0 ? Math.min(8, fixedRemovalLimit) : 8);
        }
        log.append(entity, writer.thisRun(), removalLimit(), minLastRunIfFull(log));
    }

    /** The moved entity's rows arrive in new columns: their blocks may now hold newer rows. */
    @Override
    public void onMoved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, TrackedRows[] columns, int[] rows) {
        int now = host.currentTick();
        for (int i = 0; i < columns.length; i++) {
            Summaries s = summaries(columns[i]);
            s.cover(rows[i], now);
            s.added.mark(rows[i], now);
            s.mutated.mark(rows[i], now);
        }
    }

    private int removalLimit() {
        return fixedRemovalLimit > 0 ? fixedRemovalLimit : Math.max(1024, 2 * host.liveEntityCount());
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
        ensureResource(resourceId);
        resourceAdded[resourceId] = writer.thisRun();
        resourceMutated[resourceId] = writer.thisRun();
        resourceMutatedSinceAdded[resourceId] = false;
        resourcePresent[resourceId] = true;
    }

    @Override
    public void onResourceMutated(SystemTicks writer, int resourceId) {
        ensureResource(resourceId);
        resourceMutated[resourceId] = writer.thisRun();
        resourceMutatedSinceAdded[resourceId] = true;
    }

    @Override
    public void onResourceRemoved(SystemTicks writer, int resourceId) {
        ensureResource(resourceId);
        resourceRemoved[resourceId] = writer.thisRun();
        resourcePresent[resourceId] = false;
        resourceEverRemoved[resourceId] = true;
    }

    private void ensureResource(int id) {
        if (id >= resourceAdded.length) {
            int n = Math.max(id + 1, resourceAdded.length * 2);
            resourceAdded = Arrays.copyOf(resourceAdded, n);
            resourceMutated = Arrays.copyOf(resourceMutated, n);
            resourceRemoved = Arrays.copyOf(resourceRemoved, n);
            resourcePresent = Arrays.copyOf(resourcePresent, n);
            resourceMutatedSinceAdded = Arrays.copyOf(resourceMutatedSinceAdded, n);
            resourceEverRemoved = Arrays.copyOf(resourceEverRemoved, n);
        }
    }

    // ------------------------------------------------------------------ answers

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        int last = reader.lastRun();
        int now = reader.thisRun();
        return switch (kind) {
            case ADDED -> Ticks.isNewer(column.lane(ADDED, row), last, now);
            case MUTATED -> column.lane(MUTATED_SINCE_ADDED, row) != 0 && Ticks.isNewer(column.lane(MUTATED, row), last, now);
            case CHANGED -> Ticks.isNewer(column.lane(ADDED, row), last, now)
                    || (column.lane(MUTATED_SINCE_ADDED, row) != 0 && Ticks.isNewer(column.lane(MUTATED, row), last, now));
        };
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
            found.examined += visitRows(kind, cr.column(), cr.rows(), last, now, row -> found.add(entities[row]));
        }
        rowsExamined.add(found.examined);
        return Arrays.copyOf(found.entities, found.size);
    }

    /** The rows of one column that match {@code kind}, through its block summaries. Always narrows. */
    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
            RowSink sink) {
        if (rows > 0) {
            rowsExamined.add(visitRows(kind, column, rows, reader.lastRun(), reader.thisRun(), sink));
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
     * One pass over the column's group ticks, then the block ticks of the newer groups (a tick is
     * newer than the reader's previous run when its age is below the previous run's:
     * {@link Ticks#isNewer} with the reader's half computed once, a subtraction and an unsigned
     * compare each), then the rows of the newer blocks tested against their lanes; returns how many
     * rows were tested.
     */
    private int visitRows(ChangeKind kind, TrackedRows column, int rows, int last, int now, RowSink sink) {
        int lastAge = (int) Math.min(Ticks.age(last, now), Ticks.MAX_AGE);
        if (!(column.attachment() instanceof Summaries s)) {
            return testRows(kind, column, 0, rows, lastAge, now, sink);     // never stamped: cannot happen, stay exact
        }
        int[] added = kind == ChangeKind.MUTATED ? null : s.added.blocks;
        int[] mutated = kind == ChangeKind.ADDED ? null : s.mutated.blocks;
        int[] addedGroups = kind == ChangeKind.MUTATED ? null : s.added.groups;
        int[] mutatedGroups = kind == ChangeKind.ADDED ? null : s.mutated.groups;
        int examined = 0;
        int blocks = ((rows - 1) >>> blockShift) + 1;
        int groups = ((blocks - 1) >>> BlockTicks.GROUP_SHIFT) + 1;
        for (int g = 0; g < groups; g++) {
            if (!((addedGroups != null && Integer.compareUnsigned(now - addedGroups[g], lastAge) < 0)
                    || (mutatedGroups != null && Integer.compareUnsigned(now - mutatedGroups[g], lastAge) < 0))) {
                continue;
            }
            int end = Math.min((g + 1) << BlockTicks.GROUP_SHIFT, blocks);
            for (int b = g << BlockTicks.GROUP_SHIFT; b < end; b++) {
                if ((added != null && Integer.compareUnsigned(now - added[b], lastAge) < 0)
                        || (mutated != null && Integer.compareUnsigned(now - mutated[b], lastAge) < 0)) {
                    examined += testRows(kind, column, b << blockShift, Math.min((b + 1) << blockShift, rows), lastAge, now,
                            sink);
                }
            }
        }
        return examined;
    }

    /** Tests rows {@code [from, to)} against their lanes, passing the matching ones to {@code sink}. */
    private static int testRows(ChangeKind kind, TrackedRows column, int from, int to, int lastAge, int now, RowSink sink) {
        int[] added = column.laneArray(ADDED);
        int[] mutated = column.laneArray(MUTATED);
        int[] sinceAdded = column.laneArray(MUTATED_SINCE_ADDED);
        boolean wantAdded = kind != ChangeKind.MUTATED;
        boolean wantMutated = kind != ChangeKind.ADDED;
        for (int r = from; r < to; r++) {
            if ((wantAdded && Integer.compareUnsigned(now - added[r], lastAge) < 0)
                    || (wantMutated && sinceAdded[r] != 0 && Integer.compareUnsigned(now - mutated[r], lastAge) < 0)) {
                sink.accept(r);
            }
        }
        return to - from;
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
        if (resourceId >= resourcePresent.length || !resourcePresent[resourceId]) {
            return false;
        }
        int last = reader.lastRun();
        int now = reader.thisRun();
        boolean added = Ticks.isNewer(resourceAdded[resourceId], last, now);
        boolean mutated = resourceMutatedSinceAdded[resourceId] && Ticks.isNewer(resourceMutated[resourceId], last, now);
        return kind.holds(added, mutated);
    }

    @Override
    public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return resourceId < resourceEverRemoved.length && resourceEverRemoved[resourceId]
                && Ticks.isNewer(resourceRemoved[resourceId], reader.lastRun(), reader.thisRun());
    }

    @Override
    public long memoryBytes() {
        long[] bytes = {0};
        host.forEachColumn((column, rows) -> {
            bytes[0] += 4L * 3 * column.laneArray(ADDED).length;
            if (column.attachment() instanceof Summaries s) {
                bytes[0] += 16 + s.added.bytes() + s.mutated.bytes();
            }
        });
        for (RemovalLog log : removals) {
            if (log != null) {
                bytes[0] += log.bytes();
            }
        }
        bytes[0] += 21L * resourceAdded.length;
        return bytes[0];
    }

    private static <T> T[] grow(T[] array, int index) {
        return index < array.length ? array : Arrays.copyOf(array, Math.max(index + 1, array.length * 2));
    }

    /** The summaries of one column, made on first use and kept on the column. */
    private Summaries summaries(TrackedRows column) {
        TrackedRows.Attachment state = column.attachment();
        if (state != null) {
            return (Summaries) state;
        }
        Summaries s = new Summaries(blockShift);
        column.setAttachment(s);
        return s;
    }

    /** A column's added and mutated block ticks; follows rows that fill swap-removed holes. */
    private final class Summaries implements TrackedRows.Attachment {
        final BlockTicks added;
        final BlockTicks mutated;

        Summaries(int blockShift) {
            added = new BlockTicks(blockShift);
            mutated = new BlockTicks(blockShift);
        }

        void cover(int row, int now) {
            added.cover(row, now);
            mutated.cover(row, now);
        }

        @Override
        public void rowFilled(TrackedRows column, int row) {
            int now = host.currentTick();
            added.mark(row, now);                   // the row existed, so it is covered
            mutated.mark(row, now);
        }
    }

    /**
     * The newest tick of every block of rows, for one kind of change in one column. Never older than
     * a row it covers; may be newer (a block stays stamped after its newest row leaves), which only
     * costs a look.
     *
     * <p>A mark is one unconditional store: no compare, no branch (a compare-and-skip costs more
     * than the store it saves). Storing never lowers a block's tick, because the marks of one column
     * come in tick order: writers of a column never overlap and take their tick when they start, and
     * structural changes, made when no system runs, take the newest. {@link #cover} grows the array
     * wherever a row comes into being (added, moved in), so the write path never grows it; it still
     * checks, so that a variant that forgets to cover (a forwarding tracker) stays safe.
     */
    static final class BlockTicks {
        /** Blocks per group: the second level, so a query over a quiet column skips 64 blocks at a time. */
        static final int GROUP_SHIFT = 6;
        private final int blockShift;
        int[] blocks = new int[0];
        /** The newest tick of every group of {@code 2^GROUP_SHIFT} blocks. */
        int[] groups = new int[0];

        BlockTicks(int blockShift) {
            this.blockShift = blockShift;
        }

        /** The hot path: two stores (the growth branch is never taken once the row is covered). */
        void mark(int row, int tick) {
            int b = row >>> blockShift;
            if (b >= blocks.length) {
                cover(row, tick);
            }
            blocks[b] = tick;
            groups[b >>> GROUP_SHIFT] = tick;
        }

        /** Grows the arrays to cover {@code row}; new blocks read "no change" ({@code now - MAX_AGE}). */
        void cover(int row, int now) {
            int b = row >>> blockShift;
            if (b >= blocks.length) {
                int old = blocks.length;
                int n = Math.max(b + 1, old * 2);
                n = (n + (1 << GROUP_SHIFT) - 1) >>> GROUP_SHIFT << GROUP_SHIFT;     // whole groups
                blocks = Arrays.copyOf(blocks, n);
                Arrays.fill(blocks, old, n, (int) (now - Ticks.MAX_AGE));
                int oldGroups = groups.length;
                groups = Arrays.copyOf(groups, n >>> GROUP_SHIFT);
                Arrays.fill(groups, oldGroups, groups.length, (int) (now - Ticks.MAX_AGE));
            }
        }

        void clamp(int now) {
            for (int i = 0; i < blocks.length; i++) {
                blocks[i] = Ticks.clamp(blocks[i], now);
            }
            for (int i = 0; i < groups.length; i++) {
                groups[i] = Ticks.clamp(groups[i], now);
            }
        }

        long bytes() {
            return 48L + 4L * blocks.length + 4L * groups.length;
        }
    }

    /**
     * Removed entities of one component with the tick of each removal, oldest first. Bounded: when
     * full, the removals every reader has seen are dropped, or else the oldest half.
     */
    static final class RemovalLog {
        private Entity[] entities;
        private int[] ticks;
        private int size;
        private boolean hasFloor;
        private int floor;

        RemovalLog(int initialCapacity) {
            int n = Math.max(1, initialCapacity);
            entities = new Entity[n];
            ticks = new int[n];
        }

        boolean isFull() {
            return size == entities.length;
        }

        void append(Entity e, int tick, int limit, int minLastRun) {
            if (size == entities.length) {
                if (size >= limit) {
                    int keep = 0;
                    while (keep < size && !Ticks.isNewer(ticks[keep], minLastRun, tick)) {
                        keep++;
                    }
                    if (keep == 0) {
                        keep = size / 2;     // a reader stopped running: drop the oldest half, it misses them
                    }
                    if (keep > 0) {
                        raise(ticks[keep - 1], tick);
                        System.arraycopy(entities, keep, entities, 0, size - keep);
                        System.arraycopy(ticks, keep, ticks, 0, size - keep);
                        size -= keep;
                        Arrays.fill(entities, size, size + keep, null);
                    }
                }
                if (size == entities.length) {
                    entities = Arrays.copyOf(entities, size * 2);
                    ticks = Arrays.copyOf(ticks, size * 2);
                }
            }
            entities[size] = e;
            ticks[size] = tick;
            size++;
        }

        /**
         * Removals after the reader's previous run. The reader's own removals carry its run's tick,
         * which becomes its previous run, so they are never news to it. A reader older than the floor
         * gets what is left: the removals it missed are the one inexact answer of this strategy (see
         * the class comment).
         */
        List<Entity> since(SystemTicks reader) {
            int last = reader.lastRun();
            int now = reader.thisRun();
            int lo = 0;
            int hi = size;
            while (lo < hi) {          // removals come in tick order: the newer ones are a suffix
                int mid = (lo + hi) >>> 1;
                if (Ticks.isNewer(ticks[mid], last, now)) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            List<Entity> out = new ArrayList<>();
            for (int i = lo; i < size; i++) {
                out.add(entities[i]);
            }
            return out;
        }

        /** Clamps every tick as {@link Ticks#clamp} does; clamping keeps their order. */
        void clampTicks(int now) {
            for (int i = 0; i < size; i++) {
                ticks[i] = Ticks.clamp(ticks[i], now);
            }
            if (hasFloor) {
                floor = Ticks.clamp(floor, now);
            }
        }

        private void raise(int tick, int now) {
            if (!hasFloor || Ticks.isNewer(tick, floor, now)) {
                floor = tick;
                hasFloor = true;
            }
        }

        long bytes() {
            return 32L + 12L * entities.length + 24L * size;
        }
    }
}
