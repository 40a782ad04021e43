package dev.ecslab.ecs.change;

import dev.ecslab.ecs.storage.Column;

/**
 * A host for driving a tracker directly in unit tests: the clock is {@link #now}, settable at will
 * (to jump by billions of ticks), with one archetype and the columns given.
 */
final class FakeTrackerHost implements TrackerHost {
    int now = 1;
    private final Column[] columns;

    FakeTrackerHost(Column... columns) {
        this.columns = columns;
    }

    @Override
    public int currentTick() {
        return now;
    }

    @Override
    public int archetypeOf(int entityIndex) {
        return 0;
    }

    @Override
    public ColumnRows rowsOf(int archetypeId, int componentId) {
        for (int i = 0; i < columns.length; i++) {
            if (columns[i].component().id() == componentId) {
                return new ColumnRows(columns[i], new int[] {i}, 1);
            }
        }
        return null;
    }

    @Override
    public int liveEntityCount() {
        return columns.length;
    }

    @Override
    public void forEachColumn(ColumnVisitor visitor) {
        for (Column c : columns) {
            visitor.visit(c, 1);
        }
    }
}
