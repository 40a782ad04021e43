package dev.ecslab.ecs.graph;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.function.IntUnaryOperator;

/**
 * Topological orders of a {@link DiGraph} (Kahn's algorithm), with a <em>defined</em> choice among
 * the nodes that are ready at the same time: the lowest priority value first, or a choice drawn from
 * a seed. Either way the order is a pure function of the graph and the tie-break, never of timing.
 */
public final class TopologicalOrder {
    private TopologicalOrder() {
    }

    /** The order that, among ready nodes, always takes the lowest node index first. */
    public static int[] byIndex(DiGraph graph) {
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        return kahn(graph, ready::add, ready::isEmpty, ready::poll);
    }

    /**
     * The order that, among ready nodes, takes one chosen by {@code seed}, each ready node equally likely.
     * Not a uniform draw of the valid orders: for {@code a -> b} and a free {@code c}, it puts {@code c}
     * first half of the time, where one valid order in three does. {@link LinearExtensions#sample} is
     * uniform.
     */
    public static int[] seeded(DiGraph graph, long seed) {
        return chosen(graph, new SplittableRandom(seed)::nextInt);
    }

    /**
     * The order that, among the ready nodes, takes the one {@code choose} picks: given the number of
     * ready nodes, it returns an index below it (into the ready nodes in a defined order: the order they
     * became ready, the last one moved into the place of each one taken). A controlled executor passes
     * its control's choices, so every legal order is reachable and each replays from its choices.
     */
    public static int[] chosen(DiGraph graph, IntUnaryOperator choose) {
        return chosen(graph, choose, new BitSet());
    }

    /**
     * {@link #chosen(DiGraph, IntUnaryOperator)}, except that a ready node of {@code withoutChoice} is taken
     * at once, before any choice: where such a node goes (a system that does not run this iteration)
     * changes nothing, so spending a decision on it would only multiply equivalent schedules.
     */
    public static int[] chosen(DiGraph graph, IntUnaryOperator choose, BitSet withoutChoice) {
        List<Integer> ready = new ArrayList<>();
        java.util.ArrayDeque<Integer> free = new java.util.ArrayDeque<>();
        return kahn(graph, node -> (withoutChoice.get(node) ? free : ready).add(node),
                () -> ready.isEmpty() && free.isEmpty(), () -> {
                    if (!free.isEmpty()) {
                        return free.poll();
                    }
                    int i = choose.applyAsInt(ready.size());
                    int last = ready.size() - 1;
                    int node = ready.get(i);
                    ready.set(i, ready.get(last));
                    ready.remove(last);
                    return node;
                });
    }

    private interface Sink {
        void add(Integer node);
    }

    private interface Source {
        Integer take();
    }

    private interface Emptiness {
        boolean isEmpty();
    }

    private static int[] kahn(DiGraph graph, Sink push, Emptiness empty, Source pop) {
        int n = graph.nodeCount();
        int[] remaining = new int[n];
        for (int v = 0; v < n; v++) {
            remaining[v] = graph.inDegree(v);
            if (remaining[v] == 0) {
                push.add(v);
            }
        }
        int[] order = new int[n];
        int placed = 0;
        while (!empty.isEmpty()) {
            int v = pop.take();
            order[placed++] = v;
            BitSet next = graph.successors(v);
            for (int s = next.nextSetBit(0); s >= 0; s = next.nextSetBit(s + 1)) {
                if (--remaining[s] == 0) {
                    push.add(s);
                }
            }
        }
        if (placed < n) {
            BitSet stuck = new BitSet(n);
            for (int v = 0; v < n; v++) {
                if (remaining[v] > 0) {
                    stuck.set(v);
                }
            }
            throw new GraphCycleException(Cycles.findIn(graph, stuck));
        }
        return order;
    }
}
