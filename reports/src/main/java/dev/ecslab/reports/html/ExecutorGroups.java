package dev.ecslab.reports.html;

import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.reports.verdict.VerdictWords;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The matrix with executors as a dimension: a strategy's rows that agree on every verdict are one group,
 * shown as one line; rows that differ are groups of their own. Usually the executors agree, so the
 * report's matrix has a line per strategy, and a line per executor only where an executor changes a
 * verdict.
 *
 * <p>Contract: two rows of one strategy agree when they have the same measured class, the same status
 * (pass, FAIL, not judged) in every column, and the same measured class on every scenario class. The
 * figures (failing runs, counterexamples) may differ; a group adds them up and keeps each row for the
 * detail. Groups come in matrix order (a strategy's first row, then its executors in the matrix's order),
 * so the output is a function of the matrix alone.
 */
final class ExecutorGroups {
    /** A strategy's rows that agree on every verdict; {@code allExecutors} when they are all of the run's. */
    record Group(String strategy, List<Row> rows, boolean allExecutors) {
        Group {
            rows = List.copyOf(rows);
        }

        Row first() {
            return rows.get(0);
        }

        /** {@code "all 3"} when it covers every executor of the run, else the executors' names. */
        String executors() {
            return allExecutors && rows.size() > 1 ? "all " + rows.size()
                    : String.join(", ", rows.stream().map(Row::executor).toList());
        }

        /** The failing runs of a column over the group's rows. */
        int failedRuns(Criterion c) {
            return rows.stream().mapToInt(r -> r.cell(c).failedRuns()).sum();
        }

        /** The runs that judged a column over the group's rows. */
        int judgedRuns(Criterion c) {
            return rows.stream().mapToInt(r -> r.cell(c).judgedRuns()).sum();
        }

        /** {@code "serial 9/229, staged 9/230"}: a column's failing and judged runs row by row. */
        String perExecutor(Criterion c) {
            List<String> out = new ArrayList<>();
            for (Row r : rows) {
                out.add(r.executor() + " " + r.cell(c).failedRuns() + "/" + r.cell(c).judgedRuns());
            }
            return String.join(", ", out);
        }
    }

    private ExecutorGroups() {
    }

    /** The matrix's rows in groups (see the class comment). */
    static List<Group> of(Matrix m) {
        List<String> executors = new ArrayList<>();
        Map<String, List<Row>> byStrategy = new LinkedHashMap<>();
        for (Row r : m.rows()) {
            if (!executors.contains(r.executor())) {
                executors.add(r.executor());
            }
            byStrategy.computeIfAbsent(r.strategy(), s -> new ArrayList<>()).add(r);
        }
        List<Group> out = new ArrayList<>();
        for (Map.Entry<String, List<Row>> e : byStrategy.entrySet()) {
            List<List<Row>> parts = new ArrayList<>();
            for (Row r : e.getValue()) {
                List<Row> same = parts.stream().filter(p -> agree(p.get(0), r)).findFirst().orElse(null);
                if (same == null) {
                    parts.add(new ArrayList<>(List.of(r)));
                } else {
                    same.add(r);
                }
            }
            for (List<Row> p : parts) {
                boolean all = p.size() == executors.size() && p.stream().map(Row::executor).distinct().count() == executors.size();
                out.add(new Group(e.getKey(), p, all));
            }
        }
        return out;
    }

    /**
     * Whether two rows say the same thing in every column and on every scenario class. A mutant executor's row
     * never agrees with a real executor's: the same passing columns mean "exact" for the one and "mutant NOT
     * caught" for the other, and a group is drawn from its first row.
     */
    static boolean agree(Row a, Row b) {
        if (ReportPage.isMutant(a) != ReportPage.isMutant(b)) {
            return false;
        }
        if (a.measured() != b.measured() || !Objects.equals(a.claimed(), b.claimed())
                || a.allowedDelayFrames() != b.allowedDelayFrames()) {
            return false;
        }
        for (Criterion c : Criterion.values()) {
            Cell x = a.cell(c);
            Cell y = b.cell(c);
            if (x.status() != y.status()) {
                return false;
            }
            if (!VerdictWords.failingClasses(x).equals(VerdictWords.failingClasses(y))) {
                return false;
            }
        }
        return VerdictWords.CLASSES.stream().allMatch(cls -> a.measured(cls) == b.measured(cls));
    }
}
