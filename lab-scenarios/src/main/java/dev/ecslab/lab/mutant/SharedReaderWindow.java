package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Column;
import java.util.List;

/**
 * {@code generation} ported naively to a parallel executor: it keeps "the running system" in one shared
 * field, set when a run starts, and answers every question with that system's window of ticks instead
 * of the asking reader's. While runs do not overlap the running system is the reader and every answer is
 * right, so it is exact under the serial executor; it errs only when another system (conflicting or not)
 * starts between a reader's start and its query. Sampling interleavings by sleeping almost never showed
 * that (lab bodies query microseconds after they start); controlled interleavings do.
 */
final class SharedReaderWindow extends ForwardingChangeTracker {
    static final String ID = "mutant:shared-reader-window";

    private volatile SystemTicks running;

    SharedReaderWindow() {
        super(new GenerationTracker());
    }

    @Override
    public void runStarted(SystemTicks run) {
        super.runStarted(run);
        running = run;
    }

    private SystemTicks window(SystemTicks reader) {
        SystemTicks r = running;
        return r == null || reader.id() < SystemTicks.FIRST_SYSTEM ? reader : r;
    }

    @Override
    public boolean test(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            Column column, int row) {
        return super.test(kind, flavor, window(reader), componentId, entityIndex, column, row);
    }

    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        return super.candidates(kind, flavor, window(reader), componentId, archetypeIds);
    }

    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, Column column, int rows,
            RowSink sink) {
        return super.candidateRows(kind, flavor, window(reader), column, rows, sink);
    }

    @Override
    public List<Entity> removed(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        return super.removed(flavor, window(reader), componentId);
    }

    @Override
    public boolean resource(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return super.resource(kind, flavor, window(reader), resourceId);
    }

    @Override
    public boolean resourceRemoved(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return super.resourceRemoved(flavor, window(reader), resourceId);
    }
}
