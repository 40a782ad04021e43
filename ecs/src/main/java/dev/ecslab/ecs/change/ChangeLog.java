package dev.ecslab.ecs.change;

import java.util.Arrays;

/**
 * The entity indices whose component changed in one archetype, grouped into runs by tick, oldest
 * first. Lets a change query visit only what changed since a reader's previous run: a binary search
 * finds the first run newer than it, and the rest of the log is the candidate list.
 *
 * <p><b>Ordering.</b> Appends come in tick order: the writers of one component in one archetype
 * conflict, so they never run together, and structural changes (which also append) happen between
 * runs with the newest tick. Entries may repeat an entity or go stale (it moved or died); readers test
 * each candidate's ticks, which stay exact.
 *
 * <p><b>Bound.</b> When the log is full, runs every registered reader has seen are dropped; if that
 * is not enough (a reader stopped running), the oldest runs go until half the limit is left. Either
 * way the log remembers a {@code floor}: entries up to that tick may be missing, so a reader whose
 * previous run is older than the floor must scan instead, while readers that keep running keep
 * getting candidates.
 * The size stays proportional to the world, whatever the number of frames.
 *
 * <p>Not thread-safe; see {@link ChangeTracker} for why one log is never written and read at once.
 */
final class ChangeLog {
    private int[] entities;
    private int size;
    private int[] runTick = new int[4];
    private int[] runStart = new int[4];
    private int runs;
    private boolean hasFloor;
    private int floor;

    /** A log whose first array holds {@code initialCapacity} entries (a small one makes tests compact early). */
    ChangeLog(int initialCapacity) {
        entities = new int[Math.max(1, initialCapacity)];
    }

    /** How full a log may get, and the oldest previous run of any reader; asked only when full. */
    interface Bounds {
        int limit();

        int minLastRun();
    }

    /** Appends {@code entity}, changed at {@code tick}. */
    void append(int entity, int tick, Bounds bounds) {
        if (size == entities.length) {
            int limit = bounds.limit();
            if (size >= limit) {
                compact(bounds.minLastRun(), tick);
                if (size >= limit) {
                    shrinkTo(limit / 2, tick);   // a reader stopped running: it will scan, the rest keep candidates
                }
            }
            if (size == entities.length) {
                entities = Arrays.copyOf(entities, size * 2);
            }
        }
        if (runs == 0 || runTick[runs - 1] != tick) {
            if (runs == runTick.length) {
                runTick = Arrays.copyOf(runTick, runs * 2);
                runStart = Arrays.copyOf(runStart, runs * 2);
            }
            runTick[runs] = tick;
            runStart[runs] = size;
            runs++;
        }
        entities[size++] = entity;
    }

    /**
     * The entities changed after {@code lastRun} (seen from {@code thisRun}), a snapshot; {@code null}
     * when entries that old may be missing (the reader must scan).
     */
    int[] since(int lastRun, int thisRun) {
        if (hasFloor && Ticks.isNewer(floor, lastRun, thisRun)) {
            return null;
        }
        int lo = 0;
        int hi = runs;
        while (lo < hi) {            // first run newer than lastRun; "newer" holds for a suffix
            int mid = (lo + hi) >>> 1;
            if (Ticks.isNewer(runTick[mid], lastRun, thisRun)) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo == runs ? EMPTY : Arrays.copyOfRange(entities, runStart[lo], size);
    }

    /** Drops runs not newer than {@code minLastRun}: every reader has seen them. */
    void compact(int minLastRun, int now) {
        int keep = 0;
        while (keep < runs && !Ticks.isNewer(runTick[keep], minLastRun, now)) {
            keep++;
        }
        dropRuns(keep, now);
    }

    /** Drops the oldest runs until at most {@code target} entries are left (all of them if one run is bigger). */
    void shrinkTo(int target, int now) {
        int drop = 0;
        while (drop < runs && size - runStart[drop] > target) {
            drop++;
        }
        dropRuns(drop, now);
    }

    /** Drops the {@code count} oldest runs and raises the floor to the newest of them. */
    private void dropRuns(int count, int now) {
        if (count == 0) {
            return;
        }
        raiseFloor(runTick[count - 1], now);
        int from = count == runs ? size : runStart[count];
        System.arraycopy(entities, from, entities, 0, size - from);
        size -= from;
        System.arraycopy(runTick, count, runTick, 0, runs - count);
        System.arraycopy(runStart, count, runStart, 0, runs - count);
        runs -= count;
        for (int r = 0; r < runs; r++) {
            runStart[r] -= from;
        }
    }

    /** Forgets everything up to {@code now}. */
    void clear(int now) {
        raiseFloor(now, now);
        size = 0;
        runs = 0;
    }

    private void raiseFloor(int tick, int now) {
        if (!hasFloor || Ticks.isNewer(tick, floor, now)) {
            floor = tick;
            hasFloor = true;
        }
    }

    int size() {
        return size;
    }

    long bytes() {
        return 16L + 4L * entities.length + 8L * runTick.length + 16;
    }

    private static final int[] EMPTY = new int[0];
}
