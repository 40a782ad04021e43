package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.change.TrackerHost;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * {@code generation} with an off-by-one at the end of its summary scan: the rows the scan never
 * tests are dropped from its candidate lists, which is exactly what the off-by-one does (a row the
 * scan skips is never handed on, whatever its lanes say). Two variants, each a boundary the old
 * scenario space (1 to 6 entities, tables of at most a dozen rows) never reached:
 * <ul>
 *   <li>{@link #blockEnd()}: the block loop's end is {@code min((b + 1) * 16 - 1, rows)} instead of
 *       {@code min((b + 1) * 16, rows)}, so the last row of every full 16-row block (15, 31, ...)
 *       is never tested: invisible below 16 rows;</li>
 *   <li>{@link #groupEnd()}: the group loop's end is {@code min((g + 1) * 64 - 1, blocks)}, so the
 *       last block of every full 1 024-row group (rows 1 008..1 023, 2 032..2 047, ...) is never
 *       scanned: invisible below 1 009 rows.</li>
 * </ul>
 * Both paths that use the scan are affected: a table walk's {@code candidateRows} and the candidate
 * lists of {@code candidates} (sparse sets and archetype walks). A third variant, {@link #rowsFrom(int)},
 * loses whole rows (its per-row test answers no as well), as a strategy whose per-column state is a fixed
 * block would.
 */
final class SkipsScanRows extends ForwardingChangeTracker {
    private final IntPredicate skipped;
    private final boolean rowTestToo;
    private TrackerHost host;

    private SkipsScanRows(IntPredicate skipped, boolean rowTestToo) {
        super(new GenerationTracker());
        this.skipped = skipped;
        this.rowTestToo = rowTestToo;
    }

    /** The last row of every full 16-row block is never tested. */
    static SkipsScanRows blockEnd() {
        return new SkipsScanRows(row -> (row & 15) == 15, false);
    }

    /** The last block of every full 1 024-row group is never scanned. */
    static SkipsScanRows groupEnd() {
        return new SkipsScanRows(row -> ((row >>> 4) & 63) == 63, false);
    }

    /** Every row at {@code limit} or past, of any column, is never reported: not scanned and not matched. */
    static SkipsScanRows rowsFrom(int limit) {
        return new SkipsScanRows(row -> row >= limit, true);
    }

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        return !(rowTestToo && skipped.test(row)) && super.matches(kind, flavor, reader, componentId, entityIndex, column, row);
    }

    @Override
    public void attach(TrackerHost h) {
        super.attach(h);
        host = h;
    }

    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
            RowSink sink) {
        return super.candidateRows(kind, flavor, reader, column, rows, row -> {
            if (!skipped.test(row)) {
                sink.accept(row);
            }
        });
    }

    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        int[] found = super.candidates(kind, flavor, reader, componentId, archetypeIds);
        if (found == null) {
            return null;
        }
        Set<Integer> unscanned = new HashSet<>();
        for (int a : archetypeIds) {
            TrackerHost.ColumnRows cr = host.rowsOf(a, componentId);
            if (cr == null) {
                continue;
            }
            for (int row = 0; row < cr.rows(); row++) {
                if (skipped.test(row)) {
                    unscanned.add(cr.entities()[row]);
                }
            }
        }
        return unscanned.isEmpty() ? found : Arrays.stream(found).filter(e -> !unscanned.contains(e)).toArray();
    }
}
