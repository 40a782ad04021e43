package dev.ecslab.lab.classify;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One criterion for one strategy and executor: how many scenario runs judged it, and the first
 * counterexample per scope (components and resources, Added, Mutated, Changed and Removed apart;
 * criteria without a scope keep theirs under {@code null}).
 */
public final class Cell {
    private final Criterion criterion;
    private int judged;
    private final Map<Scope, Counterexample> failures = new TreeMap<>(java.util.Comparator.nullsFirst(
            java.util.Comparator.<Scope>naturalOrder()));
    private int failedRuns;
    private String note = "";

    public Cell(Criterion criterion) {
        this.criterion = criterion;
    }

    public Criterion criterion() {
        return criterion;
    }

    void judged() {
        judged++;
    }

    void failedRun() {
        failedRuns++;
    }

    /** Keeps the first counterexample of its scope; true if it was the first. */
    boolean fail(Counterexample c) {
        return failures.putIfAbsent(c.scope(), c) == null;
    }

    boolean hasFailure(Scope scope) {
        return failures.containsKey(scope);
    }

    void note(String text) {
        note = text;
    }

    /** Figures behind the verdict (criterion 6's sizes), or {@code ""}. */
    public String note() {
        return note;
    }

    /** Scenario runs that judged this criterion. */
    public int judgedRuns() {
        return judged;
    }

    /** Scenario runs that failed it. */
    public int failedRuns() {
        return failedRuns;
    }

    public boolean judgedAtAll() {
        return judged > 0;
    }

    public boolean passes() {
        return failures.isEmpty();
    }

    public Map<Scope, Counterexample> failures() {
        return Collections.unmodifiableMap(failures);
    }

    /** The first counterexample (lowest scope), or {@code null}. */
    public Counterexample first() {
        return failures.isEmpty() ? null : failures.values().iterator().next();
    }
}
