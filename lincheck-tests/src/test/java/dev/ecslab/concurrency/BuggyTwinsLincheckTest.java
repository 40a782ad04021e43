package dev.ecslab.concurrency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.ArrayDeque;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;
import org.junit.jupiter.api.Test;

/**
 * Proves the module's linearizability tests can fail: each real class's test, run with the same
 * operations on a broken twin, throws {@link LincheckAssertionError}. (The tick and reservation
 * tests have their twins in the race-bug catalogue: {@code PlainTick}, {@code UnsyncedEntityPool}.)
 */
class BuggyTwinsLincheckTest {

    static ModelCheckingOptions options() {
        return new ModelCheckingOptions().iterations(30).invocationsPerIteration(500);
    }

    /** {@link CompletionsLincheckTest} on a completion queue that is a plain {@link ArrayDeque}. */
    @Param(name = "system", gen = IntGen.class, conf = "0:3")
    public static class PlainDequeCompletionsTest {
        private final ArrayDeque<Integer> queue = new ArrayDeque<>();

        @Operation
        public void finished(@Param(name = "system") int system) {
            queue.add(system);
        }

        @Operation(nonParallelGroup = "scheduler")
        public int poll() {
            Integer v = queue.poll();
            return v == null ? -1 : v;
        }
    }

    @Test
    void aCompletionQueueThatIsNotThreadSafeIsCaught() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> options().check(PlainDequeCompletionsTest.class));
        assertThat(e).as("Lincheck must catch the plain deque").isNotNull();
        assertThat(e.getMessage()).as("the failing interleaving names the queue's operations").contains("finished")
                .contains("poll");
    }

    /** {@link CommandQueueLincheckTest}'s submissions on a slot filled by check-then-set. */
    public static class CheckThenSetQueueTest {
        private final AtomicReferenceArray<String> slots = new AtomicReferenceArray<>(3);

        @Operation
        public boolean submit(@Param(gen = IntGen.class, conf = "0:2") int slot) {
            if (slots.get(slot) != null) {
                return false;
            }
            slots.set(slot, "s" + slot);
            return true;
        }
    }

    @Test
    void aSlotFilledByCheckThenSetIsCaught() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> options().check(CheckThenSetQueueTest.class));
        assertThat(e).as("Lincheck must catch the check-then-set slot").isNotNull();
        assertThat(e.getMessage()).as("two submissions of one slot both succeeded").contains("submit").contains("true");
    }

    /**
     * {@link JobGraphLincheckTest}'s operations on bookkeeping without the lock: registering c counts
     * its unfinished dependencies while a and b may be finishing, so c starts twice or never.
     */
    public static class UnlockedJobGraphTest {
        private boolean finishedA;
        private boolean finishedB;
        private boolean registeredC;
        private int remainingC;
        private boolean startedC;

        @Operation(nonParallelGroup = "owner")
        public boolean registerC() {
            remainingC = (finishedA ? 0 : 1) + (finishedB ? 0 : 1);
            registeredC = true;
            return startC();
        }

        @Operation
        public String finishA() {
            finishedA = true;
            return registeredC && --remainingC == 0 && startC() ? "c" : "";
        }

        @Operation
        public String finishB() {
            finishedB = true;
            return registeredC && --remainingC == 0 && startC() ? "c" : "";
        }

        private boolean startC() {
            if (remainingC == 0 && !startedC) {
                startedC = true;
                return true;
            }
            return false;
        }
    }

    @Test
    void jobBookkeepingWithoutTheLockIsCaught() {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> options().check(UnlockedJobGraphTest.class));
        assertThat(e).as("Lincheck must catch the unlocked bookkeeping").isNotNull();
        assertThat(e.getMessage()).as("the failing interleaving names registration and a finish").contains("registerC")
                .containsAnyOf("finishA", "finishB");
    }
}
