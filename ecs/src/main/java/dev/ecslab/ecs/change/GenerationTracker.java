package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Column;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * Proposal 5, the generation counter (Bevy's scheme, with exact additions and change-proportional
 * queries): a global tick incremented per system run; per component row an added tick, a mutated
 * tick and a "mutated since added" flag in three metadata lanes (so they survive archetype moves); per
 * system the tick of its previous run. A component is added (mutated) for a reader when that tick is newer than the reader's previous
 * run; comparison is by wrapping age ({@link Ticks}), and ticks older than {@link Ticks#MAX_AGE} are
 * clamped every {@link Ticks#CHECK_THRESHOLD} ticks, as Bevy's {@code check_change_ticks} does.
 *
 * <p><b>Exact.</b> A writer's changes carry its run's tick; a reader's window is every tick after
 * its previous run began. Systems that write what a reader reads never overlap it, so tick order is
 * run order for everything that matters, looping stages included; a system's own changes carry its own
 * run's tick and are never newer than itself afterwards.
 *
 * <p><b>Cost of a change query.</b> Besides the lanes, every added and mutated event is logged per
 * (archetype, component) in a {@link ChangeLog} (mutations at most once per run). A query with a
 * change filter asks {@link #candidates} for the entities logged since its previous run in the
 * archetypes it matches, so it costs in proportion to the changes, not to the world, and stays exact:
 * every candidate is tested against its lanes. An entity that moves archetypes is re-logged in its new
 * archetype at the move's tick. A reader older than a log's floor falls back to scanning.
 *
 * <p><b>Removals</b> cannot be rebuilt by a scan, so they are kept per component with their
 * tick, and clamped (not cleared) with the other ticks. The log is bounded like the change logs:
 * when it reaches its limit, the removals every reader has seen are dropped; if a reader has stopped
 * running and nothing can be dropped, the oldest half goes and that reader misses them. That is the
 * single way this strategy can be inexact, and it needs more than {@code max(1024, 2 x live
 * entities)} removals unseen by one reader (Bevy keeps removals two frames; here they are kept until
 * every reader has seen them, within that bound).
 */
public final class GenerationTracker implements ChangeTracker {
    static final int ADDED = 0;
    static final int MUTATED = 1;
    /** 1 once the component was mutated since it was added (a mutation tick alone cannot say "never"). */
    static final int MUTATED_SINCE_ADDED = 2;

    private TrackerHost host;
    private final LogTable addedLogs = new LogTable(this);
    private final LogTable mutatedLogs = new LogTable(this);
    private RemovalLog[] removals = new RemovalLog[8];
    /** A fixed log limit for tests, or 0 for the default (at least 1 024, twice the live entities). */
    private final int fixedLogLimit;
    private final ChangeLog.Bounds bounds;
    private final ChangeLog.Bounds removalBounds;
    private final int removalCapacity;
    private int[] resourceAdded = new int[8];
    private int[] resourceMutated = new int[8];
    private int[] resourceRemoved = new int[8];
    private boolean[] resourcePresent = new boolean[8];
    private boolean[] resourceMutatedSinceAdded = new boolean[8];
    private boolean[] resourceEverRemoved = new boolean[8];
    private final Set<SystemTicks> readers = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    private int lastCheck;

    /** A tracker whose change and removal logs hold at least 1 024 entries (or twice the live entities). */
    public GenerationTracker() {
        this(0, 0);
    }

    /**
     * A tracker whose change logs compact at exactly {@code fixedLogLimit} entries (0 for the
     * default): tests use a tiny limit to exercise compaction and the scan fallback. Removal logs keep
     * the default limit, since a full one can lose removals (see the class comment).
     */
    public GenerationTracker(int fixedLogLimit) {
        this(fixedLogLimit, 0);
    }

    /** As {@link #GenerationTracker(int)}, with a fixed removal-log limit too (0 for the default). */
    public GenerationTracker(int fixedLogLimit, int fixedRemovalLimit) {
        this.fixedLogLimit = fixedLogLimit;
        this.bounds = new LogBounds(fixedLogLimit);
        this.removalBounds = new LogBounds(fixedRemovalLimit);
        this.removalCapacity = fixedRemovalLimit > 0 ? Math.min(8, fixedRemovalLimit) : 8;
    }

    /** Logs start at 16 entries, or at the fixed limit when smaller, so that tiny limits compact. */
    private int initialLogCapacity() {
        return fixedLogLimit > 0 ? Math.min(16, fixedLogLimit) : 16;
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

    /** Registers the run's ticks as a reader (the world writer never reads, so it is not one). */
    @Override
    public void runStarted(SystemTicks run) {
        if (run.id() != SystemTicks.WORLD_WRITER) {
            readers.add(run);
        }
    }

    @Override
    public void runFinished(SystemTicks run) {
        // The runner moves lastRun to thisRun; nothing else to do.
    }

    /** No system runs: clamp old ticks if the clock moved a threshold since the last check. */
    @Override
    public void syncPoint() {
        checkTicks();
    }

    @Override
    public void frameEnded() {
        checkTicks();
    }

    /** Clamps every tick if {@link Ticks#CHECK_THRESHOLD} ticks passed since the last check. */
    public void checkTicks() {
        int now = host.currentTick();
        if (Ticks.age(lastCheck, now) >= Ticks.CHECK_THRESHOLD) {
            clampAll(now);
        }
    }

    /** Bevy's check_change_ticks: no tick may grow older than MAX_AGE, or comparisons would wrap. */
    private void clampAll(int now) {
        lastCheck = now;
        host.forEachColumn((column, rows) -> {
            int[] added = column.laneArray(ADDED);
            int[] mutated = column.laneArray(MUTATED);
            for (int r = 0; r < rows; r++) {
                added[r] = Ticks.clamp(added[r], now);
                mutated[r] = Ticks.clamp(mutated[r], now);
            }
        });
        synchronized (readers) {
            for (SystemTicks s : readers) {
                s.setLastRun(Ticks.clamp(s.lastRun(), now));
            }
        }
        for (int i = 0; i < resourceAdded.length; i++) {
            resourceAdded[i] = Ticks.clamp(resourceAdded[i], now);
            resourceMutated[i] = Ticks.clamp(resourceMutated[i], now);
            resourceRemoved[i] = Ticks.clamp(resourceRemoved[i], now);
        }
        addedLogs.clearAll(now);
        mutatedLogs.clearAll(now);
        for (RemovalLog log : removals) {
            if (log != null) {
                log.clampTicks(now);        // removals cannot be rebuilt by a scan: keep them, clamped
            }
        }
    }

    // ------------------------------------------------------------------ component events

    @Override
    public void added(SystemTicks writer, int componentId, int entityIndex, Column column, int row) {
        int tick = writer.thisRun();
        column.setLane(ADDED, row, tick);
        column.setLane(MUTATED, row, tick);
        column.setLane(MUTATED_SINCE_ADDED, row, 0);
        addedLogs.get(host.archetypeOf(entityIndex), componentId).append(entityIndex, tick, bounds);
    }

    @Override
    public void mutated(SystemTicks writer, int componentId, int entityIndex, Column column, int row) {
        int tick = writer.thisRun();
        if (column.lane(MUTATED, row) == tick && column.lane(MUTATED_SINCE_ADDED, row) != 0) {
            return;                          // already marked (and logged) in this run
        }
        column.setLane(MUTATED, row, tick);
        column.setLane(MUTATED_SINCE_ADDED, row, 1);
        mutatedLogs.get(host.archetypeOf(entityIndex), componentId).append(entityIndex, tick, bounds);
    }

    @Override
    public void removed(SystemTicks writer, int componentId, Entity entity) {
        removals = grow(removals, componentId);
        RemovalLog log = removals[componentId];
        if (log == null) {
            log = removals[componentId] = new RemovalLog(removalCapacity);
        }
        log.append(entity, writer.thisRun(), removalBounds);
    }

    @Override
    public void moved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, Column[] columns, int[] rows) {
        int tick = host.currentTick();
        for (int componentId : componentIds) {
            addedLogs.get(toArchetype, componentId).append(entityIndex, tick, bounds);
            mutatedLogs.get(toArchetype, componentId).append(entityIndex, tick, bounds);
        }
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
    public void resourceAdded(SystemTicks writer, int resourceId) {
        ensureResource(resourceId);
        resourceAdded[resourceId] = writer.thisRun();
        resourceMutated[resourceId] = writer.thisRun();
        resourceMutatedSinceAdded[resourceId] = false;
        resourcePresent[resourceId] = true;
    }

    @Override
    public void resourceMutated(SystemTicks writer, int resourceId) {
        ensureResource(resourceId);
        resourceMutated[resourceId] = writer.thisRun();
        resourceMutatedSinceAdded[resourceId] = true;
    }

    @Override
    public void resourceRemoved(SystemTicks writer, int resourceId) {
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
    public boolean test(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            Column column, int row) {
        int last = reader.lastRun();
        int now = reader.thisRun();
        return switch (kind) {
            case ADDED -> Ticks.isNewer(column.lane(ADDED, row), last, now);
            case MUTATED -> column.lane(MUTATED_SINCE_ADDED, row) != 0 && Ticks.isNewer(column.lane(MUTATED, row), last, now);
            case CHANGED -> Ticks.isNewer(column.lane(ADDED, row), last, now)
                    || (column.lane(MUTATED_SINCE_ADDED, row) != 0 && Ticks.isNewer(column.lane(MUTATED, row), last, now));
        };
    }

    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        int last = reader.lastRun();
        int now = reader.thisRun();
        int[] out = new int[16];
        int size = 0;
        for (int a : archetypeIds) {
            for (LogTable logs : kind == ChangeKind.ADDED ? List.of(addedLogs)
                    : kind == ChangeKind.MUTATED ? List.of(mutatedLogs) : List.of(addedLogs, mutatedLogs)) {
                ChangeLog log = logs.find(a, componentId);
                if (log == null) {
                    continue;
                }
                int[] part = log.since(last, now);
                if (part == null) {
                    return null;
                }
                if (size + part.length > out.length) {
                    out = Arrays.copyOf(out, Math.max(size + part.length, out.length * 2));
                }
                System.arraycopy(part, 0, out, size, part.length);
                size += part.length;
            }
        }
        return Arrays.copyOf(out, size);
    }

    @Override
    public List<Entity> removed(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        RemovalLog log = componentId < removals.length ? removals[componentId] : null;
        return log == null ? List.of() : log.since(reader);
    }

    @Override
    public boolean resource(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        if (resourceId >= resourcePresent.length || !resourcePresent[resourceId]) {
            return false;
        }
        int last = reader.lastRun();
        int now = reader.thisRun();
        boolean added = Ticks.isNewer(resourceAdded[resourceId], last, now);
        boolean mutated = resourceMutatedSinceAdded[resourceId] && Ticks.isNewer(resourceMutated[resourceId], last, now);
        return switch (kind) {
            case ADDED -> added;
            case MUTATED -> mutated;
            case CHANGED -> added || mutated;
        };
    }

    @Override
    public boolean resourceRemoved(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return resourceId < resourceEverRemoved.length && resourceEverRemoved[resourceId]
                && Ticks.isNewer(resourceRemoved[resourceId], reader.lastRun(), reader.thisRun());
    }

    @Override
    public long memoryBytes() {
        long[] bytes = {0};
        host.forEachColumn((column, rows) -> bytes[0] += 4L * 3 * column.laneArray(ADDED).length);
        bytes[0] += addedLogs.bytes() + mutatedLogs.bytes();
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

    /** A log's limit (fixed, or at least 1 024 and twice the live entities) and the oldest reader. */
    private final class LogBounds implements ChangeLog.Bounds {
        private final int fixedLimit;

        LogBounds(int fixedLimit) {
            this.fixedLimit = fixedLimit;
        }

        @Override
        public int limit() {
            return fixedLimit > 0 ? fixedLimit : Math.max(1024, 2 * host.liveEntityCount());
        }

        @Override
        public int minLastRun() {
            return GenerationTracker.this.minLastRun();
        }
    }

    /** Change logs by (archetype, component), created on first use. */
    private static final class LogTable {
        private final GenerationTracker owner;
        private ChangeLog[][] rows = new ChangeLog[8][];

        LogTable(GenerationTracker owner) {
            this.owner = owner;
        }

        ChangeLog get(int archetype, int componentId) {
            if (archetype >= rows.length) {
                rows = Arrays.copyOf(rows, Math.max(archetype + 1, rows.length * 2));
            }
            ChangeLog[] row = rows[archetype];
            if (row == null || componentId >= row.length) {
                row = row == null ? new ChangeLog[Math.max(8, componentId + 1)]
                        : Arrays.copyOf(row, Math.max(componentId + 1, row.length * 2));
                rows[archetype] = row;
            }
            ChangeLog log = row[componentId];
            if (log == null) {
                log = row[componentId] = new ChangeLog(owner.initialLogCapacity());
            }
            return log;
        }

        ChangeLog find(int archetype, int componentId) {
            ChangeLog[] row = archetype < rows.length ? rows[archetype] : null;
            return row != null && componentId < row.length ? row[componentId] : null;
        }

        void clearAll(int now) {
            for (ChangeLog[] row : rows) {
                if (row != null) {
                    for (ChangeLog log : row) {
                        if (log != null) {
                            log.clear(now);
                        }
                    }
                }
            }
        }

        long bytes() {
            long total = 16L + 8L * rows.length;
            for (ChangeLog[] row : rows) {
                if (row != null) {
                    total += 8L * row.length;
                    for (ChangeLog log : row) {
                        if (log != null) {
                            total += log.bytes();
                        }
                    }
                }
            }
            return total;
        }
    }

    /**
     * Removed entities of one component with the tick of each removal, oldest first,
     * bounded like {@link ChangeLog}.
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

        void append(Entity e, int tick, ChangeLog.Bounds bounds) {
            if (size == entities.length) {
                if (size >= bounds.limit()) {
                    int minLastRun = bounds.minLastRun();
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
