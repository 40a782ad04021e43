package dev.ecslab.ecs.schedule;

/**
 * Square bit matrices stored flat, row by row, {@code words} longs per row (bit {@code j} of row
 * {@code i} is bit {@code j & 63} of {@code m[i * words + (j >>> 6)]}). The compiler fills the upper
 * triangle of a symmetric relation sequentially and needs the whole relation: {@link #orTranspose}
 * mirrors it in 64 × 64 blocks, so each block is read and written as 64 words instead of 4 096 single
 * bits scattered over as many rows.
 */
final class BitMatrix {
    private BitMatrix() {
    }

    /** {@code m | transpose(m)} for a {@code size} × {@code size} matrix, as a new array. */
    static long[] orTranspose(long[] m, int size, int words) {
        long[] out = m.clone();
        long[] block = new long[64];
        int blocks = (size + 63) >>> 6;
        for (int bi = 0; bi < blocks; bi++) {           // block row: source rows bi*64 .. bi*64+63
            for (int bj = 0; bj < blocks; bj++) {       // block column: source word bj
                boolean any = false;
                for (int r = 0; r < 64; r++) {
                    int row = (bi << 6) + r;
                    long w = row < size ? m[row * words + bj] : 0;
                    block[r] = w;
                    any |= w != 0;
                }
                if (!any) {
                    continue;
                }
                transpose64(block);
                // block[c] is now column (bj*64 + c) of the source rows bi*64..: row bj*64 + c, word bi
                for (int c = 0; c < 64; c++) {
                    int row = (bj << 6) + c;
                    if (row < size) {
                        out[row * words + bi] |= block[c];
                    }
                }
            }
        }
        return out;
    }

    /**
     * Transposes a 64 × 64 bit matrix in place: bit {@code c} of {@code a[r]} moves to bit {@code r} of
     * {@code a[c]}. Recursive block swaps (Hacker's Delight, 7-3), adapted to this bit order.
     */
    static void transpose64(long[] a) {
        int j = 32;
        long mask = 0x00000000FFFFFFFFL;
        while (j != 0) {
            for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
                long t = ((a[k] >>> j) ^ a[k | j]) & mask;
                a[k] ^= t << j;
                a[k | j] ^= t;
            }
            j >>>= 1;
            mask ^= mask << j;
        }
    }
}
