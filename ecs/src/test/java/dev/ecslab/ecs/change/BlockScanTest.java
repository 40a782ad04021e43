package dev.ecslab.ecs.change;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link BlockSummaries#scan} against the definition it must agree with
 * ({@link GenerationTracker#isNews}, row by row), on lanes built to sit on every edge the scan's
 * unsigned tick arithmetic could get wrong: ages one either side of the reader's, at and past
 * {@link Ticks#MAX_AGE}, the clock across the 32-bit wrap, blocks of 1 to 128 rows (wider than one
 * 64-bit mask), and row counts that end inside a block and inside a group. "Never mutated" marks are
 * built as the tracker leaves them: an addition's tick minus {@code MAX_AGE}, or the last clamp's
 * value; with the last clamp recent (the one-lane answers) or overdue (the careful test, where a mark
 * can have wrapped round to look new). Block ticks are either each block's newest row (so quiet blocks
 * and quiet groups are skipped) or the current tick (every block looked at).
 *
 * <p>Each case prints its seed in the assertion message; the seeds are fixed, so a failure replays.
 * Broken scans it catches (tried): the careful test dropped when a clamp is overdue, or given the
 * kind {@code CHANGED} in every block, either half of {@link GenerationTracker#reallyMutated} dropped, a
 * block tick compared as a signed number, the added lane skipped in a block whose additions are newer, and (in a
 * branch-free variant of the scan, measured slower and not kept) the last row of a 64-row window or the
 * last block of a group skipped.
 */
class BlockScanTest {

    private static final int CT = Ticks.CHECK_THRESHOLD;

    @Test
    void theScanListsExactlyTheRowsTheDefinitionAccepts() {
        int[] shifts = {0, 1, 4, 6, 7};
        int cases = 0;
        int nonEmpty = 0;
        int skippedBlocks = 0;
        int overdueCases = 0;
        for (long seed = 1; seed <= 600; seed++) {
            SplittableRandom random = new SplittableRandom(seed);
            int shift = shifts[random.nextInt(shifts.length)];
            int rows = 1 + random.nextInt(random.nextBoolean() ? 200 : 9000);
            int now = random.nextInt(4) == 0 ? -1 - random.nextInt(40) : random.nextInt();   // around the wrap, or anywhere
            int last = now - (int) pickAge(random, 0);
            boolean overdue = random.nextInt(3) == 0;
            long checkAge = overdue ? CT + (Integer.toUnsignedLong(random.nextInt()) % (0x1_0000_0000L - CT))
                    : switch (random.nextInt(3)) {
                        case 0 -> random.nextInt(40);
                        case 1 -> CT - 1 - random.nextInt(40);
                        default -> random.nextInt(CT);
                    };
            int lastCheck = now - (int) checkAge;
            TrackedRows column = new TrackedRows(2, rows) { };
            int[] added = column.laneArray(GenerationTracker.ADDED);
            int[] mutated = column.laneArray(GenerationTracker.MUTATED);
            boolean[] never = new boolean[rows];
            long lastAge = Math.min(Ticks.age(last, now), Ticks.MAX_AGE);
            for (int r = 0; r < rows; r++) {
                if (random.nextInt(3) == 0) {
                    // "Never mutated": an addition's mark (its tick minus MAX_AGE; an addition since the last clamp,
                    // unless the clamp is overdue), or the value the last clamp left.
                    never[r] = true;
                    if (random.nextBoolean()) {
                        added[r] = overdue ? now - (int) pickAge(random, lastAge)
                                : now - (int) (Integer.toUnsignedLong(random.nextInt()) % (checkAge + 1));
                        mutated[r] = (int) (added[r] - Ticks.MAX_AGE);
                    } else {
                        added[r] = now - (int) pickAge(random, lastAge);
                        mutated[r] = (int) (lastCheck - Ticks.MAX_AGE);
                    }
                } else {
                    added[r] = now - (int) pickAge(random, lastAge);
                    mutated[r] = now - (int) pickAge(random, lastAge);
                }
            }
            BlockSummaries s = BlockSummaries.of(column, shift, new FakeTrackerHost(), false);
            boolean exactBlocks = random.nextInt(4) != 0;
            summarize(s.added, added, null, rows, shift, now, exactBlocks);
            summarize(s.mutated, mutated, never, rows, shift, now, exactBlocks);
            s.log.reset(now);                   // lanes written by hand, not logged: the log must not answer (RowLogTest)
            for (ChangeKind kind : ChangeKind.values()) {
                List<Integer> expected = new ArrayList<>();
                for (int r = 0; r < rows; r++) {
                    if (GenerationTracker.isNews(kind, added[r], mutated[r], last, now, lastCheck)) {
                        expected.add(r);
                    }
                    if (never[r] && GenerationTracker.isNews(ChangeKind.MUTATED, added[r], mutated[r], last, now, lastCheck)) {
                        fail("seed " + seed + ": row " + r + "'s never-mutated mark is news (" + added[r] + ", " + mutated[r]
                                + ", last " + last + ", now " + now + ", last clamp " + lastCheck + ")");
                    }
                }
                List<Integer> listed = new ArrayList<>();
                int examined = BlockSummaries.scan(kind, column, rows, last, now, lastCheck, shift, listed::add);
                assertEquals(expected, listed, "seed " + seed + ", " + kind + ", rows " + rows + ", block shift " + shift
                        + ", now " + now + ", last " + last + ", last clamp " + lastCheck + ", exact blocks " + exactBlocks);
                cases++;
                nonEmpty += expected.isEmpty() ? 0 : 1;
                skippedBlocks += examined < rows ? 1 : 0;
                overdueCases += overdue ? 1 : 0;
            }
        }
        // The cases reach what they are for: rows found, and blocks skipped by their summaries.
        assertTrue(nonEmpty > cases / 2, "cases listing rows: " + nonEmpty + " of " + cases);
        assertTrue(skippedBlocks > cases / 4, "cases that skipped blocks: " + skippedBlocks + " of " + cases);
        assertTrue(overdueCases > cases / 5 && overdueCases < cases / 2, "cases with a clamp overdue: " + overdueCases + " of " + cases);
    }

    /** An age on one of the edges: near the reader's, near MAX_AGE, near 2 x CHECK_THRESHOLD, small, or any. */
    private static long pickAge(SplittableRandom random, long lastAge) {
        long age = switch (random.nextInt(lastAge == 0 ? 4 : 7)) {
            case 0 -> random.nextInt(60);
            case 1 -> Ticks.MAX_AGE + random.nextInt(5) - 2;
            case 2 -> 2L * CT - 1 + random.nextInt(5) - 2;
            case 3 -> Integer.toUnsignedLong(random.nextInt());
            default -> lastAge + random.nextInt(5) - 2;                // either side of the reader's previous run
        };
        return age & 0xFFFF_FFFFL;
    }

    /**
     * Block and group ticks as the tracker keeps them: never older than a row they cover (for the
     * mutated lane, a row that was really mutated: the marks of {@code never} rows are not covered).
     * Exact: each block's newest such row, and a block without one reads "no change"; otherwise every
     * block and group says {@code now}.
     */
    private static void summarize(BlockTicks ticks, int[] lane, boolean[] never, int rows, int shift, int now, boolean exact) {
        ticks.cover(rows - 1, now);
        int none = (int) (now - Ticks.MAX_AGE);
        java.util.Arrays.fill(ticks.blocks, exact ? none : now);
        java.util.Arrays.fill(ticks.groups, exact ? none : now);
        if (!exact) {
            return;
        }
        for (int r = 0; r < rows; r++) {
            if (never != null && never[r]) {
                continue;
            }
            int b = r >>> shift;
            if (Ticks.age(lane[r], now) < Ticks.age(ticks.blocks[b], now)) {
                ticks.blocks[b] = lane[r];
            }
            int g = b >>> BlockTicks.GROUP_SHIFT;
            if (Ticks.age(lane[r], now) < Ticks.age(ticks.groups[g], now)) {
                ticks.groups[g] = lane[r];
            }
        }
    }
}
