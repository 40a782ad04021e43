package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.SystemKind;
import java.util.BitSet;

/**
 * A dynamic executor that ignores conflicts whenever an exclusive or main-thread system is involved:
 * it starts such a system (inline, on the caller's thread) while conflicting systems run on workers,
 * and starts workers beside it. Everywhere else it is the real executor. Before criterion O was judged
 * from the lab's own evidence, and before scenarios had exclusive and main-thread systems, nothing
 * could see this.
 */
final class OverlapsCallerSystems extends DynamicExecutor {
    static final String ID = "mutant:overlaps-caller-systems";

    OverlapsCallerSystems(ExecutorOptions options) {
        super(options);
    }

    @Override
    public String id() {
        return ID;
    }

    private static boolean onCaller(CompiledStage stage, int system) {
        return stage.system(system).kind() != SystemKind.NORMAL;
    }

    @Override
    protected boolean runsAlone(CompiledStage stage, int system) {
        return false;
    }

    @Override
    protected boolean conflictsWithRunning(CompiledStage stage, int system, BitSet running) {
        if (onCaller(stage, system)) {
            return false;
        }
        BitSet others = (BitSet) running.clone();
        for (int r = running.nextSetBit(0); r >= 0; r = running.nextSetBit(r + 1)) {
            if (onCaller(stage, r)) {
                others.clear(r);
            }
        }
        return super.conflictsWithRunning(stage, system, others);
    }
}
