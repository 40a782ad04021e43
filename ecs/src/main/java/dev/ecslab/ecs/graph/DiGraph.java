package dev.ecslab.ecs.graph;

import java.util.BitSet;

/**
 * A directed graph over the nodes {@code 0 .. n-1}, with bitset adjacency in both directions.
 *
 * <p>Generic graph code for the schedule compiler: it knows nothing of systems, stages or access.
 * Bitset rows make the operations the compiler needs (closure, ambiguity scans) word-parallel, which
 * is what keeps schedules of thousands of systems fast.
 *
 * <p>Not thread-safe while being built; safe to read from many threads once built.
 */
public final class DiGraph {
    private final int nodeCount;
    private final BitSet[] successors;
    private final BitSet[] predecessors;
    private int edgeCount;

    public DiGraph(int nodeCount) {
        if (nodeCount < 0) {
            throw new IllegalArgumentException("nodeCount must be >= 0");
        }
        this.nodeCount = nodeCount;
        this.successors = new BitSet[nodeCount];
        this.predecessors = new BitSet[nodeCount];
        for (int i = 0; i < nodeCount; i++) {
            successors[i] = new BitSet();             // grown on demand: most rows of a large schedule are sparse
            predecessors[i] = new BitSet();
        }
    }

    public int nodeCount() {
        return nodeCount;
    }

    public int edgeCount() {
        return edgeCount;
    }

    /** Adds the edge {@code from -> to} (idempotent). A self-loop is a cycle. */
    public void addEdge(int from, int to) {
        check(from);
        check(to);
        if (!successors[from].get(to)) {
            successors[from].set(to);
            predecessors[to].set(from);
            edgeCount++;
        }
    }

    public boolean hasEdge(int from, int to) {
        return successors[from].get(to);
    }

    /** Direct successors of {@code node}. The live row: do not modify. */
    public BitSet successors(int node) {
        return successors[node];
    }

    /** Direct predecessors of {@code node}. The live row: do not modify. */
    public BitSet predecessors(int node) {
        return predecessors[node];
    }

    public int inDegree(int node) {
        return predecessors[node].cardinality();
    }

    private void check(int node) {
        if (node < 0 || node >= nodeCount) {
            throw new IndexOutOfBoundsException("node " + node + " not in [0, " + nodeCount + ")");
        }
    }
}
