package dev.ecslab.concurrency;

import dev.ecslab.ecs.executor.Completions;
import dev.ecslab.ecs.executor.ExecutorTwins;
import java.util.ArrayDeque;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * Item 3, the concurrent part: the dynamic executor's real hand-off from workers to its scheduler
 * ({@link Completions}) is linearizable to a FIFO queue: every finished system is delivered exactly
 * once, none is invented. The dependency counters themselves are decremented only by the scheduler
 * thread, once per delivered completion, so this is what makes "started exactly once, after its last
 * dependency" hold under concurrency.
 */
@Param(name = "system", gen = IntGen.class, conf = "0:3")
public class CompletionsLincheckTest extends BothModes {
    private final Completions completions = completions();

    /** The hand-off under test; the twin overrides this (JUnit allows a test class one constructor). */
    Completions completions() {
        return new Completions();
    }

    @Operation
    public void finished(@Param(name = "system") int system) {
        completions.finished(system);
    }

    @Operation(nonParallelGroup = "scheduler")
    public int poll() {
        return completions.poll();
    }

    @Override
    protected Class<?> sequentialSpecification() {
        return Fifo.class;
    }

    /** The specification: a first-in, first-out queue of system indices; -1 when empty. */
    public static final class Fifo {
        private final ArrayDeque<Integer> posted = new ArrayDeque<>();

        public void finished(int system) {
            posted.addLast(system);
        }

        public int poll() {
            return posted.isEmpty() ? -1 : posted.removeFirst();
        }
    }

    /** The twin: the real hand-off over a queue that is not thread-safe. */
    public static class PlainQueue extends CompletionsLincheckTest {
        @Override
        Completions completions() {
            return ExecutorTwins.completionsOverPlainQueue();
        }
    }
}
