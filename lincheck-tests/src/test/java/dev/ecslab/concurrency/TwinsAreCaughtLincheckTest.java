package dev.ecslab.concurrency;

import static org.assertj.core.api.Assertions.assertThat;

import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.api.Test;

/**
 * Proves every linearizability test of this module can fail: each test class, run unchanged on its
 * twin (the same production class with one race put back through a package-private switch, from
 * ecs's test jar), throws {@link LincheckAssertionError} under model checking, against the same
 * sequential specification the real class passes. The twins of documented bugs are the race-bug
 * catalogue's entries, checked (and timed) in {@code races.RaceCatalogueLincheckTest}:
 * {@code SpawnWithComponentLincheckTest.SharedCursor} and {@code EntityReservationLincheckTest.LostUpdateCursor};
 * and in {@code races.FlecsCatalogueLincheckTest}: {@code SpawnWithComponentLincheckTest.SpawnAllocatesOnTheWorld} and
 * {@code QueryCacheLincheckTest.MatchesExtendedWithoutLock} (the only twin of that test).
 */
class TwinsAreCaughtLincheckTest {

    @Test
    void aChangeTickTakenByPlainReadAndWriteIsCaught() {
        assertThat(Twins.modelCheck(ChangeTickLincheckTest.PlainIncrement.class).getMessage()).contains("nextChangeTick");
    }

    @Test
    void accessClaimsCheckedThenClaimedInTwoStepsAreCaught() {
        assertThat(Twins.modelCheck(AccessClaimsLincheckTest.CheckThenAct.class).getMessage()).contains("claim");
    }

    @Test
    void completionsOverAQueueThatIsNotThreadSafeAreCaught() {
        assertThat(Twins.modelCheck(CompletionsLincheckTest.PlainQueue.class).getMessage()).contains("finished");
    }

    @Test
    void jobBookkeepingWithoutItsLockIsCaught() {
        assertThat(Twins.modelCheck(JobGraphLincheckTest.Unlocked.class).getMessage()).containsAnyOf("finishA", "finishB",
                "registerC");
    }

    @Test
    void reservationsThatReadTheirCursorAgainAreCaught() {
        assertThat(Twins.modelCheck(EntityReservationLincheckTest.CursorReadAgain.class).getMessage()).contains("reserve");
    }
}
