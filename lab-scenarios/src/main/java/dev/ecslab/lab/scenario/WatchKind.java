package dev.ecslab.lab.scenario;

/** The four change filters a detector can use, for components and resources alike. */
public enum WatchKind {
    ADDED,
    MUTATED,
    /** Added or mutated. */
    CHANGED,
    REMOVED
}
