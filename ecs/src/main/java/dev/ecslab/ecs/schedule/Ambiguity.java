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
 *
 * <p>{@code cause} is null when the systems' own accesses conflict, and names the run condition when the pair
 * is ambiguous only because a condition of one reads what the other writes ({@link Cause}); {@code conflicts}
 * then names what the condition reads.
 */
public record Ambiguity(String stage, String first, String second, List<String> conflicts, boolean undecided, Cause cause) {
    public Ambiguity {
        conflicts = List.copyOf(conflicts);
    }

    /** A pair whose systems' own accesses conflict. */
    public Ambiguity(String stage, String first, String second, List<String> conflicts, boolean undecided) {
        this(stage, first, second, conflicts, undecided, null);
    }

    /** A proved ambiguous pair whose systems' own accesses conflict. */
    public Ambiguity(String stage, String first, String second, List<String> conflicts) {
        this(stage, first, second, conflicts, false);
    }

    /**
     * Why a pair whose systems do not conflict themselves is ambiguous: a run condition of {@code system}
     * (its own, or of its set {@code set}) reads {@code reads}, which the other system writes. Bevy evaluates
     * the condition just before {@code system} runs, so whether {@code system} runs depends on which of the
     * two the executor starts first.
     *
     * @param set null for the system's own condition
     */
    public record Cause(String system, String condition, String set, List<String> reads) {
        public Cause {
            reads = List.copyOf(reads);
        }

        /** {@code run condition 'in_game' of ui}, or {@code run condition 'in_game' of set Movement (on ui)}. */
        public String describe() {
            return "run condition '" + condition + "' of " + (set == null ? system : "set " + set + " (on " + system + ")");
        }
    }

    /** True when the pair is ambiguous only through a run condition ({@link #cause()}). */
    public boolean byCondition() {
        return cause != null;
    }

    @Override
    public String toString() {
        return first + " and " + second + " (stage " + stage + ") " + (cause != null ? cause.describe() + " reads "
                : undecided ? "may conflict (undecided) on " : "conflict on ") + String.join(", ", conflicts);
    }
}
