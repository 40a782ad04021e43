package dev.ecslab.ecs.graph;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The valid orders (linear extensions) of a DAG, drawn uniformly from a seed: every order that puts each
 * node after its predecessors is equally likely, which a seeded tie-break among ready nodes
 * ({@link TopologicalOrder#seeded}) is not. For {@code a -> b} and a free {@code c}, the three orders
 * {@code abc}, {@code acb} and {@code cab} each come with probability 1/3, where the ready-pick puts
 * {@code c} first half of the time. An order is a pure function of the graph and the seed.
 *
 * <p><b>Exact where the budget allows.</b> The graph is split into its weakly connected components: an
 * order of the whole is an order of each component and a way to interleave them, and each interleaving
 * of the components' sizes is equally frequent, so a uniform draw is a uniform order per component and a
 * uniform shuffle of the components' slots. Within a component, the number of orders is counted exactly
 * on the lattice of its down-sets (node sets closed under predecessors): {@code e(D)}, the number of
 * ways to finish after down-set {@code D}, is {@code 1} for the full set and the sum of {@code e(D + x)}
 * over the nodes {@code x} that can come next. Counts are {@code long}s, or {@link BigInteger}s when a
 * count passes {@link Long#MAX_VALUE}. A draw takes one uniform rank below {@code e(empty)} and walks
 * down from the empty set: at each step, the next node is {@code x} with probability
 * {@code e(D + x) / e(D)} (the rank picks it and is reduced), so each order has probability exactly
 * {@code 1 / e(empty)}.
 *
 * <p><b>The budget.</b> The table holds every down-set of a component, at most
 * {@link #DEFAULT_DOWN_SET_BUDGET} of them unless told otherwise ({@link #of(DiGraph, int)}), about 24 bytes
 * each for components of up to 64 nodes. A chain of {@code m} nodes has {@code m + 1} down-sets, two
 * parallel chains of {@code m} have {@code (m + 1)^2}, an antichain of {@code m} has {@code 2^m} (but an
 * antichain is {@code m} components of one node, which need no table); a component of width {@code w}
 * and {@code m} nodes has at most {@code (m / w + 1)^w}. Stages of tens of systems whose constraints
 * connect them into a few narrow components stay far below the budget (the lab's generated stages, up to
 * 135 systems, need at most a few hundred); 16 mutually free systems below one common predecessor do
 * not ({@code 2^16 + 1} down-sets).
 *
 * <p><b>Approximate beyond it.</b> A component whose down-sets outnumber the budget is drawn by the
 * Karzanov–Khachiyan Markov chain instead: from an order drawn by the seeded ready-pick, it repeats
 * {@link #mixingSteps(int) m³·⌈ln m⌉} times "pick one of the {@code m - 1} adjacent places uniformly; with
 * probability 1/2, swap its two nodes unless an edge joins them" (an edge between adjacent nodes is the
 * only thing that can forbid the swap: a path through a third node would put that node between them).
 * The chain's stationary distribution is uniform over the component's orders, but a finite run is only
 * close to it: <em>such a draw is approximate</em>, {@link #exact()} says false and {@link #count()} is
 * empty. Known bounds: Bubley and Dyer (1999) proved, by path coupling, a mixing time of order
 * {@code m³ log(m / ε)} for a variant that favours the middle places; Wilson (2004) proved order
 * {@code m³ log m} for this uniform-place chain on every partial order and showed that order
 * {@code m³ log m} steps are also needed on an antichain, where it is the random adjacent-transposition
 * shuffle. The step count is of that order with constant 1, not a proven bound for a stated distance;
 * the uniformity test computes the exact total variation distance it leaves on small stages (below
 * {@code 10⁻⁸} on stages of 8 and 11 nodes, even from an extreme start), which says nothing proven about
 * large ones. Its cost grows as {@code m³ log m} per draw (about 10⁷ steps for {@code m = 130}).
 *
 * <p>Immutable once built, so one instance serves every thread; building it costs the table (the number
 * of down-sets times the component's size), each draw a walk of {@code m} steps over at most {@code m}
 * candidates per component, a few arrays, and a shuffle.
 */
public final class LinearExtensions {
    /** Down-sets tabulated per component before the component is sampled approximately. */
    public static final int DEFAULT_DOWN_SET_BUDGET = 1 << 16;

    private final int nodeCount;
    /** Components of two or more nodes. */
    private final Component[] components;
    /** Nodes that no edge touches: each is a component of its own, whose only order is itself. */
    private final int[] loners;

    private LinearExtensions(int nodeCount, Component[] components, int[] loners) {
        this.nodeCount = nodeCount;
        this.components = components;
        this.loners = loners;
    }

    /** The orders of {@code graph}, with the {@linkplain #DEFAULT_DOWN_SET_BUDGET default budget}. */
    public static LinearExtensions of(DiGraph graph) {
        return of(graph, DEFAULT_DOWN_SET_BUDGET);
    }

    /**
     * The orders of {@code graph}, tabulating at most {@code downSetBudget} down-sets per component (at
     * least 1; a budget of 1 samples every component of two or more nodes approximately). The graph must
     * not change afterwards.
     *
     * @throws GraphCycleException if the graph has a cycle (no valid order exists)
     */
    public static LinearExtensions of(DiGraph graph, int downSetBudget) {
        if (downSetBudget < 1) {
            throw new IllegalArgumentException("downSetBudget must be >= 1, not " + downSetBudget);
        }
        TopologicalOrder.byIndex(graph);                  // names a cycle, if there is one
        int n = graph.nodeCount();
        int[] componentOf = weakComponents(graph);
        int[] sizes = new int[n];
        for (int v = 0; v < n; v++) {
            sizes[componentOf[v]]++;
        }
        int[][] members = new int[n][];
        int[] filled = new int[n];
        int bigCount = 0;
        int lonerCount = 0;
        for (int c = 0; c < n; c++) {
            if (sizes[c] > 0) {
                members[c] = new int[sizes[c]];
                if (sizes[c] > 1) {
                    bigCount++;
                } else {
                    lonerCount++;
                }
            }
        }
        for (int v = 0; v < n; v++) {
            int c = componentOf[v];
            members[c][filled[c]++] = v;                  // ascending, since v ascends
        }
        Component[] components = new Component[bigCount];
        int[] loners = new int[lonerCount];
        int b = 0;
        int l = 0;
        for (int c = 0; c < n; c++) {                    // component ids are their smallest nodes: a defined order
            if (sizes[c] > 1) {
                components[b++] = new Component(graph, members[c], downSetBudget);
            } else if (sizes[c] == 1) {
                loners[l++] = members[c][0];
            }
        }
        return new LinearExtensions(n, components, loners);
    }

    /** True when every draw is exactly uniform (every component within the budget). */
    public boolean exact() {
        for (Component c : components) {
            if (c.table == null) {
                return false;
            }
        }
        return true;
    }

    /**
     * The number of valid orders, when {@link #exact()}: the multinomial coefficient of the components'
     * sizes times each component's count. Empty when a component is beyond the budget.
     */
    public Optional<BigInteger> count() {
        if (!exact()) {
            return Optional.empty();
        }
        BigInteger total = BigInteger.ONE;
        int placed = 0;
        for (Component c : components) {
            total = total.multiply(binomial(placed + c.size, c.size)).multiply(c.table.total());
            placed += c.size;
        }
        for (int i = 0; i < loners.length; i++) {
            placed++;
            total = total.multiply(BigInteger.valueOf(placed));   // a loner's slot: any of the places so far
        }
        return Optional.of(total);
    }

    /** How many down-sets the tables hold, over all components (what the budget bounds, per component). */
    public long downSets() {
        long sum = 0;
        for (Component c : components) {
            sum += c.table == null ? 0 : c.table.sets;
        }
        return sum;
    }

    /**
     * A valid order drawn from {@code seed}: uniformly among all valid orders when {@link #exact()},
     * otherwise approximately (see the class comment). The same seed gives the same order.
     */
    public int[] sample(long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        int[][] drawn = new int[components.length][];
        for (int c = 0; c < components.length; c++) {
            drawn[c] = components[c].sample(random);
        }
        // The slots: component c's index once per node it has, a loner as -(node + 1); a uniform shuffle of
        // this multiset is a uniform interleaving of the components' orders.
        int[] slots = new int[nodeCount];
        int k = 0;
        for (int c = 0; c < components.length; c++) {
            Arrays.fill(slots, k, k + components[c].size, c);
            k += components[c].size;
        }
        for (int loner : loners) {
            slots[k++] = -(loner + 1);
        }
        for (int i = nodeCount - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = slots[i];
            slots[i] = slots[j];
            slots[j] = t;
        }
        int[] next = new int[components.length];
        int[] order = new int[nodeCount];
        for (int p = 0; p < nodeCount; p++) {
            int s = slots[p];
            order[p] = s < 0 ? -(s + 1) : components[s].nodes[drawn[s][next[s]++]];
        }
        return order;
    }

    /**
     * The steps the approximate sampler takes on a component of {@code m} nodes: {@code m³·⌈ln m⌉}, the
     * order of the chain's mixing time (see the class comment).
     */
    public static long mixingSteps(int m) {
        if (m < 2) {
            return 0;
        }
        long cube = (long) m * m * m;
        return cube * (long) Math.ceil(Math.log(m));
    }

    /** Each node's weakly connected component, named by its smallest node. */
    private static int[] weakComponents(DiGraph graph) {
        int n = graph.nodeCount();
        int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
        }
        for (int v = 0; v < n; v++) {
            BitSet next = graph.successors(v);
            for (int s = next.nextSetBit(0); s >= 0; s = next.nextSetBit(s + 1)) {
                int a = root(parent, v);
                int b = root(parent, s);
                if (a != b) {
                    parent[Math.max(a, b)] = Math.min(a, b);   // the smaller root stays: roots are minima
                }
            }
        }
        int[] out = new int[n];
        for (int v = 0; v < n; v++) {
            out[v] = root(parent, v);
        }
        return out;
    }

    private static int root(int[] parent, int v) {
        while (parent[v] != v) {
            parent[v] = parent[parent[v]];
            v = parent[v];
        }
        return v;
    }

    private static BigInteger binomial(int n, int k) {
        BigInteger r = BigInteger.ONE;
        for (int i = 1; i <= k; i++) {
            r = r.multiply(BigInteger.valueOf(n - k + i)).divide(BigInteger.valueOf(i));
        }
        return r;
    }

    /** One weakly connected component of two or more nodes, with local indices {@code 0 .. size-1}. */
    private static final class Component {
        /** Global node of each local index, ascending. */
        final int[] nodes;
        final int size;
        /** Words per node set. */
        final int words;
        /** Local predecessors of local node {@code x}: {@code preds[x * words .. (x + 1) * words)}. */
        final long[] preds;
        /** The down-set lattice with its counts, or null beyond the budget. */
        final DownSets table;

        Component(DiGraph graph, int[] nodes, int budget) {
            this.nodes = nodes;
            this.size = nodes.length;
            this.words = (size + 63) >>> 6;
            this.preds = new long[size * words];
            for (int x = 0; x < size; x++) {
                BitSet p = graph.predecessors(nodes[x]);
                for (int g = p.nextSetBit(0); g >= 0; g = p.nextSetBit(g + 1)) {
                    int local = Arrays.binarySearch(nodes, g);
                    preds[x * words + (local >>> 6)] |= 1L << local;
                }
            }
            this.table = DownSets.tabulate(this, budget);
        }

        /** True when {@code x} is not in {@code set} and all its predecessors are. */
        boolean canFollow(long[] set, int x) {
            if ((set[x >>> 6] & (1L << x)) != 0) {
                return false;
            }
            int base = x * words;
            for (int w = 0; w < words; w++) {
                if ((preds[base + w] & ~set[w]) != 0) {
                    return false;
                }
            }
            return true;
        }

        /** True when the edge {@code a -> b} exists (local indices). */
        boolean edge(int a, int b) {
            return (preds[b * words + (a >>> 6)] & (1L << a)) != 0;
        }

        /** A valid order of the local indices. */
        int[] sample(SplittableRandom random) {
            return table != null ? table.unrank(this, random) : mixed(random);
        }

        /** The Karzanov–Khachiyan chain, {@link #mixingSteps} steps from a seeded ready-pick order. */
        private int[] mixed(SplittableRandom random) {
            int[] order = readyPick(random);
            long steps = mixingSteps(size);
            int places = size - 1;
            for (long t = 0; t < steps; t++) {
                int draw = random.nextInt(2 * places);
                if ((draw & 1) == 0) {
                    continue;                             // the lazy half: stay
                }
                int i = draw >>> 1;
                int a = order[i];
                int b = order[i + 1];
                if (!edge(a, b)) {
                    order[i] = b;
                    order[i + 1] = a;
                }
            }
            return order;
        }

        /** Kahn's algorithm with a uniform pick among the ready nodes: the chain's start. */
        private int[] readyPick(SplittableRandom random) {
            int[] remaining = new int[size];
            int[] ready = new int[size];
            int readyCount = 0;
            for (int x = 0; x < size; x++) {
                for (int w = 0; w < words; w++) {
                    remaining[x] += Long.bitCount(preds[x * words + w]);
                }
                if (remaining[x] == 0) {
                    ready[readyCount++] = x;
                }
            }
            int[] order = new int[size];
            for (int p = 0; p < size; p++) {
                int i = random.nextInt(readyCount);
                int x = ready[i];
                ready[i] = ready[--readyCount];
                order[p] = x;
                for (int y = 0; y < size; y++) {
                    if (edge(x, y) && --remaining[y] == 0) {
                        ready[readyCount++] = y;
                    }
                }
            }
            return order;
        }
    }

    /**
     * Every down-set of a component, in flat arrays: the sets themselves ({@code words} longs each, in the
     * order found, level by level from the empty set, so every successor of a set comes after it), an
     * open-addressing index over them, and each set's number of completions {@code e(D)}.
     */
    private static final class DownSets {
        final int words;
        long[] keys;
        /** Open addressing: set id + 1, or 0 for an empty slot. */
        int[] slots;
        /** How many down-sets are held (ids {@code 0 .. sets-1}). */
        int sets;
        /** {@code e(D)} per set id while every count fits a long; null once one does not. */
        long[] counts;
        /** {@code e(D)} per set id when some count passes {@link Long#MAX_VALUE}. */
        BigInteger[] bigCounts;

        private DownSets(int words) {
            this.words = words;
            this.keys = new long[16 * words];
            this.slots = new int[32];
        }

        /** The component's down-sets and their counts, or null when there are more than {@code budget}. */
        static DownSets tabulate(Component c, int budget) {
            DownSets t = new DownSets(c.words);
            long[] set = new long[c.words];
            t.add(set);
            for (int id = 0; id < t.sets; id++) {         // breadth first: level by level
                System.arraycopy(t.keys, id * c.words, set, 0, c.words);
                for (int x = 0; x < c.size; x++) {
                    if (c.canFollow(set, x)) {
                        set[x >>> 6] |= 1L << x;
                        if (t.find(set) < 0) {
                            if (t.sets == budget) {
                                return null;
                            }
                            t.add(set);
                        }
                        set[x >>> 6] &= ~(1L << x);
                    }
                }
            }
            t.count(c);
            return t;
        }

        /** e(D) for every set, from the full set (the last one found, e = 1) back to the empty one. */
        private void count(Component c) {
            long[] set = new long[words];
            long[] small = new long[sets];
            small[sets - 1] = 1;
            try {
                for (int id = sets - 2; id >= 0; id--) {
                    System.arraycopy(keys, id * words, set, 0, words);
                    long sum = 0;
                    for (int x = 0; x < c.size; x++) {
                        if (c.canFollow(set, x)) {
                            set[x >>> 6] |= 1L << x;
                            sum = Math.addExact(sum, small[find(set)]);
                            set[x >>> 6] &= ~(1L << x);
                        }
                    }
                    small[id] = sum;
                }
                counts = small;
                return;
            } catch (ArithmeticException overflow) {
                // fall through: the same sums in BigInteger
            }
            BigInteger[] big = new BigInteger[sets];
            big[sets - 1] = BigInteger.ONE;
            for (int id = sets - 2; id >= 0; id--) {
                System.arraycopy(keys, id * words, set, 0, words);
                BigInteger sum = BigInteger.ZERO;
                for (int x = 0; x < c.size; x++) {
                    if (c.canFollow(set, x)) {
                        set[x >>> 6] |= 1L << x;
                        sum = sum.add(big[find(set)]);
                        set[x >>> 6] &= ~(1L << x);
                    }
                }
                big[id] = sum;
            }
            bigCounts = big;
        }

        BigInteger total() {
            return counts != null ? BigInteger.valueOf(counts[0]) : bigCounts[0];
        }

        /**
         * The order of the given uniform rank: walking from the empty set, the candidates in ascending local
         * index, the rank falls into candidate {@code x}'s share {@code e(D + x)} or is reduced by it.
         */
        int[] unrank(Component c, SplittableRandom random) {
            int[] order = new int[c.size];
            long[] set = new long[words];
            if (counts != null) {
                long rank = random.nextLong(counts[0]);
                for (int p = 0; p < c.size; p++) {
                    for (int x = 0; x < c.size; x++) {
                        if (c.canFollow(set, x)) {
                            set[x >>> 6] |= 1L << x;
                            long share = counts[find(set)];
                            if (rank < share) {
                                order[p] = x;
                                break;
                            }
                            rank -= share;
                            set[x >>> 6] &= ~(1L << x);
                        }
                    }
                }
                return order;
            }
            BigInteger rank = uniformBelow(bigCounts[0], random);
            for (int p = 0; p < c.size; p++) {
                for (int x = 0; x < c.size; x++) {
                    if (c.canFollow(set, x)) {
                        set[x >>> 6] |= 1L << x;
                        BigInteger share = bigCounts[find(set)];
                        if (rank.compareTo(share) < 0) {
                            order[p] = x;
                            break;
                        }
                        rank = rank.subtract(share);
                        set[x >>> 6] &= ~(1L << x);
                    }
                }
            }
            return order;
        }

        /** A uniform number in {@code [0, bound)}: random bits of {@code bound}'s length, redrawn when too large. */
        private static BigInteger uniformBelow(BigInteger bound, SplittableRandom random) {
            int bits = bound.bitLength();
            byte[] bytes = new byte[(bits + 7) / 8 + 1];     // a leading zero byte keeps it non-negative
            while (true) {
                random.nextBytes(bytes);
                bytes[0] = 0;
                int spare = (bytes.length - 1) * 8 - bits;
                bytes[1] &= (byte) (0xFF >>> spare);
                BigInteger r = new BigInteger(bytes);
                if (r.compareTo(bound) < 0) {
                    return r;
                }
            }
        }

        private void add(long[] set) {
            if (2 * (sets + 1) > slots.length) {
                grow();
            }
            if ((sets + 1) * words > keys.length) {
                keys = Arrays.copyOf(keys, keys.length * 2);
            }
            System.arraycopy(set, 0, keys, sets * words, words);
            sets++;
            place(sets - 1);
        }

        private void place(int id) {
            int mask = slots.length - 1;
            int i = hash(keys, id * words, words) & mask;
            while (slots[i] != 0) {
                i = (i + 1) & mask;
            }
            slots[i] = id + 1;
        }

        private void grow() {
            slots = new int[slots.length * 2];
            for (int id = 0; id < sets; id++) {
                place(id);
            }
        }

        /** The id of {@code set}, or -1. */
        int find(long[] set) {
            int mask = slots.length - 1;
            int i = hash(set, 0, words) & mask;
            while (slots[i] != 0) {
                int base = (slots[i] - 1) * words;
                if (Arrays.equals(keys, base, base + words, set, 0, words)) {
                    return slots[i] - 1;
                }
                i = (i + 1) & mask;
            }
            return -1;
        }

        private static int hash(long[] a, int from, int words) {
            long h = 0x9E3779B97F4A7C15L;
            for (int w = 0; w < words; w++) {
                h = (h ^ a[from + w]) * 0xBF58476D1CE4E5B9L;
                h ^= h >>> 31;
            }
            return (int) (h ^ (h >>> 32));
        }
    }
}
