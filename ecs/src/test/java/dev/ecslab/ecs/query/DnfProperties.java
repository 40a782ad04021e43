package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.model.Val;
import dev.ecslab.ecs.model.WorldOps;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiPredicate;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The disjointness analysis behind access conflicts ({@link Dnf}) against brute force: two filters
 * overlap exactly when some component set satisfies both. Random deep filters via jqwik, plus an
 * exhaustive sweep of every small filter pair, which also proves that a broken analysis (one that
 * ignores {@code Without}) is caught.
 */
class DnfProperties {
    private final Components components = new Components();

    @Property(tries = 1000)
    void overlapEqualsBruteForce(@ForAll("filters") Filter a, @ForAll("filters") Filter b) {
        ArchetypeFilter fa = compile(a);
        ArchetypeFilter fb = compile(b);
        assertThat(Dnf.of(fa).intersects(Dnf.of(fb))).as("%s vs %s", a, b).isEqualTo(bruteOverlap(fa, fb, 5));
        assertThat(Dnf.of(fa).satisfiable()).as("%s satisfiable", a).isEqualTo(bruteOverlap(fa, ArchetypeFilter.TRUE, 5));
    }

    @Example
    void everySmallFilterPairAgreesWithBruteForce() {
        assertThat(disagreements(DnfProperties::dnfOverlap)).isEmpty();
    }

    @Example
    void anAnalysisThatIgnoresWithoutIsCaught() {
        // Mutant: drops every excluded literal, so With<A> and Without<A> look like they overlap.
        BiPredicate<ArchetypeFilter, ArchetypeFilter> ignoresWithout = (x, y) -> {
            for (Dnf.Clause c1 : Dnf.of(x).clauses()) {
                for (Dnf.Clause c2 : Dnf.of(y).clauses()) {
                    return true;
                }
            }
            return false;
        };
        assertThat(disagreements(ignoresWithout)).isNotEmpty();
    }

    @Provide
    Arbitrary<Filter> filters() {
        return WorldOps.filter();
    }

    private static boolean dnfOverlap(ArchetypeFilter x, ArchetypeFilter y) {
        return Dnf.of(x).intersects(Dnf.of(y));
    }

    /** All pairs of filters of depth at most one over three components where {@code overlap} is wrong. */
    private List<String> disagreements(BiPredicate<ArchetypeFilter, ArchetypeFilter> overlap) {
        List<ArchetypeFilter> small = smallFilters(3);
        List<String> out = new ArrayList<>();
        for (ArchetypeFilter x : small) {
            for (ArchetypeFilter y : small) {
                if (overlap.test(x, y) != bruteOverlap(x, y, 3)) {
                    out.add(x + " vs " + y);
                }
            }
        }
        return out;
    }

    static List<ArchetypeFilter> smallFilters(int n) {
        List<ArchetypeFilter> leaves = new ArrayList<>();
        for (int c = 0; c < n; c++) {
            leaves.add(new ArchetypeFilter.Has(c));
            leaves.add(new ArchetypeFilter.Not(new ArchetypeFilter.Has(c)));
        }
        List<ArchetypeFilter> all = new ArrayList<>(leaves);
        for (ArchetypeFilter l : leaves) {
            all.add(new ArchetypeFilter.Not(l));
            for (ArchetypeFilter r : leaves) {
                all.add(new ArchetypeFilter.And(List.of(l, r)));
                all.add(new ArchetypeFilter.Or(List.of(l, r)));
                all.add(new ArchetypeFilter.Xor(l, r));
            }
        }
        return all;
    }

    private static boolean bruteOverlap(ArchetypeFilter x, ArchetypeFilter y, int n) {
        for (int set = 0; set < (1 << n); set++) {
            final int s = set;
            if (x.matches(c -> (s & (1 << c)) != 0) && y.matches(c -> (s & (1 << c)) != 0)) {
                return true;
            }
        }
        return false;
    }

    private ArchetypeFilter compile(Filter f) {
        // Register the five model types first so their ids are 0..4, matching the brute force range.
        Val.COMPONENTS.forEach(components::infoOf);
        return QueryBuilder.compile(f, components::infoOf);
    }
}
