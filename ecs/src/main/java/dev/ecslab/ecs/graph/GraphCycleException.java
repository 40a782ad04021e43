package dev.ecslab.ecs.graph;

import java.util.Arrays;

/**
 * The graph has a cycle. {@link #cycle()} lists one cycle's nodes in edge order: each node has an
 * edge to the next, and the last to the first.
 */
public final class GraphCycleException extends RuntimeException {
    private final int[] cycle;

    public GraphCycleException(int[] cycle) {
        super("cycle through nodes " + Arrays.toString(cycle));
        this.cycle = cycle.clone();
    }

    public int[] cycle() {
        return cycle.clone();
    }
}
