package dev.ecslab.lab.classify;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ScenarioClass;

/**
 * Rows rebuilt from the figures a report recorded (the reports' {@code matrix.json}), so a report can be
 * redrawn without running a scenario: the same {@link Row}, {@link Cell} and {@link DelayStats} the lab
 * fills, filled from numbers instead of runs. The contract: a row restored from the figures another row
 * gives (its cells' runs, evidence, failures, notes, class tallies, delay figures, skip reason and
 * coverage) answers every question of the public view ({@link Row#measured()}, {@link Cell#status()},
 * the tallies, {@link dev.ecslab.lab.results.DelayTally}) exactly as that row does. Only readers of recorded reports
 * call this; the lab never does.
 */
public final class RecordedRows {
    private RecordedRows() {
    }

    /** An empty row of {@code subject} under {@code executor}, to fill with the methods below. */
    public static Row row(TrackerSubject subject, String executor) {
        return new Row(subject, executor);
    }

    /** A cell's figures: scenario runs that judged it, evidence, runs that failed it, and its note. */
    public static void cell(Row row, Criterion c, int judgedRuns, long evidence, int failedRuns, String note) {
        row.cell(c).restore(judgedRuns, evidence, failedRuns, note);
    }

    /** The first counterexample of a cell's scope ({@code x.scope()}); the first one given for a scope is kept. */
    public static void failure(Row row, Criterion c, Counterexample x) {
        row.cell(c).fail(x);
    }

    /** One scenario class's tally of a cell: evidence, failed runs and its first counterexample (or null). */
    public static void classTally(Row row, Criterion c, ScenarioClass cls, int evidence, int failedRuns, Counterexample first) {
        row.cell(c).restore(cls, evidence, failedRuns, first);
    }

    /**
     * Criterion 1's delay figures on one scenario class ({@code null}: over all of them); {@code sumRuns}
     * and {@code sumFrames} are the delays summed over the reported changes.
     */
    public static void delays(Row row, ScenarioClass cls, long obligations, long reported, long late, long missed,
            long tooLate, int maxRuns, int maxFrames, long sumRuns, long sumFrames) {
        row.cell(Criterion.AT_LEAST_ONCE).delays().restore(cls, obligations, reported, late, missed, tooLate, maxRuns,
                maxFrames, sumRuns, sumFrames);
    }

    /** Why part of the row's campaign was not run. */
    public static void skipped(Row row, String why) {
        row.skip(why);
    }

    /** One catalogue scenario's schedule coverage, in catalogue order ({@link Coverage#recorded}). */
    public static void covered(Row row, Coverage c) {
        row.covered(c);
    }
}
