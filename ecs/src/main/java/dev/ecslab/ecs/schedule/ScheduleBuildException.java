package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.EcsException;

/**
 * A schedule could not be built. {@link #kind()} says which rule was broken; the message names every
 * system, label, set or stage involved, and {@link #places()} says where each culprit is written in the
 * schedule, so that a schedule read from a file can point at lines ({@code LoadedSchedule} does).
 */
public final class ScheduleBuildException extends EcsException {
    /** The rule a schedule broke. */
    public enum Kind {
        /** Two systems share a name. */
        DUPLICATE_NAME,
        /** A constraint or ambiguity rule names no system, label, set or system type. */
        UNKNOWN_TARGET,
        /** A constraint or ambiguity rule names a system type with several instances (Bevy's SystemTypeSetAmbiguity). */
        SYSTEM_TYPE_AMBIGUITY,
        /** The constraints within a stage form a cycle. */
        CYCLE,
        /** A constraint between stages contradicts the order of the stages. */
        CROSS_STAGE,
        /** An exclusive system (or sync point) declared a partial access. */
        EXCLUSIVE_ACCESS,
        /** A run condition declares a write: a condition only reads. */
        CONDITION_ACCESS,
        /** The ambiguity setting is ERROR and the schedule has ambiguous pairs. */
        AMBIGUITY,
        /** A stage name is used twice, or the schedule is otherwise malformed. */
        MALFORMED
    }

    private final Kind kind;
    private final transient AmbiguityReport report;
    private final java.util.List<String> places;

    public ScheduleBuildException(Kind kind, String message) {
        this(kind, message, null);
    }

    public ScheduleBuildException(Kind kind, String message, AmbiguityReport report) {
        this(kind, message, report, java.util.List.of());
    }

    /**
     * @param places where the culprits are written, as paths into the schedule's JSON form relative to
     *               its root ({@code stages[0].systems[2].after[1]}), most relevant first
     */
    public ScheduleBuildException(Kind kind, String message, AmbiguityReport report, java.util.List<String> places) {
        super(message);
        this.kind = kind;
        this.report = report;
        this.places = java.util.List.copyOf(places);
    }

    /**
     * Where the culprits are: paths into the schedule's JSON form ({@code stages[s].systems[i]} is the
     * i-th system of the s-th stage, {@code .before[k]} its k-th before constraint, {@code .name},
     * {@code .access}), most relevant first; empty for an ambiguity error.
     */
    public java.util.List<String> places() {
        return places;
    }

    public Kind kind() {
        return kind;
    }

    /** The ambiguity report, for {@link Kind#AMBIGUITY}; otherwise {@code null}. */
    public AmbiguityReport report() {
        return report;
    }
}
