package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.entity.Entity;
import java.util.List;

/**
 * A tracker that answers every question of a reader as its delegate would answer another window of ticks:
 * the base of the mutants whose one defect is the window they judge a reader by (one tick late, a previous
 * run moved back, a window shared by readers). Every query goes through {@link #seen}, the candidate lists
 * too, so a subclass changes the window in one place; a subclass that cannot give candidates for its window
 * overrides {@code candidates} and {@code candidateRows} to give none.
 */
abstract class ReaderWindowTracker extends ForwardingChangeTracker {
    ReaderWindowTracker(ChangeTracker delegate) {
        super(delegate);
    }

    /** The reader as the answers see it. */
    abstract SystemTicks seen(SystemTicks reader);

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        return super.matches(kind, flavor, seen(reader), componentId, entityIndex, column, row);
    }

    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        return super.candidates(kind, flavor, seen(reader), componentId, archetypeIds);
    }

    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
            RowSink sink) {
        return super.candidateRows(kind, flavor, seen(reader), column, rows, sink);
    }

    @Override
    public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        return super.removedSince(flavor, seen(reader), componentId);
    }

    @Override
    public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return super.resourceMatches(kind, flavor, seen(reader), resourceId);
    }

    @Override
    public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return super.resourceRemovedSince(flavor, seen(reader), resourceId);
    }
}
