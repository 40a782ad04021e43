package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
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

    /** Whether a subclass overrides {@link #onFrameEnded}: then idle frames are its own frame ends, one by one. */
    private final boolean ownFrameEnd;

    protected ForwardingChangeTracker(ChangeTracker delegate) {
        this.delegate = java.util.Objects.requireNonNull(delegate, "delegate");
        this.ownFrameEnd = declaredBelow("onFrameEnded");
    }

    /** Whether a class below this one declares the public no-argument method {@code name}. */
    private boolean declaredBelow(String name) {
        try {
            return getClass().getMethod(name).getDeclaringClass() != ForwardingChangeTracker.class;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
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

    /** Not forwarded: a decorator must hear every {@link #onMutated}, so its delegate never stamps writes itself. */
    @Override
    public void onDirectStampsAllowed() {
    }

    @Override
    public void onRunStarted(SystemTicks run) {
        delegate.onRunStarted(run);
    }

    @Override
    public void onRunFinished(SystemTicks run) {
        delegate.onRunFinished(run);
    }

    @Override
    public void onSyncPoint() {
        delegate.onSyncPoint();
    }

    @Override
    public void onStageStarted(String stage) {
        delegate.onStageStarted(stage);
    }

    @Override
    public void onLoopIterationEnded(String stage, int iteration) {
        delegate.onLoopIterationEnded(stage, iteration);
    }

    @Override
    public void onStageEnded(String stage) {
        delegate.onStageEnded(stage);
    }

    @Override
    public void onFrameEnded() {
        delegate.onFrameEnded();
    }

    /**
     * Forwarded as one event when this decorator does not override {@link #onFrameEnded} (its frame
     * ends are its delegate's), else made of {@code count} calls of this decorator's
     * {@link #onFrameEnded}, so a variant that counts frames hears every one of them.
     */
    @Override
    public void onIdleFramesEnded(long count) {
        if (ownFrameEnd) {
            for (long i = 0; i < count; i++) {
                onFrameEnded();
            }
        } else {
            delegate.onIdleFramesEnded(count);
        }
    }

    @Override
    public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        delegate.onAdded(writer, componentId, entityIndex, column, row);
    }

    @Override
    public void onAddedSilently(int componentId, int entityIndex, TrackedRows rows, int row) {
        delegate.onAddedSilently(componentId, entityIndex, rows, row);
    }

    @Override
    public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        delegate.onMutated(writer, componentId, entityIndex, column, row);
    }

    @Override
    public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
        delegate.onRemoved(writer, componentId, entity);
    }

    @Override
    public void onMoved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, TrackedRows[] columns, int[] rows) {
        delegate.onMoved(entityIndex, fromArchetype, toArchetype, componentIds, columns, rows);
    }

    @Override
    public void onResourceAdded(SystemTicks writer, int resourceId) {
        delegate.onResourceAdded(writer, resourceId);
    }

    @Override
    public void onResourceMutated(SystemTicks writer, int resourceId) {
        delegate.onResourceMutated(writer, resourceId);
    }

    @Override
    public void onResourceRemoved(SystemTicks writer, int resourceId) {
        delegate.onResourceRemoved(writer, resourceId);
    }

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        return delegate.matches(kind, flavor, reader, componentId, entityIndex, column, row);
    }

    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        return delegate.candidates(kind, flavor, reader, componentId, archetypeIds);
    }

    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
            RowSink sink) {
        return delegate.candidateRows(kind, flavor, reader, column, rows, sink);
    }

    @Override
    public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        return delegate.removedSince(flavor, reader, componentId);
    }

    @Override
    public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return delegate.resourceMatches(kind, flavor, reader, resourceId);
    }

    @Override
    public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return delegate.resourceRemovedSince(flavor, reader, resourceId);
    }

    @Override
    public long memoryBytes() {
        return delegate.memoryBytes();
    }
}
