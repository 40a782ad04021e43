package dev.ecslab.lab.trace;

/** What a change did to a component or resource. */
public enum ChangeType {
    ADDED,
    MUTATED,
    REMOVED
}
