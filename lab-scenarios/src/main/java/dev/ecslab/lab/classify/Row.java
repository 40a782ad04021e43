package dev.ecslab.lab.classify;

import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.EnumMap;
import java.util.Map;

/**
 * One strategy (and flavor) under one executor: a cell per criterion, the claimed and measured class,
 * and the measured class per scenario class (the weakest of which is the row's).
 */
public final class Row {
    private final TrackerSubject subject;
    private final String executor;
    private final Map<Criterion, Cell> cells = new EnumMap<>(Criterion.class);
    private String skipped;

    public Row(TrackerSubject subject, String executor) {
        this.subject = subject;
        this.executor = executor;
        for (Criterion c : Criterion.values()) {
            cells.put(c, new Cell(c));
        }
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
        DelayStats.Figures d = first.delays().all();
        return MeasuredClass.of(cell(Criterion.CRASH).status(), first.status(), cell(Criterion.AT_MOST_ONCE).status(),
                d.late() == 0 && d.missed() == 0, invariantsHold());
    }

    /** On one scenario class alone (crashes count everywhere). */
    public MeasuredClass measured(ScenarioClass cls) {
        Cell first = cell(Criterion.AT_LEAST_ONCE);
        DelayStats.Figures d = first.delays().in(cls);
        return MeasuredClass.of(cell(Criterion.CRASH).status(), first.inClass(cls).status(),
                cell(Criterion.AT_MOST_ONCE).inClass(cls).status(), d.late() == 0 && d.missed() == 0, invariantsHold());
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
        return skipped;
    }

    void skip(String why) {
        skipped = why;
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

    private PastHorizon pastHorizon = PastHorizon.NONE;

    /** What this row's runs missed past the claimed horizon ({@link PastHorizon#NONE} when nothing). */
    public PastHorizon pastHorizon() {
        return pastHorizon;
    }

    /** Adds a run's misses past the horizon (the lab's campaign, in campaign order; a recorded matrix, once). */
    public void pastHorizon(PastHorizon p) {
        pastHorizon = pastHorizon.runs() == 0 ? p : new PastHorizon(pastHorizon.runs() + p.runs(),
                pastHorizon.changes() + p.changes(), pastHorizon.first() != null ? pastHorizon.first() : p.first());
    }

    /** How much of each catalogue scenario's schedule space this row ran, in catalogue order. */
    public java.util.List<dev.ecslab.lab.explore.Coverage> coverage() {
        return java.util.Collections.unmodifiableList(coverage);
    }

    void covered(dev.ecslab.lab.explore.Coverage c) {
        coverage.add(c);
    }

    private final java.util.List<dev.ecslab.lab.explore.Coverage> coverage = new java.util.ArrayList<>();
}
