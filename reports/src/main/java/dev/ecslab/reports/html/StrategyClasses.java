package dev.ecslab.reports.html;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.results.MeasuredClass;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What this run's matrix says about each strategy, for the conclusions: the class it was measured in
 * under every executor it ran under, or why it has none. Mutants are left out: mutant strategies (rows
 * that claim nothing) and every row under a mutant executor (a deliberately broken executor says
 * nothing about a strategy).
 *
 * <p>A strategy has a class only when every one of its rows has a measured class and all are the same
 * one, and that class is one this report knows how to compare ({@link #KNOWN}). A crash decides a row
 * (broken); otherwise it needs criteria 1 and 2 judged. {@code exact-delayed} is known: it is a class
 * of its own (1 and 2 hold, some reports late within the claimed delay), compared with the claim like
 * any other, but never counted as {@code exact} where the conclusions ask for exact strategies: its
 * guarantee is weaker (a change may be seen a frame late). A row measured {@code not judged}, or a
 * class added to the lab after this code, leaves the strategy undecided: never counted as a pass,
 * never as a failure.
 */
final class StrategyClasses {
    /** The measured classes the conclusions compare; any other value means "cannot decide here". */
    static final Set<MeasuredClass> KNOWN = EnumSet.of(MeasuredClass.EXACT, MeasuredClass.EXACT_DELAYED,
            MeasuredClass.CONSERVATIVE, MeasuredClass.FLAKY, MeasuredClass.BROKEN);

    /** The built-in strategies as the lab labels them, each flavor apart: a full {@code ./lab run} has a row for each. */
    static final List<String> BUILT_IN = List.of("none", "flags", "double-buffer", "last-tick", "flag-doubling",
            "flag-doubling/immediate", "generation", "system-data");

    /**
     * One strategy's rows and its class.
     *
     * @param measured       the class under every executor, or empty
     * @param undecidedWhy   why there is no class ({@code ""} when there is one)
     */
    record Strategy(String label, ClaimedClass claimed, List<Row> rows, Optional<MeasuredClass> measured, String undecidedWhy) {
        boolean is(MeasuredClass c) {
            return measured.isPresent() && measured.get() == c;
        }

        /** "generation (exact)", "last-tick (not decided)". */
        String tagged() {
            return label + " (" + measured.map(StrategyClasses::name).orElse("not decided") + ")";
        }
    }

    /** The lab's deliberately broken executors, whose rows the conclusions leave out. */
    static final Set<String> MUTANT_EXECUTORS = Mutants.executors().stream().map(e -> e.subject().id())
            .collect(Collectors.toUnmodifiableSet());

    private final Map<String, Strategy> byLabel = new LinkedHashMap<>();

    private StrategyClasses() {
    }

    static StrategyClasses of(Matrix m) {
        Map<String, List<Row>> rows = new LinkedHashMap<>();
        Map<String, ClaimedClass> claims = new LinkedHashMap<>();
        for (Row r : m.rows()) {
            if (r.claimed() == null || MUTANT_EXECUTORS.contains(r.executor())) {
                continue;
            }
            rows.computeIfAbsent(r.strategy(), k -> new ArrayList<>()).add(r);
            claims.put(r.strategy(), r.claimed());
        }
        StrategyClasses out = new StrategyClasses();
        rows.forEach((label, rs) -> out.byLabel.put(label, classify(label, claims.get(label), rs)));
        return out;
    }

    private static Strategy classify(String label, ClaimedClass claimed, List<Row> rows) {
        List<String> notJudged = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        Map<MeasuredClass, List<String>> classes = new LinkedHashMap<>();
        for (Row r : rows) {
            if (!judged(r)) {
                notJudged.add(r.executor());
            } else if (!KNOWN.contains(r.measured())) {
                unknown.add(name(r.measured()) + " under " + r.executor());
            } else {
                classes.computeIfAbsent(r.measured(), k -> new ArrayList<>()).add(r.executor());
            }
        }
        List<String> why = new ArrayList<>();
        if (!notJudged.isEmpty()) {
            why.add("criteria 1 and 2 not judged under " + String.join(", ", notJudged));
        }
        if (!unknown.isEmpty()) {
            why.add("measured " + String.join(", ", unknown) + ", a class these conclusions do not compare");
        }
        if (classes.size() > 1) {
            List<String> parts = new ArrayList<>();
            classes.forEach((c, executors) -> parts.add(name(c) + " under " + String.join(", ", executors)));
            why.add("measured " + String.join(" but ", parts));
        }
        if (why.isEmpty() && classes.size() == 1) {
            return new Strategy(label, claimed, List.copyOf(rows), Optional.of(classes.keySet().iterator().next()), "");
        }
        return new Strategy(label, claimed, List.copyOf(rows), Optional.empty(), String.join("; ", why));
    }

    /**
     * Whether the row has a measured class: a crash makes it broken whatever else was judged; otherwise
     * both criteria that decide a class must have been judged (not judged is never a pass).
     */
    static boolean judged(Row r) {
        return r.measured() != MeasuredClass.NOT_JUDGED;
    }

    List<Strategy> all() {
        return List.copyOf(byLabel.values());
    }

    Optional<Strategy> get(String label) {
        return Optional.ofNullable(byLabel.get(label));
    }

    /** Strategies measured in class {@code c} under every executor. */
    List<Strategy> in(MeasuredClass c) {
        return byLabel.values().stream().filter(s -> s.is(c)).toList();
    }

    List<Strategy> undecided() {
        return byLabel.values().stream().filter(s -> s.measured().isEmpty()).toList();
    }

    /** Built-in strategies with no row in this run. */
    List<String> missingBuiltIns() {
        return BUILT_IN.stream().filter(l -> !byLabel.containsKey(l)).toList();
    }

    /**
     * Why this run's matrix cannot say which strategy is in which class (built-in strategies without a
     * row, strategies without a class), or empty when every built-in strategy has its class.
     */
    Optional<String> gaps() {
        List<String> parts = new ArrayList<>();
        if (!missingBuiltIns().isEmpty()) {
            parts.add("the matrix has no row for " + String.join(", ", missingBuiltIns()));
        }
        for (Strategy s : undecided()) {
            parts.add(s.label() + " has no class (" + s.undecidedWhy() + ")");
        }
        return parts.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", parts));
    }

    /**
     * A criterion over a strategy's rows, as a figure: "criterion 1 failed in 12 of 400 runs (3
     * counterexamples)" or "criterion 1 held in 400 runs".
     */
    static String figure(List<Row> rows, Criterion c) {
        int runs = 0;
        int failed = 0;
        int shown = 0;
        for (Row r : rows) {
            Cell cell = r.cell(c);
            runs += cell.judgedRuns();
            failed += cell.failedRuns();
            shown += cell.failures().size();
        }
        if (runs == 0) {
            return "criterion " + c.code() + " not judged";
        }
        if (shown == 0) {
            return "criterion " + c.code() + " held in " + runs + " runs";
        }
        return String.format(Locale.ROOT, "criterion %s failed in %d of %d runs (%d counterexample%s)", c.code(), failed, runs,
                shown, shown == 1 ? "" : "s");
    }

    /** An enum value as the page writes it: {@code EXACT_DELAYED} is "exact-delayed". */
    static String name(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
