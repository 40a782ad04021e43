package dev.ecslab.ecs.graph;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;

/** Finds a concrete cycle, for error messages that name every member in order. */
public final class Cycles {
    private Cycles() {
    }

    /**
     * One cycle of {@code graph} among {@code candidates} (nodes Kahn's algorithm could not place), in
     * edge order, found by an iterative depth-first search from the lowest candidate so the answer is
     * deterministic. Every candidate has a predecessor among the candidates, so walking predecessors
     * from any candidate must revisit a node: that loop is the cycle.
     */
    static int[] findIn(DiGraph graph, BitSet candidates) {
        int start = candidates.nextSetBit(0);
        // Walk backwards along predecessor edges that stay inside the candidate set, choosing the
        // lowest such predecessor each time, until a node repeats.
        int[] positionOnPath = new int[graph.nodeCount()];
        Arrays.fill(positionOnPath, -1);
        Deque<Integer> path = new ArrayDeque<>();
        int v = start;
        while (positionOnPath[v] < 0) {
            positionOnPath[v] = path.size();
            path.addLast(v);
            BitSet preds = (BitSet) graph.predecessors(v).clone();
            preds.and(candidates);
            v = preds.nextSetBit(0);
        }
        // path holds w0 <- w1 <- ... ; the cycle is from v's first position to the end, reversed.
        Integer[] walked = path.toArray(new Integer[0]);
        int from = positionOnPath[v];
        int length = walked.length - from;
        int[] cycle = new int[length];
        for (int i = 0; i < length; i++) {
            cycle[i] = walked[walked.length - 1 - i];
        }
        // Rotate so the lowest node comes first, for a stable message.
        int lowest = 0;
        for (int i = 1; i < length; i++) {
            if (cycle[i] < cycle[lowest]) {
                lowest = i;
            }
        }
        int[] rotated = new int[length];
        for (int i = 0; i < length; i++) {
            rotated[i] = cycle[(lowest + i) % length];
        }
        return rotated;
    }
}
