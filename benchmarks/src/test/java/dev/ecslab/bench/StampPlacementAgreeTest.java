package dev.ecslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Test;

/**
 * The shapes of {@link StampPlacementBenchmark} do the same movement, and the ones that stand for a
 * tracked write stamp every row: otherwise the table would compare loops doing different work.
 */
class StampPlacementAgreeTest {
    private static StampPlacementBenchmark fresh() {
        StampPlacementBenchmark b = new StampPlacementBenchmark();
        b.n = 1000;
        b.spawn();
        return b;
    }

    private static float[] moved(ToDoubleFunction<StampPlacementBenchmark> frame, StampPlacementBenchmark b) {
        frame.applyAsDouble(b);
        frame.applyAsDouble(b);
        float[] xy = new float[2 * b.n];
        for (int i = 0; i < b.n; i++) {
            xy[2 * i] = b.positions[i].x;
            xy[2 * i + 1] = b.positions[i].y;
        }
        return xy;
    }

    @Test
    void everyShapeMovesTheSameAndTheTrackedShapesStampEveryRow() {
        float[] expected = moved(StampPlacementBenchmark::typed, fresh());
        assertThat(expected[2]).isNotEqualTo(fresh().positions[1].x);          // the frame moved something
        for (ToDoubleFunction<StampPlacementBenchmark> shape : java.util.List.<ToDoubleFunction<StampPlacementBenchmark>>of(
                StampPlacementBenchmark::cast, StampPlacementBenchmark::castStampFirst,
                StampPlacementBenchmark::castStampAfterCast, StampPlacementBenchmark::fillThenTyped)) {
            StampPlacementBenchmark b = fresh();
            assertThat(moved(shape, b)).isEqualTo(expected);
        }
        for (ToDoubleFunction<StampPlacementBenchmark> tracked : java.util.List.<ToDoubleFunction<StampPlacementBenchmark>>of(
                StampPlacementBenchmark::castStampFirst, StampPlacementBenchmark::castStampAfterCast,
                StampPlacementBenchmark::fillThenTyped)) {
            StampPlacementBenchmark b = fresh();
            tracked.applyAsDouble(b);
            assertThat(b.lane).containsOnly(b.tick);
        }
        StampPlacementBenchmark untracked = fresh();
        untracked.cast();
        assertThat(untracked.lane).containsOnly(0);
    }
}
