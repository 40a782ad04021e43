package dev.ecslab.ecs.change;

import java.util.Arrays;

/**
 * The newest tick of every block of rows, for one kind of change in one column. Never older than
 * a row it covers; may be newer (a block stays stamped after its newest row leaves), which only
 * costs a look.
 *
 * <p>A mark is one unconditional store: no compare, no branch (a compare-and-skip costs more
 * than the store it saves). Storing never lowers a block's tick, because the marks of one column
 * come in tick order: writers of a column never overlap and take their tick when they start, and
 * structural changes, made when no system runs, take the newest. The one mark that can come late,
 * the close of a deferral ({@link #markStamped}), compares before it stores. {@link #cover} grows the array
 * wherever a row comes into being (added, moved in), so the write path never grows it; it still
 * checks, so that a variant that forgets to cover (a forwarding tracker) stays safe.
 *
 * <p>Every mark either records its rows in the column's {@link RowLog} (the close of a deferral, when
 * its rows are few) or tells the log it did not ({@link RowLog#unlogged}); the structural marks are
 * recorded by {@link BlockSummaries#arrived} and the tracker's addition hook.
 */
final class BlockTicks {
    /** Blocks per group: the second level, so a query over a quiet column skips 64 blocks at a time. */
    static final int GROUP_SHIFT = 6;
    private final int blockShift;
    /** The column's log of changed rows, shared by its added and mutated ticks (see {@link RowLog}). */
    private final RowLog log;
    int[] blocks = new int[0];
    /** The newest tick of every group of {@code 2^GROUP_SHIFT} blocks. */
    int[] groups = new int[0];

    BlockTicks(int blockShift, RowLog log) {
        this.blockShift = blockShift;
        this.log = log;
    }

    /** The hot path: two stores (the growth branch is never taken once the row is covered). */
    void mark(int row, int tick) {
        int b = row >>> blockShift;
        if (b >= blocks.length) {
            cover(row, tick);
        }
        blocks[b] = tick;
        groups[b >>> GROUP_SHIFT] = tick;
    }

    /** Grows the arrays to cover {@code row}; new blocks read "no change" ({@code now - MAX_AGE}). */
    void cover(int row, int now) {
        int b = row >>> blockShift;
        if (b >= blocks.length) {
            int old = blocks.length;
            int n = Math.max(b + 1, old * 2);
            n = (n + (1 << GROUP_SHIFT) - 1) >>> GROUP_SHIFT << GROUP_SHIFT;     // whole groups
            blocks = Arrays.copyOf(blocks, n);
            Arrays.fill(blocks, old, n, (int) (now - Ticks.MAX_AGE));
            int oldGroups = groups.length;
            groups = Arrays.copyOf(groups, n >>> GROUP_SHIFT);
            Arrays.fill(groups, oldGroups, groups.length, (int) (now - Ticks.MAX_AGE));
            log.cover(n << blockShift);
        }
    }

    /**
     * The write hook's mark: stores the block's and group's tick only when the block's differs, so a
     * sequential writer stores them once per block per run and otherwise only reads the block's tick;
     * and tells the log it does not record this row (as {@link RowLog#unlogged} does: one compare).
     */
    void markIfNewer(int row, int tick) {
        markBlockIfNewer(row, tick);
        log.unlogged(tick);                     // the log does not hold this row
    }

    /** The block and group of {@code row} take {@code tick} when the block's differs. */
    private void markBlockIfNewer(int row, int tick) {
        int b = row >>> blockShift;
        if (b >= blocks.length) {
            cover(row, tick);
        }
        if (blocks[b] != tick) {
            blocks[b] = tick;
            groups[b >>> GROUP_SHIFT] = tick;
        }
    }

    /**
     * {@link #markIfNewer} for every row of {@code [from, to)}: a look at each block the range touches,
     * and one note to the log (a note per block, through {@code markIfNewer}, made whole-chunk writes over
     * 10^6 rows take 198 µs against 125, side by side).
     */
    void markRangeIfNewer(int from, int to, int tick) {
        for (int r = from; r < to; r = ((r >>> blockShift) + 1) << blockShift) {
            markBlockIfNewer(r, tick);
        }
        log.unlogged(tick);
    }

