package dev.ecslab.ecs.schedule;

/** What building a schedule does with ambiguous pairs (Bevy's ScheduleBuildSettings). */
public enum AmbiguitySetting {
    /** Report nothing (the report is still available from the compiled schedule). */
    IGNORE,
    /** Log the report as a warning and build. */
    WARN,
    /** Refuse to build: throw a {@link ScheduleBuildException} that carries the report. */
    ERROR
}
