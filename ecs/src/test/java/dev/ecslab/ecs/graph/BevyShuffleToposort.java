package dev.ecslab.ecs.graph;

import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * A model of how Bevy PR #25094 ({@code ScheduleBuildSettings::shuffle_seed}) draws a schedule's order,
 * kept to measure its bias against {@link LinearExtensions}. Bevy shuffles the list of nodes with a seeded
 * RNG, adds the nodes to a fresh graph in that order and then, node by node in that order, each node's
 * outgoing edges in the order the original graph holds them; the order is the graph's topological sort,
 * which Bevy computes with Tarjan's strongly connected components (Pierce's space-efficient variant,
 * {@code tarjan_scc.rs}): a depth-first search whose roots are taken in node insertion order and whose
 * successors are taken in adjacency order, emitting each node (a component of one, in a DAG) when its
 * search finishes; the sort is that post-order reversed.
 *
 * <p>So the model: a uniform shuffle of the nodes (Bevy's {@code SliceRandom::shuffle} is Fisher–Yates;
 * only the RNG differs, which does not change the distribution), then a depth-first search from each
 * not yet visited node in shuffled order, successors in ascending index (the original graph's adjacency
 * order, in ecslab's {@link DiGraph}), post-order reversed. The shuffle does not reach the successor
 * lists, which is one reason it is not uniform: for {@code a -> b}, {@code a -> c} it gives {@code a c b}
 * in four shuffles of six.
 */
final class BevyShuffleToposort {
    private BevyShuffleToposort() {
    }

    /** The order Bevy's build would give for a shuffle drawn from {@code seed}. */
    static int[] sample(DiGraph graph, long seed) {
        int n = graph.nodeCount();
        int[] nodes = new int[n];
        for (int i = 0; i < n; i++) {
            nodes[i] = i;
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = nodes[i];
            nodes[i] = nodes[j];
            nodes[j] = t;
        }
        return toposort(graph, nodes);
    }

    /** The reversed depth-first post-order, roots in {@code insertion} order, successors ascending. */
    static int[] toposort(DiGraph graph, int[] insertion) {
        int n = graph.nodeCount();
        boolean[] visited = new boolean[n];
        int[] post = new int[n];
        int emitted = 0;
        int[] stack = new int[n];
        int[] nextSuccessor = new int[n];
        for (int root : insertion) {
            if (visited[root]) {
                continue;
            }
            int depth = 0;
            stack[depth++] = root;
            visited[root] = true;
            nextSuccessor[root] = 0;
            while (depth > 0) {
                int v = stack[depth - 1];
                BitSet successors = graph.successors(v);
                int s = successors.nextSetBit(nextSuccessor[v]);
                while (s >= 0 && visited[s]) {
                    s = successors.nextSetBit(s + 1);
                }
                if (s >= 0) {
                    nextSuccessor[v] = s + 1;
                    visited[s] = true;
                    nextSuccessor[s] = 0;
                    stack[depth++] = s;
                } else {
                    post[emitted++] = v;
                    depth--;
                }
            }
        }
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = post[n - 1 - i];
        }
        return order;
    }
}
