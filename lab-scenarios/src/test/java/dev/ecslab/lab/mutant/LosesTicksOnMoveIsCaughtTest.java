package dev.ecslab.lab.mutant;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.JqwikFailures;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Proves the ECS's change-model property can fail: a tracker that loses its ticks on archetype moves
 * (the lab's {@code mutant:loses-ticks-on-move}, which the lab's own checks kill too).
 */
class LosesTicksOnMoveIsCaughtTest {

    @Test
    void theChangeModelPropertyKillsATrackerThatLosesTicksOnMoves() {
        List<Throwable> failures = JqwikFailures.of(LosesTicksOnMoveCheck.class, "trackerLosingTicksOnMovesIsExact(java.util.List)");
        assertThat(failures).as("the property must fail on the tick-losing tracker").hasSize(1);
        assertThat(failures.get(0).getMessage()).contains("the oracle says");
    }
}
