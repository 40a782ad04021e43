package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Column;
import java.util.List;

/**
 * A tracker that forwards every event and question to another one. Override what a variant changes
 * and leave the rest: that is how a proposal that differs from a built-in strategy in one rule is
 * written (the lab's mutants are built this way: {@code generation} that loses ticks on a move), and
 * how probes count what a strategy answers without touching it.
 *
 * <p>Adds no state and no synchronization of its own; the delegate's thread-safety contract is this
 * tracker's.
 */
public abstract class ForwardingChangeTracker implements ChangeTracker {
    private final ChangeTracker delegate;

    protected ForwardingChangeTracker(ChangeTracker delegate) {
        this.delegate = java.util.Objects.requireNonNull(delegate, "delegate");
    }

    /** The tracker every call goes to. */
    protected final ChangeTracker delegate() {
        return delegate;
    }

    @Override
    public int laneCount() {
        return delegate.laneCount();
    }

    @Override
    public void attach(TrackerHost host) {
        delegate.attach(host);
    }

    @Override
    public void runStarted(SystemTicks run) {
        delegate.runStarted(run);
    }

    @Override
    public void runFinished(SystemTicks run) {
        delegate.runFinished(run);
    }

    @Override
    public void syncPoint() {
        delegate.syncPoint();
    }

    @Override
    public void frameEnded() {
        delegate.frameEnded();
    }

    @Override
    public void added(SystemTicks writer, int componentId, int entityIndex, Column column, int row) {
        delegate.added(writer, componentId, entityIndex, column, row);
    }

    @Override
    public void mutated(SystemTicks writer, int componentId, int entityIndex, Column column, int row) {
        delegate.mutated(writer, componentId, entityIndex, column, row);
    }

    @Override
    public void removed(SystemTicks writer, int componentId, Entity entity) {
        delegate.removed(writer, componentId, entity);
    }

    @Override
    public void moved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, Column[] columns, int[] rows) {
        delegate.moved(entityIndex, fromArchetype, toArchetype, componentIds, columns, rows);
    }

    @Override
    public void resourceAdded(SystemTicks writer, int resourceId) {
        delegate.resourceAdded(writer, resourceId);
    }

    @Override
    public void resourceMutated(SystemTicks writer, int resourceId) {
        delegate.resourceMutated(writer, resourceId);
    }

    @Override
    public void resourceRemoved(SystemTicks writer, int resourceId) {
        delegate.resourceRemoved(writer, resourceId);
    }

    @Override
    public boolean test(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            Column column, int row) {
        return delegate.test(kind, flavor, reader, componentId, entityIndex, column, row);
    }

    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        return delegate.candidates(kind, flavor, reader, componentId, archetypeIds);
    }

    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, Column column, int rows,
            RowSink sink) {
        return delegate.candidateRows(kind, flavor, reader, column, rows, sink);
    }

    @Override
    public List<Entity> removed(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        return delegate.removed(flavor, reader, componentId);
    }

    @Override
    public boolean resource(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return delegate.resource(kind, flavor, reader, resourceId);
    }

    @Override
    public boolean resourceRemoved(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return delegate.resourceRemoved(flavor, reader, resourceId);
    }

    @Override
    public long memoryBytes() {
        return delegate.memoryBytes();
    }
}
