package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.graph.TopologicalOrder;
import dev.ecslab.ecs.schedule.CompiledStage;
import java.util.BitSet;
import java.util.OptionalLong;

/**
 * Runs every system on the caller's thread, one after another, in a topological order: the compiled
 * one (lowest insertion index first among ready systems), or in seeded mode an order drawn from the
 * seed, so each seed explores another legal order and replays it exactly.
 */
public final class SerialExecutor implements Executor {
    public static final String ID = "serial";

    private final OptionalLong seed;

    public SerialExecutor() {
        this(OptionalLong.empty());
    }

    public SerialExecutor(OptionalLong seed) {
        this.seed = seed;
    }

    public SerialExecutor(ExecutorOptions options) {
        this(options.seed());
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void execute(StageRun run) {
        CompiledStage stage = run.stage();
        int[] order = seed.isPresent()
                ? TopologicalOrder.seeded(stage.graph(), SeededChoices.forRun(seed.getAsLong(), run).nextLong())
                : stage.topologicalOrder();
        BitSet active = run.active();
        for (int v : order) {
            if (run.failed()) {
                return;
            }
            if (active.get(v)) {
                run.runSystem(v);
            }
        }
    }

    @Override
    public String toString() {
        return seed.isPresent() ? "serial(seed " + seed.getAsLong() + ")" : "serial";
    }
}
