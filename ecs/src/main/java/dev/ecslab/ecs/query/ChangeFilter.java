package dev.ecslab.ecs.query;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.component.ComponentInfo;

/**
 * A row-level change filter of a query: only entities whose component was added, mutated or changed
 * since the reader's previous run. It implies {@code With} the component and counts as a read of it
 * (the writers of a component change its change state).
 */
public record ChangeFilter(ComponentInfo component, ChangeKind kind, ChangeFlavor flavor) {
    @Override
    public String toString() {
        String name = switch (kind) {
            case ADDED -> "Added";
            case MUTATED -> "Mutated";
            case CHANGED -> flavor == ChangeFlavor.IMMEDIATE ? "JustChanged" : "Changed";
        };
        return name + "<" + component.name() + ">";
    }
}
