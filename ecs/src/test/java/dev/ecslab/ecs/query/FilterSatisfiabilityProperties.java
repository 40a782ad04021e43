package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Filter disjointness is decided exactly at any size: {@link Dnf#overlap} (the normal form while it is
 * small, {@link FilterSatisfiability} past {@link Dnf#MAX_CLAUSES}) against brute force over every
 * component set of a small universe. The generator draws wide, deep filters over twelve components, so
 * that a good share overflow the normal form (checked with {@code Statistics}); the old answer for those
 * ("may match anything") is kept as a mutant that the same comparison catches.
 */
class FilterSatisfiabilityProperties {
    private static final int UNIVERSE = 12;

    @Property(tries = 300)
    void overlapIsExactAtAnySize(@ForAll("bigFilters") ArchetypeFilter a, @ForAll("bigFilters") ArchetypeFilter b) {
        Dnf da = Dnf.of(a);
        Dnf db = Dnf.of(b);
        boolean overflow = da.overflowed() || db.overflowed();
        Statistics.label("normal form").collect(overflow ? "overflowed (solver)" : "clauses");
        Statistics.label("overlap").collect(brute(a, b) ? "overlap" : "disjoint");
        Dnf.Overlap expected = brute(a, b) ? Dnf.Overlap.OVERLAP : Dnf.Overlap.DISJOINT;
        assertThat(da.overlap(db)).as("%s vs %s", a, b).isEqualTo(expected);
        assertThat(da.satisfiable()).as("%s satisfiable", a).isEqualTo(brute(a, ArchetypeFilter.TRUE));
        Statistics.label("normal form").coverage(c -> {
            c.check("overflowed (solver)").percentage(p -> p >= 5.0);
            c.check("clauses").percentage(p -> p >= 5.0);
        });
        Statistics.label("overlap").coverage(c -> {
            c.check("overlap").percentage(p -> p >= 5.0);
            c.check("disjoint").percentage(p -> p >= 5.0);
        });
    }

    @Example
    void theSolverAgreesWithBruteForceOnEveryFilterOfAFixedSample() {
        assertThat(disagreements(FilterSatisfiabilityProperties::solved)).isEmpty();
    }

    @Example
    void theOldAnswerForLargeFiltersIsCaught() {
        // Mutant: what ecslab did before the solver, "an overflowed form matches anything".
        assertThat(disagreements((x, y) -> Dnf.of(x).overflowed() || Dnf.of(y).overflowed() || solved(x, y)))
                .isNotEmpty();
    }

    @Example
    void aSolverThatGivesUpTooEarlySaysUndecidedNeverAWrongAnswer() {
        ArchetypeFilter hard = pigeonhole(5);            // 6 pigeons, 5 holes: unsatisfiable, and hard for DPLL
        assertThat(FilterSatisfiability.decide(hard, 50)).isEqualTo(FilterSatisfiability.Result.UNDECIDED);
        assertThat(FilterSatisfiability.decide(hard, 50_000_000)).isEqualTo(FilterSatisfiability.Result.UNSATISFIABLE);
    }

    @Example
    void tenOrTermsUnderAnAndAreDecidedAndDisjointFromTheirNegation() {
        List<ArchetypeFilter> ors = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            ors.add(new ArchetypeFilter.Or(List.of(new ArchetypeFilter.Has(2 * i), new ArchetypeFilter.Has(2 * i + 1))));
        }
        ArchetypeFilter big = new ArchetypeFilter.And(ors);
        Dnf dnf = Dnf.of(big);
        assertThat(dnf.overflowed()).as("4 096 clauses").isTrue();
        Dnf none = Dnf.of(new ArchetypeFilter.And(List.of(new ArchetypeFilter.Not(new ArchetypeFilter.Has(6)),
                new ArchetypeFilter.Not(new ArchetypeFilter.Has(7)))));
        Dnf one = Dnf.of(new ArchetypeFilter.Not(new ArchetypeFilter.Has(6)));
        assertThat(dnf.overlap(none)).isEqualTo(Dnf.Overlap.DISJOINT);
        assertThat(dnf.intersects(none)).isFalse();
        assertThat(dnf.overlap(one)).isEqualTo(Dnf.Overlap.OVERLAP);
    }

    /** Pigeonhole: pigeons 0..holes each in some hole, no two in one; unsatisfiable. Variable p*holes+h. */
    static ArchetypeFilter pigeonhole(int holes) {
        List<ArchetypeFilter> all = new ArrayList<>();
        for (int p = 0; p <= holes; p++) {
            List<ArchetypeFilter> some = new ArrayList<>();
            for (int h = 0; h < holes; h++) {
                some.add(new ArchetypeFilter.Has(p * holes + h));
            }
            all.add(new ArchetypeFilter.Or(some));
        }
        for (int h = 0; h < holes; h++) {
            for (int p = 0; p <= holes; p++) {
                for (int q = p + 1; q <= holes; q++) {
                    all.add(new ArchetypeFilter.Not(new ArchetypeFilter.And(List.of(
                            new ArchetypeFilter.Has(p * holes + h), new ArchetypeFilter.Has(q * holes + h)))));
                }
            }
        }
        return new ArchetypeFilter.And(all);
    }

    @Provide
    Arbitrary<ArchetypeFilter> bigFilters() {
        Arbitrary<ArchetypeFilter> wide = wide();
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(2, filter(4)),
                net.jqwik.api.Tuple.of(2, wide),
                net.jqwik.api.Tuple.of(1, wide.map(ArchetypeFilter.Not::new)),
                net.jqwik.api.Tuple.of(1, net.jqwik.api.Combinators.combine(wide, filter(2))
                        .as((w, f) -> (ArchetypeFilter) new ArchetypeFilter.Or(List.of(w, f)))));
    }

    /** A conjunction of 9 to 14 disjunctions of two or three literals: its normal form is usually too large. */
    private static Arbitrary<ArchetypeFilter> wide() {
        Arbitrary<ArchetypeFilter> literal = net.jqwik.api.Combinators.combine(Arbitraries.integers().between(0, UNIVERSE - 1),
                Arbitraries.integers().between(0, 3)).as((c, neg) -> neg == 0
                        ? new ArchetypeFilter.Not(new ArchetypeFilter.Has(c)) : new ArchetypeFilter.Has(c));
        Arbitrary<ArchetypeFilter> or = literal.list().ofMinSize(2).ofMaxSize(3).map(ArchetypeFilter.Or::new);
        return or.list().ofMinSize(9).ofMaxSize(14).map(ArchetypeFilter.And::new);
    }

    private static Arbitrary<ArchetypeFilter> filter(int depth) {
        Arbitrary<ArchetypeFilter> leaf = Arbitraries.integers().between(0, UNIVERSE - 1).map(ArchetypeFilter.Has::new);
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<ArchetypeFilter> sub = filter(depth - 1);
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(2, leaf),
                net.jqwik.api.Tuple.of(1, sub.map(ArchetypeFilter.Not::new)),
                net.jqwik.api.Tuple.of(3, sub.list().ofMinSize(0).ofMaxSize(8).map(l -> (ArchetypeFilter) new ArchetypeFilter.And(l))),
                net.jqwik.api.Tuple.of(3, sub.list().ofMinSize(0).ofMaxSize(8).map(l -> (ArchetypeFilter) new ArchetypeFilter.Or(l))),
                net.jqwik.api.Tuple.of(1, net.jqwik.api.Combinators.combine(sub, sub).as(ArchetypeFilter.Xor::new)));
    }

    private static boolean solved(ArchetypeFilter x, ArchetypeFilter y) {
        return Dnf.of(x).overlap(Dnf.of(y)) != Dnf.Overlap.DISJOINT;
    }

    /**
     * Pairs of a fixed sample (conjunctions of {@code Or}s and {@code Xor}s large enough to overflow, and
     * their negations) where {@code overlap} disagrees with brute force.
     */
    private static List<String> disagreements(BiFunction<ArchetypeFilter, ArchetypeFilter, Boolean> overlap) {
        List<ArchetypeFilter> sample = new ArrayList<>();
        for (int step = 1; step <= 5; step += 2) {
            List<ArchetypeFilter> ors = new ArrayList<>();
            for (int i = 0; i < UNIVERSE; i++) {
                ors.add(new ArchetypeFilter.Or(List.of(new ArchetypeFilter.Has(i),
                        new ArchetypeFilter.Not(new ArchetypeFilter.Has((i + step) % UNIVERSE)),
                        new ArchetypeFilter.Has((i + 2 * step + 1) % UNIVERSE))));
            }
            sample.add(new ArchetypeFilter.And(ors));
            sample.add(new ArchetypeFilter.Not(new ArchetypeFilter.And(ors)));
        }
        for (int c = 0; c < UNIVERSE; c++) {
            sample.add(new ArchetypeFilter.Has(c));
            sample.add(new ArchetypeFilter.Not(new ArchetypeFilter.Has(c)));
        }
        assertThat(sample).as("the sample has filters past the normal form").anyMatch(f -> Dnf.of(f).overflowed());
        List<String> out = new ArrayList<>();
        for (ArchetypeFilter x : sample) {
            for (ArchetypeFilter y : sample) {
                if (overlap.apply(x, y) != brute(x, y)) {
                    out.add(x + " vs " + y);
                }
            }
        }
        return out;
    }

    private static boolean brute(ArchetypeFilter x, ArchetypeFilter y) {
        for (int set = 0; set < (1 << UNIVERSE); set++) {
            final int s = set;
            if (x.matches(c -> (s & (1 << c)) != 0) && y.matches(c -> (s & (1 << c)) != 0)) {
                return true;
            }
        }
        return false;
    }
}
