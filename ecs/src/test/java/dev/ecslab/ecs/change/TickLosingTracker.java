package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Column;
import java.util.List;

/**
 * A deliberately broken tracker (a mutant): {@code generation} in every respect, except that when an
 * entity moves between archetypes it loses the change ticks of the components it keeps (and does not
 * re-log them), the bug of a strategy that keeps its ticks beside the table instead of in lanes that
 * travel with the row.
 */
final class TickLosingTracker implements ChangeTracker {
    private final GenerationTracker delegate = new GenerationTracker();

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
        for (int i = 0; i < columns.length; i++) {
            int old = (int) (columns[i].lane(GenerationTracker.ADDED, rows[i]) - Ticks.MAX_AGE);
            columns[i].setLane(GenerationTracker.ADDED, rows[i], old);
            columns[i].setLane(GenerationTracker.MUTATED, rows[i], old);
            columns[i].setLane(GenerationTracker.MUTATED_SINCE_ADDED, rows[i], 0);
        }
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
