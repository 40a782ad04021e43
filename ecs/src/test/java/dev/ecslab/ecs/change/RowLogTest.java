package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link RowLog} on its own: what it answers for, and the edges of its bounds. A reader is only
 * answered from the log when the log holds every change newer than the reader's previous run
 * ({@link RowLog#covers}); these tests hold each way the log stops holding them (a tick over its
 * budget, a dropped entry, a change recorded elsewhere, a clamp) and each way its scan could list
 * wrongly (an out-of-order entry, repeated rows, rows past the table's end, entries the lanes
 * contradict). {@link RowLogWorldTest} holds it in a world.
 *
 * <p>Broken variants these catch (tried): a full ring that drops an entry without raising the floor, a
 * floor that a later, older writer lowers, a scan that stops at the first old entry after an
 * out-of-order one (and an append that never marks one), entries past the table's end listed, rows
 * listed in log order, no budget per tick, a close that records however many rows were stamped, a close
 * that skips the marks of the blocks after its budget ran out, a dense close that neither records nor
 * raises, and a clamp that keeps the log.
 */
class RowLogTest {

    /** Two lanes of {@code rows} rows: added and mutated ticks, "never" everywhere. */
    private static TrackedRows column(int rows) {
        TrackedRows c = new TrackedRows(2, rows) { };
        java.util.Arrays.fill(c.laneArray(GenerationTracker.ADDED), (int) (0 - Ticks.MAX_AGE));
        java.util.Arrays.fill(c.laneArray(GenerationTracker.MUTATED), (int) (0 - Ticks.MAX_AGE));
        return c;
    }

    private static List<Integer> scan(RowLog log, ChangeKind kind, TrackedRows column, int rows, int last, int now) {
        List<Integer> listed = new ArrayList<>();
        log.scan(kind, column, rows, (int) Math.min(Ticks.age(last, now), Ticks.MAX_AGE), now, listed::add);
        return listed;
    }

    private static boolean covers(RowLog log, int last, int now) {
        return log.covers((int) Math.min(Ticks.age(last, now), Ticks.MAX_AGE), now);
    }

    @Test
    void aNewLogCoversReadersFromItsMakingUntilSomethingGoesUnrecorded() {
        RowLog log = new RowLog(5);
        assertThat(covers(log, 4, 6)).as("a reader older than the log").isFalse();
        assertThat(covers(log, 5, 6)).isTrue();
        log.unlogged(7);                                   // a write the log does not record, at tick 7
        assertThat(covers(log, 6, 8)).as("a reader that must see tick 7").isFalse();
        assertThat(covers(log, 7, 8)).as("a reader that saw tick 7's run start").isTrue();
        log.unlogged(9);
        log.unlogged(7);                                   // a late, older writer never lowers the floor
        assertThat(covers(log, 8, 10)).isFalse();
        assertThat(covers(log, 9, 10)).isTrue();
        assertThat(covers(log, 9, 5 + Ticks.CHECK_THRESHOLD)).as("a log no clamp emptied").isFalse();
    }

    @Test
    void aTickOverItsBudgetStopsBeingRecorded() {
        RowLog log = new RowLog(1);
        int budget = RowLog.MIN_CAPACITY / 4;
        for (int r = 0; r < budget; r++) {
            assertThat(log.add(r, 3)).isTrue();
        }
        assertThat(log.add(budget, 3)).as("one over the budget").isFalse();
        assertThat(log.refuses(3)).isTrue();
        assertThat(covers(log, 2, 4)).isFalse();
        assertThat(covers(log, 3, 4)).isTrue();
        assertThat(log.add(0, 4)).as("the next tick is recorded again").isTrue();
    }

    @Test
    void aFullRingDropsItsOldestAndStopsAnsweringForThem() {
        RowLog log = new RowLog(0);
        log.cover(8 * RowLog.MIN_CAPACITY);                // the bound stays at the minimum capacity
        int perTick = RowLog.MIN_CAPACITY / 4;              // each tick within its budget, four ticks fill the ring
        int tick = 1;
        long added = 0;
        while (added < RowLog.MIN_CAPACITY) {
            for (int r = 0; r < perTick; r++, added++) {
                assertThat(log.add(r, tick)).isTrue();
            }
            tick++;
        }
        assertThat(covers(log, 0, tick)).as("nothing dropped yet").isTrue();
        assertThat(log.add(0, tick)).isTrue();             // drops an entry of tick 1
        assertThat(log.size()).isEqualTo(RowLog.MIN_CAPACITY);
        assertThat(covers(log, 0, tick + 1)).isFalse();
        assertThat(covers(log, 1, tick + 1)).isTrue();
    }

    @Test
    void theRingGrowsUpToAnEighthOfTheRowsKeepingItsOrder() {
        RowLog log = new RowLog(0);
        int rows = 64 * RowLog.MIN_CAPACITY;
        log.cover(rows);
        TrackedRows column = column(rows);
        int[] mutated = column.laneArray(GenerationTracker.MUTATED);
        boolean[] written = new boolean[rows];
        List<Integer> expected = new ArrayList<>();
        int perTick = 2 * RowLog.MIN_CAPACITY;             // within the budget of a bound of 8 x MIN_CAPACITY
        int tick = 1;
        for (int k = 0; k < 4 * perTick; k++) {
            int row = k * 13 % rows;
            if (k > 0 && k % perTick == 0) {
                tick++;
            }
            assertThat(log.add(row, tick)).isTrue();
            mutated[row] = tick;
            written[row] = true;
        }
        for (int r = 0; r < rows; r++) {
            if (written[r]) {
                expected.add(r);
            }
        }
        assertThat(log.size()).isEqualTo(4 * perTick);
        assertThat(covers(log, 0, tick + 1)).isTrue();
        assertThat(scan(log, ChangeKind.MUTATED, column, rows, 0, tick + 1)).isEqualTo(expected);
    }

    @Test
    void anOutOfOrderEntryDoesNotHideTheNewerOnesBeforeIt() {
        RowLog log = new RowLog(0);
        TrackedRows column = column(8);
        int[] mutated = column.laneArray(GenerationTracker.MUTATED);
        log.add(0, 10);
        log.add(1, 30);                                    // a nested, later writer
        log.add(2, 20);                                    // the outer walk's close, after it
        mutated[0] = 10;
        mutated[1] = 30;
        mutated[2] = 20;
        assertThat(scan(log, ChangeKind.MUTATED, column, 8, 25, 31)).containsExactly(1);
        assertThat(scan(log, ChangeKind.MUTATED, column, 8, 15, 31)).containsExactly(1, 2);
        log.add(3, 31);
        mutated[3] = 31;
        assertThat(scan(log, ChangeKind.MUTATED, column, 8, 25, 32)).containsExactly(1, 3);
    }

    @Test
    void rowsAreListedOnceInRowOrderAndTheLanesDecide() {
        RowLog log = new RowLog(0);
        TrackedRows column = column(10);
        int[] added = column.laneArray(GenerationTracker.ADDED);
        int[] mutated = column.laneArray(GenerationTracker.MUTATED);
        log.add(5, 10);
        log.add(3, 11);
        log.add(5, 12);
        log.add(1, 12);
        log.add(9, 12);                                    // past the table's end (9 rows), below
        log.add(2, 12);                                    // the lanes say otherwise: a row that moved in older
        mutated[5] = 12;
        mutated[3] = 11;
        mutated[1] = 12;
        mutated[2] = 4;
        mutated[9] = 12;                                   // news by its lane, but no longer a row of the table
        added[7] = 12;
        log.add(7, 12);                                    // added, never mutated
        assertThat(scan(log, ChangeKind.CHANGED, column, 9, 9, 13)).containsExactly(1, 3, 5, 7);
        assertThat(scan(log, ChangeKind.MUTATED, column, 9, 9, 13)).containsExactly(1, 3, 5);
        assertThat(scan(log, ChangeKind.ADDED, column, 9, 9, 13)).containsExactly(7);
        assertThat(scan(log, ChangeKind.CHANGED, column, 9, 11, 13)).containsExactly(1, 5, 7);
    }

    @Test
    void aResetEmptiesTheLogAndAnswersOnlyForLaterChanges() {
        RowLog log = new RowLog(0);
        log.add(1, 3);
        log.reset(100);
        assertThat(log.size()).isZero();
        assertThat(covers(log, 99, 101)).isFalse();
        assertThat(covers(log, 100, 101)).isTrue();
    }

    @Test
    void clampingABlockEmptiesItsLog() {
        RowLog log = new RowLog(0);
        BlockTicks marks = new BlockTicks(4, log);
        marks.cover(100, 0);
        log.add(3, 5);
        int now = 5 + Ticks.CHECK_THRESHOLD;
        marks.clamp(now);
        assertThat(log.size()).isZero();
        assertThat(covers(log, now - 1, now + 1)).isFalse();
        assertThat(covers(log, now, now + 1)).isTrue();
    }

    /**
     * The close of a walk's deferred marks records the rows it stamped when they are few, and leaves the
     * log to the blocks when they are many; the marks are the same either way.
     */
    @Test
    void aDeferredCloseRecordsFewStampedRowsAndRaisesTheFloorForMany() {
        SplittableRandom random = new SplittableRandom(0x10C);
        for (int c = 0; c < 200; c++) {
            int rows = 1 + random.nextInt(5000);
            double density = new double[] {0, 0.002, 0.01, 0.05, 0.5, 1}[random.nextInt(6)];
            RowLog log = new RowLog(0);
            BlockTicks marks = new BlockTicks(4, log);
            marks.cover(rows - 1, 0);
            int[] lane = new int[rows];
            List<Integer> stamped = new ArrayList<>();
            for (int r = 0; r < rows; r++) {
                if (random.nextDouble() < density) {
                    lane[r] = 7;
                    stamped.add(r);
                }
            }
            marks.markStamped(lane, rows, 7, 7);
            TrackedRows column = column(rows);
            System.arraycopy(lane, 0, column.laneArray(GenerationTracker.MUTATED), 0, rows);
            String what = "case " + c + ": " + rows + " rows, density " + density;
            if (covers(log, 6, 8)) {
                assertThat(scan(log, ChangeKind.MUTATED, column, rows, 6, 8)).as(what).isEqualTo(stamped);
            } else {
                assertThat(density).as(what + ": only many stamped rows leave the log").isGreaterThanOrEqualTo(0.01);
            }
            for (int r : stamped) {
                assertThat(marks.blocks[r >>> 4]).as(what).isEqualTo(7);
            }
            if (density <= 0.002 && rows >= 64) {
                assertThat(covers(log, 6, 8)).as(what + ": few rows are recorded").isTrue();
            }
            if (density >= 0.5 && rows >= 64) {
                assertThat(covers(log, 6, 8)).as(what + ": many rows are left to the blocks").isFalse();
            }
        }
    }
}
