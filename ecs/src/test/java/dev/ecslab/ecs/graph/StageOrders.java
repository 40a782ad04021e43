package dev.ecslab.ecs.graph;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Test support: a small DAG built from an edge list, and every one of its valid orders found by brute
 * force (a depth-first walk over every node that can come next), to check samplers against. For up to
 * twelve nodes (an order is keyed by its digits in base 31, which fit a long).
 */
final class StageOrders {
    final String name;
    final DiGraph graph;
    /** Every valid order, in lexicographic order of node indices. */
    final List<int[]> orders;
    private final Map<Long, Integer> indexOf = new HashMap<>();

    StageOrders(String name, int nodes, int... edges) {
        this(name, graph(nodes, edges));
    }

    StageOrders(String name, DiGraph graph) {
        this.name = name;
        this.graph = graph;
        this.orders = new ArrayList<>();
        enumerate(new int[graph.nodeCount()], 0, new BitSet());
        for (int i = 0; i < orders.size(); i++) {
            indexOf.put(key(orders.get(i)), i);
        }
    }

    /** The graph with the edges {@code edges[0] -> edges[1]}, {@code edges[2] -> edges[3]}, ... */
    static DiGraph graph(int nodes, int... edges) {
        DiGraph g = new DiGraph(nodes);
        for (int i = 0; i < edges.length; i += 2) {
            g.addEdge(edges[i], edges[i + 1]);
        }
        return g;
    }

    int size() {
        return graph.nodeCount();
    }

    /** The index of {@code order} among {@link #orders}, or -1 when it is not a valid order of every node. */
    int indexOf(int[] order) {
        if (order.length != size()) {
            return -1;
        }
        Integer i = indexOf.get(key(order));
        return i == null ? -1 : i;
    }

    /** The nodes that can come next after {@code placed}: not placed, every predecessor placed. */
    List<Integer> ready(BitSet placed) {
        List<Integer> out = new ArrayList<>();
        for (int v = 0; v < size(); v++) {
            BitSet missing = (BitSet) graph.predecessors(v).clone();
            missing.andNot(placed);
            if (!placed.get(v) && missing.isEmpty()) {
                out.add(v);
            }
        }
        return out;
    }

    private void enumerate(int[] prefix, int length, BitSet placed) {
        if (length == prefix.length) {
            orders.add(prefix.clone());
            return;
        }
        for (int v : ready(placed)) {
            prefix[length] = v;
            placed.set(v);
            enumerate(prefix, length + 1, placed);
            placed.clear(v);
        }
    }

    private long key(int[] order) {
        long k = 0;
        for (int v : order) {
            k = k * 31 + v + 1;
        }
        return k;
    }

    @Override
    public String toString() {
        return name;
    }
}
