package dev.ecslab.lab.classify;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.List;

/**
 * Matrix rows built by hand, for tests of what the report concludes from a matrix: a row whose
 * criteria 1 and 2 were judged on a given number of runs and failed on some of them, or not judged at
 * all. It sits in the lab's package because a {@link Cell} is filled only by the lab; the tests need
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

    /** A matrix of these rows, as if {@code scenarios} scenarios ran per configuration. */
    public static Matrix matrix(int scenarios, List<Row> rows) {
        return new Matrix(rows, List.of(), scenarios, scenarios, scenarios, List.of(1L), 1_000L, 1.0);
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
        for (int i = 0; i < failed; i++) {
            cell.failedRun();
        }
        if (failed > 0) {
            cell.fail(new Counterexample(cell.criterion(), null, "by hand: " + cell.criterion().title() + " fails", null, null,
                    0, "by hand", null));
        }
    }
}
