package dev.ecslab.ecs.change;

/**
 * One zeroed bitset of rows per thread, lent to a {@link RowLog} scan that sorts and deduplicates its
 * candidates, so that a change query allocates nothing per run. A scan nested in another's sink (a
 * query run from a visited row) finds the thread's bitset lent and gets a fresh one; a scan whose sink
 * throws does not give its bitset back, so a bitset handed out is always all zero.
 */
final class RowBits {
    private static final ThreadLocal<long[]> SPARE = new ThreadLocal<>();

    private RowBits() {
    }

    /** A zeroed bitset of at least {@code words} words, the thread's spare when it is free and large enough. */
    static long[] borrow(int words) {
        long[] bits = SPARE.get();
        if (bits == null || bits.length < words) {
            return new long[words];
        }
        SPARE.set(null);
        return bits;
    }

    /** Returns an all-zero bitset as the thread's spare (the larger one is kept). */
    static void giveBack(long[] bits) {
        long[] spare = SPARE.get();
        if (spare == null || spare.length < bits.length) {
            SPARE.set(bits);
        }
    }
}
