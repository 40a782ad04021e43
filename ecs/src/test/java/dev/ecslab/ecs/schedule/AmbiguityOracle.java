package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jgrapht.Graph;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.DefaultDirectedGraph;
import org.jgrapht.graph.DefaultEdge;

/**
 * An independent oracle for ambiguity detection, written from the definition: a pair in one stage is
 * ambiguous when their accesses conflict, neither reaches the other, and no rule exempts them.
 * Reachability comes from JGraphT path search; conflicts are recomputed from the spec's masks, with
 * filter overlap decided by trying every component set. Nothing of the detector's bitsets is used.
 */
final class AmbiguityOracle {
    private AmbiguityOracle() {
    }

    static final String[] COMPONENTS = {"A", "B", "C", "D"};

    record A() {
    }

    record B() {
    }

    record C() {
    }

    record D() {
    }

    record R0() {
    }

    record R1() {
    }

    static final List<Class<?>> TYPES = List.of(A.class, B.class, C.class, D.class);
    static final List<Class<?>> RESOURCES = List.of(R0.class, R1.class);

    /**
     * One system: component masks over A..D, a {@code With}/{@code Without} component (-1 for none),
     * resource masks over R0/R1, before-edges to later systems (by offset), an ambiguousWith target.
     */
    record Sys(boolean exclusive, int reads, int writes, int with, int without, int resReads, int resWrites,
            List<Integer> before, int ambiguousWith, boolean ambiguousWithAll) {
    }

    /** The schedule the detector compiles: one stage, systems {@code s0..}. */
    static Schedule schedule(List<Sys> systems, boolean ignoreFilters) {
        List<SystemDescriptor> out = new ArrayList<>();
        for (int i = 0; i < systems.size(); i++) {
            Sys x = systems.get(i);
            SystemDescriptor.Builder d = SystemDescriptor.builder("s" + i).run(SystemBody.EMPTY);
            for (int t : x.before()) {
                if (i + 1 + t < systems.size()) {
                    d.before("s" + (i + 1 + t));
                }
            }
            if (x.ambiguousWith() >= 0 && x.ambiguousWith() < systems.size() && x.ambiguousWith() != i) {
                d.ambiguousWith("s" + x.ambiguousWith());
            }
            if (x.ambiguousWithAll()) {
                d.ambiguousWithAll();
            }
            if (x.exclusive()) {
                d.exclusive();
            } else {
                AccessSpec.Builder access = AccessSpec.builder();
                int terms = x.reads() | x.writes();
                if (terms != 0) {
                    QuerySpec q = QuerySpec.reads(types(x.reads() & ~x.writes())).andWrites(types(x.writes()));
                    Filter f = ignoreFilters ? null : filter(x);
                    access.query(f == null ? q : q.filter(f));
                }
                for (int r = 0; r < 2; r++) {
                    if ((x.resWrites() & (1 << r)) != 0) {
                        access.writesResource(RESOURCES.get(r));
                    } else if ((x.resReads() & (1 << r)) != 0) {
                        access.readsResource(RESOURCES.get(r));
                    }
                }
                d.access(access.build());
            }
            out.add(d.build());
        }
        return Schedule.builder().ambiguity(AmbiguitySetting.IGNORE).stage("stage", out.toArray(new SystemDescriptor[0])).build();
    }

    private static Filter filter(Sys x) {
        Filter w = x.with() >= 0 ? Filter.with(TYPES.get(x.with())) : null;
        Filter wo = x.without() >= 0 ? Filter.without(TYPES.get(x.without())) : null;
        return w != null && wo != null ? Filter.and(w, wo) : w != null ? w : wo;
    }

    private static Class<?>[] types(int mask) {
        List<Class<?>> out = new ArrayList<>();
        for (int c = 0; c < 4; c++) {
            if ((mask & (1 << c)) != 0) {
                out.add(TYPES.get(c));
            }
        }
        return out.toArray(new Class<?>[0]);
    }

