package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.executor.AccessClaims;
import java.util.BitSet;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * The Lincheck half of the race-bug catalogue (see this module's README): for each entry, the buggy
 * variant fails the test with a {@link LincheckAssertionError}, and ecslab's real class passes the
 * same test in {@code dev.ecslab.concurrency} ({@code EntityReservationLincheckTest},
 * {@code ChangeTickLincheckTest}, {@code CommandQueueLincheckTest}, {@code SpawnWithComponentLincheckTest}).
 * A real bug is found within a handful of scenarios, so the options here are small.
 */
class RaceCatalogueLincheckTest {

    static ModelCheckingOptions options() {
        return new ModelCheckingOptions().iterations(30).invocationsPerIteration(500);
    }

    /**
     * One operation per thread and nothing before or after: the race is between exactly two calls (two
     * finishing dependencies, two claims), and earlier calls would use up the counter or the claim.
     */
    static ModelCheckingOptions twoCalls() {
        return new ModelCheckingOptions().iterations(30).invocationsPerIteration(500).threads(2).actorsPerThread(1)
                .actorsBefore(0).actorsAfter(0);
    }

    /** Entry 1: the shared cursor puts a component on another thread's entity. */
    public static class SharedCursorTest {
        private final SharedCursorWorld world = new SharedCursorWorld();

        /** Creates an entity with a component; true when the component landed on that entity. */
        @Operation
        public boolean spawnWith(@Param(gen = IntGen.class, conf = "1:9") int value) {
            int e = world.createEntity();
            world.withComponent(value);
            return world.valueOf(e) == value;
        }
    }

    @Test
    void entry1SharedCursorIsCaught() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> options().check(SharedCursorTest.class));
        assertThat(e).as("Lincheck must catch the shared cursor").isNotNull();
        assertThat(e.getMessage()).contains("spawnWith").contains("false");
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

    @Test
    void entry2DeadlockIsReportedNotHung() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> twoCalls().check(ReentrantReadDeadlockTest.class));
        assertThat(e).as("Lincheck must report the deadlock instead of hanging").isNotNull();
        assertThat(e.getMessage()).containsAnyOf("deadlock", "hung", "Deadlock");
    }

    /** Entry 3: a non-atomic decrement of a dependant's counter by its two finishing dependencies. */
    public static class PlainDependencyCounterTest {
        private final PlainDependencyCounter counter = new PlainDependencyCounter(2);

        /** A dependency finishes; true when this finish started the dependant. */
        @Operation
        public boolean dependencyFinished() {
            return counter.dependencyFinished();
        }
    }

    @Test
    void entry3NonAtomicDependencyCounterIsCaught() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> twoCalls().check(PlainDependencyCounterTest.class));
        assertThat(e).as("Lincheck must catch the lost or doubled start").isNotNull();
        assertThat(e.getMessage()).contains("dependencyFinished");
    }

    /**
     * Entry 4: a writer (system 0) and two readers (1, 2) of the same data. The writer conflicts with
     * both readers; the readers do not conflict with each other. One test shape for both classes.
     */
    abstract static class ClaimsShape {
        static BitSet[] writerAndTwoReaders() {
            BitSet[] rows = new BitSet[3];
            for (int i = 0; i < 3; i++) {
                rows[i] = new BitSet();
            }
            rows[0].set(1, 3);
            rows[1].set(0);
            rows[2].set(0);
            return rows;
        }

        abstract boolean claim(int system);

        @Operation
        public boolean claimWriter() {
            return claim(0);
        }

        @Operation
        public boolean claimReader(@Param(gen = IntGen.class, conf = "1:2") int reader) {
            return claim(reader);
        }
    }

    public static class CheckThenActClaimsTest extends ClaimsShape {
        private final CheckThenActClaims claims = new CheckThenActClaims(writerAndTwoReaders());

        @Override
        boolean claim(int system) {
            return claims.tryClaim(system);
        }
    }

    /** The real class under the same operations. */
    public static class AccessClaimsTest extends ClaimsShape {
        private final AccessClaims claims = AccessClaims.ofMatrix(writerAndTwoReaders());

        @Override
        boolean claim(int system) {
            return claims.tryClaim(system);
        }
    }

    @Test
    void entry4CheckThenActClaimIsCaught() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> twoCalls().check(CheckThenActClaimsTest.class));
        assertThat(e).as("Lincheck must catch two conflicting claims both succeeding").isNotNull();
        assertThat(e.getMessage()).contains("claimWriter");
    }

    @Test
    void entry4AccessClaimsPassTheSameTest() {
        twoCalls().check(AccessClaimsTest.class);
    }

    /** Entry 5: a non-atomic tick increment hands two system runs the same tick. */
    public static class PlainTickTest {
        private final PlainTick tick = new PlainTick();

        @Operation
        public int next() {
            return tick.next();
        }
    }

    @Test
    void entry5NonAtomicTickIsCaught() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> options().check(PlainTickTest.class));
        assertThat(e).as("Lincheck must catch a duplicate tick").isNotNull();
        assertThat(e.getMessage()).contains("next()");
    }

    /** Entry 6: an entity pool without synchronization hands out one id twice (artemis-odb #606/#522). */
    public static class UnsyncedEntityPoolTest {
        private final UnsyncedEntityPool pool = new UnsyncedEntityPool();

        @Operation
        public int create() {
            return pool.create();
        }
    }

    @Test
    void entry6DuplicateIdsAreCaught() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> options().check(UnsyncedEntityPoolTest.class));
        assertThat(e).as("Lincheck must catch a duplicate id").isNotNull();
        assertThat(e.getMessage()).contains("create()");
    }
}
