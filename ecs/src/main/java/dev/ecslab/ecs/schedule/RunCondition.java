package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.AccessSpec;
import java.util.Objects;

/**
 * A run condition's name and what it reads, for the ambiguity analysis: Bevy's {@code run_if}.
 *
 * <p><b>Why it matters.</b> Bevy evaluates a system's condition just before the system runs, and a set's
 * condition just before the first of its systems runs. A condition that reads data an unordered system
 * writes therefore decides from a value that depends on the order the executor happened to pick, and the
 * system runs or is skipped from one frame to the next without any code changing (Bevy #24438). The
 * analysis models a condition as a reader that runs just before its system (or before each member of its
 * set): the pair of that system and an unordered writer of what the condition reads is ambiguous, and is
 * reported with the condition named as its cause. Conditions never conflict with each other (they only
 * read), and their access never makes their own system conflict with anything else.
 *
 * <p>A condition only reads: a condition declaring a write is refused when the schedule is compiled. The
 * access is either typed ({@link AccessSpec}) or already resolved ({@link Access}, for schedules read
 * from a file). ecslab's own executors evaluate a set's {@link RunCriterion} between stage iterations,
 * when no system runs, so in ecslab's executors a condition never races; the access declared here is
 * for judging engines that evaluate conditions as Bevy does.
 */
public record RunCondition(String name, AccessSpec accessSpec, Access resolvedAccess) {
    public RunCondition {
        Objects.requireNonNull(name, "condition name");
        if (name.isBlank()) {
            throw new IllegalArgumentException("a run condition's name must not be blank");
        }
        if ((accessSpec == null) == (resolvedAccess == null)) {
            throw new IllegalArgumentException("a run condition has exactly one access, typed or resolved");
        }
    }

    /** A condition that reads what {@code access} names (typed, resolved against the world). */
    public static RunCondition reading(String name, AccessSpec access) {
        return new RunCondition(name, Objects.requireNonNull(access, "access"), null);
    }

    /** A condition whose access is already in ids (schedules read from a file, tools). */
    public static RunCondition reading(String name, Access access) {
        return new RunCondition(name, null, Objects.requireNonNull(access, "access"));
    }

    /** What the condition reads, in ids: the typed access resolved against {@code data}, or the resolved one. */
    public Access resolve(DataResolver data) {
        return accessSpec != null ? data.resolve(accessSpec) : resolvedAccess;
    }

    @Override
    public String toString() {
        return name;
    }
}