    /** The detector's answer: "si|sj|data" lines, for pairs i < j. */
    static Set<String> detector(List<Sys> systems, boolean ignoreFilters) {
        World world = new World();
        TYPES.forEach(t -> WorldInternals.of(world).components().infoOf(t));          // ids 0..3 in A..D order
        RESOURCES.forEach(r -> WorldInternals.of(world).resources().infoOf(r));
        Set<String> out = new TreeSet<>();
        AmbiguityReport report = schedule(systems, ignoreFilters).compile(world).ambiguities();
        // the compiler's groups (counted as it walks the stage) are the groups of the pairs it lists
        if (!report.groups().equals(new AmbiguityReport(report.pairs()).groups())) {
            throw new AssertionError("groups " + report.groups() + " differ from those of the pairs " + report.pairs());
        }
        for (Ambiguity a : report.pairs()) {
            out.add(a.first() + "|" + a.second() + "|" + a.conflicts().stream()
                    .map(n -> n.replace("AmbiguityOracle.", "")).toList());
        }
        return out;
    }

    /** The oracle's answer, in the same form. */
    static Set<String> oracle(List<Sys> systems) {
        int n = systems.size();
        Graph<Integer, DefaultEdge> graph = new DefaultDirectedGraph<>(DefaultEdge.class);
        for (int i = 0; i < n; i++) {
            graph.addVertex(i);
        }
        for (int i = 0; i < n; i++) {
            for (int t : systems.get(i).before()) {
                if (i + 1 + t < n) {
                    graph.addEdge(i, i + 1 + t);
                }
            }
        }
        Set<String> out = new TreeSet<>();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                Sys a = systems.get(i);
                Sys b = systems.get(j);
                if (DijkstraShortestPath.findPathBetween(graph, i, j) != null
                        || DijkstraShortestPath.findPathBetween(graph, j, i) != null) {
                    continue;
                }
                if (a.ambiguousWithAll() || b.ambiguousWithAll() || a.ambiguousWith() == j || b.ambiguousWith() == i) {
                    continue;
                }
                List<String> data = conflicts(a, b);
                if (!data.isEmpty()) {
                    out.add("s" + i + "|s" + j + "|" + data);
                }
            }
        }
        return out;
    }

    private static List<String> conflicts(Sys a, Sys b) {
        if (a.exclusive() || b.exclusive()) {
            return List.of("World");
        }
        List<String> out = new ArrayList<>();
        int aReads = a.reads() & ~a.writes();
        int bReads = b.reads() & ~b.writes();
        int data = (a.writes() & (bReads | b.writes())) | (b.writes() & aReads);
        if (data != 0 && someArchetypeMatchesBoth(a, b)) {
            for (int c = 0; c < 4; c++) {
                if ((data & (1 << c)) != 0) {
                    out.add(COMPONENTS[c]);
                }
            }
        }
        int aResReads = a.resReads() & ~a.resWrites();
        int bResReads = b.resReads() & ~b.resWrites();
        int res = (a.resWrites() & (bResReads | b.resWrites())) | (b.resWrites() & aResReads);
        for (int r = 0; r < 2; r++) {
            if ((res & (1 << r)) != 0) {
                out.add("resource R" + r);
            }
        }
        return out;
    }

    private static boolean someArchetypeMatchesBoth(Sys a, Sys b) {
        for (int set = 0; set < 16; set++) {
            if (matches(a, set) && matches(b, set)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matches(Sys x, int set) {
        int terms = x.reads() | x.writes();
        return (set & terms) == terms && (x.with() < 0 || (set & (1 << x.with())) != 0)
                && (x.without() < 0 || (set & (1 << x.without())) == 0);
    }

    /**
     * The detector's answer differs from the oracle's: the pairs (with their conflicting data) it reports
     * that the oracle does not, and those it misses. A failure of its own type, so that a mutant check can tell
     * this failure from an exception or from another assertion.
     */
    static final class DetectorDiffers extends AssertionError {
        private static final long serialVersionUID = 1L;
        final transient Set<String> extra;
        final transient Set<String> missing;

        DetectorDiffers(Set<String> extra, Set<String> missing) {
            super("the detector differs from the oracle: it reports " + extra + " that the oracle does not, and misses "
                    + missing);
            this.extra = extra;
            this.missing = missing;
        }
    }

    /** Throws {@link DetectorDiffers} unless the detector's answer equals the oracle's. */
    static void assertDetectorEqualsOracle(Set<String> detected, Set<String> expected) {
        Set<String> extra = new TreeSet<>(detected);
        extra.removeAll(expected);
        Set<String> missing = new TreeSet<>(expected);
        missing.removeAll(detected);
        if (!extra.isEmpty() || !missing.isEmpty()) {
            throw new DetectorDiffers(extra, missing);
        }
    }
}
