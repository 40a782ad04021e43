package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.races.CatalogueRecord;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The Fray lane's part of the race-bug catalogue: an entry's twin is explored from
 * {@link CatalogueRecord#runs()} seeds (each exploration timed until Fray's first failure) and must fail
 * for the bug's own reason every time, and the real code must pass the lane's interleavings from the lane's
 * seed in the same test; the record says both.
 */
final class RaceEntries {
    private RaceEntries() {
    }

    /**
     * Catches {@code twin} as entry {@code entry}: explores it from {@code runs()} consecutive seeds, each
     * up to the lane's iterations, and requires a failure whose message contains {@code signature}; explores
     * {@code real} as far and requires no failure.
     */
    static void catchTwin(int entry, String description, Runnable twin, String signature, Runnable real) {
        catchTwin(entry, description, false, twin, signature, real);
    }

    /** {@link #catchTwin(int, String, Runnable, String, Class)}, with plain memory accesses interleaved when {@code memoryOps}. */
    static void catchTwin(int entry, String description, boolean memoryOps, Runnable twin, String signature,
            Runnable real) {
        catchTwin(entry, description, memoryOps, twin, f -> String.valueOf(f.getMessage()).contains(signature),
                "'" + signature + "'", real);
    }

    /**
     * {@link #catchTwin(int, String, boolean, Runnable, String, Class)}, where {@code ownReason} says whether a failure
     * is the bug's own ({@code reason} names it in the assertion's words).
     */
    static void catchTwin(int entry, String description, boolean memoryOps, Runnable twin, Predicate<Throwable> ownReason,
            String reason, Runnable real) {
        long[] seed = {FrayExploration.seed()};
        List<Long> times = CatalogueRecord.timeToCatch(() -> {
            Optional<FrayExploration.Found> found = FrayExploration.explore("entry-" + entry, seed[0]++,
                    FrayExploration.iterations(), memoryOps, twin);
            return found.isPresent() && ownReason.test(found.get().failure());
        });
        Optional<FrayExploration.Found> realFailure = FrayExploration.explore("entry-" + entry + "-real",
                FrayExploration.seed(), FrayExploration.iterations(), memoryOps, real);
        CatalogueRecord.write(entry, CatalogueRecord.Tool.FRAY, description, times, realFailure.isEmpty());
        assertThat(times).as(description + " must fail under Fray with " + reason + " from every seed")
                .doesNotContain(-1L);
        assertThat(realFailure).as("the real code of entry " + entry + " under Fray, same interleavings budget").isEmpty();
    }
}
