package dev.ecslab.lab.explore;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What one schedule of an {@link ExhaustiveSearch} decided: every decision with more than one option,
 * with the sleep set it was made under ({@code null} for decisions the prefix forced), and whether the
 * schedule ran into a point where every option was asleep (it then only repeats an equivalent one).
 * Written by the run's thread, read by the search after the run.
 */
public final class SearchLog {
    /** One decision: the point, the option taken, and the systems that were asleep there. */
    record Node(ChoicePoint point, int chosen, Set<String> sleep) {
    }

    final List<Node> nodes = new ArrayList<>();
    volatile boolean blocked;
}
