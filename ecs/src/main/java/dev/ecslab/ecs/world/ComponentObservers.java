package dev.ecslab.ecs.world;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.storage.SparseSet;
import dev.ecslab.ecs.storage.Storage;
import dev.ecslab.ecs.storage.Table;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Who observes which component's changes, so that a component nobody observes costs nothing to
 * write (after japes, which turns tracking off for components no system observes).
 *
 * <p><b>Contract.</b> Each component has a count of open observations (a query with a change filter
 * on it opens one when it is built and closes it with {@link dev.ecslab.ecs.query.Query#close()};
 * the lab and tests open them through {@link dev.ecslab.ecs.internal.WorldInternals#observe}). While
 * the count is zero, every column of the component has {@link TrackedRows#observed()} false and the
 * world sends the tracker no {@code onAdded}, {@code onMutated} or {@code onMoved} about its rows: the
 * write path is one field load and a branch. Removals and resources are always tracked (their history
 * cannot be rebuilt later, and they are rare).
 *
 * <p><b>When observation starts</b> (the count goes from zero to one) the world cannot know what
 * happened to the rows meanwhile, so it announces every live row to the tracker as added and then
 * mutated, by the world writer, at a fresh tick: every reader whose window began before that moment
 * sees every row as added, mutated and changed — reported, never missed, as Bevy reports everything to
 * a new system. A query built or reopened <em>inside</em> a running system announces at that run's
 * tick, so the run itself sees them and its next run does not; a query built on the world itself inside
 * an exclusive system's run reads with that run's ticks, so it announces at that run's tick too. A
 * strategy that counts writers' runs rather than comparing ticks must tell the announcement apart
 * (its writer is named {@link SystemTicks#OBSERVATION_STARTS}) and place it by its tick:
 * {@code system-data} does. The lab builds late observers between frames and inside running systems
 * (normal and exclusive), and judges both.
 *
 * <p><b>Threads.</b> Counting and the announcement are under this object's lock. An observation may
 * start on a system thread (a query built in a system body); no writer of the component runs then,
 * since the query reads it, so the announcement and the flags race with nothing that writes them.
 */
final class ComponentObservers {
    private final Components components;
    private final Storage storage;
    private final ChangeTracker tracker;
    private final AtomicInteger changeTick;
    private int[] counts = new int[16];
    /** Test hook for the lab's mutant: a world that forgets to announce (never true in a real world). */
    private final boolean skipAnnouncement;
    /** Every component observed from the start, whatever is opened or closed (see {@code World.Builder#observeEverything}). */
    private final boolean everything;

    ComponentObservers(Components components, Storage storage, ChangeTracker tracker, AtomicInteger changeTick,
            boolean skipAnnouncement, boolean everything) {
        this.everything = everything;
        this.components = components;
        this.storage = storage;
        this.tracker = tracker;
        this.changeTick = changeTick;
        this.skipAnnouncement = skipAnnouncement;
    }

    /** True when some observation of the component is open (what storage gives new columns). */
    synchronized boolean isObserved(int componentId) {
        return everything || componentId < counts.length && counts[componentId] > 0;
    }

    /** Opens one observation of the component; the first one announces every live row. */
    synchronized void open(int componentId, SystemTicks reader) {
        if (componentId >= counts.length) {
            counts = Arrays.copyOf(counts, Math.max(componentId + 1, counts.length * 2));
        }
        if (counts[componentId]++ == 0 && !everything) {
            if (!skipAnnouncement) {
                announce(componentId, reader);
            }
            setFlags(componentId, true);
        }
    }

    /** Closes one observation; the last one turns the component's tracking off. */
    synchronized void close(int componentId) {
        if (componentId >= counts.length || counts[componentId] == 0) {
            throw new IllegalStateException("no observation of " + components.info(componentId).name() + " is open");
        }
        if (--counts[componentId] == 0 && !everything) {
            setFlags(componentId, false);
        }
    }

    /** Open observations of the component. */
    synchronized int count(int componentId) {
        return componentId < counts.length ? counts[componentId] : 0;
    }

    private void setFlags(int componentId, boolean observed) {
        forEachColumn(componentId, (column, entities, rows) -> column.setObserved(observed));
    }

    /**
     * Every live row, as added then mutated by the world writer: at the tick of the observer's run if
     * it is in the middle of one (its window ends there, so a fresh tick would reach it only next run),
     * else at a fresh tick.
     */
    private void announce(int componentId, SystemTicks reader) {
        boolean inRun = reader != null && reader.inRun();      // not thisRun != lastRun: a clamp between runs parts them
        RunTicks writer = RunTicks.fresh(SystemTicks.WORLD_WRITER, SystemTicks.OBSERVATION_STARTS, changeTick.get());
        writer.begin(inRun ? reader.thisRun() : changeTick.incrementAndGet());
        tracker.onRunStarted(writer);
        forEachColumn(componentId, (column, entities, rows) -> {
            for (int r = 0; r < rows; r++) {
                tracker.onAdded(writer, componentId, entities[r], column, r);
                tracker.onMutated(writer, componentId, entities[r], column, r);
            }
        });
    }

    private interface ColumnVisitor {
        void visit(Column column, int[] entities, int rows);
    }

    private void forEachColumn(int componentId, ColumnVisitor visitor) {
        if (components.info(componentId).storage() == StorageKind.SPARSE_SET) {
            SparseSet set = storage.sparseSet(componentId);
            visitor.visit(set.column(), set.entityIndices(), set.size());
            return;
        }
        for (int t = 0, n = storage.tableCount(); t < n; t++) {
            Table table = storage.table(t);
            Column c = table.columnOf(componentId);
            if (c != null) {
                visitor.visit(c, table.entityIndices(), table.size());
            }
        }
    }
}
