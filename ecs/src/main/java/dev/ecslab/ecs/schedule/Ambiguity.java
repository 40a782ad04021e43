package dev.ecslab.ecs.schedule;

import java.util.List;

/**
 * One ambiguous pair: two systems of one stage whose accesses conflict, with no order between them
 * and no rule exempting them. {@code first} was inserted before {@code second}. {@code conflicts}
 * names the data: component names, {@code "resource Name"}, or {@code "World"} for an exclusive system.
 *
 * <p>{@code undecided} is true when the conflict is not proved: the two systems touch {@code conflicts},
 * but whether their filters can match a common entity was not decided within the solver's budget
 * ({@link dev.ecslab.ecs.query.FilterSatisfiability#MAX_STEPS}). Such a pair is reported, never dropped,
 * and never presented as a proved conflict.
 */
public record Ambiguity(String stage, String first, String second, List<String> conflicts, boolean undecided) {
    public Ambiguity {
        conflicts = List.copyOf(conflicts);
    }

    /** A proved ambiguous pair. */
    public Ambiguity(String stage, String first, String second, List<String> conflicts) {
        this(stage, first, second, conflicts, false);
    }

    @Override
    public String toString() {
        return first + " and " + second + " (stage " + stage + ") " + (undecided ? "may conflict (undecided) on " : "conflict on ")
                + String.join(", ", conflicts);
    }
}
