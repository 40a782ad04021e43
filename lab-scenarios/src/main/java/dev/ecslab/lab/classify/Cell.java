package dev.ecslab.lab.classify;

import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.CellStatus;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One criterion for one strategy and executor: what was judged, and the first counterexample per
 * scope (components and resources, Added, Mutated, Changed and Removed apart; criteria without a
 * scope keep theirs under {@code null}) and per scenario class.
 *
 * <p><b>Three outcomes, never two.</b> A cell {@linkplain CellStatus#FAIL fails} when some run violated
 * it, {@linkplain CellStatus#PASS passes} when runs judged it (some evidence: an obligation, a run, a
 * measurement) and none violated it, and is {@linkplain CellStatus#NOT_JUDGED not judged} otherwise. Not
 * judged is never a pass: a check that judged nothing has not passed.
 */
public final class Cell {
    /** Criterion 1 or 2 on one scenario class: evidence, failures and the first counterexample. */
    public static final class ClassTally {
        private int evidence;
        private int failedRuns;
        private Counterexample first;

        public int evidence() {
            return evidence;
        }

        public int failedRuns() {
            return failedRuns;
        }

        public Counterexample first() {
            return first;
        }

        public CellStatus status() {
            return first != null ? CellStatus.FAIL : evidence > 0 ? CellStatus.PASS : CellStatus.NOT_JUDGED;
        }
    }

    private final Criterion criterion;
    private int judgedRuns;
    private long evidence;
    private int failedRuns;
    private final Map<Scope, Counterexample> failures = new TreeMap<>(Comparator.nullsFirst(Comparator.<Scope>naturalOrder()));
    private final Map<ScenarioClass, ClassTally> classes = new EnumMap<>(ScenarioClass.class);
    private final DelayStats delays = new DelayStats();
    private String note = "";

    public Cell(Criterion criterion) {
        this.criterion = criterion;
    }

    public Criterion criterion() {
        return criterion;
    }

    /** A scenario run judged this criterion with {@code items} pieces of evidence. */
    void judged(long items) {
        judgedRuns++;
        evidence += items;
    }

    /** Adds runs that judged this criterion with {@code items} pieces of evidence in all (a shard's summed runs). */
    void judgedRuns(int runs, long items) {
        judgedRuns += runs;
        evidence += items;
    }

    void evidence(ScenarioClass cls, int items) {
        classes.computeIfAbsent(cls, c -> new ClassTally()).evidence += items;
    }

    void failedRun() {
        failedRuns++;
    }

    void failedRunIn(ScenarioClass cls) {
        classes.computeIfAbsent(cls, c -> new ClassTally()).failedRuns++;
    }

    /** Keeps the first counterexample of its scope; true if it was the first. */
    boolean fail(Counterexample c) {
        return failures.putIfAbsent(c.scope(), c) == null;
    }

    /** Keeps the first counterexample of a class. */
    void failIn(ScenarioClass cls, Counterexample c) {
        ClassTally t = classes.computeIfAbsent(cls, k -> new ClassTally());
        if (t.first == null) {
            t.first = c;
        }
    }

    /** Sets the figures a report recorded ({@link RecordedRows}): runs, evidence, failed runs and the note. */
    void restore(int judgedRuns, long evidence, int failedRuns, String note) {
        this.judgedRuns = judgedRuns;
        this.evidence = evidence;
        this.failedRuns = failedRuns;
        this.note = note == null ? "" : note;
    }

    /** Sets a class's tally as a report recorded it ({@link RecordedRows}). */
    void restore(ScenarioClass cls, int evidence, int failedRuns, Counterexample first) {
        ClassTally t = classes.computeIfAbsent(cls, k -> new ClassTally());
        t.evidence = evidence;
        t.failedRuns = failedRuns;
        t.first = first;
    }

    boolean hasFailure(Scope scope) {
        return failures.containsKey(scope);
    }

    void note(String text) {
        note = text;
    }

    /** Figures behind the verdict (criterion 6's sizes, the delay figures), or {@code ""}. */
    public String note() {
        return note;
    }

    /** Scenario runs that judged this criterion. */
    public int judgedRuns() {
        return judgedRuns;
    }

    /** Pieces of evidence judged (obligations for 1 and 2, runs for O, measurements for 6). */
    public long evidence() {
        return evidence;
    }

    /** Scenario runs that failed it. */
    public int failedRuns() {
        return failedRuns;
    }

    public CellStatus status() {
        return !failures.isEmpty() ? CellStatus.FAIL : evidence > 0 ? CellStatus.PASS : CellStatus.NOT_JUDGED;
    }

    /** True when it passes: runs judged it and none violated it. Not judged is not a pass. */
    public boolean passes() {
        return status() == CellStatus.PASS;
    }

    /** True when some run violated it. */
    public boolean fails() {
        return status() == CellStatus.FAIL;
    }

    public boolean judgedAtAll() {
        return status() != CellStatus.NOT_JUDGED;
    }

    public Map<Scope, Counterexample> failures() {
        return Collections.unmodifiableMap(failures);
    }

    /** Per scenario class, for criteria 1 and 2 (and the class views 7 and L). */
    public Map<ScenarioClass, ClassTally> classes() {
        return Collections.unmodifiableMap(classes);
    }

    /** The tally of one class (empty when the class was never judged). */
    public ClassTally inClass(ScenarioClass cls) {
        return classes.getOrDefault(cls, new ClassTally());
    }

    /** Report delays, for criterion 1. */
    public DelayStats delays() {
        return delays;
    }

    /** The first counterexample (lowest scope), or {@code null}. */
    public Counterexample first() {
        return failures.isEmpty() ? null : failures.values().iterator().next();
    }
}