    /**
     * Marks every block that holds a row of {@code [0, rows)} whose {@code lane} value is {@code tick}
     * (the rows a writer stamped with its marks deferred), and the groups of those blocks: one look at
     * the first row of each block, which a writer of every row has stamped, and the block's other rows
     * only when that one was not. A block or group is never lowered: one whose mark is newer than
     * {@code tick} as seen from {@code newest} (the newest tick marked while these waited) keeps it.
     *
     * <p>{@value #DENSE_SAMPLES} rows spread over the table decide the way. <b>All stamped:</b> every
     * block is marked without a look at the lane ({@link #markAll}), so a walk that writes every row
     * pays a fill of the block ticks (1/16 of the lane) instead of reading its lane back: 4 MB for 10^6
     * rows, which made such a walk over primitive columns cost 1.59x {@code none} against 1.34x without
     * it (side by side). A block the walk skipped is then marked newer than its rows, which
     * costs a reader a look and never an answer. <b>At most an eighth stamped:</b> the stamped rows go
     * to the {@link #log}; every row of every block is looked at (a sparse writer left most blocks
     * without a stamped first row, so the pass looked at them anyway) until the tick's budget runs out,
     * and the pass above marks the blocks after that. <b>Otherwise</b> the pass above alone, and the
     * log's floor rises to {@code tick}: the blocks answer for a walk that wrote many rows.
     */
    void markStamped(int[] lane, int rows, int tick, int newest) {
        if (rows == 0) {
            return;
        }
        cover(rows - 1, tick);
        long age = Ticks.age(tick, newest);
        int samples = Math.min(DENSE_SAMPLES, rows);
        int stamped = sampleStamped(lane, rows, samples, tick);
        int firstBlock = 0;
        if (stamped == samples) {
            log.unlogged(tick);
            markAll(rows, tick, newest, age);   // every sampled row stamped: no pass over the lane
            return;
        }
        if (!log.refuses(tick) && stamped * 8 <= samples) {
            firstBlock = recordStamped(lane, rows, tick, newest, age);
        } else {
            log.unlogged(tick);
        }
        int blockRows = 1 << blockShift;
        int blockCount = ((rows - 1) >>> blockShift) + 1;
        for (int g = firstBlock >>> GROUP_SHIFT, gs = ((blockCount - 1) >>> GROUP_SHIFT) + 1; g < gs; g++) {
            boolean any = false;
            for (int b = Math.max(g << GROUP_SHIFT, firstBlock), end = Math.min((g + 1) << GROUP_SHIFT, blockCount); b < end; b++) {
                int from = b << blockShift;
                if (lane[from] == tick || holds(lane, from + 1, Math.min(from + blockRows, rows), tick)) {
                    if (Ticks.age(blocks[b], newest) > age) {
                        blocks[b] = tick;
                    }
                    any = true;
                }
            }
            if (any && Ticks.age(groups[g], newest) > age) {
                groups[g] = tick;
            }
        }
    }

    /**
     * {@link #markStamped}'s pass for few stamped rows: records each in the log and marks its block and
     * group; returns the number of blocks done, fewer than all when the tick's budget ran out.
     */
    private int recordStamped(int[] lane, int rows, int tick, int newest, long age) {
        int blockRows = 1 << blockShift;
        int blockCount = ((rows - 1) >>> blockShift) + 1;
        for (int b = 0; b < blockCount; b++) {
            boolean stamped = false;
            for (int r = b << blockShift, to = Math.min(r + blockRows, rows); r < to; r++) {
                if (lane[r] == tick) {
                    stamped = true;
                    if (!log.add(r, tick)) {
                        markBlock(b, tick, newest, age);    // over budget: the log raised its floor to this tick
                        return b + 1;
                    }
                }
            }
            if (stamped) {
                markBlock(b, tick, newest, age);
            }
        }
        return blockCount;
    }

    /** Marks block {@code b} and its group with {@code tick} unless newer (as in {@link #markStamped}). */
    private void markBlock(int b, int tick, int newest, long age) {
        if (Ticks.age(blocks[b], newest) > age) {
            blocks[b] = tick;
        }
        int g = b >>> GROUP_SHIFT;
        if (Ticks.age(groups[g], newest) > age) {
            groups[g] = tick;
        }
    }

    /** Rows a close samples to tell a sparse writer from a dense one (each a likely cache miss). */
    static final int DENSE_SAMPLES = 16;

    /** How many of {@code samples} rows spread evenly over {@code [0, rows)} hold {@code tick}. */
    private static int sampleStamped(int[] lane, int rows, int samples, int tick) {
        int stamped = 0;
        for (int k = 0; k < samples; k++) {
            if (lane[(int) ((long) k * rows / samples)] == tick) {
                stamped++;
            }
        }
        return stamped;
    }

    /**
     * Marks every block of {@code [0, rows)} and its group with {@code tick}, unless newer (as in
     * {@link #markStamped}), without looking at the lane: the close of a walk whose every sampled row
     * was stamped. A block whose rows the walk skipped is then marked newer than its rows, which the
     * summaries allow (it costs a reader a look at its rows, never a wrong answer).
     */
    private void markAll(int rows, int tick, int newest, long age) {
        int blockCount = ((rows - 1) >>> blockShift) + 1;
        int groupCount = ((blockCount - 1) >>> GROUP_SHIFT) + 1;
        if (newest == tick) {                   // no later writer marked meanwhile: nothing is newer than tick
            Arrays.fill(blocks, 0, blockCount, tick);
            Arrays.fill(groups, 0, groupCount, tick);
            return;
        }
        for (int b = 0; b < blockCount; b++) {
            if (Ticks.age(blocks[b], newest) > age) {
                blocks[b] = tick;
            }
        }
        for (int g = 0; g < groupCount; g++) {
            if (Ticks.age(groups[g], newest) > age) {
                groups[g] = tick;
            }
        }
    }

    private static boolean holds(int[] lane, int from, int to, int tick) {
        for (int r = from; r < to; r++) {
            if (lane[r] == tick) {
                return true;
            }
        }
        return false;
    }

    /** Clamps every tick to at most {@code MAX_AGE} old; the log, whose ticks this would rewrite, empties. */
    void clamp(int now) {
        log.reset(now);
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = Ticks.clamp(blocks[i], now);
        }
        for (int i = 0; i < groups.length; i++) {
            groups[i] = Ticks.clamp(groups[i], now);
        }
    }

    long bytes() {
        return 48L + 4L * blocks.length + 4L * groups.length;
    }
}
