package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;

/**
 * {@code generation} whose per-row test forgets that the mutation tick an addition sets is no
 * mutation: {@code Mutated<A>} holds for a newly added row. Its summary scan (the candidate lists) is
 * right, and every query the old scenario space made was answered by the scan alone (one change
 * filter per query; a sparse component's candidates are tested again, but they already passed). Only
 * a walk that tests every row with the per-row test sees it: parallel iteration
 * ({@code Query.forEachInSlice}), the path of Bevy #8029.
 */
final class RowTestIgnoresAdditions extends ForwardingChangeTracker {
    RowTestIgnoresAdditions() {
        super(new GenerationTracker());
    }

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        if (kind == ChangeKind.MUTATED) {
            kind = ChangeKind.CHANGED;              // the "mutated since added" lane is not consulted
        }
        return super.matches(kind, flavor, reader, componentId, entityIndex, column, row);
    }
}
