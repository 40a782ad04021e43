package dev.ecslab.lab.classify;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.oracle.Obligation;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.trace.RunRecord;
import java.util.List;
import java.util.Set;

/**
 * Matrix rows built by hand, for tests of what the report concludes from a matrix and of how it
 * shows one: a row whose criteria 1 and 2 were judged on a given number of regular runs and failed on
 * some of them, or not judged at all; or a row filled cell by cell (evidence per scenario class,
 * failures shared by a cell and its classes, crashes, delays of criterion 1, a skipped campaign). It sits in the lab's package because a {@link Cell} is filled only by the lab; the tests need
 * the same public view ({@link Row#measured()}, {@link Row#agrees()}, {@link Row#cell}) the report reads.
 */
public final class HandMadeRows {
    private HandMadeRows() {
    }

    /**
     * A row judged on {@code runs} regular runs; criterion 1 failed on {@code missed} of them and
     * criterion 2 on {@code repeated} (0: the criterion held). A label ending in {@code /immediate}
     * selects that flavor, as the lab's labels do.
     */
    public static Row row(String label, ClaimedClass claimed, String executor, int runs, int missed, int repeated) {
        Row r = new Row(subject(label, claimed), executor);
        judge(r.cell(Criterion.AT_LEAST_ONCE), runs, missed);
        judge(r.cell(Criterion.AT_MOST_ONCE), runs, repeated);
        return r;
    }

    /** A row whose criteria 1 and 2 were never judged (no regular scenario ran, or the run stopped). */
    public static Row notJudged(String label, ClaimedClass claimed, String executor) {
        return new Row(subject(label, claimed), executor);
    }

    /** As {@link #notJudged}, for a strategy whose claim covers readers away at most {@code frames} frames. */
    public static Row notJudgedWithin(String label, ClaimedClass claimed, String executor, long frames) {
        TrackerSubject s = subject(label, claimed);
        return new Row(new TrackerSubject(s.id(), s.flavor(), claimed, s.description(), s.factory(), 0, null,
                dev.ecslab.ecs.change.Horizon.ofFrames(frames)), executor);
    }

    /** A matrix of these rows, as if {@code scenarios} scenarios ran per configuration. */
    public static Matrix matrix(int scenarios, List<Row> rows) {
        return new Matrix(rows, List.of(), scenarios, scenarios, List.of(1L), 1_000L, 1.0);
    }

    private static TrackerSubject subject(String label, ClaimedClass claimed) {
        boolean immediate = label.endsWith("/immediate");
        String id = immediate ? label.substring(0, label.length() - "/immediate".length()) : label;
        return new TrackerSubject(id, immediate ? ChangeFlavor.IMMEDIATE : ChangeFlavor.DEFAULT, claimed, "by hand",
                () -> {
                    throw new UnsupportedOperationException("a hand-made row runs nothing");
                });
    }

    private static void judge(Cell cell, int runs, int failed) {
        for (int i = 0; i < runs; i++) {
            cell.judged(1);
        }
        cell.evidence(ScenarioClass.REGULAR, runs);
        for (int i = 0; i < failed; i++) {
            cell.failedRun();
            cell.failedRunIn(ScenarioClass.REGULAR);
        }
        if (failed > 0) {
            Counterexample x = new Counterexample(cell.criterion(), null, "by hand: " + cell.criterion().title() + " fails", null,
                    null, 0, "by hand", null);
            cell.fail(x);
            cell.failIn(ScenarioClass.REGULAR, x);
        }
    }

    // ------------------------------------------------------------------ cell by cell, for the report's formats

    /**
     * Criterion {@code c} judged on {@code runs} runs of scenario class {@code cls}, one piece of evidence
     * each (for the views 7 and L, judge them on their class as the lab does).
     */
    public static Row judged(Row r, Criterion c, ScenarioClass cls, int runs) {
        Cell cell = r.cell(c);
        for (int i = 0; i < runs; i++) {
            cell.judged(1);
        }
        cell.evidence(cls, runs);
        return r;
    }

    /**
     * One failed run of criterion {@code c} in the given classes, with {@code x} as the first counterexample
     * of its scope (if the cell has none yet) and of each class (if the class has none yet), as the lab
     * records the first failure of a cell: the same object in the cell and in its class tallies.
     */
    public static Row failed(Row r, Criterion c, Counterexample x, ScenarioClass... classes) {
        Cell cell = r.cell(c);
        cell.failedRun();
        cell.fail(x);
        for (ScenarioClass cls : classes) {
            cell.failedRunIn(cls);
            cell.failIn(cls, x);
        }
        return r;
    }

    /**
     * One failed run of criterion {@code c} in class {@code cls} whose counterexample is the first of the
     * class only (the cell already has one for its scope): a counterexample in no cell's failures.
     */
    public static Row failedInClassOnly(Row r, Criterion c, Counterexample x, ScenarioClass cls) {
        Cell cell = r.cell(c);
        cell.failedRun();
        cell.failedRunIn(cls);
        cell.failIn(cls, x);
        return r;
    }

    /**
     * {@code n} changes of class {@code cls} for criterion 1's delay figures: reported {@code frames}
     * frames (and as many detector runs) after their due run (0: on time), or never ({@code frames < 0}).
     */
    public static Row obligations(Row r, ScenarioClass cls, int n, int frames) {
        for (int i = 0; i < n; i++) {
            r.cell(Criterion.AT_LEAST_ONCE).delays().add(RunResult.Delay.of(frames >= 0, frames < 0 ? -1 : frames,
                    frames < 0 ? -1 : frames, Set.of(cls)));
        }
        return r;
    }

    /** Notes that part of the row's campaign was not run. */
    public static Row skipped(Row r, String why) {
        r.skip(why);
        return r;
    }
}
