package dev.ecslab.ecs.change;

import java.util.Arrays;

/**
 * The rows of one component in one table (or one sparse set), as a change tracker sees them: for
 * every row, {@link ChangeTracker#laneCount()} {@code int} <em>lanes</em> of the tracker's own
 * state (ticks, flag bits), and one {@link Attachment} for state the tracker keeps per set of rows
 * (block summaries). A row is named by this object and an {@code int} index: an opaque handle,
 * valid until the next structural change; a tracker never sees the component values.
 *
 * <p><b>Contract.</b> Storage moves a row's lanes with its value (archetype moves, swap-removals),
 * so a tracker cannot forget to carry its state along; a new row's lanes are zero until the tracker
 * writes them in {@link ChangeTracker#onAdded} (zero is a tick like any other: see
 * {@link ChangeTracker#onAddedSilently} for an addition that must not count). Lanes are plain
 * arrays, read and written under the threading rules of {@link ChangeTracker}: one writer per set of
 * rows at a time, readers of rows nobody writes.
 *
 * <p><b>Why a class.</b> Storage's columns extend it, so the write hook reaches a lane with one
 * final, non-virtual call and no lookup or allocation, the cost it had before strategies were kept
 * out of storage.
 */
public abstract class TrackedRows {
    private final int laneCount;
    private int[][] lanes;
    private Attachment attachment;
    /**
     * Whether anything observes this component's changes; when not, the world sends the tracker no
     * event about these rows' writes (set by the world on its owning thread).
     */
    private boolean observed = true;
    /** The lane a write stamps with the writer's tick itself, or -1 (see {@link #stampMutation}). */
    private int stampLane = -1;
    /** Block marks the stamp keeps current (may be null). */
    private BlockTicks stampMarks;

    protected TrackedRows(int laneCount, int capacity) {
        this.laneCount = laneCount;
        this.lanes = new int[laneCount][capacity];
    }

    /**
     * State a tracker keeps for a whole set of rows, found with one field load from the write hook.
     * Storage tells it when a row takes over another row's lanes, so state kept per block of rows can
     * follow the row.
     */
    public interface Attachment {
        /** Row {@code row} of {@code rows} now holds what was its last row (a swap-remove). */
        void rowFilled(TrackedRows rows, int row);
    }

    /** The tracker's attachment, or {@code null} until the tracker sets one. */
    public final Attachment attachment() {
        return attachment;
    }

    /** Only the world's change tracker calls this, under the same threading rules as the lanes. */
    public final void setAttachment(Attachment attachment) {
        this.attachment = attachment;
    }

    /** True when the world reports writes to these rows to the tracker (a reader observes them). */
    public final boolean observed() {
        return observed;
    }

    /** Only the world calls this, on its owning thread, when no system runs. */
    public final void setObserved(boolean observed) {
        this.observed = observed;
    }

    /**
     * The write hook's fast path: when the tracker installed a stamp on these rows (only a tracker
     * the world talks to directly may: {@link ChangeTracker#onDirectStampsAllowed}), stores the
     * writer's tick in the stamp lane and keeps the block marks current, with no call to the tracker,
     * and answers {@code true}; otherwise changes nothing and answers {@code false}, and the caller
     * calls {@link ChangeTracker#onMutated}. Exactly what that tracker's {@code onMutated} would do.
     */
    public final boolean stampMutation(int row, int tick) {
        int lane = stampLane;
        if (lane < 0) {
            return false;
        }
        lanes[lane][row] = tick;
        BlockTicks marks = stampMarks;
        if (marks != null && !(marksDeferred && tick == deferredTick)) {
            marks.markIfNewer(row, tick);
            if (marksDeferred) {
                newestMarked = tick;            // a later writer, nested in the deferring one: its marks stay
            }
        }
        return true;
    }

    /**
     * {@link #stampMutation} for a writing {@code forEach}, whose writes are nearly all the deferring walk's
     * own: those test the deferred lane and tick and store, four loads fewer than the general path; any
     * other takes the general path. Side by side, mutate-all over 10^6 objects went from 1.34x
     * to 1.28x {@code none}. The chunk walk keeps the general path: the same branch there made the
     * per-entity chunk walk over 10^5 objects 1.2x as slow, the same in both forks.
     */
    public final boolean stampWalkMutation(int row, int tick) {
        int[] deferred = deferredLane;
        if (deferred != null && tick == deferredTick) {
            deferred[row] = tick;               // the deferring walk's own write: the lane alone, the close marks
            return true;
        }
        return stampMutation(row, tick);
    }

    /** While true, stamps at {@link #deferredTick} leave their block marks to {@link #closeDeferredMarks}. */
    private boolean marksDeferred;
    /**
     * The stamp lane while marks are deferred, else null, for {@link #stampWalkMutation} (lanes do not
     * grow while a walk runs; {@link #growLanes} follows them anyway). Non-null exactly when
     * {@link #marksDeferred} is true; the boolean is kept rather than derived because
     * {@link #stampMutation}, whose shape the chunk walk's speed was measured to depend on, tests it.
     */
    private int[] deferredLane;
    private int deferredTick;
    /**
     * The newest tick marked at once while marks were deferred (a writer nested in the deferring one,
     * whose tick is later), else the deferred tick: the close never lowers a mark below it.
     */
    private int newestMarked;

