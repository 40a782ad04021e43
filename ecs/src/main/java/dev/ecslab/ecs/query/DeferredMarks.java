package dev.ecslab.ecs.query;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.storage.Column;

/**
 * The block marks one serial walk over a table defers (see {@link TrackedRows#deferMarks}): on
 * entering the table, every observed column that one of the query's write terms stamps stores each
 * write's tick in its lane alone; on leaving it (the next table, the end of the walk, or an exception),
 * the columns mark the blocks they were written in, in one pass each.
 *
 * <p><b>Why.</b> A mark with every write is a store at {@code row >> shift}, not at the row; in a walk
 * that writes every row it kept the JIT from compiling the loop it compiles without tracking, and cost
 * a per-entity walk over primitive columns 2.3 times the loop (issue 19). Only serial walks defer: the
 * deferral is state of the column, and the rows of one column are written by one thread at a time.
 */
final class DeferredMarks {
    /** Per term slot, whether this walk deferred the marks of that slot's column in the current table. */
    private final boolean[] slots;
    /** The rows of the table when the marks were deferred (no structural change until the close). */
    private int rows;
    private boolean open;

    DeferredMarks(int terms) {
        this.slots = new boolean[terms];
    }

    /**
     * Defers the marks of the columns in {@code columns} that a write term of {@code terms} stamps, for
     * the {@code rows} rows of their table, at {@code writer}'s tick; nothing without a writer.
     */
    void open(Term<?>[] terms, Column[] columns, int rows, SystemTicks writer) {
        if (writer == null) {
            return;
        }
        int tick = writer.thisRun();
        for (int s = 0; s < terms.length; s++) {
            Column c = columns[s];
            slots[s] = terms[s].isWrite() && c != null && c.observed() && c.deferMarks(tick);
            open |= slots[s];
        }
        this.rows = rows;
    }

    /** Marks what {@link #open} deferred, on the same columns (the table's still); idempotent. */
    void close(Column[] columns) {
        if (!open) {
            return;
        }
        open = false;
        for (int s = 0; s < slots.length; s++) {
            if (slots[s]) {
                slots[s] = false;
                columns[s].closeDeferredMarks(rows);
            }
        }
    }
}
