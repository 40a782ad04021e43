package dev.ecslab.ecs.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The blocked transpose against the definition, on sizes that do and do not fill whole blocks. */
class BitMatrixTest {
    @Test
    void orTransposeIsTheSymmetricClosureOfAnyMatrix() {
        SplittableRandom random = new SplittableRandom(7);
        for (int size : new int[] {1, 3, 63, 64, 65, 130, 200}) {
            int words = (size + 63) >>> 6;
            long[] m = new long[size * words];
            for (int i = 0; i < size; i++) {
                for (int j = 0; j < size; j++) {
                    if (random.nextInt(5) == 0) {
                        m[i * words + (j >>> 6)] |= 1L << j;
                    }
                }
            }
            long[] out = BitMatrix.orTranspose(m, size, words);
            for (int i = 0; i < size; i++) {
                for (int j = 0; j < size; j++) {
                    boolean expected = bit(m, words, i, j) || bit(m, words, j, i);
                    assertThat(bit(out, words, i, j)).as("size %s, (%s, %s)", size, i, j).isEqualTo(expected);
                }
            }
        }
    }

    @Test
    void aBitInThePartialLastBlockIsMirrored() {
        // the only bit sits in the partial last block, which a loop over whole blocks would skip
        int size = 65;
        int words = 2;
        long[] m = new long[size * words];
        m[64 * words] |= 1L;                            // (64, 0)
        long[] out = BitMatrix.orTranspose(m, size, words);
        assertThat(bit(out, words, 0, 64)).isTrue();
    }

    private static boolean bit(long[] m, int words, int i, int j) {
        return (m[i * words + (j >>> 6)] & (1L << j)) != 0;
    }
}
