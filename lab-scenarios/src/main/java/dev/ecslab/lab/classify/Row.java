package dev.ecslab.lab.classify;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.results.CellTally;
import dev.ecslab.lab.results.DelayTally;
import dev.ecslab.lab.results.First;
import dev.ecslab.lab.results.HorizonTally;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.results.RowTally;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * One strategy (and flavor) under one executor: a cell per criterion, the claimed and measured class,
 * and the measured class per scenario class (the weakest of which is the row's). Its figures are a
 * {@link RowTally} ({@link #tally()}); the row holds the current sum while it is folded or restored, and
 * answers what a report asks of it.
 */
public final class Row {
    private final TrackerSubject subject;
    private final String executor;
    private final Map<Criterion, Cell> cells = new EnumMap<>(Criterion.class);
    /** What is not a cell's: the misses past the horizon, the reason to skip and the coverage. */
    private RowTally own = RowTally.NONE;
    private int unplaced;

    public Row(TrackerSubject subject, String executor) {
        this.subject = subject;
        this.executor = executor;
        for (Criterion c : Criterion.values()) {
            cells.put(c, new Cell(c));
        }
    }

    /** A row of {@code subject} under {@code executor} whose figures are {@code tally}. */
    public Row(TrackerSubject subject, String executor, RowTally tally) {
        this(subject, executor);
        add(tally);
    }

    /** The row's figures. */
    public RowTally tally() {
        Map<Criterion, CellTally> t = new EnumMap<>(Criterion.class);
        cells.forEach((c, cell) -> t.put(c, cell.tally()));
        return new RowTally(t, own.pastHorizon(), own.skipped(), own.coverage());
    }

    /** Adds {@code t} to the row's figures. */
    void add(RowTally t) {
        t.cells().forEach((c, ct) -> cells.get(c).add(ct));
        own = own.plus(new RowTally(Map.of(), t.pastHorizon(), t.skipped(), t.coverage()));
    }

    public TrackerSubject subject() {
        return subject;
    }

    public String strategy() {
        return subject.label();
    }

    public String executor() {
        return executor;
    }

    public Cell cell(Criterion c) {
        return cells.get(c);
    }

    /** Whether criterion {@code c}'s cell holds a counterexample of {@code scope}. */
    boolean has(Criterion c, dev.ecslab.lab.criteria.Scope scope) {
        return cells.get(c).hasFailure(scope);
    }

    /** {@code null} for a mutant, which claims nothing. */
    public ClaimedClass claimed() {
        return subject.claimed();
    }

    /** The delay criterion 1 allowed (the claim's). */
    public int allowedDelayFrames() {
        return subject.delayFrames();
    }

    /** Over every scenario class: the weakest (and broken when an invariant or the code under test broke). */
    public MeasuredClass measured() {
        Cell first = cell(Criterion.AT_LEAST_ONCE);
        return MeasuredClass.of(cell(Criterion.CRASH).status(), first.status(), cell(Criterion.AT_MOST_ONCE).status(),
                first.delays().all().onTime(), invariantsHold());
    }

    /** On one scenario class alone (crashes count everywhere). */
    public MeasuredClass measured(ScenarioClass cls) {
        Cell first = cell(Criterion.AT_LEAST_ONCE);
        DelayTally d = first.delays().in(cls);
        return MeasuredClass.of(cell(Criterion.CRASH).status(), first.inClass(cls).status(),
                cell(Criterion.AT_MOST_ONCE).inClass(cls).status(), d.onTime(), invariantsHold());
    }

    /** False when the configuration broke ordering (O), bounded memory (6) or a pure frame (8). */
    public boolean invariantsHold() {
        return !cell(Criterion.ORDERING).fails() && !cell(Criterion.BOUNDED_MEMORY).fails()
                && !cell(Criterion.PURE_FUNCTION).fails();
    }

    /** True when the measured class agrees with the claim (always false for a mutant). */
    public boolean agrees() {
        return claimed() != null && measured().agreesWith(claimed());
    }

    /** Why part of the row's campaign was not run (an earlier run hung), or {@code null}. */
    public String skipped() {
        return own.skippedWhy();
    }

    /** Why the row's campaign was not run from unit {@code unit} on (replacing an earlier reason given for the same unit). */
    void skip(long unit, String why) {
        own = new RowTally(Map.of(), own.pastHorizon(), new First<>(unit, 0, why), own.coverage());
    }

    /** Why part of the row's campaign was not run, where a recorded report does not say. */
    void skip(String why) {
        skip(Cell.UNPLACED, why);
    }

    /**
     * Changes missed past the horizon the strategy claims: never gated (the claim does not cover them), shown so
     * that what happens past a promise is known. Runs with such a miss, the changes missed, and the first in words.
     */
    public record PastHorizon(int runs, long changes, String first) {
        /** None. */
        public static final PastHorizon NONE = new PastHorizon(0, 0, null);

        /** "3 change(s) missed past the claimed horizon in 2 run(s), not gated; the first: ...", or "" for none. */
        public String describe() {
            return runs == 0 ? "" : changes + " change(s) missed past the claimed horizon in " + runs
                    + " run(s), not gated; the first: " + first;
        }
    }

    /** What this row's runs missed past the claimed horizon ({@link PastHorizon#NONE} when nothing). */
    public PastHorizon pastHorizon() {
        HorizonTally h = own.pastHorizon();
        return h.runs() == 0 ? PastHorizon.NONE : new PastHorizon(h.runs(), h.changes(), h.firstWords());
    }

    /** Adds misses past the horizon after every unit the row holds (a row made by hand). */
    public void pastHorizon(PastHorizon p) {
        own = own.plus(RowTally.pastHorizon(new HorizonTally(p.runs(), p.changes(), p.first() == null ? null
                : new First<>(Cell.UNPLACED, unplaced++, p.first()))));
    }

    /** How much of each catalogue scenario's schedule space this row ran, in catalogue order. */
    public List<Coverage> coverage() {
        return java.util.Collections.unmodifiableList(new ArrayList<>(own.coverage().values()));
    }

    /** The coverage of catalogue scenario {@code unit}. */
    void covered(int unit, Coverage c) {
        own = own.plus(RowTally.covered(unit, c));
    }
}
