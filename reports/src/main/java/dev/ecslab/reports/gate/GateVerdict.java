package dev.ecslab.reports.gate;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.MeasuredClass;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import java.util.ArrayList;
import java.util.List;

/**
 * The CI gate's verdict on one configuration (a strategy under an executor): it passes only if the
 * measured class meets the expected one (the strategy's claim unless overridden) and the ordering and
 * ambiguity criteria hold. "Meets" means the criteria the class promises hold: exact needs criteria 1
 * and 2, conservative needs 1, flaky needs 2; so a strategy measured exact meets a conservative
 * expectation. The other criteria are reported, not gated.
 */
public record GateVerdict(String strategy, String executor, ClaimedClass expected, MeasuredClass measured,
        List<Check> checks, int scenarios, long seconds) {

    /** One line of the verdict, one JUnit test case. {@code gating} checks decide the exit code. */
    public record Check(String name, boolean gating, boolean passes, String detail, String replayHint) {
    }

    public boolean passes() {
        return checks.stream().allMatch(c -> !c.gating() || c.passes());
    }

    /** Builds the verdict from a one-row matrix. */
    public static GateVerdict of(Matrix m, ClaimedClass expected, long seconds) {
        if (m.rows().size() != 1) {
            throw new IllegalArgumentException("the gate judges one configuration, the matrix has " + m.rows().size());
        }
        Row row = m.rows().get(0);
        MeasuredClass measured = row.measured();
        List<Check> checks = new ArrayList<>();
        boolean meets = meets(measured, expected);
        checks.add(new Check("class: expected " + name(expected) + ", measured " + measured.name().toLowerCase(),
                true, meets, meets ? "" : classDetail(row), ""));
        for (Criterion c : Criterion.values()) {
            if (c == Criterion.AMBIGUITY) {
                boolean ok = m.ambiguity().isEmpty();
                checks.add(new Check("A " + c.title(), true, ok,
                        ok ? "checked on " + m.ambiguityScenarios() + " scenarios" : String.join("\n", m.ambiguity()), ""));
                continue;
            }
            Cell cell = row.cell(c);
            if (!cell.judgedAtAll()) {
                continue;
            }
            boolean gating = c == Criterion.ORDERING;
            String detail = cell.passes() ? cell.judgedRuns() + " scenario runs" + (cell.note().isEmpty() ? "" : "; " + cell.note())
                    : cell.failedRuns() + " of " + cell.judgedRuns() + " runs failed; first: " + cell.first().oneLine();
            checks.add(new Check(c.code() + " " + c.title(), gating, cell.passes(), detail, ""));
        }
        return new GateVerdict(row.strategy(), row.executor(), expected, measured, checks, m.scenarios(), seconds);
    }

    /** Whether {@code measured} keeps the promises of {@code expected}. */
    public static boolean meets(MeasuredClass measured, ClaimedClass expected) {
        return switch (expected) {
            case EXACT, EXACT_DELAYED -> measured == MeasuredClass.EXACT;
            case CONSERVATIVE -> measured == MeasuredClass.EXACT || measured == MeasuredClass.CONSERVATIVE;
            case FLAKY -> measured == MeasuredClass.EXACT || measured == MeasuredClass.FLAKY;
        };
    }

    static String name(ClaimedClass c) {
        return c.name().toLowerCase().replace('_', '-');
    }

    private static String classDetail(Row row) {
        StringBuilder b = new StringBuilder();
        for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE)) {
            Cell cell = row.cell(c);
            if (!cell.passes()) {
                b.append(c.code()).append(' ').append(c.title()).append(" fails: ").append(cell.first().oneLine()).append('\n');
            }
        }
        return b.toString().strip();
    }
}
