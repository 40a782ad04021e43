package dev.ecslab.concurrency.races;

import dev.ecslab.ecs.races.CatalogueRecord;
import dev.ecslab.ecs.races.WriterPreferringLock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.concurrency.BothModes;
import dev.ecslab.concurrency.EntityReservationLincheckTest;
import dev.ecslab.concurrency.SpawnWithComponentLincheckTest;
import dev.ecslab.concurrency.Twins;
import java.util.List;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.junit.jupiter.api.Test;

/**
 * The Lincheck entries of the race-bug catalogue ({@code lincheck-tests/README.md}): for each, the
 * twin is caught {@link CatalogueRecord#runs()} times (each timed) and the record goes to
 * {@code target/race-catalogue/}; the real class passes the same test in its own test class, in both
 * modes (the record names it, and the report reads its result from the same run). The twins are the production classes
 * with the documented race put back (ecs's test jar), run through the very test the real class passes,
 * except entry 2, whose bug lives in a lock ecslab does not have (see {@link WriterPreferringLock}).
 */
class RaceCatalogueLincheckTest {

    /** Times the model checker catching {@code twin}, a nested twin of {@code real}, and records the entry. */
    private static void catchTwin(int entry, Class<? extends BothModes> real, Class<? extends BothModes> twin) {
        List<Long> times = CatalogueRecord.timeToCatch(() -> Twins.caughtByModelChecking(twin));
        CatalogueRecord.write(entry, CatalogueRecord.Tool.LINCHECK, real.getSimpleName() + "." + twin.getSimpleName(), times, real);
        assertThat(times).as(twin.getName() + " must be caught in every attempt").doesNotContain(-1L);
    }

    /** Entry 1, Magma3D's {@code into_index}: a spawn's component lands on another thread's entity. */
    @Test
    void entry1SharedCursorIsCaught() {
        catchTwin(1, SpawnWithComponentLincheckTest.class, SpawnWithComponentLincheckTest.SharedCursor.class);
    }

    /** Entry 3, artemis-odb #522: two entities created at once get one id. */
    @Test
    void entry3DuplicateIdsAreCaught() {
        catchTwin(3, EntityReservationLincheckTest.class, EntityReservationLincheckTest.LostUpdateCursor.class);
    }

    /**
     * One operation per thread and nothing before or after: the deadlock needs exactly a nested read
     * and a write racing.
     */
    static ModelCheckingOptions twoCalls() {
        return new ModelCheckingOptions().iterations(30).invocationsPerIteration(500).threads(2).actorsPerThread(1)
                .actorsBefore(0).actorsAfter(0).sequentialSpecification(Counter.class);
    }

    /** Entry 2: a reader re-takes a non-reentrant, writer-preferring read lock while a writer waits. */
    public static class ReentrantReadDeadlockTest {
        private final WriterPreferringLock lock = new WriterPreferringLock();
        private int value;

        /** A system reading twice, nested (a query inside a query), under the read lock. */
        @Operation
        public int nestedRead() throws InterruptedException {
            lock.lockRead();
            try {
                lock.lockRead();
                try {
                    return value;
                } finally {
                    lock.unlockRead();
                }
            } finally {
                lock.unlockRead();
            }
        }

        @Operation
        public void write() throws InterruptedException {
            lock.lockWrite();
            try {
                value++;
            } finally {
                lock.unlockWrite();
            }
        }
    }

    /** Entry 2's specification: a counter that writes increment and reads return. */
    public static final class Counter {
        private int value;

        public int nestedRead() {
            return value;
        }

        public void write() {
            value++;
        }
    }

    /**
     * Entry 2, Magma3D's RwLock: Lincheck reports the deadlock instead of hanging. ecslab's side, nested
     * reads beside a writer under the dynamic executor, is {@link NestedReadsBesideAWriterTest}.
     */
    @Test
    void entry2DeadlockIsReportedNotHung() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> {
            LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                    () -> twoCalls().check(ReentrantReadDeadlockTest.class));
            return e != null && e.getMessage().matches("(?s).*([Dd]eadlock|hung).*");
        });
        CatalogueRecord.write(2, CatalogueRecord.Tool.LINCHECK, "WriterPreferringLock (a model of Magma3D's lock)", times, NestedReadsBesideAWriterTest.class);
        assertThat(times).as("the deadlock must be reported in every attempt").doesNotContain(-1L);
    }
}
