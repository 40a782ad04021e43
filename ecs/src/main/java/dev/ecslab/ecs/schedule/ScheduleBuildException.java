package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.EcsException;

/**
 * A schedule could not be built. {@link #kind()} says which rule was broken; the message names every
 * system, label, set or stage involved.
 */
public final class ScheduleBuildException extends EcsException {
    /** The rule a schedule broke. */
    public enum Kind {
        /** Two systems share a name. */
        DUPLICATE_NAME,
        /** A constraint or ambiguity rule names no system, label or set. */
        UNKNOWN_TARGET,
        /** The constraints within a stage form a cycle. */
        CYCLE,
        /** A constraint between stages contradicts the order of the stages. */
        CROSS_STAGE,
        /** An exclusive system (or sync point) declared a partial access. */
        EXCLUSIVE_ACCESS,
        /** The ambiguity setting is ERROR and the schedule has ambiguous pairs. */
        AMBIGUITY,
        /** A stage name is used twice, or the schedule is otherwise malformed. */
        MALFORMED
    }

    private final Kind kind;
    private final transient AmbiguityReport report;

    public ScheduleBuildException(Kind kind, String message) {
        this(kind, message, null);
    }

    public ScheduleBuildException(Kind kind, String message, AmbiguityReport report) {
        super(message);
        this.kind = kind;
        this.report = report;
    }

    public Kind kind() {
        return kind;
    }

    /** The ambiguity report, for {@link Kind#AMBIGUITY}; otherwise {@code null}. */
    public AmbiguityReport report() {
        return report;
    }
}
