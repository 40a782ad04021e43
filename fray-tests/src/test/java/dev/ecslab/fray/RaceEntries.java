package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.races.CatalogueRecord;
import java.util.List;
import java.util.Optional;

/**
 * The Fray lane's part of the race-bug catalogue: an entry's twin is explored from
 * {@link CatalogueRecord#runs()} seeds (each exploration timed until Fray's first failure) and must fail
 * for the bug's own reason every time; the record says so, beside the test class whose real-code test
 * passes in the same run.
 */
final class RaceEntries {
    private RaceEntries() {
    }

    /**
     * Catches {@code twin} as entry {@code entry}: explores it from {@code runs()} consecutive seeds, each
     * up to the lane's iterations, and requires a failure whose message contains {@code signature}.
     */
    static void catchTwin(int entry, String description, Runnable twin, String signature, Class<?> realTest) {
        catchTwin(entry, description, false, twin, signature, realTest);
    }

    /** {@link #catchTwin(int, String, Runnable, String, Class)}, with plain memory accesses interleaved when {@code memoryOps}. */
    static void catchTwin(int entry, String description, boolean memoryOps, Runnable twin, String signature,
            Class<?> realTest) {
        long[] seed = {FrayExploration.seed()};
        List<Long> times = CatalogueRecord.timeToCatch(() -> {
            Optional<FrayExploration.Found> found = FrayExploration.explore("entry-" + entry, seed[0]++,
                    FrayExploration.iterations(), memoryOps, twin);
            return found.isPresent() && String.valueOf(found.get().failure().getMessage()).contains(signature);
        });
        CatalogueRecord.write(entry, CatalogueRecord.Tool.FRAY, description, times, realTest);
        assertThat(times).as(description + " must fail under Fray with '" + signature + "' from every seed")
                .doesNotContain(-1L);
    }
}
