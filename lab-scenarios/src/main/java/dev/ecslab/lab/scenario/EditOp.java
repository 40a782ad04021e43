package dev.ecslab.lab.scenario;

/**
 * What one edit does. {@link #SET} and {@link #SET_IF_CHANGED} write directly in the system's run
 * (they need a declared write); the others are commands, applied at the stage's next sync point,
 * so they count as changes made by the world at that sync point.
 */
public enum EditOp {
    /** Writes the value (a write marks the data even when the value is equal). */
    SET(false),
    /** Writes the value only if it differs (Bevy's {@code set_if_neq}). */
    SET_IF_CHANGED(false),
    /** Command: inserts the component or resource (a re-insert is a mutation, not an addition). */
    INSERT(true),
    /** Command: removes the component or resource (a no-op if absent). */
    REMOVE(true),
    /** Command: despawns the entity (a removal of each of its components). */
    DESPAWN(true),
    /** Command: spawns a new entity, named by the edit's entity label, with one component. */
    SPAWN(true);

    private final boolean command;

    EditOp(boolean command) {
        this.command = command;
    }

    public boolean isCommand() {
        return command;
    }
}
