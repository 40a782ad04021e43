package dev.ecslab.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Proves that the benchmark competitors do the same work: every {@link Contender}, driven through
 * the {@link EcsUnderTest} facade on a small world, ends with exactly the positions that a plain
 * reference computation gives, and the structural changes of {@link AddRemoveBenchmark} really
 * happen. Measures no time.
 */
class ContendersAgreeTest {
    private static final int N = 1000;
    private static final int STEPS = 4;

    @Test
    void everyContenderComputesTheReferencePositions() {
        float[] expected = reference(N, STEPS);
        assertThat(expected).as("the workload must move entities").isNotEqualTo(reference(N, 0));
        for (Contender c : Contender.values()) {
            try (EcsUnderTest world = c.create()) {
                world.spawn(N);
                assertThat(world.positions()).as("%s right after spawn", c).containsExactly(reference(N, 0));
                for (int s = 0; s < STEPS; s++) {
                    world.move();
                }
                assertThat(world.positions()).as("%s after %d steps", c, STEPS).containsExactly(expected);
                assertThat(world.probe()).as("%s probe is entity 0's x", c).isEqualTo(expected[0]);
            }
        }
    }

    @Test
    void addAndRemoveChangeEveryEntityAndKeepItsPositionAndVelocity() {
        Set<Contender> withStructuralChanges = EnumSet.noneOf(Contender.class);
        for (Contender c : Contender.values()) {
            try (EcsUnderTest world = c.create()) {
                if (!world.supportsAddRemove()) {
                    continue;
                }
                withStructuralChanges.add(c);
                world.spawn(N);
                world.move();
                world.addHealth();
                assertThat(world.healthCount()).as("%s after addHealth", c).isEqualTo(N);
                world.move();
                world.removeHealth();
                assertThat(world.healthCount()).as("%s after removeHealth", c).isZero();
                world.move();
                // A second round, as the benchmark repeats it on the same world.
                world.addHealth();
                world.removeHealth();
                assertThat(world.healthCount()).as("%s after a second round", c).isZero();
                assertThat(world.positions()).as("%s positions after the moves", c).containsExactly(reference(N, 3));
                // Entity 0 has moved between tables (or sparse sets) and back: the probe follows it.
                assertThat(world.probe()).as("%s probe after the structural changes", c).isEqualTo(reference(N, 3)[0]);
                world.move();
                assertThat(world.probe()).as("%s probe after a move that follows them", c).isEqualTo(reference(N, 4)[0]);
            }
        }
        assertThat(withStructuralChanges).containsExactlyInAnyOrder(
                Contender.ECSLAB, Contender.ECSLAB_CHUNKS, Contender.ECSLAB_OBSERVED, Contender.ECSLAB_CHUNKS_OBSERVED,
                Contender.ECSLAB_CHUNKS_NONE, Contender.ECSLAB_CHUNK_ARRAYS, Contender.ECSLAB_CHUNK_ARRAYS_OBSERVED,
                Contender.ECSLAB_CHUNK_ARRAYS_NONE, Contender.ECSLAB_SPARSE_HEALTH, Contender.ECSLAB_COLUMNAR,
                Contender.ECSLAB_COLUMNAR_CHUNKS, Contender.ECSLAB_COLUMNAR_CHUNKS_OBSERVED,
                Contender.ECSLAB_COLUMNAR_CHUNKS_NONE, Contender.ECSLAB_VALUES, Contender.ECSLAB_COLUMNAR_VALUES,
                Contender.DOMINION, Contender.ARTEMIS_ODB);
    }

    /** Positions of entities {@code 0..n-1} after {@code steps} moves, computed without any ECS. */
    private static float[] reference(int n, int steps) {
        float[] xy = new float[2 * n];
        for (int i = 0; i < n; i++) {
            float x = Workload.x(i);
            float y = Workload.y(i);
            for (int s = 0; s < steps; s++) {
                x += Workload.dx(i);
                y += Workload.dy(i);
            }
            xy[2 * i] = x;
            xy[2 * i + 1] = y;
        }
        return xy;
    }

    @Test
    void referenceIsNotTrivial() {
        float[] r = reference(N, 1);
        assertThat(Arrays.equals(r, reference(N, 0))).isFalse();
    }
}
