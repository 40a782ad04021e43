package dev.ecslab.ecs.change;

import dev.ecslab.ecs.change.ChangeTracker.RowSink;

/**
 * {@link GenerationTracker}'s block summaries of one set of rows: the newest added and mutated tick
 * of every block of rows ({@link BlockTicks}), kept as the rows' {@link TrackedRows.Attachment} so the
 * write hook finds them with one field load; they follow rows that fill swap-removed holes; and the
 * column's {@link RowLog} of recently changed rows. And the scan that uses them, so that a change query
 * costs in proportion to the changes: the changed rows when the log holds them, the changed blocks
 * otherwise.
 */
final class BlockSummaries implements TrackedRows.Attachment {
    final BlockTicks added;
    final BlockTicks mutated;
    /** The rows that changed lately, for scattered changes (see {@link RowLog}). */
    final RowLog log;
    private final TrackerHost host;

    private BlockSummaries(int blockShift, TrackerHost host) {
        this.log = new RowLog(host.currentTick());
        this.added = new BlockTicks(blockShift, log);
        this.mutated = new BlockTicks(blockShift, log);
        this.host = host;
    }

    /** The summaries of {@code rows}, made on first use and kept on them. */
    static BlockSummaries of(TrackedRows rows, int blockShift, TrackerHost host, boolean stampWrites) {
        TrackedRows.Attachment state = rows.attachment();
        if (state != null) {
            return (BlockSummaries) state;
        }
        BlockSummaries s = new BlockSummaries(blockShift, host);
        rows.setAttachment(s);
        if (stampWrites) {
            rows.installStamp(GenerationTracker.MUTATED, s.mutated);   // writes stamp themselves, as onMutated would
        }
        return s;
    }

    void cover(int row, int now) {
        added.cover(row, now);
        mutated.cover(row, now);
    }

    @Override
    public void rowFilled(TrackedRows rows, int row) {
        arrived(row, host.currentTick());
    }

    /**
     * Row {@code row} now holds lanes from elsewhere (a move, a filled hole): its block is marked
     * {@code now} for both kinds, so the summaries stay never older than it, and the log records it.
     */
    void arrived(int row, int now) {
        added.mark(row, now);                   // the row existed, so it is covered
        mutated.mark(row, now);
        log.add(row, now);
    }

    /**
     * From the column's {@link RowLog} when it holds every change the reader must see and no clamp is
     * overdue and no writer's marks are pending: the logged rows newer than the reader's previous run,
     * tested against their lanes, in row order. Otherwise one pass over the column's group ticks, then
     * the block ticks of the newer groups (a tick is newer than the reader's previous run when its age
     * is below the previous run's:
     * {@link Ticks#isNewer} with the reader's half computed once, a subtraction and an unsigned
     * compare each), then the rows of the newer blocks tested against their lanes; returns how many
     * rows were tested. Lists each row that {@link GenerationTracker#isNews} accepts, and no other.
     *
     * <p>A row's lanes are read only for the kinds of change its block's summaries say are newer: a
     * block that only had mutations since the reader's previous run cannot hold a newer addition, so
     * a {@code Changed} query reads its mutated lane alone. With scattered writes that halves the lane
     * lines a query fetches (one per changed block instead of two), which is most of its cost. When a
     * clamp is overdue ({@link GenerationTracker#clampOverdue}), every tested row takes the careful
     * test, which reads both lanes.
     */
    static int scan(ChangeKind kind, TrackedRows column, int rows, int last, int now, int lastCheck, int blockShift,
            RowSink sink) {
        return scan(kind, column, rows, last, now, lastCheck, blockShift, sink, null);
    }

