package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.concurrency.BothModes;
import dev.ecslab.concurrency.QueryCacheLincheckTest;
import dev.ecslab.concurrency.SpawnWithComponentLincheckTest;
import dev.ecslab.concurrency.Twins;
import dev.ecslab.ecs.races.CatalogueRecord;
import java.util.List;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.junit.jupiter.api.Test;

/**
 * The Lincheck entries of the race-bug catalogue taken from flecs ({@code lincheck-tests/README.md},
 * entries 22 and 23): each twin is caught by model checking {@link CatalogueRecord#runs()} times (each
 * timed), the record goes to {@code target/race-catalogue/}, and the failure must name the operation
 * the bug breaks. The real classes pass the same tests, in both modes, in their own test classes.
 */
class FlecsCatalogueLincheckTest {

    /** Times the model checker catching {@code twin}, a nested twin of {@code real}, and records the entry. */
    private static void catchTwin(int entry, Class<? extends BothModes> real, Class<? extends BothModes> twin,
            String operation) {
        List<Long> times = CatalogueRecord.timeToCatch(() -> caughtRunning(twin, operation));
        CatalogueRecord.write(entry, CatalogueRecord.Tool.LINCHECK, real.getSimpleName() + "." + twin.getSimpleName(), times,
                real);
        assertThat(times).as(twin.getName() + " must be caught, in a scenario running " + operation + ", in every attempt")
                .doesNotContain(-1L);
    }

    /** Whether model checking catches {@code twin} with a failing scenario that runs {@code operation}. */
    private static boolean caughtRunning(Class<? extends BothModes> twin, String operation) {
        LincheckAssertionError e;
        try {
            e = Twins.modelCheck(twin);
        } catch (AssertionError notCaught) {                // Twins.modelCheck: Lincheck found nothing
            return false;
        }
        return e.getMessage().contains(operation);
    }

    /**
     * Entry 22, flecs #1677: a spawn from a worker thread's command buffer that allocates its id on the
     * world at once (a structural change off the owner thread) hands two threads one id.
     */
    @Test
    void entry22StructuralChangeFromAWorkerIsCaught() {
        catchTwin(22, SpawnWithComponentLincheckTest.class, SpawnWithComponentLincheckTest.SpawnAllocatesOnTheWorld.class,
                "spawnWith");
    }

    /**
     * Entry 23, flecs #1928: a lazily built index (a query's match cache) extended by check-then-act from
     * two threads lists a table twice or loses one, so a walk visits a wrong number of rows.
     */
    @Test
    void entry23LazilyBuiltIndexRacedIsCaught() {
        catchTwin(23, QueryCacheLincheckTest.class, QueryCacheLincheckTest.MatchesExtendedWithoutLock.class, "rows");
    }
}
