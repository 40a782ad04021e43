package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.graph.DiGraph;
import dev.ecslab.ecs.graph.LinearExtensions;
import java.util.BitSet;
import java.util.List;

/**
 * One stage, planned: its systems in insertion order, the dependency graph (an edge {@code a -> b}
 * means {@code a} finishes before {@code b} starts), the conflict matrix, the transitive closure
 * and a topological order. Plain immutable data (the valid orders seeded executors draw from are built on
 * first use, then shared); every executor runs a stage from this alone.
 *
 * <p>The bitset rows are shared, not copied: callers must not modify them.
 */
public final class CompiledStage {
    private final int index;
    private final String name;
    private final List<CompiledSystem> systems;
    private final DiGraph graph;
    private final BitSet[] conflicts;
    private final BitSet[] reach;
    private final int[] topologicalOrder;
    private final int[] topologicalPosition;
    private volatile LinearExtensions linearExtensions;

    CompiledStage(int index, String name, List<CompiledSystem> systems, DiGraph graph, BitSet[] conflicts,
            BitSet[] reach, int[] topologicalOrder) {
        this.index = index;
        this.name = name;
        this.systems = List.copyOf(systems);
        this.graph = graph;
        this.conflicts = conflicts;
        this.reach = reach;
        this.topologicalOrder = topologicalOrder;
        this.topologicalPosition = new int[topologicalOrder.length];
        for (int p = 0; p < topologicalOrder.length; p++) {
            topologicalPosition[topologicalOrder[p]] = p;
        }
    }

    public int index() {
        return index;
    }

    public String name() {
        return name;
    }

    public List<CompiledSystem> systems() {
        return systems;
    }

    public int size() {
        return systems.size();
    }

    public CompiledSystem system(int i) {
        return systems.get(i);
    }

    /** Edges: {@code graph().successors(i)} must start only after {@code i} finished. */
    public DiGraph graph() {
        return graph;
    }

    /** {@code conflicts(i)} holds every system whose access conflicts with system {@code i}'s. */
    public BitSet conflicts(int i) {
        return conflicts[i];
    }

    /** {@code reach(i)} holds every system ordered after system {@code i}, directly or transitively. */
    public BitSet reach(int i) {
        return reach[i];
    }

    /** True when {@code a} and {@code b} are ordered (either way) by the constraints. */
    public boolean ordered(int a, int b) {
        return reach[a].get(b) || reach[b].get(a);
    }

    /** The topological order (lowest insertion index first among ready systems). */
    public int[] topologicalOrder() {
        return topologicalOrder.clone();
    }

    /** Position of system {@code i} in {@link #topologicalOrder()}: the order its commands apply in. */
    public int topologicalPosition(int i) {
        return topologicalPosition[i];
    }

    /**
     * The stage's valid orders, from which seeded executors draw one uniformly per stage iteration; built on
     * first use (two threads may both build it; either result is the same) and then shared.
     */
    public LinearExtensions linearExtensions() {
        LinearExtensions orders = linearExtensions;
        if (orders == null) {
            orders = LinearExtensions.of(graph);
            linearExtensions = orders;
        }
        return orders;
    }

    @Override
    public String toString() {
        return "CompiledStage[" + name + ", " + systems.size() + " systems, " + graph.edgeCount() + " edges]";
    }
}
