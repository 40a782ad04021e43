package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.entity.Entity;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Mutants of {@code generation} that are wrong only in a big world: past an entity index, a row, a
 * system id or a number of removals that scenarios of a few dozen entities and systems never reach, or
 * only when an entity's slot is reused. Each is the real tracker with one such limit put in, as a
 * strategy with a fixed-size structure would have it.
 */
final class BigWorldMutants {
    private BigWorldMutants() {
    }

    /** Ids, for {@link Mutants#bigWorldMutants()}. */
    static final String LOSES_HIGH_INDICES = "mutant:loses-indices-past-4096";
    static final String SYSTEM_BITS_IN_A_LONG = "mutant:system-bits-in-a-long";
    static final String ADDED_BLIND_PAST_20 = "mutant:added-blind-past-system-20";
    static final String REMOVAL_BUFFER_1000 = "mutant:removal-buffer-of-1000";
    static final String LOSES_ROWS_PAST_4096 = "mutant:loses-rows-past-4096";
    static final String REMOVALS_BY_INDEX = "mutant:removals-by-index";

    /**
     * Loses every change of an entity whose index is 4 096 or more, as a strategy with a fixed 4 096-entry
     * table indexed by entity would: an addition there counts as silent, a write is not recorded, a
     * removal is dropped.
     */
    static final class LosesHighIndices extends ForwardingChangeTracker {
        static final int LIMIT = 4_096;

        LosesHighIndices() {
            super(new GenerationTracker());
        }

        @Override
        public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            if (entityIndex >= LIMIT) {
                super.onAddedSilently(componentId, entityIndex, rows, row);
            } else {
                super.onAdded(writer, componentId, entityIndex, rows, row);
            }
        }

