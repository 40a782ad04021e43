package dev.ecslab.lab.scenario;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeSet;

/**
 * Conflicts and orderings computed from the scenario's data alone, without the ECS's access or
 * schedule code: the independent oracle for the ordering, command-order and ambiguity criteria.
 *
 * <p>Two systems conflict when either is exclusive (it has the whole world), or when one writes data
 * the other reads or writes, unless both touch it through queries whose filters exclude each other
 * ({@code With<B>} against {@code Without<B>}, or a {@code Without<A>} on a query that needs
 * {@code A}). Watches read without filters; writes use the system's filters. Commands never
 * conflict: they are applied at sync points.
 *
 * <p>Orders: the declared before/after constraints of a stage, plus, under {@link
 * Scenario.Ordering#INSERTION_ORDER}, an edge for every conflicting pair along the topological order of
 * the declared constraints that prefers the earlier-declared system (the ECS documents this rule on
 * {@code OrderingPolicy}; this class implements it again, on the scenario). The stage's <em>expected
 * order</em> is the topological order of all those edges that prefers the earlier-declared system:
 * commands are applied in it at every sync point, never in the order threads happened to finish.
 */
public final class ScenarioAccess {
    /** What an exclusive system conflicts on, in messages. */
    public static final String WHOLE_WORLD = "the whole world (exclusive)";

    private ScenarioAccess() {
    }

    public static boolean conflicts(SystemSpec a, SystemSpec b) {
        return a.isExclusive() || b.isExclusive() || !conflictsOn(a, b).isEmpty();
    }

    /** The data two systems conflict on, sorted (empty when only exclusivity makes them conflict). */
    public static List<Data> conflictsOn(SystemSpec a, SystemSpec b) {
        List<Data> out = new ArrayList<>();
        for (Data d : Data.values()) {
            boolean aw = a.writes().contains(d);
            boolean bw = b.writes().contains(d);
            boolean ar = aw || a.reads().contains(d);
            boolean br = bw || b.reads().contains(d);
            if (!(aw && br) && !(bw && ar)) {
                continue;
            }
            if (d.isResource() || !disjoint(d, a, aw, b, bw)) {
                out.add(d);
            }
        }
        return out;
    }

    /** What two conflicting systems conflict on, in words. */
    public static String describeConflict(SystemSpec a, SystemSpec b) {
        return a.isExclusive() || b.isExclusive() ? WHOLE_WORLD : conflictsOn(a, b).toString();
    }

    private static boolean disjoint(Data d, SystemSpec a, boolean aFiltered, SystemSpec b, boolean bFiltered) {
        Set<Data> aWith = aFiltered ? a.with() : Set.of();
        Set<Data> aWithout = aFiltered ? a.without() : Set.of();
        Set<Data> bWith = bFiltered ? b.with() : Set.of();
        Set<Data> bWithout = bFiltered ? b.without() : Set.of();
        return aWithout.contains(d) || bWithout.contains(d) || !Collections.disjoint(aWith, bWithout)
                || !Collections.disjoint(aWithout, bWith);
    }

