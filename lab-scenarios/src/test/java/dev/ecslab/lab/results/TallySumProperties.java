package dev.ecslab.lab.results;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BinaryOperator;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The tallies add up in any grouping and any order: on three matrix tallies folded from findings at distinct
 * positions of one campaign (what three shards, or three jobs, would hold), {@code plus} is associative,
 * commutative and has {@code NONE} as identity, and the sum equals the fold of every finding in campaign order.
 * The statistics show how often the interesting cases happen (a scope failed in more than one part, so the
 * earliest counterexample must win; classes; delays; skipped rows; an empty part) and coverage checks keep them
 * frequent. A {@code plus} that keeps the left counterexample (what a merge that trusts the first file it reads
 * would do) is shown to be caught by the same check.
 */
class TallySumProperties {
    private static final List<Scope> SCOPES = new ArrayList<>();

    static {
        SCOPES.add(null);
        for (WatchKind k : WatchKind.values()) {
            SCOPES.add(new Scope(false, k));
            SCOPES.add(new Scope(true, k));
        }
    }

    /** What one unit of one row contributed: the kind of finding, where, and on which criterion, scope and class. */
    record Finding(int row, int unit, int order, Kind kind, Criterion criterion, Scope scope, ScenarioClass cls, int n) {
    }

    enum Kind { JUDGED, FAILED, FAILED_IN_CLASS, DELAY, PAST_HORIZON, SKIPPED, COVERED_NOTE }

    /** Three parts of one campaign: each finding in exactly one of them. */
    record Parts(List<Finding> all, List<List<Finding>> parts) {
    }

