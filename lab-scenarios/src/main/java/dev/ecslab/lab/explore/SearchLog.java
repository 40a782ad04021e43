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
    public record Node(ChoicePoint point, int chosen, Set<String> sleep) {
    }

    /** What a log holds, as data: a run made in another JVM sends it back with its trace. */
    public record Snapshot(List<Node> nodes, boolean blocked) {
        public Snapshot {
            nodes = List.copyOf(nodes);
        }
    }

    final List<Node> nodes = new ArrayList<>();
    volatile boolean blocked;

    /** This log's decisions so far. */
    public Snapshot snapshot() {
        return new Snapshot(nodes, blocked);
    }

    /** Takes the decisions a run made elsewhere, as if it had made them with this log. */
    public void restore(Snapshot s) {
        nodes.clear();
        nodes.addAll(s.nodes());
        blocked = s.blocked();
    }
}
