package dev.ecslab.lab.mutant;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ClockJumps;
import dev.ecslab.ecs.change.Ticks;
import org.junit.jupiter.api.Test;

/**
 * The ECS's clock-jump scenarios ({@code ClockJumps}, from the ecs test jar) on {@link NeverClamps},
 * {@code generation} with Bevy's {@code check_change_ticks} forgotten: the lab's own copy of that
 * mutant, the one the criteria must catch.
 */
class NeverClampsTest {

    @Test
    void anExpiredChangeLooksNewAgainOnceTheClockHasLapped() {
        assertThat(ClockJumps.expiry(NeverClamps::new)).as("not clamped, the change older than %s ticks comes back",
                Ticks.MAX_AGE).contains("frame 2: [e0]");
    }

    /**
     * The readers' previous runs are the world's to clamp, not the strategy's: even this strategy
     * sees a change made while a reader was paused across the wrap (before the world took this over,
     * the reader's last run, 2^32 ticks later, looked newer than the change and it was missed).
     */
    @Test
    void theWorldClampsAPausedReaderEvenUnderAStrategyThatNeverClamps() {
        assertThat(ClockJumps.pausedReaderAcrossTwoJumps(NeverClamps::new)).containsExactly("frame 0: [e0]", "frame 2: [e0]");
    }
}
