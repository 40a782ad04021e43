package dev.ecslab.ecs.change;

/**
 * What a change filter asks about a component (or resource), in Bevy PR #1471's terms: {@code ADDED} (it was
 * added), {@code MUTATED} (it was written through a write handle, or re-inserted), {@code CHANGED}
 * (added or mutated).
 */
public enum ChangeKind {
    ADDED,
    MUTATED,
    CHANGED;

    /** This kind's answer, given whether the data was added and whether it was mutated (since added). */
    public boolean holds(boolean added, boolean mutated) {
        return switch (this) {
            case ADDED -> added;
            case MUTATED -> mutated;
            case CHANGED -> added || mutated;
        };
    }
}
