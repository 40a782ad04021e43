package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Removed entities of one component with the tick of each removal, oldest first. Bounded: when
 * full, the removals every reader has seen are dropped, or else the oldest half ({@link GenerationTracker}'s
 * one inexact answer).
 */
final class RemovalLog {
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