    /** {@link #scan}, counting in {@code fromLog} (when not null) each scan the log answered. */
    static int scan(ChangeKind kind, TrackedRows column, int rows, int last, int now, int lastCheck, int blockShift,
            RowSink sink, java.util.concurrent.atomic.LongAdder fromLog) {
        int lastAge = (int) Math.min(Ticks.age(last, now), Ticks.MAX_AGE);
        boolean careful = GenerationTracker.clampOverdue(lastCheck, now);
        if (!(column.attachment() instanceof BlockSummaries s)) {
            return testCarefully(kind, column, 0, rows, last, now, lastCheck, sink);     // never stamped: cannot happen, stay exact
        }
        boolean deferred = column.marksDeferred();       // a writer's marks (and its log entries) are pending
        if (!careful && !deferred && s.log.covers(lastAge, now)) {
            if (fromLog != null) {
                fromLog.increment();
            }
            return s.log.scan(kind, column, rows, lastAge, now, sink);
        }
        int[] added = kind == ChangeKind.MUTATED ? null : s.added.blocks;
        int[] mutated = kind == ChangeKind.ADDED ? null : s.mutated.blocks;
        int[] addedGroups = kind == ChangeKind.MUTATED ? null : s.added.groups;
        int[] mutatedGroups = kind == ChangeKind.ADDED ? null : s.mutated.groups;
        int examined = 0;
        int blocks = ((rows - 1) >>> blockShift) + 1;
        int groups = ((blocks - 1) >>> BlockTicks.GROUP_SHIFT) + 1;
        deferred &= mutated != null;                     // the blocks' mutation marks are pending: look at all
        for (int g = 0; g < groups; g++) {
            if (!((addedGroups != null && Integer.compareUnsigned(now - addedGroups[g], lastAge) < 0)
                    || (mutatedGroups != null && Integer.compareUnsigned(now - mutatedGroups[g], lastAge) < 0)
                    || deferred)) {
                continue;
            }
            int end = Math.min((g + 1) << BlockTicks.GROUP_SHIFT, blocks);
            for (int b = g << BlockTicks.GROUP_SHIFT; b < end; b++) {
                boolean a = added != null && Integer.compareUnsigned(now - added[b], lastAge) < 0;
                boolean m = mutated != null && (Integer.compareUnsigned(now - mutated[b], lastAge) < 0
                        || deferred);
                if (a || m) {
                    int from = b << blockShift;
                    int to = Math.min((b + 1) << blockShift, rows);
                    examined += careful ? testCarefully(!m ? ChangeKind.ADDED : !a ? ChangeKind.MUTATED : ChangeKind.CHANGED,
                            column, from, to, last, now, lastCheck, sink) : testRows(a, m, column, from, to, lastAge, now, sink);
                }
            }
        }
        return examined;
    }

    /**
     * Tests rows {@code [from, to)} for a newer addition ({@code wantAdded}) or mutation
     * ({@code wantMutated}) while no clamp is overdue, passing the matching ones to {@code sink}; reads
     * only the lanes it needs. {@code lastAge} is the reader's, capped at {@code MAX_AGE}.
     */
    private static int testRows(boolean wantAdded, boolean wantMutated, TrackedRows column, int from, int to, int lastAge,
            int now, RowSink sink) {
        int[] added = column.laneArray(GenerationTracker.ADDED);
        int[] mutated = column.laneArray(GenerationTracker.MUTATED);
        if (!wantAdded) {
            for (int r = from; r < to; r++) {
                if (Integer.compareUnsigned(now - mutated[r], lastAge) < 0) {
                    sink.accept(r);
                }
            }
        } else if (!wantMutated) {
            for (int r = from; r < to; r++) {
                if (Integer.compareUnsigned(now - added[r], lastAge) < 0) {
                    sink.accept(r);
                }
            }
        } else {
            for (int r = from; r < to; r++) {
                if (Integer.compareUnsigned(now - added[r], lastAge) < 0 || Integer.compareUnsigned(now - mutated[r], lastAge) < 0) {
                    sink.accept(r);
                }
            }
        }
        return to - from;
    }

    /** Tests rows {@code [from, to)} by the definition itself ({@link GenerationTracker#isNews}): a clamp is overdue. */
    private static int testCarefully(ChangeKind kind, TrackedRows column, int from, int to, int last, int now, int lastCheck,
            RowSink sink) {
        int[] added = column.laneArray(GenerationTracker.ADDED);
        int[] mutated = column.laneArray(GenerationTracker.MUTATED);
        for (int r = from; r < to; r++) {
            if (GenerationTracker.isNews(kind, added[r], mutated[r], last, now, lastCheck)) {
                sink.accept(r);
            }
        }
        return to - from;
    }
}
