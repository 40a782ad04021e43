package dev.ecslab.ecs.query;

import dev.ecslab.ecs.storage.Column;

/**
 * The columns of one walk whose block marks wait for the end of the table ({@link
 * dev.ecslab.ecs.change.TrackedRows#deferMarks}): what a writing {@code forEach} row and a writing
 * {@code forEachChunk} chunk both keep, so that each write of the walk is a lane store (or one lane
 * fill for a whole chunk) and the blocks are marked once, when the walk leaves the table or throws.
 *
 * <p>Contract: {@link #defer} and {@link #close} come in pairs around one table; the columns passed to
 * {@code close} are the ones passed to {@code defer}, and the table's size has not changed in between
 * (structural changes wait for the iteration's end). {@code close} is idempotent.
 */
final class DeferredMarks {
    /** Per term slot, whether its column's marks are deferred by this walk. */
    private boolean[] deferred;
    private boolean any;

    /** Defers the marks of every observed column of {@code columns} that a write term of {@code terms} stamps. */
    void defer(Term<?>[] terms, Column[] columns, int tick) {
        if (deferred == null) {
            deferred = new boolean[terms.length];
        }
        for (int s = 0; s < terms.length; s++) {
            Column c = columns[s];
            deferred[s] = terms[s].isWrite() && c != null && c.observed() && c.deferMarks(tick);
            any |= deferred[s];
        }
    }

    /** Marks the blocks of {@code [0, rows)} that {@link #defer} left unmarked, on the columns it deferred. */
    void close(Column[] columns, int rows) {
        if (!any) {
            return;
        }
        any = false;
        for (int s = 0; s < deferred.length; s++) {
            if (deferred[s]) {
                deferred[s] = false;
                columns[s].closeDeferredMarks(rows);
            }
        }
    }
}
