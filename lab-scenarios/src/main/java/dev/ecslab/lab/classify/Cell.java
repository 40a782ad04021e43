package dev.ecslab.lab.classify;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.results.CellStatus;
import dev.ecslab.lab.results.CellTally;
import dev.ecslab.lab.results.ClassTally;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.First;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One criterion for one strategy and executor: its {@link CellTally} (what was judged, the first counterexample per
 * scope and per scenario class, the delays) and the questions a report asks of it. The figures are the immutable
 * tally; the cell only holds the current sum while a row is folded (each finding is added with
 * {@link CellTally#plus}); a recorded report's rows are built from their tallies.
 *
 * <p><b>Three outcomes, never two.</b> A cell {@linkplain CellStatus#FAIL fails} when some run violated
 * it, {@linkplain CellStatus#PASS passes} when runs judged it (some evidence: an obligation, a run, a
 * measurement) and none violated it, and is {@linkplain CellStatus#NOT_JUDGED not judged} otherwise. Not
 * judged is never a pass: a check that judged nothing has not passed.
 */
public final class Cell {
    /** Where findings added without one are found: after every unit of a fold, in the order they are added. */
    static final long UNPLACED = Long.MAX_VALUE;

    private final Criterion criterion;
    private CellTally tally = CellTally.NONE;
    private int unplaced;

    public Cell(Criterion criterion) {
        this.criterion = criterion;
    }

    public Criterion criterion() {
        return criterion;
    }

    /** The cell's figures. */
    public CellTally tally() {
        return tally;
    }

    /** Adds {@code t} to the cell's figures. */
    void add(CellTally t) {
        tally = tally.plus(t);
    }

    /** A scenario run judged this criterion with {@code items} pieces of evidence. */
    void judged(long items) {
        add(CellTally.judged(1, items));
    }

    void evidence(ScenarioClass cls, int items) {
        add(CellTally.inClass(cls, new ClassTally(items, 0, null)));
    }

    void failedRun() {
        add(CellTally.failedRuns(1));
    }

    void failedRunIn(ScenarioClass cls) {
        add(CellTally.inClass(cls, new ClassTally(0, 1, null)));
    }

    /** Keeps the earliest counterexample of its scope; true if {@code c} is now it. */
    boolean fail(First<Counterexample> c) {
        add(CellTally.failure(c));
        return tally.failures().get(c.value().scope()) == c;
    }

    /** Keeps the first counterexample of its scope (added after every placed one); true if it was the first. */
    boolean fail(Counterexample c) {
        return fail(new First<>(UNPLACED, unplaced++, c));
    }

    /** Keeps the earliest counterexample of a class. */
    void failIn(ScenarioClass cls, First<Counterexample> c) {
        add(CellTally.inClass(cls, new ClassTally(0, 0, c)));
    }

    /** Keeps the first counterexample of a class (added after every placed one). */
    void failIn(ScenarioClass cls, Counterexample c) {
        failIn(cls, new First<>(UNPLACED, unplaced++, c));
    }

    boolean hasFailure(Scope scope) {
        return tally.failures().containsKey(scope);
    }

    /** Figures behind the verdict (criterion 6's sizes, the delay figures), or {@code ""}. */
    public String note() {
        return tally.note();
    }

    /** Scenario runs that judged this criterion. */
    public int judgedRuns() {
        return tally.judgedRuns();
    }

    /** Pieces of evidence judged (obligations for 1 and 2, runs for O, measurements for 6). */
    public long evidence() {
        return tally.evidence();
    }

    /** Scenario runs that failed it. */
    public int failedRuns() {
        return tally.failedRuns();
    }

    public CellStatus status() {
        return tally.status();
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

    /** The first counterexample of each scope, in scope order (criteria without a scope: under {@code null}). */
    public Map<Scope, Counterexample> failures() {
        Map<Scope, Counterexample> out = new LinkedHashMap<>();
        tally.failures().forEach((scope, f) -> out.put(scope, f.value()));
        return Collections.unmodifiableMap(out);
    }

    /** Per scenario class, for criteria 1 and 2 (and the class views 7 and L). */
    public Map<ScenarioClass, ClassTally> classes() {
        return tally.classes();
    }

    /** The tally of one class (empty when the class was never judged). */
    public ClassTally inClass(ScenarioClass cls) {
        return tally.inClass(cls);
    }

    /** Report delays, for criterion 1. */
    public DelayStats delays() {
        return new DelayStats(this);
    }

    /** The first counterexample (lowest scope), or {@code null}. */
    public Counterexample first() {
        return tally.first();
    }
}
