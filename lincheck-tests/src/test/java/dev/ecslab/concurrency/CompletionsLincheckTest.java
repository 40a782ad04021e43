package dev.ecslab.concurrency;

import dev.ecslab.ecs.executor.Completions;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * Item 3, the concurrent part: the dynamic executor's real hand-off from workers to its scheduler
 * ({@link Completions}) is linearizable: every finished system is delivered exactly once, none is
 * invented. The dependency counters themselves are decremented only by the scheduler thread, once per
 * delivered completion, so this is what makes "started exactly once, after its last dependency" hold
 * under concurrency.
 */
@Param(name = "system", gen = IntGen.class, conf = "0:3")
public class CompletionsLincheckTest extends BothModes {
    private final Completions completions = new Completions();

    @Operation
    public void finished(@Param(name = "system") int system) {
        completions.finished(system);
    }

    @Operation(nonParallelGroup = "scheduler")
    public int poll() {
        return completions.poll();
    }
}
