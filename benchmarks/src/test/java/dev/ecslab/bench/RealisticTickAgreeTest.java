package dev.ecslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.bench.RealisticTickBenchmark.Engine;
import org.junit.jupiter.api.Test;

/**
 * The contenders of {@link RealisticTickBenchmark} do the same job: over several ticks (so the
 * cursors wrap), ecslab's change queries see exactly the rows the hand-kept dirty lists hold, and the
 * three scanning contenders sum the same whole world.
 */
class RealisticTickAgreeTest {
    private static long[] run(Engine engine, int n, int ticks) {
        try (RealisticTickBenchmark.Tick t = engine.create(n)) {
            t.tick();
            t.resetSums();
            long[] out = new long[ticks];
            for (int i = 0; i < ticks; i++) {
                out[i] = t.tick();
            }
            return out;
        }
    }

    @Test
    void changeDetectionSeesExactlyTheDirtyRowsAndTheScansAgree() {
        int n = 1000;                       // 300 writes a tick: the cursors wrap within the run
        int ticks = 25;
        long[] dirty = run(Engine.HAND_DIRTY, n, ticks);
        assertThat(run(Engine.ECSLAB, n, ticks)).isEqualTo(dirty);
        long[] scan = run(Engine.HAND_SCAN, n, ticks);
        assertThat(scan).isNotEqualTo(dirty);
        assertThat(run(Engine.ARTEMIS_ODB, n, ticks)).isEqualTo(scan);
        assertThat(run(Engine.DOMINION, n, ticks)).isEqualTo(scan);
    }
}
