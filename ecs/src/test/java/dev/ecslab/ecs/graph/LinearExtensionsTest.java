package dev.ecslab.ecs.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link LinearExtensions}' counts against brute force and closed forms, its draws valid and replayable,
 * and the switch to the approximate chain where the budget ends. Uniformity itself is
 * {@link OrderUniformityTest}'s.
 */
class LinearExtensionsTest {
    private static final long SEED = 20261130L;

    @Test
    void countsEqualBruteForceOnRandomDags() {
        System.out.println("LinearExtensionsTest random DAGs, seed " + SEED);
        SplittableRandom random = new SplittableRandom(SEED);
        for (int i = 0; i < 300; i++) {
            StageOrders stage = new StageOrders("random #" + i, randomDag(random, 1 + random.nextInt(9)));
            LinearExtensions orders = LinearExtensions.of(stage.graph);
            assertThat(orders.exact()).isTrue();
            assertThat(orders.count()).as(stage.name).contains(BigInteger.valueOf(stage.orders.size()));
            for (int k = 0; k < 20; k++) {
                assertThat(stage.indexOf(orders.sample(random.nextLong()))).as(stage.name).isNotNegative();
            }
        }
    }

    @Test
    void familiesHaveTheirClosedFormCounts() {
        assertThat(LinearExtensions.of(new DiGraph(20)).count()).contains(factorial(20));
        assertThat(LinearExtensions.of(new DiGraph(0)).count()).contains(BigInteger.ONE);
        assertThat(LinearExtensions.of(new DiGraph(0)).sample(1)).isEmpty();
        assertThat(LinearExtensions.of(chains(0, 30, 30)).count()).contains(binomial(60, 30));
        // one component (a common root) whose count passes Long.MAX_VALUE: the table's BigInteger path
        LinearExtensions rooted = LinearExtensions.of(chains(1, 25, 25, 25));
        assertThat(rooted.count()).contains(factorial(75).divide(factorial(25).pow(3)));
        assertThat(rooted.count().orElseThrow()).isGreaterThan(BigInteger.valueOf(Long.MAX_VALUE));
        assertThat(rooted.downSets()).isEqualTo(1 + 26 * 26 * 26);
        // a component of more than 64 nodes: two words per node set
        assertThat(LinearExtensions.of(chains(1, 40, 40)).count()).contains(binomial(80, 40));
    }

    @Test
    void drawsAreValidAndReplayFromTheirSeed() {
        for (DiGraph g : new DiGraph[] {chains(1, 25, 25, 25), chains(1, 40, 40), chains(0, 3, 3, 1, 1)}) {
            LinearExtensions orders = LinearExtensions.of(g);
            Set<String> seen = new HashSet<>();
            for (long seed = 0; seed < 50; seed++) {
                int[] order = orders.sample(seed);
                assertValid(g, order);
                assertThat(orders.sample(seed)).isEqualTo(order);
                seen.add(Arrays.toString(order));
            }
            assertThat(seen).as("distinct orders in 50 draws").hasSizeGreaterThan(40);
        }
    }

    @Test
    void pastTheBudgetAComponentIsDrawnByTheChainAndSaysSo() {
        // 15 mutually free nodes below one root: 2^15 + 1 down-sets, within the default budget; 16 are not
        assertThat(LinearExtensions.of(star(15)).exact()).isTrue();
        assertThat(LinearExtensions.of(star(15)).count()).contains(factorial(15));
        LinearExtensions past = LinearExtensions.of(star(16));
        assertThat(past.exact()).isFalse();
        assertThat(past.count()).isEmpty();
        assertThat(past.downSets()).isZero();
        for (long seed = 0; seed < 20; seed++) {
            int[] order = past.sample(seed);
            assertValid(star(16), order);
            assertThat(past.sample(seed)).isEqualTo(order);
        }
        // a budget of 1 sends every component of two or more nodes to the chain; loners stay exact
        DiGraph g = chains(0, 3, 3, 1);
        LinearExtensions chained = LinearExtensions.of(g, 1);
        assertThat(chained.exact()).isFalse();
        assertValid(g, chained.sample(7));
        assertThat(LinearExtensions.of(new DiGraph(5), 1).exact()).isTrue();
    }

    @Test
    void theChainRunsItsDocumentedSteps() {
        assertThat(LinearExtensions.mixingSteps(1)).isZero();
        assertThat(LinearExtensions.mixingSteps(2)).isEqualTo(8);                  // 2³ · ⌈ln 2⌉
        assertThat(LinearExtensions.mixingSteps(130)).isEqualTo(130L * 130 * 130 * 5);
    }

    @Test
    void aCycleOrABadBudgetIsRefused() {
        DiGraph cycle = StageOrders.graph(3, 0, 1, 1, 2, 2, 0);
        assertThatThrownBy(() -> LinearExtensions.of(cycle)).isInstanceOf(GraphCycleException.class);
        assertThatThrownBy(() -> LinearExtensions.of(new DiGraph(2), 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** A DAG on {@code n} nodes, edges {@code i -> j} for {@code i < j} with a random density, nodes relabelled. */
    static DiGraph randomDag(SplittableRandom random, int n) {
        int[] label = new int[n];
        for (int i = 0; i < n; i++) {
            label[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = label[i];
            label[i] = label[j];
            label[j] = t;
        }
        double density = 0.1 + 0.5 * random.nextDouble();
        DiGraph g = new DiGraph(n);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                if (random.nextDouble() < density) {
                    g.addEdge(label[i], label[j]);
                }
            }
        }
        return g;
    }

    /** Disjoint chains of the given lengths, below one common root when {@code roots} is 1. */
    private static DiGraph chains(int roots, int... lengths) {
        int n = roots + Arrays.stream(lengths).sum();
        DiGraph g = new DiGraph(n);
        int next = roots;
        for (int length : lengths) {
            if (roots == 1 && length > 0) {
                g.addEdge(0, next);
            }
            for (int k = 1; k < length; k++) {
                g.addEdge(next + k - 1, next + k);
            }
            next += length;
        }
        return g;
    }

    /** One root and {@code leaves} nodes after it, free among themselves. */
    private static DiGraph star(int leaves) {
        return chains(1, ones(leaves));
    }

    private static int[] ones(int k) {
        int[] a = new int[k];
        Arrays.fill(a, 1);
        return a;
    }

    static void assertValid(DiGraph g, int[] order) {
        int n = g.nodeCount();
        assertThat(order).hasSize(n);
        int[] position = new int[n];
        Arrays.fill(position, -1);
        for (int p = 0; p < n; p++) {
            assertThat(position[order[p]]).as("node %s placed twice", order[p]).isEqualTo(-1);
            position[order[p]] = p;
        }
        for (int v = 0; v < n; v++) {
            for (int s = g.successors(v).nextSetBit(0); s >= 0; s = g.successors(v).nextSetBit(s + 1)) {
                assertThat(position[v]).as("%s -> %s in %s", v, s, Arrays.toString(order)).isLessThan(position[s]);
            }
        }
    }

    private static BigInteger factorial(int n) {
        BigInteger r = BigInteger.ONE;
        for (int i = 2; i <= n; i++) {
            r = r.multiply(BigInteger.valueOf(i));
        }
        return r;
    }

    private static BigInteger binomial(int n, int k) {
        return factorial(n).divide(factorial(k).multiply(factorial(n - k)));
    }
}
