package dev.ecslab.lab.results;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.explore.Coverage;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * One strategy under one executor, as a sum: a cell per criterion, what its runs missed past the claimed horizon,
 * why part of its campaign was not run (the earliest reason) and each catalogue scenario's schedule coverage by
 * unit.
 *
 * <p>Contract: {@link #plus} adds cell by cell, keeps the earlier reason to skip and takes the union of the
 * coverage (a unit is folded once, so two tallies of one row never both hold a unit's coverage); it is associative
 * and commutative with {@link #NONE} as identity. A sum does not cut anything: a row stops at its first skipped
 * unit because the fold adds nothing past it, not because {@code plus} removes it.
 */
public record RowTally(Map<Criterion, CellTally> cells, HorizonTally pastHorizon, First<String> skipped,
        SortedMap<Integer, Coverage> coverage) {
    /** Nothing run: the identity of {@link #plus}. */
    public static final RowTally NONE = new RowTally(Map.of(), HorizonTally.NONE, null, new TreeMap<>());

    public RowTally {
        Map<Criterion, CellTally> c = new EnumMap<>(Criterion.class);
        cells.forEach((k, v) -> {
            if (!v.equals(CellTally.NONE)) {
                c.put(k, v);
            }
        });
        cells = Collections.unmodifiableMap(c);
        pastHorizon = pastHorizon == null ? HorizonTally.NONE : pastHorizon;
        coverage = Collections.unmodifiableSortedMap(new TreeMap<>(coverage));
    }

    /** {@code tally} in criterion {@code c}'s cell alone. */
    public static RowTally of(Criterion c, CellTally tally) {
        return new RowTally(Map.of(c, tally), HorizonTally.NONE, null, new TreeMap<>());
    }

    /** A reason the row's campaign was not run from {@code why}'s unit on. */
    public static RowTally skipped(First<String> why) {
        return new RowTally(Map.of(), HorizonTally.NONE, why, new TreeMap<>());
    }

    /** The coverage of the catalogue scenario that is unit {@code unit}. */
    public static RowTally covered(int unit, Coverage c) {
        TreeMap<Integer, Coverage> m = new TreeMap<>();
        m.put(unit, c);
        return new RowTally(Map.of(), HorizonTally.NONE, null, m);
    }

    /** Misses past the claimed horizon. */
    public static RowTally pastHorizon(HorizonTally h) {
        return new RowTally(Map.of(), h, null, new TreeMap<>());
    }

    public RowTally plus(RowTally o) {
        if (o == NONE) {
            return this;
        }
        if (this == NONE) {
            return o;
        }
        Map<Criterion, CellTally> c = new EnumMap<>(Criterion.class);
        c.putAll(cells);
        o.cells.forEach((k, v) -> c.merge(k, v, CellTally::plus));
        TreeMap<Integer, Coverage> cov = new TreeMap<>(coverage);
        o.coverage.forEach(cov::putIfAbsent);
        return new RowTally(c, pastHorizon.plus(o.pastHorizon), First.earlier(skipped, o.skipped), cov);
    }

    /** Criterion {@code c}'s cell ({@link CellTally#NONE} when nothing judged or failed it). */
    public CellTally cell(Criterion c) {
        return cells.getOrDefault(c, CellTally.NONE);
    }

    /** Why part of the row's campaign was not run, or {@code null}. */
    public String skippedWhy() {
        return First.valueOf(skipped);
    }
}
