package dev.ecslab.ecs.change;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link TrackedRows#deferMarks}: a writer that defers its block marks stamps lanes alone, and
 * {@link TrackedRows#closeDeferredMarks} must then mark exactly what {@link TrackedRows#stampMutation}
 * would have marked row by row; while the marks are deferred, a change scan must still list every
 * stamped row (a reader nested in the writer), and a stamp at another tick must not wait.
 *
 * <p>Rows are written at every density (none, one, scattered, dense, all), in blocks of 1 to 128 rows,
 * with row counts that end inside a block and inside a group. Each case names its seed; the seeds are
 * fixed, so a failure replays. Broken variants it catches (tried): a close that marks nothing, a close
 * that looks only at each block's first row, a close that lowers a later writer's mark, a scan that
 * ignores the deferral, and a stamp that defers its mark whatever its tick; for the dense close (every
 * sampled row stamped: every block marked without a look at the lane), one that lowers a later
 * writer's mark, one that leaves the groups unmarked, and one that leaves the last block unmarked.
 */
class DeferredMarksTest {

    private static final int[] SHIFTS = {0, 1, 4, 6, 7};

    /** A column whose stamp is installed, its marks covering {@code rows} rows and reading "no change" at {@code now}. */
    private static TrackedRows stampedColumn(int rows, int shift, FakeTrackerHost host) {
        TrackedRows column = new TrackedRows(2, rows) { };
        BlockSummaries s = BlockSummaries.of(column, shift, host, true);
        s.cover(rows - 1, host.now);
        java.util.Arrays.fill(column.laneArray(GenerationTracker.ADDED), (int) (host.now - 10_000));
        java.util.Arrays.fill(column.laneArray(GenerationTracker.MUTATED), (int) (host.now - Ticks.MAX_AGE));
        return column;
    }

    private static List<Integer> scan(TrackedRows column, int rows, int shift, int last, int now) {
        List<Integer> listed = new ArrayList<>();
        BlockSummaries.scan(ChangeKind.MUTATED, column, rows, last, now, now, shift, listed::add);
        return listed;
    }

    @Test
    void closingMarksWhatStampingRowByRowWouldHaveMarked() {
        int cases = 0;
        int dense = 0;
        int[] densities = new int[5];
        for (long seed = 1; seed <= 400; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int shift = SHIFTS[random.nextInt(SHIFTS.length)];
            int rows = 1 + random.nextInt(random.nextBoolean() ? 300 : 20_000);
            int density = random.nextInt(5);          // none, one, scattered, dense, all
            densities[density]++;
            FakeTrackerHost host = new FakeTrackerHost();
            host.now = random.nextInt();
            int tick = host.now;
            TrackedRows deferred = stampedColumn(rows, shift, host);
            TrackedRows eager = stampedColumn(rows, shift, host);
            String where = "seed " + seed + ", rows " + rows + ", block shift " + shift + ", density " + density;

            assertTrue(deferred.deferMarks(tick), where);
            assertFalse(deferred.deferMarks(tick), where + ": a second deferral, by a nested writer, is refused");
            List<Integer> written = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                boolean write = switch (density) {
                    case 0 -> false;
                    case 1 -> r == rows / 2;
                    case 2 -> random.nextInt(100) == 0;
                    case 3 -> random.nextInt(3) != 0;
                    default -> true;
                };
                if (write) {
                    assertTrue(deferred.stampMutation(r, tick));
                    assertTrue(eager.stampMutation(r, tick));
                    written.add(r);
                }
            }
            int last = tick - 1;
            assertEquals(written, scan(deferred, rows, shift, last, tick), where + ": a reader while the marks wait");
            deferred.closeDeferredMarks(rows);
            BlockSummaries d = (BlockSummaries) deferred.attachment();
            BlockSummaries e = (BlockSummaries) eager.attachment();
            int blocks = ((rows - 1) >>> shift) + 1;
            boolean sampledAll = everySampleStamped(deferred.laneArray(GenerationTracker.MUTATED), rows, tick);
            dense += sampledAll ? 1 : 0;
            for (int b = 0; b < blocks; b++) {
                // a close whose every sampled row was stamped marks every block without looking (never older)
                assertEquals(sampledAll ? tick : e.mutated.blocks[b], d.mutated.blocks[b], where + ": block " + b);
            }
            for (int g = 0; g <= (blocks - 1) >>> BlockTicks.GROUP_SHIFT; g++) {
                assertEquals(sampledAll ? tick : e.mutated.groups[g], d.mutated.groups[g], where + ": group " + g);
            }
            assertEquals(written, scan(deferred, rows, shift, last, tick), where + ": a reader after the close");
            deferred.closeDeferredMarks(rows);                          // closing twice changes nothing
            assertTrue(deferred.deferMarks(tick + 1), where + ": the close ended the deferral");
            cases++;
        }
        assertEquals(400, cases);
        assertTrue(dense >= densities[4], "every close of a walk that wrote every row took the dense way: " + dense);
        for (int density = 0; density < densities.length; density++) {
            assertTrue(densities[density] > 40, "cases of density " + density + ": " + densities[density]);
        }
    }

    @Test
    void aStampAtAnotherTickIsMarkedAtOnce() {
        FakeTrackerHost host = new FakeTrackerHost();
        host.now = 1_000;
        int rows = 256;
        TrackedRows column = stampedColumn(rows, 4, host);
        assertTrue(column.deferMarks(990));
        assertTrue(column.stampMutation(37, 1_000));
        BlockSummaries s = (BlockSummaries) column.attachment();
        assertEquals(1_000, s.mutated.blocks[37 >>> 4], "not the deferred tick: marked as it is stamped");
        column.closeDeferredMarks(rows);
        assertEquals(List.of(37), scan(column, rows, 4, 995, 1_000));
    }

    /**
     * A writer nested in the deferring one, at a later tick, marks its block at once; the close, at the
     * older tick, must not lower that block or its group, or a reader whose previous run lies between
     * the two ticks would skip the later write.
     */
    @Test
    void theCloseNeverLowersAMarkALaterWriterMade() {
        FakeTrackerHost host = new FakeTrackerHost();
        host.now = 2_000;
        int rows = 4_096;
        TrackedRows column = stampedColumn(rows, 4, host);
        assertTrue(column.deferMarks(1_990));
        assertTrue(column.stampMutation(32, 1_990));
        assertTrue(column.stampMutation(33, 2_000));               // the later writer: same block
        assertTrue(column.stampMutation(1_500, 1_990));            // and a block whose only write waits
        assertTrue(column.stampMutation(60, 1_990));
        host.now = 2_001;
        assertTrue(column.stampMutations(48, 56, 2_001));          // a later chunk write, in row 60's block
        column.closeDeferredMarks(rows);
        BlockSummaries s = (BlockSummaries) column.attachment();
        assertEquals(2_001, s.mutated.blocks[3], "the later chunk's mark stays");
        assertEquals(2_000, s.mutated.blocks[2], "the later mark stays");
        assertEquals(2_001, s.mutated.groups[0], "and its group's");
        assertEquals(1_990, s.mutated.blocks[1_500 >>> 4], "the waiting block is marked");
        List<Integer> later = List.of(33, 48, 49, 50, 51, 52, 53, 54, 55);
        assertEquals(later, scan(column, rows, 4, 1_995, 2_001), "a reader between the ticks");
        List<Integer> all = new ArrayList<>(List.of(32, 33, 48, 49, 50, 51, 52, 53, 54, 55, 60, 1_500));
        assertEquals(all, scan(column, rows, 4, 1_980, 2_001));
    }

    /** The close's test for a dense walk: each of {@link BlockTicks#DENSE_SAMPLES} evenly spread rows holds the tick. */
    private static boolean everySampleStamped(int[] lane, int rows, int tick) {
        int samples = Math.min(BlockTicks.DENSE_SAMPLES, rows);
        for (int k = 0; k < samples; k++) {
            if (lane[(int) ((long) k * rows / samples)] != tick) {
                return false;
            }
        }
        return true;
    }

    /**
     * A walk that stamps every sampled row but skips whole blocks between them: the close marks every
     * block without reading the lane, so the skipped blocks are marked newer than their rows. That may
     * cost a reader a look, never an answer: the scan lists exactly the written rows, and no row of the
     * skipped blocks.
     */
    @Test
    void aDenseCloseMarksEveryBlockAndTheLanesStillDecide() {
        FakeTrackerHost host = new FakeTrackerHost();
        host.now = 5_000;
        int rows = 4_096;
        int shift = 4;
        TrackedRows column = stampedColumn(rows, shift, host);
        assertTrue(column.deferMarks(5_000));
        List<Integer> written = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            boolean skipped = r >= 16 && r < 240;       // blocks 1..14, between the samples at rows 0 and 256
            if (!skipped) {
                assertTrue(column.stampMutation(r, 5_000));
                written.add(r);
            }
        }
        assertTrue(everySampleStamped(column.laneArray(GenerationTracker.MUTATED), rows, 5_000));
        column.closeDeferredMarks(rows);
        BlockSummaries s = (BlockSummaries) column.attachment();
        for (int b = 0; b < rows >>> shift; b++) {
            assertEquals(5_000, s.mutated.blocks[b], "block " + b + ": marked without a look");
        }
        for (int g = 0; g < (rows >>> shift) >>> BlockTicks.GROUP_SHIFT; g++) {
            assertEquals(5_000, s.mutated.groups[g], "group " + g);
        }
        assertEquals(written, scan(column, rows, shift, 4_990, 5_000), "the lanes decide: the skipped rows are not listed");
        assertFalse(s.log.covers((int) Ticks.age(4_990, 5_000), 5_000), "a dense close leaves the log: the blocks answer");
    }

    /**
     * {@link #theCloseNeverLowersAMarkALaterWriterMade} for a walk that writes every row: the dense close,
     * which marks without looking, keeps the later writers' block and group marks, and marks every other
     * group, or a reader whose previous run lies before both ticks would skip those groups.
     */
    @Test
    void aDenseCloseNeverLowersALaterMarkAndMarksEveryGroup() {
        FakeTrackerHost host = new FakeTrackerHost();
        host.now = 2_000;
        int rows = 4_096;
        TrackedRows column = stampedColumn(rows, 4, host);
        assertTrue(column.deferMarks(1_990));
        for (int r = 0; r < rows; r++) {
            assertTrue(column.stampMutation(r, 1_990));
            if (r == 32) {
                assertTrue(column.stampMutation(33, 2_000));       // a later writer, nested: row 33 before the walk reaches it
            }
        }
        host.now = 2_001;
        assertTrue(column.stampMutations(48, 56, 2_001));          // a later chunk write, after the walk
        column.closeDeferredMarks(rows);
        BlockSummaries s = (BlockSummaries) column.attachment();
        assertEquals(2_001, s.mutated.blocks[3], "the later chunk's mark stays");
        assertEquals(2_000, s.mutated.blocks[2], "the later writer's mark stays");
        assertEquals(2_001, s.mutated.groups[0], "and its group's");
        assertEquals(1_990, s.mutated.blocks[4], "another block takes the walk's tick");
        for (int g = 1; g < 4; g++) {
            assertEquals(1_990, s.mutated.groups[g], "group " + g);
        }
        assertEquals(List.of(48, 49, 50, 51, 52, 53, 54, 55), scan(column, rows, 4, 1_995, 2_001),
                "a reader between the ticks: the walk stamped row 33 again after the later writer");
        assertEquals(rows, scan(column, rows, 4, 1_980, 2_001).size(), "a reader before both: every row");
    }

    /** Rows a test can grow, as storage grows a table. */
    private static final class GrowableRows extends TrackedRows {
        GrowableRows(int capacity) {
            super(2, capacity);
        }

        void grow(int capacity) {
            growLanes(capacity);
        }
    }

    /**
     * The deferring walk's writes go to the lane it held when the deferral began; rows do not grow while a
     * walk runs, but if they did, a write after the growth must land in the new lane, or the close and the
     * readers would not see it.
     */
    @Test
    void aDeferredWriteAfterTheRowsGrewLandsInTheNewLane() {
        FakeTrackerHost host = new FakeTrackerHost();
        host.now = 700;
        int rows = 64;
        GrowableRows column = new GrowableRows(rows);
        BlockSummaries.of(column, 4, host, true).cover(rows - 1, host.now);
        java.util.Arrays.fill(column.laneArray(GenerationTracker.ADDED), host.now - 10_000);
        java.util.Arrays.fill(column.laneArray(GenerationTracker.MUTATED), (int) (host.now - Ticks.MAX_AGE));
        assertTrue(column.deferMarks(700));
        assertTrue(column.stampWalkMutation(3, 700));
        column.grow(4 * rows);
        assertTrue(column.stampWalkMutation(40, 700));
        column.closeDeferredMarks(rows);
        assertEquals(700, column.lane(GenerationTracker.MUTATED, 40), "written after the growth");
        assertEquals(List.of(3, 40), scan(column, rows, 4, 690, 700));
    }

    @Test
    void onlyRowsTheTrackerStampsCanDeferTheirMarks() {
        TrackedRows plain = new TrackedRows(2, 16) { };
        assertFalse(plain.deferMarks(5), "no stamp installed: the tracker hears every write, nothing to defer");
        assertFalse(plain.stampMutation(3, 5));
        plain.closeDeferredMarks(16);                                   // nothing open: nothing happens
        TrackedRows heard = new TrackedRows(2, 16) { };
        BlockSummaries.of(heard, 4, new FakeTrackerHost(), false);     // summaries, but writes go through the tracker
        assertFalse(heard.deferMarks(5));
    }
}