    /**
     * Lets {@link #stampMutation}s at {@code tick} store the lane alone, leaving the block marks to
     * {@link #closeDeferredMarks}, which marks every block holding a row stamped at that tick. While
     * marks are deferred a change scan treats every block as newer ({@link #marksDeferred()}), so
     * nothing a reader answers depends on whether they are marked yet. Answers whether it deferred:
     * only rows the tracker stamps directly can, and only one writer at a time (a second deferral, by
     * a query nested in the first, is refused and its stamps are marked by the first's close, when
     * they are at the same tick, or at once otherwise).
     *
     * <p><b>Why.</b> A block mark is a store at an index that is not the row's ({@code row >> shift});
     * made per write, it kept the JIT from compiling a walk that writes every row into the loop it
     * makes without it: a per-entity walk over primitive columns ran 2.3 (10^5 rows) and 3.2 (10^6)
     * times as slow as with the lane store alone (benchmarks/RESULTS.md). A walk
     * that writes a table's rows ({@code forEach}, and {@code forEachChunk} per entity or by whole
     * chunk) defers the marks and makes them once, afterwards: when every row the close samples was
     * stamped, one fill of the block ticks and no look at the lane (a walk that writes every row of
     * 10^6 no longer reads its 4 MB of ticks back), else one pass over the lane
     * ({@link BlockTicks#markStamped}).
     */
    public final boolean deferMarks(int tick) {
        if (stampLane < 0 || stampMarks == null || marksDeferred) {
            return false;
        }
        deferredTick = tick;
        newestMarked = tick;
        marksDeferred = true;
        deferredLane = lanes[stampLane];
        return true;
    }

    /**
     * Ends the deferral {@link #deferMarks} began: marks every block that holds a row of
     * {@code [0, rows)} stamped at the deferred tick, unless a later writer marked it newer meanwhile.
     * Nothing when no deferral is open.
     */
    public final void closeDeferredMarks(int rows) {
        if (!marksDeferred) {
            return;
        }
        stampMarks.markStamped(lanes[stampLane], rows, deferredTick, newestMarked);
        marksDeferred = false;
        deferredLane = null;
    }

    /** True while a writer defers these rows' block marks: a change scan must look at every block. */
    final boolean marksDeferred() {
        return marksDeferred;
    }

    /**
     * {@link #stampMutation} for every row of {@code [from, to)} at once (a field array written for a
     * whole table chunk): one fill of the lane and one block mark per block, or the lane alone at the
     * deferred tick (the close marks the blocks); {@code false}, changing nothing, when the tracker
     * does not stamp directly (the caller then reports each row).
     */
    public final boolean stampMutations(int from, int to, int tick) {
        int lane = stampLane;
        if (lane < 0) {
            return false;
        }
        java.util.Arrays.fill(lanes[lane], from, to, tick);
        BlockTicks marks = stampMarks;
        if (marks != null) {
            if (marksDeferred && tick == deferredTick) {
                return true;                    // the close marks them: one fill of the blocks for a whole table
            }
            marks.markRangeIfNewer(from, to, tick);
            if (marksDeferred) {
                newestMarked = tick;            // as in stampMutation: a later writer's marks stay
            }
        }
        return true;
    }

    /** Installs the stamp (package-private: only the built-in tracker that owns the lanes does). */
    final void installStamp(int lane, BlockTicks marks) {
        this.stampMarks = marks;
        this.stampLane = lane;
    }

    public final int laneCount() {
        return laneCount;
    }

    public final int lane(int lane, int row) {
        return lanes[lane][row];
    }

    public final void setLane(int lane, int row, int value) {
        lanes[lane][row] = value;
    }

    /**
     * The backing array of one lane, for hot loops. Valid until the rows next grow; indices at or
     * beyond the number of rows in use are unused.
     */
    public final int[] laneArray(int lane) {
        return lanes[lane];
    }

    // ------------------------------------------------------------------ for storage

    /** Grows every lane to at least {@code capacity} rows. */
    protected final void growLanes(int capacity) {
        if (laneCount > 0 && lanes[0].length < capacity) {
            for (int l = 0; l < laneCount; l++) {
                lanes[l] = Arrays.copyOf(lanes[l], capacity);
            }
            if (deferredLane != null) {
                deferredLane = lanes[stampLane];
            }
        }
    }

    /** Row {@code row} takes the lanes of row {@code from}, and the attachment hears of it. */
    protected final void fillRowFrom(int from, int row) {
        for (int l = 0; l < laneCount; l++) {
            lanes[l][row] = lanes[l][from];
        }
        if (attachment != null) {
            attachment.rowFilled(this, row);
        }
    }

    /** Copies the lanes of {@code row} into {@code dst} at {@code dstRow}. */
    protected final void copyLanesTo(int row, TrackedRows dst, int dstRow) {
        for (int l = 0; l < laneCount; l++) {
            dst.lanes[l][dstRow] = lanes[l][row];
        }
    }

    /** Zeroes the lanes of {@code row} (storage does, for a new row). */
    public final void resetLanes(int row) {
        for (int l = 0; l < laneCount; l++) {
            lanes[l][row] = 0;
        }
    }
}
