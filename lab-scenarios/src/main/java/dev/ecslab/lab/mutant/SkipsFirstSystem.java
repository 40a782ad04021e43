package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.StageRun;

/**
 * A serial executor that never runs the first active system of a stage iteration (in topological
 * order) and returns as if it had: its edits and commands never happen. The end state then differs
 * from the lab's model, so criterion 8 must catch it (and criterion O, which counts runs).
 */
final class SkipsFirstSystem implements Executor {
    static final String ID = "mutant:skips-first-system";

    private final boolean controlled;

    SkipsFirstSystem(ExecutorOptions options) {
        this.controlled = options.control() != null;      // it makes no choices and runs on the caller only
    }

    @Override
    public boolean controlled() {
        return controlled;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void execute(StageRun run) {
        boolean skipped = false;
        for (int v : run.stage().topologicalOrder()) {
            if (!run.active().get(v)) {
                continue;
            }
            if (!skipped) {
                skipped = true;
                continue;
            }
            if (run.failed()) {
                return;
            }
            run.runSystem(v);
        }
    }
}
