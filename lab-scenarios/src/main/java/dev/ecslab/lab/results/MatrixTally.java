package dev.ecslab.lab.results;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A campaign's figures, as a sum: a {@link RowTally} per row (in the campaign's row order), criterion A's lines per
 * scenario that criterion A judged (by unit: it judges each scenario once, with the first row), and the scenarios
 * judged in blocks that were only summed (passing runs a shard kept as counts).
 *
 * <p>Contract: {@link #plus} adds row by row (a shorter list counts as {@link RowTally#NONE} past its end), takes the
 * union of the ambiguity lines (a unit is judged once) and adds the summed scenarios; it is associative and
 * commutative with {@link #NONE} as identity. A shard's tally is a partial matrix of this kind: the merge of a
 * campaign's shards is their sum.
 */
public record MatrixTally(List<RowTally> rows, SortedMap<Integer, List<String>> ambiguity, int summedScenarios) {
    /** Nothing run: the identity of {@link #plus}. */
    public static final MatrixTally NONE = new MatrixTally(List.of(), new TreeMap<>(), 0);

    public MatrixTally {
        rows = List.copyOf(rows);
        TreeMap<Integer, List<String>> a = new TreeMap<>();
        ambiguity.forEach((unit, lines) -> a.put(unit, List.copyOf(lines)));
        ambiguity = Collections.unmodifiableSortedMap(a);
    }

    public MatrixTally plus(MatrixTally o) {
        List<RowTally> sum = new ArrayList<>();
        for (int i = 0; i < Math.max(rows.size(), o.rows.size()); i++) {
            sum.add(row(i).plus(o.row(i)));
        }
        TreeMap<Integer, List<String>> a = new TreeMap<>(ambiguity);
        o.ambiguity.forEach(a::putIfAbsent);
        return new MatrixTally(sum, a, summedScenarios + o.summedScenarios);
    }

    /** Row {@code i} ({@link RowTally#NONE} past the end). */
    public RowTally row(int i) {
        return i < rows.size() ? rows.get(i) : RowTally.NONE;
    }

    /** Criterion A's lines in scenario order (empty: the compiler's reports equal the oracle's). */
    public List<String> ambiguityLines() {
        List<String> out = new ArrayList<>();
        ambiguity.values().forEach(out::addAll);
        return out;
    }

    /** How many distinct scenarios were judged: those criterion A judged one by one and those only summed. */
    public int scenarios() {
        return summedScenarios + ambiguity.size();
    }
}
