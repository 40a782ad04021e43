package dev.ecslab.reports.html;

import dev.ecslab.lab.criteria.Criterion;

/**
 * What each column of the matrix checks, in one line (the criteria of the design, as the lab judges them),
 * for the legend under the matrix and the heading of each counterexample page.
 *
 * <p>Contract: every criterion has a line; a criterion added to the lab without one is a compile error
 * (the switch is exhaustive), so the legend never silently lacks a column.
 */
final class CriterionMeanings {
    private CriterionMeanings() {
    }

    static String of(Criterion c) {
        return switch (c) {
            case CRASH -> "The strategy and the executor under test never throw; an exception makes the row broken, whatever"
                    + " else held.";
            case AT_LEAST_ONCE -> "Every change (an add, a write, a removal) is reported by the detector's first run after it,"
                    + " or within the delay the claim allows, if the detector runs again.";
            case AT_MOST_ONCE -> "No change is reported by two runs, and nothing is reported that did not change.";
            case SAME_FRAME -> "If a writer is ordered before the detector in a frame, the detector's run in that frame reports"
                    + " the writer's change.";
            case BOUNDED_MEMORY -> "The tracker's retained heap, measured from outside, stops growing over 10, 1 000 and"
                    + " 10 000 frames of a fixed world.";
            case NOT_LOST_WHEN_PAUSED -> "Criterion 1 on pausing scenarios: a detector skipped for some frames reports"
                    + " everything on its next run.";
            case PURE_FUNCTION -> "The same start state and an unambiguous schedule give the same end state under every"
                    + " executor and seed.";
            case LOOPING -> "Criteria 1 and 2 on scenarios with looping stages: nothing lost, nothing reported twice across"
                    + " a stage's iterations.";
            case ORDERING -> "Every before/after constraint is honoured, conflicting systems never overlap, an exclusive system"
                    + " runs alone and a main-thread system on the caller's thread.";
            case AMBIGUITY -> "The compiler's ambiguity report equals an independent oracle's, with no false pairs for disjoint"
                    + " filters.";
        };
    }
}
