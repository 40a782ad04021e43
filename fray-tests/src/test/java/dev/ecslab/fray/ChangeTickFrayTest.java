package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldTwins;
import java.util.Optional;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The world's change tick under Fray: parallel systems take change ticks from two threads at once, and two
 * takes must get two ticks. The real world passes every interleaving explored, across the 32-bit wrap; its
 * twin, whose tick is a plain read and write ({@code WorldTwins.plainTickIncrement}), is caught.
 */
class ChangeTickFrayTest {

    static Runnable twoTakes(Supplier<World> worlds) {
        return () -> {
            WorldInternals world = WorldInternals.of(worlds.get());
            int[] got = new int[2];
            TwoThreads.run(i -> got[i] = world.nextChangeTick());
            if (got[0] == got[1]) {
                throw new AssertionError("two takes got the same change tick " + got[0]);
            }
        };
    }

    @Test
    void theRealTickHandsOutDistinctTicksInEveryInterleavingAcrossTheWrap() {
        FrayExploration.assertEveryInterleavingPasses("tick-real", false, twoTakes(() -> World.builder().initialChangeTick(-1).build()));
    }

    @Test
    void thePlainTickIncrementIsCaught() {
        Optional<FrayExploration.Found> found = FrayExploration.explore("tick-plain", FrayExploration.seed(),
                FrayExploration.iterations(), twoTakes(() -> WorldTwins.plainTickIncrement(-1)));
        assertThat(found).as("Fray finds the lost tick").isPresent();
        assertThat(found.get().failure()).hasMessageContaining("the same change tick");
    }
}
