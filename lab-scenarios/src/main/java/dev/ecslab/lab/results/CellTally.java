package dev.ecslab.lab.results;

import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One criterion for one strategy and executor, as a sum: the runs that judged it and the evidence they judged, the
 * runs that failed it, the first counterexample per scope (components and resources, Added, Mutated, Changed and
 * Removed apart; a criterion without a scope keeps its under {@code null}), the tally per scenario class, criterion
 * 1's delays (over all classes and per class) and the figures behind a verdict in words (criterion 6's sizes).
 *
 * <p>Contract: {@link #plus} adds counts, keeps the earlier {@link First} of each scope and class and takes the
 * larger largest delay, so it is associative and commutative with {@link #NONE} as identity; a campaign's cell is
 * the same sum however its runs were grouped (jobs, shards) and in whatever order the groups are added. The note is
 * written once per cell (criterion 6's measurement); two notes never meet in one row, and {@code plus} keeps the
 * greater so that it stays commutative if they did.
 *
 * <p>Three outcomes, never two: {@link #status()} fails when some run violated it, passes when runs judged it
 * and none violated it, and is not judged otherwise.
 */
public record CellTally(int judgedRuns, long evidence, int failedRuns, SortedMap<Scope, First<Counterexample>> failures,
        Map<ScenarioClass, ClassTally> classes, DelayTally delays, Map<ScenarioClass, DelayTally> delaysByClass,
        String note) {
    private static final Comparator<Scope> SCOPES = Comparator.nullsFirst(Comparator.<Scope>naturalOrder());

    /** Nothing judged: the identity of {@link #plus}. */
    public static final CellTally NONE = new CellTally(0, 0, 0, new TreeMap<>(SCOPES), Map.of(), DelayTally.NONE,
            Map.of(), "");

    public CellTally {
        TreeMap<Scope, First<Counterexample>> f = new TreeMap<>(SCOPES);
        f.putAll(failures);
        failures = Collections.unmodifiableSortedMap(f);
        classes = Collections.unmodifiableMap(classes.isEmpty() ? new EnumMap<>(ScenarioClass.class) : new EnumMap<>(classes));
        delaysByClass = Collections.unmodifiableMap(delaysByClass.isEmpty() ? new EnumMap<>(ScenarioClass.class)
                : new EnumMap<>(delaysByClass));
        delays = delays == null ? DelayTally.NONE : delays;
        note = note == null ? "" : note;
    }

    /** {@code runs} runs that judged the criterion with {@code evidence} pieces of evidence in all. */
    public static CellTally judged(int runs, long evidence) {
        return new CellTally(runs, evidence, 0, none(), Map.of(), DelayTally.NONE, Map.of(), "");
    }

    /** {@code tally} on class {@code cls} alone. */
    public static CellTally inClass(ScenarioClass cls, ClassTally tally) {
        return new CellTally(0, 0, 0, none(), Map.of(cls, tally), DelayTally.NONE, Map.of(), "");
    }

    /** {@code runs} runs that failed the criterion. */
    public static CellTally failedRuns(int runs) {
        return new CellTally(0, 0, runs, none(), Map.of(), DelayTally.NONE, Map.of(), "");
    }

    /** A counterexample found at {@code first}'s position, the first of its scope unless a sum holds an earlier one. */
    public static CellTally failure(First<Counterexample> first) {
        SortedMap<Scope, First<Counterexample>> f = none();
        f.put(first.value().scope(), first);
        return new CellTally(0, 0, 0, f, Map.of(), DelayTally.NONE, Map.of(), "");
    }

    /** Criterion 1's delays: {@code all} over every class, and per class. */
    public static CellTally delays(DelayTally all, Map<ScenarioClass, DelayTally> byClass) {
        return new CellTally(0, 0, 0, none(), Map.of(), all, byClass, "");
    }

    /** The figures behind a verdict, in words. */
    public static CellTally noted(String note) {
        return new CellTally(0, 0, 0, none(), Map.of(), DelayTally.NONE, Map.of(), note);
    }

    private static SortedMap<Scope, First<Counterexample>> none() {
        return new TreeMap<>(SCOPES);
    }

    public CellTally plus(CellTally o) {
        if (o == NONE) {
            return this;
        }
        if (this == NONE) {
            return o;
        }
        TreeMap<Scope, First<Counterexample>> f = new TreeMap<>(SCOPES);
        f.putAll(failures);
        o.failures.forEach((scope, x) -> f.merge(scope, x, First::earlier));
        Map<ScenarioClass, ClassTally> c = new EnumMap<>(ScenarioClass.class);
        c.putAll(classes);
        o.classes.forEach((cls, t) -> c.merge(cls, t, ClassTally::plus));
        Map<ScenarioClass, DelayTally> d = new EnumMap<>(ScenarioClass.class);
        d.putAll(delaysByClass);
        o.delaysByClass.forEach((cls, t) -> d.merge(cls, t, DelayTally::plus));
        return new CellTally(judgedRuns + o.judgedRuns, evidence + o.evidence, failedRuns + o.failedRuns, f, c,
                delays.plus(o.delays), d, note.compareTo(o.note) >= 0 ? note : o.note);
    }

    public CellStatus status() {
        return CellStatus.of(!failures.isEmpty(), evidence);
    }

    /** The tally of one class ({@link ClassTally#NONE} when the class was never judged). */
    public ClassTally inClass(ScenarioClass cls) {
        return classes.getOrDefault(cls, ClassTally.NONE);
    }

    /** Criterion 1's delays on one class ({@link DelayTally#NONE} when none was due there). */
    public DelayTally delaysIn(ScenarioClass cls) {
        return delaysByClass.getOrDefault(cls, DelayTally.NONE);
    }

    /** The first counterexample of the lowest scope, or {@code null}. */
    public Counterexample first() {
        return failures.isEmpty() ? null : failures.values().iterator().next().value();
    }
}
