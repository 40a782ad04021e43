package dev.ecslab.ecs.change;

/**
 * What a change filter asks about a component (or resource), in the seed's terms: {@code ADDED} (it was
 * added), {@code MUTATED} (it was written through a write handle, or re-inserted), {@code CHANGED}
 * (added or mutated).
 */
public enum ChangeKind {
    ADDED,
    MUTATED,
    CHANGED
}