    /**
     * The ordering edges of one stage, by declaration index: {@code edges[i][j]} when system i must
     * finish before system j starts (declared, and under insertion order the implicit ones).
     */
    public static boolean[][] edges(Scenario scenario, StageSpec stage) {
        List<SystemSpec> systems = stage.systems();
        int n = systems.size();
        boolean[][] edge = declaredEdges(stage);
        if (scenario.ordering() == Scenario.Ordering.INSERTION_ORDER) {
            int[] stable = lowestFirst(edge);
            int[] position = new int[n];
            for (int p = 0; p < n; p++) {
                position[stable[p]] = p;
            }
            boolean[][] implied = new boolean[n][];
            for (int i = 0; i < n; i++) {
                implied[i] = edge[i].clone();
            }
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (conflicts(systems.get(i), systems.get(j))) {
                        if (position[i] < position[j]) {
                            implied[i][j] = true;
                        } else {
                            implied[j][i] = true;
                        }
                    }
                }
            }
            return implied;
        }
        return edge;
    }

    private static boolean[][] declaredEdges(StageSpec stage) {
        List<SystemSpec> systems = stage.systems();
        int n = systems.size();
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < n; i++) {
            index.put(systems.get(i).name(), i);
        }
        boolean[][] edge = new boolean[n][n];
        for (int i = 0; i < n; i++) {
            for (String t : systems.get(i).before()) {
                edge[i][index.get(t)] = true;
            }
            for (String t : systems.get(i).after()) {
                edge[index.get(t)][i] = true;
            }
        }
        return edge;
    }

    /**
     * The stage's expected order (declaration indices): the topological order of {@link #edges} that
     * always takes the earliest-declared ready system. Commands are applied in this order.
     *
     * @throws IllegalArgumentException naming the systems when the constraints form a cycle
     */
    public static int[] expectedOrder(Scenario scenario, StageSpec stage) {
        boolean[][] edge = edges(scenario, stage);
        try {
            return lowestFirst(edge);
        } catch (IllegalStateException cycle) {
            throw new IllegalArgumentException("the constraints of stage '" + stage.name() + "' form a cycle among "
                    + cycle.getMessage());
        }
    }

    /**
     * A cycle of the stage's declared constraints, as system names in order ({@code a, b, a}), or
     * {@code null} when there is none.
     */
    public static List<String> declaredCycle(StageSpec stage) {
        boolean[][] edge = declaredEdges(stage);
        int n = edge.length;
        int[] state = new int[n];                                  // 0 new, 1 on the path, 2 done
        List<Integer> path = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            List<Integer> cycle = visit(v, edge, state, path);
            if (cycle != null) {
                List<String> names = new ArrayList<>();
                cycle.forEach(i -> names.add(stage.systems().get(i).name()));
                names.add(names.get(0));
                return names;
            }
        }
        return null;
    }

    private static List<Integer> visit(int v, boolean[][] edge, int[] state, List<Integer> path) {
        if (state[v] == 2) {
            return null;
        }
        if (state[v] == 1) {
            return new ArrayList<>(path.subList(path.indexOf(v), path.size()));
        }
        state[v] = 1;
        path.add(v);
        for (int w = 0; w < edge.length; w++) {
            if (edge[v][w]) {
                List<Integer> c = visit(w, edge, state, path);
                if (c != null) {
                    return c;
                }
            }
        }
        path.remove(path.size() - 1);
        state[v] = 2;
        return null;
    }

    /** Kahn's algorithm taking the lowest ready index first; a cycle names its stuck nodes. */
    private static int[] lowestFirst(boolean[][] edge) {
        int n = edge.length;
        int[] remaining = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (edge[i][j]) {
                    remaining[j]++;
                }
            }
        }
        PriorityQueue<Integer> ready = new PriorityQueue<>();
        for (int v = 0; v < n; v++) {
            if (remaining[v] == 0) {
                ready.add(v);
            }
        }
        int[] order = new int[n];
        int placed = 0;
        while (!ready.isEmpty()) {
            int v = ready.poll();
            order[placed++] = v;
            for (int j = 0; j < n; j++) {
                if (edge[v][j] && --remaining[j] == 0) {
                    ready.add(j);
                }
            }
        }
        if (placed < n) {
            List<Integer> stuck = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                if (remaining[v] > 0) {
                    stuck.add(v);
                }
            }
            throw new IllegalStateException(stuck.toString());
        }
        return order;
    }

    /** For one stage: {@code ordered[i][j]} when a chain of ordering edges leads from i to j. */
    public static boolean[][] orderedClosure(Scenario scenario, StageSpec stage) {
        boolean[][] reach = edges(scenario, stage);
        int n = reach.length;
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                if (reach[i][k]) {
                    for (int j = 0; j < n; j++) {
                        reach[i][j] |= reach[k][j];
                    }
                }
            }
        }
        return reach;
    }

    /**
     * The ambiguous pairs of the scenario as {@code "stage: a | b"} (names sorted within a pair):
     * conflicting, not ordered either way, and not exempted by {@code ambiguousWith}.
     */
    public static Set<String> ambiguousPairs(Scenario scenario) {
        return unorderedConflicts(scenario, true);
    }

    /**
     * The conflicting pairs that nothing orders, exemptions or not: the pairs whose order can change
     * the end state. A scenario without any is a pure function of its start state (criterion 8).
     */
    public static Set<String> racyPairs(Scenario scenario) {
        // A scenario is judged run after run (a search's schedules, a shrinker's seeds), and each judgement asks;
        // a scenario is immutable, so the pairs of the last one a thread asked about are kept.
        Object[] last = LAST_RACY_PAIRS.get();
        if (last != null && last[0] == scenario) {
            @SuppressWarnings("unchecked")
            Set<String> pairs = (Set<String>) last[1];
            return pairs;
        }
        Set<String> pairs = java.util.Collections.unmodifiableSet(unorderedConflicts(scenario, false));
        LAST_RACY_PAIRS.set(new Object[] {scenario, pairs});
        return pairs;
    }

    /** Per thread: the last scenario {@link #racyPairs} was asked about, and its answer. */
    private static final ThreadLocal<Object[]> LAST_RACY_PAIRS = new ThreadLocal<>();

    private static Set<String> unorderedConflicts(Scenario scenario, boolean honourExemptions) {
        Set<String> out = new TreeSet<>();
        for (StageSpec st : scenario.stages()) {
            boolean[][] reach = orderedClosure(scenario, st);
            List<SystemSpec> s = st.systems();
            for (int i = 0; i < s.size(); i++) {
                for (int j = i + 1; j < s.size(); j++) {
                    SystemSpec a = s.get(i);
                    SystemSpec b = s.get(j);
                    if (reach[i][j] || reach[j][i] || !conflicts(a, b)) {
                        continue;
                    }
                    if (honourExemptions && (a.ambiguousWith().contains(b.name()) || b.ambiguousWith().contains(a.name()))) {
                        continue;
                    }
                    out.add(pair(st.name(), a.name(), b.name()));
                }
            }
        }
        return out;
    }

    public static String pair(String stage, String a, String b) {
        return a.compareTo(b) < 0 ? stage + ": " + a + " | " + b : stage + ": " + b + " | " + a;
    }
}