        @Override
        public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            if (entityIndex < LIMIT) {
                super.onMutated(writer, componentId, entityIndex, rows, row);
            }
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            if (entity.index() < LIMIT) {
                super.onRemoved(writer, componentId, entity);
            }
        }
    }

    /**
     * Keeps, per component and resource, one bit per system in a {@code long}: "this reader may have
     * changes it has not seen". Any change sets every bit; a reader's run that asked about the data clears
     * its own bit when it finishes; a reader whose bit is clear is answered "nothing changed" without a
     * look at the rows. Exact while system ids stay below 64 (a writer of what a reader watches never runs
     * beside it, so nothing changes between the reader's question and its finish but its own writes). Past
     * 64, {@code 1L << id} wraps: system 64 + k clears the bit of system k, which then misses what changed
     * between its run and system 64 + k's.
     */
    static final class SystemBitsInALong extends ForwardingChangeTracker {
        private static final int SLOTS = 64;
        private final AtomicLongArray unseen = new AtomicLongArray(SLOTS);             // component id -> bits
        private final AtomicLongArray unseenResources = new AtomicLongArray(SLOTS);    // resource id -> bits
        /** Per reader id: the components (bit per id) and resources it asked about in its current run. */
        private final Map<Integer, long[]> asked = new ConcurrentHashMap<>();
        /** The component of each column seen (a column holds one component), for the row walks. */
        private final Map<TrackedRows, Integer> componentOf = java.util.Collections.synchronizedMap(
                new java.util.IdentityHashMap<>());

        SystemBitsInALong() {
            super(new GenerationTracker());
            for (int i = 0; i < SLOTS; i++) {
                unseen.set(i, -1L);
                unseenResources.set(i, -1L);
            }
        }

        private static long bit(SystemTicks reader) {
            return 1L << reader.id();                       // the defect: the shift count is taken mod 64
        }

        private boolean quiet(AtomicLongArray bits, int id, SystemTicks reader, int which) {
            if (id >= SLOTS) {
                return false;
            }
            asked.computeIfAbsent(reader.id(), k -> new long[2])[which] |= 1L << id;
            return (bits.get(id) & bit(reader)) == 0;
        }

        private void changed(AtomicLongArray bits, int id) {
            if (id < SLOTS) {
                bits.set(id, -1L);
            }
        }

        @Override
        public void onRunFinished(SystemTicks run) {
            super.onRunFinished(run);
            long[] a = asked.remove(run.id());
            if (a == null) {
                return;
            }
            clear(unseen, a[0], run);
            clear(unseenResources, a[1], run);
        }

        private static void clear(AtomicLongArray bits, long ids, SystemTicks run) {
            for (long rest = ids; rest != 0; rest &= rest - 1) {
                int id = Long.numberOfTrailingZeros(rest);
                long b = bit(run);
                bits.getAndUpdate(id, v -> v & ~b);
            }
        }

        @Override
        public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            super.onAdded(writer, componentId, entityIndex, rows, row);
            componentOf.put(rows, componentId);
            changed(unseen, componentId);
        }

        @Override
        public void onMoved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, TrackedRows[] rows,
                int[] rowIndices) {
            super.onMoved(entityIndex, fromArchetype, toArchetype, componentIds, rows, rowIndices);
            for (int i = 0; i < rows.length; i++) {
                componentOf.put(rows[i], componentIds[i]);
            }
        }

        @Override
        public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            super.onMutated(writer, componentId, entityIndex, rows, row);
            changed(unseen, componentId);
        }

        @Override
        public void onResourceAdded(SystemTicks writer, int resourceId) {
            super.onResourceAdded(writer, resourceId);
            changed(unseenResources, resourceId);
        }

        @Override
        public void onResourceMutated(SystemTicks writer, int resourceId) {
            super.onResourceMutated(writer, resourceId);
            changed(unseenResources, resourceId);
        }

        @Override
        public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
                TrackedRows column, int row) {
            return !quiet(unseen, componentId, reader, 0)
                    && super.matches(kind, flavor, reader, componentId, entityIndex, column, row);
        }

        @Override
        public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
            return quiet(unseen, componentId, reader, 0) ? new int[0]
                    : super.candidates(kind, flavor, reader, componentId, archetypeIds);
        }

        @Override
        public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
                RowSink sink) {
            Integer component = componentOf.get(column);
            return component != null && quiet(unseen, component, reader, 0)
                    || super.candidateRows(kind, flavor, reader, column, rows, sink);
        }

        @Override
        public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            return !quiet(unseenResources, resourceId, reader, 1) && super.resourceMatches(kind, flavor, reader, resourceId);
        }
    }

    /** {@code Added} is never true for a reader whose system id is past 20, as with a 21-entry table of first runs. */
    static final class AddedBlindPast20 extends ForwardingChangeTracker {
        static final int LAST_SEEING = 20;

        AddedBlindPast20() {
            super(new GenerationTracker());
        }

        private static boolean blind(ChangeKind kind, SystemTicks reader) {
            return kind == ChangeKind.ADDED && reader.id() > LAST_SEEING;
        }

        @Override
        public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
                TrackedRows column, int row) {
            return !blind(kind, reader) && super.matches(kind, flavor, reader, componentId, entityIndex, column, row);
        }

        @Override
        public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
            return blind(kind, reader) ? new int[0] : super.candidates(kind, flavor, reader, componentId, archetypeIds);
        }

        @Override
        public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
                RowSink sink) {
            return blind(kind, reader) || super.candidateRows(kind, flavor, reader, column, rows, sink);
        }

        @Override
        public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            return !blind(kind, reader) && super.resourceMatches(kind, flavor, reader, resourceId);
        }
    }

    /** Keeps at most 1 000 removals per frame: the ones past that, in the same frame, are dropped. */
    static final class RemovalBufferOf1000 extends ForwardingChangeTracker {
        static final int CAPACITY = 1_000;
        private int thisFrame;

        RemovalBufferOf1000() {
            super(new GenerationTracker());
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            if (thisFrame++ < CAPACITY) {                    // removals come from the owning thread only
                super.onRemoved(writer, componentId, entity);
            }
        }

        @Override
        public void onFrameEnded() {
            super.onFrameEnded();
            thisFrame = 0;
        }
    }

    /**
     * Keeps removals by entity index only: two removals of one component at one index, from two
     * entities that held the slot one after the other, are one entry, the later entity's. Exact while no
     * slot is freed and taken again between a detector's runs.
     */
    static final class RemovalsByIndex extends ForwardingChangeTracker {
        RemovalsByIndex() {
            super(new GenerationTracker());
        }

        @Override
        public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
            Map<Integer, Entity> byIndex = new LinkedHashMap<>();
            for (Entity e : super.removedSince(flavor, reader, componentId)) {
                byIndex.remove(e.index());
                byIndex.put(e.index(), e);
            }
            return new ArrayList<>(byIndex.values());
        }
    }
}
