package dev.ecslab.ecs.graph;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Is a seeded order uniform over a stage's valid orders? For small stages whose orders are all
 * enumerated ({@link StageOrders}), each sampler draws {@value #PER_ORDER} orders per valid order from fixed
 * seeds, and Pearson's chi-squared test against equal frequencies decides at {@link ChiSquared#ALPHA}
 * (critical value by Wilson–Hilferty). {@link LinearExtensions} must pass everywhere. The ready-pick
 * ({@link TopologicalOrder#seeded}) and a model of Bevy PR #25094's shuffle-then-toposort
 * ({@link BevyShuffleToposort}) have their exact distributions computed too (each ready set's pick, each
 * of the {@code n!} shuffles): where that distribution is not uniform, the test must call them biased,
 * and where it is, uniform; so the check is shown able to fail, as it is for a mutant of the exact sampler
 * (an off-by-one in the rank walk). The approximate chain ({@link LinearExtensions} with a budget of 1) is
 * drawn as well, and on connected stages (and two larger ones, from the ready-pick's start and from an
 * extreme order) its exact distance from uniform after its steps is computed.
 *
 * <p>The table printed is the one in {@code docs/lab.md} ("Uniform order sampling"); rerun with
 * {@code mvn -B -o -pl ecs test -Dtest=OrderUniformityTest}.
 */
class OrderUniformityTest {
    private static final long SEED = 20261130L;
    private static final int PER_ORDER = 200;
    /** Random stages: this many, of 5 to 7 nodes, with between 3 and this many orders (for a fast test). */
    private static final int RANDOM_STAGES = 6;
    private static final int RANDOM_MAX_ORDERS = 360;

    private static List<StageOrders> stages;

    @FunctionalInterface
    private interface Sampler {
        int[] sample(DiGraph graph, long seed);
    }

    @BeforeAll
    static void stages() {
        System.out.println("OrderUniformityTest seed " + SEED + ", " + PER_ORDER + " draws per valid order, alpha "
                + ChiSquared.ALPHA);
        List<StageOrders> out = new ArrayList<>(List.of(
                new StageOrders("chain of 4", 4, 0, 1, 1, 2, 2, 3),
                new StageOrders("antichain of 3", 3),
                new StageOrders("antichain of 4", 4),
                new StageOrders("antichain of 5", 5),
                new StageOrders("a→b, c free", 3, 0, 1),
                new StageOrders("fork: a→b, a→c", 3, 0, 1, 0, 2),
                new StageOrders("V: a→b→e, c→d→e", 5, 0, 1, 1, 4, 2, 3, 3, 4),
                new StageOrders("diamond: a→b, a→c, b→d, c→d", 4, 0, 1, 0, 2, 1, 3, 2, 3),
                new StageOrders("wide diamond: a→{b,c,d}→e", 5, 0, 1, 0, 2, 0, 3, 1, 4, 2, 4, 3, 4),
                new StageOrders("two chains of 3", 6, 0, 1, 1, 2, 3, 4, 4, 5),
                new StageOrders("sync point: {a,b,c}→s→{d,e}", 6, 0, 3, 1, 3, 2, 3, 3, 4, 3, 5),
                new StageOrders("sync point after a chain: a→b→s, c→s, s→{d,e}", 6, 0, 1, 1, 3, 2, 3, 3, 4, 3, 5)));
        SplittableRandom random = new SplittableRandom(SEED);
        int found = 0;
        while (found < RANDOM_STAGES) {
            DiGraph g = LinearExtensionsTest.randomDag(random, 5 + random.nextInt(3));
            StageOrders s = new StageOrders("random #" + (found + 1) + " (" + g.nodeCount() + " nodes, " + g.edgeCount()
                    + " edges)", g);
            if (s.orders.size() >= 3 && s.orders.size() <= RANDOM_MAX_ORDERS) {
                out.add(s);
                found++;
            }
        }
        stages = out;
    }

    @Test
    void theExactSamplerIsUniformAndTheOthersAreBiasedExactlyWhereTheirDistributionsAre() {
        StringBuilder table = new StringBuilder();
        table.append("| stage | orders | `LinearExtensions` χ² (p) | Kahn ready-pick χ² (p) | ready-pick max/min | ")
                .append("Bevy shuffle-then-toposort χ² (p) | Bevy max/min | chain χ² (p) | chain TV |\n")
                .append("|---|---:|---|---|---:|---|---:|---|---:|\n");
        int stageIndex = 0;
        for (StageOrders stage : stages) {
            stageIndex++;
            int k = stage.orders.size();
            long base = SEED + 1_000L * stageIndex;
            LinearExtensions exact = LinearExtensions.of(stage.graph);
            LinearExtensions chain = LinearExtensions.of(stage.graph, 1);
            long[] uniform = counts(stage, (g, s) -> exact.sample(s), base);
            long[] kahn = counts(stage, TopologicalOrder::seeded, base + 1);
            long[] bevy = counts(stage, BevyShuffleToposort::sample, base + 2);
            long[] ways = completions(stage);
            long[] mutant = counts(stage, (g, s) -> offByOneWalk(stage, ways, s), base + 3);
            long[] chained = counts(stage, (g, s) -> chain.sample(s), base + 4);
            double kahnRatio = ratio(kahnDistribution(stage));
            double bevyRatio = ratio(bevyDistribution(stage));
            double chainDistance = connected(stage.graph) ? chainDistance(stage, kahnDistribution(stage)) : Double.NaN;
            table.append("| ").append(stage.name).append(" | ").append(k).append(" | ")
                    .append(verdict(uniform)).append(" | ").append(verdict(kahn)).append(" | ").append(ratioText(kahnRatio))
                    .append(" | ").append(verdict(bevy)).append(" | ").append(ratioText(bevyRatio)).append(" | ")
                    .append(verdict(chained)).append(" | ")
                    .append(Double.isNaN(chainDistance) ? "—" : chainDistance < 1e-12 ? "< 1e-12"
                            : String.format(Locale.ROOT, "%.1e", chainDistance))
                    .append(" |\n");
            if (k < 2) {
                continue;                                 // one order: nothing to test
            }
            assertThat(biased(uniform)).as("LinearExtensions on %s", stage).isFalse();
            assertThat(biased(kahn)).as("ready-pick on %s (exact max/min %s)", stage, kahnRatio).isEqualTo(kahnRatio > 1 + 1e-9);
            assertThat(biased(bevy)).as("Bevy's shuffle on %s (exact max/min %s)", stage, bevyRatio).isEqualTo(bevyRatio > 1 + 1e-9);
            assertThat(biased(mutant)).as("the off-by-one walk on %s", stage).isTrue();
            assertThat(biased(chained)).as("the chain on %s", stage).isFalse();
        }
        System.out.println(table);
        System.out.println("χ² at 1 - alpha: biased when above the Wilson–Hilferty critical value; max/min: exact, over the"
                + " valid orders; chain TV: exact total variation distance from uniform after the chain's steps"
                + " (connected stages)");
    }

    @Test
    void theModelsGiveTheirKnownDistributions() {
        StageOrders free = stages.get(4);                 // a→b, c free: orders abc, acb, cab
        assertThat(kahnDistribution(free)).containsExactly(new double[] {0.25, 0.25, 0.5}, within(1e-12));
        assertThat(bevyDistribution(free)).containsExactly(new double[] {2 / 6.0, 1 / 6.0, 3 / 6.0}, within(1e-12));
        StageOrders fork = stages.get(5);                 // a→b, a→c: orders abc, acb
        assertThat(bevyDistribution(fork)).containsExactly(new double[] {2 / 6.0, 4 / 6.0}, within(1e-12));
        for (StageOrders antichain : stages.subList(1, 4)) {
            assertThat(ratio(kahnDistribution(antichain))).isCloseTo(1, within(1e-9));
            assertThat(ratio(bevyDistribution(antichain))).isCloseTo(1, within(1e-9));
        }
    }

    @Test
    void theChainEndsCloseToUniformOnLargerConnectedStages() {
        StageOrders wide = new StageOrders("a root before 7 free nodes", 8, 0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7);
        StageOrders twoChains = new StageOrders("a root before two chains of 5", 11,
                0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 0, 6, 6, 7, 7, 8, 8, 9, 9, 10);
        for (StageOrders stage : List.of(wide, twoChains)) {
            double[] first = new double[stage.orders.size()];
            first[0] = 1;                                 // one extreme order: the smallest index first at each step
            double fromReadyPick = chainDistance(stage, kahnDistribution(stage));
            double fromFirst = chainDistance(stage, first);
            System.out.printf(Locale.ROOT, "chain on %s (%d orders): %d steps, exact TV from uniform %.1e from the"
                    + " ready-pick's start, %.1e from the index order%n", stage, stage.orders.size(),
                    LinearExtensions.mixingSteps(stage.size()), fromReadyPick, fromFirst);
            assertThat(fromReadyPick).as(stage.name).isLessThan(1e-3);
            assertThat(fromFirst).as(stage.name).isLessThan(1e-3);
        }
    }

    /** Draws {@value #PER_ORDER} orders per valid order; every draw must be a valid order. */
    private static long[] counts(StageOrders stage, Sampler sampler, long seed) {
        SplittableRandom seeds = new SplittableRandom(seed);
        long[] counts = new long[stage.orders.size()];
        for (int i = 0; i < PER_ORDER * counts.length; i++) {
            int[] order = sampler.sample(stage.graph, seeds.nextLong());
            int index = stage.indexOf(order);
            assertThat(index).as("a drawn order of %s must be valid", stage).isNotNegative();
            counts[index]++;
        }
        return counts;
    }

    private static boolean biased(long[] counts) {
        return ChiSquared.statistic(counts) > ChiSquared.criticalValue(counts.length - 1);
    }

    private static String verdict(long[] counts) {
        if (counts.length < 2) {
            return "—";
        }
        double x = ChiSquared.statistic(counts);
        double p = ChiSquared.pValue(x, counts.length - 1);
        String pText = p >= 0.001 ? String.format(Locale.ROOT, "%.3f", p)
                : p >= 1e-300 ? String.format(Locale.ROOT, "%.0e", p) : "< 1e-300";
        return String.format(Locale.ROOT, "%.1f (%s)%s", x, pText, biased(counts) ? " **biased**" : "");
    }

    private static double ratio(double[] distribution) {
        double max = 0;
        double min = Double.POSITIVE_INFINITY;
        for (double p : distribution) {
            max = Math.max(max, p);
            min = Math.min(min, p);
        }
        return max / min;
    }

    private static String ratioText(double ratio) {
        return Double.isInfinite(ratio) ? "∞" : String.format(Locale.ROOT, "%.2f", ratio);
    }

    /** The ready-pick's exact distribution: each order's product of 1 / (ready nodes) over its steps. */
    private static double[] kahnDistribution(StageOrders stage) {
        double[] p = new double[stage.orders.size()];
        for (int i = 0; i < p.length; i++) {
            BitSet placed = new BitSet();
            double probability = 1;
            for (int v : stage.orders.get(i)) {
                probability /= stage.ready(placed).size();
                placed.set(v);
            }
            p[i] = probability;
        }
        return p;
    }

    /** The Bevy model's exact distribution: its order for each of the n! equally likely shuffles. */
    private static double[] bevyDistribution(StageOrders stage) {
        int n = stage.size();
        double[] p = new double[stage.orders.size()];
        List<int[]> shuffles = new ArrayList<>();
        permutations(new int[n], 0, new BitSet(), shuffles);
        for (int[] insertion : shuffles) {
            p[stage.indexOf(BevyShuffleToposort.toposort(stage.graph, insertion))] += 1.0 / shuffles.size();
        }
        return p;
    }

    private static void permutations(int[] prefix, int length, BitSet used, List<int[]> out) {
        if (length == prefix.length) {
            out.add(prefix.clone());
            return;
        }
        for (int v = 0; v < prefix.length; v++) {
            if (!used.get(v)) {
                used.set(v);
                prefix[length] = v;
                permutations(prefix, length + 1, used, out);
                used.clear(v);
            }
        }
    }

    /**
     * The exact total variation distance from uniform of the chain {@link LinearExtensions} runs past its
     * budget, on a connected stage (one component): from the distribution {@code start} over the stage's
     * orders (the sampler starts from the ready-pick's), its {@link LinearExtensions#mixingSteps} steps, each
     * "one of the m - 1 places uniformly, swap with probability 1/2 unless an edge joins the two nodes".
     */
    private static double chainDistance(StageOrders stage, double[] start) {
        int k = stage.orders.size();
        int m = stage.size();
        int[][] swapped = new int[k][m - 1];
        for (int i = 0; i < k; i++) {
            int[] order = stage.orders.get(i);
            for (int place = 0; place < m - 1; place++) {
                int[] next = order.clone();
                next[place] = order[place + 1];
                next[place + 1] = order[place];
                swapped[i][place] = stage.graph.hasEdge(order[place], order[place + 1]) ? i : stage.indexOf(next);
            }
        }
        double[] p = start;
        double move = 1.0 / (2 * (m - 1));
        for (long t = 0; t < LinearExtensions.mixingSteps(m); t++) {
            double[] q = new double[k];
            for (int i = 0; i < k; i++) {
                q[i] += p[i] * 0.5;
                for (int place = 0; place < m - 1; place++) {
                    q[swapped[i][place]] += p[i] * move;
                }
            }
            p = q;
        }
        double distance = 0;
        for (double x : p) {
            distance += Math.abs(x - 1.0 / k);
        }
        return distance / 2;
    }

    private static boolean connected(DiGraph g) {
        int n = g.nodeCount();
        BitSet seen = new BitSet(n);
        List<Integer> todo = new ArrayList<>(List.of(0));
        seen.set(0);
        while (!todo.isEmpty()) {
            int v = todo.remove(todo.size() - 1);
            BitSet near = (BitSet) g.successors(v).clone();
            near.or(g.predecessors(v));
            near.andNot(seen);
            for (int w = near.nextSetBit(0); w >= 0; w = near.nextSetBit(w + 1)) {
                seen.set(w);
                todo.add(w);
            }
        }
        return seen.cardinality() == n;
    }

    /**
     * A mutant of the exact sampler: the same walk over down-sets from a uniform rank, but taking candidate
     * {@code x} while {@code rank <= e(D + x)} instead of {@code rank < e(D + x)} ({@code completions} by
     * {@link #completions}).
     */
    private static int[] offByOneWalk(StageOrders stage, long[] completions, long seed) {
        int n = stage.size();
        long rank = new SplittableRandom(seed).nextLong(completions[0]);
        int[] out = new int[n];
        int mask = 0;
        for (int p = 0; p < n; p++) {
            for (int x = 0; x < n; x++) {
                if ((mask & 1 << x) != 0 || !readyAfter(stage, mask, x)) {
                    continue;
                }
                int next = mask | 1 << x;
                if (rank <= completions[next]) {
                    out[p] = x;
                    mask = next;
                    break;
                }
                rank -= completions[next];
            }
        }
        return out;
    }

    /** e(D) for every down-set D (as a bit mask): the ways to finish after D, by brute-force recursion. */
    private static long[] completions(StageOrders stage) {
        long[] e = new long[1 << stage.size()];
        Arrays.fill(e, -1);
        completions(stage, 0, e);
        return e;
    }

    private static long completions(StageOrders stage, int mask, long[] e) {
        if (e[mask] >= 0) {
            return e[mask];
        }
        long sum = mask == e.length - 1 ? 1 : 0;
        for (int x = 0; x < stage.size(); x++) {
            if ((mask & 1 << x) == 0 && readyAfter(stage, mask, x)) {
                sum += completions(stage, mask | 1 << x, e);
            }
        }
        e[mask] = sum;
        return sum;
    }

    private static boolean readyAfter(StageOrders stage, int mask, int x) {
        BitSet preds = stage.graph.predecessors(x);
        for (int v = preds.nextSetBit(0); v >= 0; v = preds.nextSetBit(v + 1)) {
            if ((mask & (1 << v)) == 0) {
                return false;
            }
        }
        return true;
    }
}