    @Provide
    Arbitrary<Parts> campaigns() {
        Arbitrary<Kind> kinds = Arbitraries.of(Kind.class);
        Arbitrary<Criterion> criteria = Arbitraries.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE);
        Arbitrary<Scope> scopes = Arbitraries.of(SCOPES.subList(0, 3));      // few scopes: they are often shared
        Arbitrary<ScenarioClass> classes = Arbitraries.of(ScenarioClass.class);
        Arbitrary<int[]> draws = Combinators.combine(Arbitraries.integers().between(0, 1),
                Arbitraries.integers().between(0, 2), Arbitraries.integers().between(1, 5), Arbitraries.integers().between(0, 2))
                .as((row, order, n, part) -> new int[] {row, order, n, part});
        Arbitrary<Object[]> one = Combinators.combine(kinds, criteria, scopes, classes, draws).as((k, c, s, cls, d) ->
                new Object[] {k, c, s, cls, d});
        return one.list().ofMinSize(4).ofMaxSize(30).map(list -> {
            List<Finding> all = new ArrayList<>();
            List<List<Finding>> parts = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
            for (int i = 0; i < list.size(); i++) {
                Object[] o = list.get(i);
                int[] d = (int[]) o[4];
                Finding f = new Finding(d[0], i, d[1], (Kind) o[0], (Criterion) o[1], (Scope) o[2], (ScenarioClass) o[3], d[2]);
                all.add(f);
                parts.get(d[3]).add(f);
            }
            return new Parts(all, parts);
        });
    }

    /** One finding as a matrix tally of its own. */
    static MatrixTally tally(Finding f) {
        RowTally row = switch (f.kind()) {
            case JUDGED -> RowTally.of(f.criterion(), CellTally.judged(1, f.n())
                    .plus(CellTally.inClass(f.cls(), new ClassTally(f.n(), 0, null))));
            case FAILED -> {
                First<Counterexample> x = new First<>(f.unit(), f.order(), counterexample(f));
                yield RowTally.of(f.criterion(), CellTally.judged(1, 0).plus(CellTally.failedRuns(1)).plus(CellTally.failure(x)));
            }
            case FAILED_IN_CLASS -> {
                First<Counterexample> x = new First<>(f.unit(), f.order(), counterexample(f));
                yield RowTally.of(f.criterion(), CellTally.judged(1, 0).plus(CellTally.failedRuns(1))
                        .plus(CellTally.failure(x)).plus(CellTally.inClass(f.cls(), new ClassTally(0, 1, x))));
            }
            case DELAY -> RowTally.of(Criterion.AT_LEAST_ONCE, CellTally.delays(
                    DelayTally.due(f.n(), f.n() - 1, Math.min(f.order(), f.n() - 1), f.order(), f.n(), f.n() * 2L,
                            f.n() * 3L),
                    Map.of(f.cls(), DelayTally.TOO_LATE)));
            case PAST_HORIZON -> RowTally.pastHorizon(new HorizonTally(1, f.n(),
                    new First<>(f.unit(), f.order(), "missed " + f.unit())));
            case SKIPPED -> RowTally.skipped(new First<>(f.unit(), f.order(), "hung at " + f.unit()));
            case COVERED_NOTE -> RowTally.of(Criterion.BOUNDED_MEMORY, CellTally.noted("note " + f.unit()));
        };
        List<RowTally> rows = new ArrayList<>(List.of(RowTally.NONE, RowTally.NONE));
        rows.set(f.row(), row);
        TreeMap<Integer, List<String>> ambiguity = new TreeMap<>();
        if (f.kind() == Kind.JUDGED && f.row() == 0) {
            ambiguity.put(f.unit(), List.of("line of " + f.unit()));
        }
        return new MatrixTally(rows, ambiguity, f.kind() == Kind.DELAY ? 1 : 0);
    }

    private static Counterexample counterexample(Finding f) {
        return new Counterexample(f.criterion(), f.scope(), "violation at " + f.unit() + "." + f.order(), null, null,
                f.unit(), "config", null);
    }

    static MatrixTally sum(List<Finding> findings, BinaryOperator<MatrixTally> plus) {
        MatrixTally t = MatrixTally.NONE;
        for (Finding f : findings) {
            t = plus.apply(t, tally(f));
        }
        return t;
    }

    @Property(tries = 300, edgeCases = EdgeCasesMode.NONE)
    void plusIsAssociativeCommutativeWithIdentity(@ForAll("campaigns") Parts p) {
        MatrixTally a = sum(p.parts().get(0), MatrixTally::plus);
        MatrixTally b = sum(p.parts().get(1), MatrixTally::plus);
        MatrixTally c = sum(p.parts().get(2), MatrixTally::plus);
        assertThat(a.plus(b.plus(c))).as("associative").isEqualTo(a.plus(b).plus(c));
        assertThat(a.plus(b)).as("commutative").isEqualTo(b.plus(a));
        assertThat(a.plus(MatrixTally.NONE)).as("right identity").isEqualTo(a);
        assertThat(MatrixTally.NONE.plus(a)).as("left identity").isEqualTo(a);
        assertThat(a.plus(b).plus(c)).as("the parts' sum is the campaign's fold").isEqualTo(sum(p.all(), MatrixTally::plus));
        assertThat(earliestWins(p.all(), a.plus(b).plus(c))).as("the first of a scope is the earliest").isTrue();
        collect(p);
    }

    /** Each cell's first counterexample of a scope is the earliest finding of that row, criterion and scope. */
    private static boolean earliestWins(List<Finding> all, MatrixTally sum) {
        for (Finding f : all) {
            if (f.kind() != Kind.FAILED && f.kind() != Kind.FAILED_IN_CLASS) {
                continue;
            }
            First<Counterexample> kept = sum.row(f.row()).cell(f.criterion()).failures().get(f.scope());
            if (kept == null || kept.unit() > f.unit() || kept.unit() == f.unit() && kept.order() > f.order()) {
                return false;
            }
        }
        return true;
    }

    private static void collect(Parts p) {
        Set<String> seen = new HashSet<>();
        boolean contested = false;
        for (int i = 0; i < 3; i++) {
            Set<String> here = new HashSet<>();
            for (Finding f : p.parts().get(i)) {
                if (f.kind() == Kind.FAILED || f.kind() == Kind.FAILED_IN_CLASS) {
                    here.add(f.row() + "|" + f.criterion() + "|" + f.scope());
                }
            }
            for (String k : here) {
                contested |= !seen.add(k);
            }
        }
        Statistics.label("a scope failed in two parts").collect(contested);
        Statistics.label("an empty part").collect(p.parts().stream().anyMatch(List::isEmpty));
        Set<Kind> kinds = new HashSet<>();
        p.all().forEach(f -> kinds.add(f.kind()));
        for (Kind k : Kind.values()) {
            Statistics.label(k.name()).collect(kinds.contains(k));
        }
        Statistics.label("a scope failed in two parts").coverage(c -> c.check(true).percentage(x -> x >= 25));
        Statistics.label("an empty part").coverage(c -> c.check(true).percentage(x -> x >= 2));
        for (Kind k : Kind.values()) {
            Statistics.label(k.name()).coverage(c -> c.check(true).percentage(x -> x >= 40));
        }
    }

    /** A plus that keeps the left part's counterexample of a scope, whatever its position: the merge bug above. */
    static MatrixTally leftWins(MatrixTally a, MatrixTally b) {
        MatrixTally right = a.plus(b);
        List<RowTally> rows = new ArrayList<>();
        for (int i = 0; i < right.rows().size(); i++) {
            RowTally r = right.row(i);
            Map<Criterion, CellTally> cells = new java.util.EnumMap<>(Criterion.class);
            for (Criterion c : Criterion.values()) {
                CellTally sum = r.cell(c);
                TreeMap<Scope, First<Counterexample>> f = new TreeMap<>(java.util.Comparator.nullsFirst(
                        java.util.Comparator.<Scope>naturalOrder()));
                f.putAll(sum.failures());
                f.putAll(a.row(i).cell(c).failures());
                cells.put(c, new CellTally(sum.judgedRuns(), sum.evidence(), sum.failedRuns(), f, sum.classes(), sum.delays(),
                        sum.delaysByClass(), sum.note()));
            }
            rows.add(new RowTally(cells, r.pastHorizon(), r.skipped(), r.coverage()));
        }
        return new MatrixTally(rows, right.ambiguity(), right.summedScenarios());
    }

    @Example
    void theCheckCatchesAPlusThatKeepsTheLeftCounterexample() {
        long caught = campaigns().sampleStream().limit(300).filter(p -> {
            MatrixTally a = sum(p.parts().get(0), TallySumProperties::leftWins);
            MatrixTally b = sum(p.parts().get(1), TallySumProperties::leftWins);
            return !leftWins(a, b).equals(leftWins(b, a));
        }).count();
        assertThat(caught).as("generated campaigns on which the broken plus does not commute").isGreaterThan(10);
    }
}
