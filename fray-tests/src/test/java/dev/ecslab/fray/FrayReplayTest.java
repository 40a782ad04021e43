package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.entity.EntityTwins;
import dev.ecslab.ecs.job.JobTwins;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A failure Fray finds replays from its recording alone: the recorded scheduler and random choices drive
 * the same interleaving, and the same failure comes out, as many times as it is replayed. Shown on two
 * twins: one whose race is at atomic operations (entity reservation) and one whose race is on plain memory
 * (the job scheduler's dependency count, explored with plain accesses interleaved).
 */
class FrayReplayTest {

    private static void replaysTheSameFailure(String name, boolean memoryOps, Runnable twin) {
        Optional<FrayExploration.Found> found = FrayExploration.explore(name, FrayExploration.seed(),
                FrayExploration.iterations(), memoryOps, twin);
        assertThat(found).as("Fray finds the twin's bug").isPresent();
        for (int i = 0; i < 3; i++) {
            Optional<Throwable> again = FrayExploration.replay(found.get(), twin);
            assertThat(again).as("replay " + (i + 1) + " of " + found.get().recording()).isPresent();
            assertThat(again.get()).hasMessage(found.get().failure().getMessage())
                    .isInstanceOf(found.get().failure().getClass());
        }
    }

    @Test
    void aReservationRaceReplaysFromItsRecording() {
        replaysTheSameFailure("replay-reservation", false, EntityReservationFrayTest.twoReservations(
                EntityTwins::lostUpdateCursor));
    }

    @Test
    void aPlainMemoryRaceReplaysFromItsRecording() {
        replaysTheSameFailure("replay-jobs", true, JobSchedulerFrayTest.joinOfTwo(w -> JobTwins.unlockedScheduler(w, 2)));
    }

    @Test
    void aFailureOfTheRealCodeWouldNameItsInterleavingSeedAndRecording() {
        assertThatThrownBy(() -> FrayExploration.assertEveryInterleavingPasses("harness-twin", false,
                EntityReservationFrayTest.twoReservations(EntityTwins::lostUpdateCursor)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("in interleaving")
                .hasMessageContaining("of seed " + FrayExploration.seed()).hasMessageContaining("replay it")
                .hasMessageContaining("harness-twin/recording").hasMessageContaining("the same entity");
    }
}
