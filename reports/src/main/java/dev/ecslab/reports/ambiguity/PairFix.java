package dev.ecslab.reports.ambiguity;

import dev.ecslab.ecs.schedule.Ambiguity;
import java.util.List;

/**
 * What would resolve one ambiguous pair, in the schedule file's own terms, as Bevy advises for its
 * ambiguity report: order the two systems ({@code "before"} on the first, or {@code "after"} on the
 * second), or, when either order is right, say so ({@code "ambiguousWith"}). The two systems are
 * unordered, so adding either edge can never make a cycle.
 *
 * @param system the system to change
 * @param field  the field to add to: {@code before}, {@code after} or {@code ambiguousWith}
 * @param target the name to add
 */
public record PairFix(String system, String field, String target) {
    /**
     * The three ways to resolve {@code pair}, the orderings first. A pair caused by a set's run condition is
     * ordered against the whole set: the condition is evaluated before the first of its members runs, so
     * ordering the writer against one member does not order it against the condition.
     */
    public static List<PairFix> of(Ambiguity pair) {
        Ambiguity.Cause cause = pair.cause();
        if (cause != null && cause.set() != null) {
            String writer = cause.system().equals(pair.first()) ? pair.second() : pair.first();
            return List.of(new PairFix(writer, "before", cause.set()),
                    new PairFix(writer, "after", cause.set()),
                    new PairFix(pair.first(), "ambiguousWith", pair.second()));
        }
        return List.of(new PairFix(pair.first(), "before", pair.second()),
                new PairFix(pair.second(), "after", pair.first()),
                new PairFix(pair.first(), "ambiguousWith", pair.second()));
    }

    /** {@code "before": ["draw"] on move}. */
    public String words() {
        return "\"" + field + "\": [\"" + target + "\"] on " + system;
    }

    /** {@code move.before(draw)}: the same fix as Bevy code ({@code ambiguousWith} becomes {@code ambiguous_with}). */
    public String bevyWords() {
        return system + "." + (field.equals("ambiguousWith") ? "ambiguous_with" : field) + "(" + target + ")";
    }

    /** One sentence for a pair, as schedule-file fields or, with {@code bevy}, as Bevy calls. */
    public static String sentence(Ambiguity pair, boolean bevy) {
        List<PairFix> fixes = of(pair);
        if (bevy) {
            return "to order them, use " + fixes.get(0).bevyWords() + " or " + fixes.get(1).bevyWords()
                    + "; if either order is right, " + fixes.get(2).bevyWords();
        }
        return "to order them, add " + fixes.get(0).words() + " or " + fixes.get(1).words()
                + "; if either order is right, add " + fixes.get(2).words();
    }
}
