package dev.ecslab.ecs.graph;

import java.util.BitSet;

/**
 * The transitive closure of an acyclic {@link DiGraph} as bitset rows: {@code reach[v]} holds every
 * node reachable from {@code v} by one or more edges. Computed in reverse topological order with one
 * row OR per edge, so the cost is O(edges × nodes / 64), not a search per pair.
 */
public final class Reachability {
    private Reachability() {
    }

    /** The closure; {@code topologicalOrder} must be a topological order of {@code graph}. */
    public static BitSet[] closure(DiGraph graph, int[] topologicalOrder) {
        int n = graph.nodeCount();
        BitSet[] reach = new BitSet[n];
        for (int i = n - 1; i >= 0; i--) {
            int v = topologicalOrder[i];
            BitSet row = new BitSet();                  // grown on demand: sparse graphs have sparse closures
            BitSet next = graph.successors(v);
            for (int s = next.nextSetBit(0); s >= 0; s = next.nextSetBit(s + 1)) {
                row.set(s);
                row.or(reach[s]);
            }
            reach[v] = row;
        }
        return reach;
    }

    /** The transpose of a closure: {@code reachedBy[v]} holds every node from which {@code v} is reachable. */
    public static BitSet[] transpose(BitSet[] reach) {
        int n = reach.length;
        BitSet[] out = new BitSet[n];
        for (int v = 0; v < n; v++) {
            out[v] = new BitSet();
        }
        for (int v = 0; v < n; v++) {
            BitSet row = reach[v];
            for (int w = row.nextSetBit(0); w >= 0; w = row.nextSetBit(w + 1)) {
                out[w].set(v);
            }
        }
        return out;
    }
}
