package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.graph.DiGraph;
import dev.ecslab.ecs.schedule.CompiledStage;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.OptionalLong;

/**
 * Runs every system on the caller's thread, one after another, in a topological order: the compiled
 * one (lowest insertion index first among ready systems), or in seeded mode an order drawn from the
 * seed uniformly among the stage's valid orders ({@link CompiledStage#linearExtensions()}), so each seed
 * explores another legal order, every legal order is equally likely, and a seed replays its order exactly.
 * The systems a run criterion skips keep their places in the drawn order and are left out. In controlled
 * mode the {@link ExecutionControl} picks each next system among the ready ones, so every legal order is
 * reachable (a control that picks uniformly at each step does not make the orders equally likely: such a
 * ready-pick favours the orders whose steps offer few choices).
 */
public final class SerialExecutor implements Executor {
    public static final String ID = "serial";

    private final OptionalLong seed;
    private final ExecutionControl control;

    public SerialExecutor() {
        this(OptionalLong.empty());
    }

    public SerialExecutor(OptionalLong seed) {
        this.seed = seed;
        this.control = null;
    }

    public SerialExecutor(ExecutorOptions options) {
        this.seed = options.seed();
        this.control = options.control();
    }

    @Override
    public boolean controlled() {
        return control != null;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public void execute(StageRun run) {
        CompiledStage stage = run.stage();
        if (control != null) {
            executeControlled(run);
            return;
        }
        int[] order = seed.isPresent() ? stage.linearExtensions().sample(SeededChoices.forRun(seed.getAsLong(), run).nextLong())
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

    /**
     * Kahn's algorithm with the control choosing among the ready active systems; inactive ones complete
     * as soon as they are ready, without a choice (where a no-op goes changes nothing).
     */
    private void executeControlled(StageRun run) {
        CompiledStage stage = run.stage();
        DiGraph graph = stage.graph();
        BitSet active = run.active();
        int n = stage.size();
        int[] remaining = new int[n];
        int[] ready = new int[n];
        int readyCount = 0;
        ArrayDeque<Integer> noOps = new ArrayDeque<>();
        for (int v = 0; v < n; v++) {
            remaining[v] = graph.inDegree(v);
            if (remaining[v] == 0) {
                if (active.get(v)) {
                    ready[readyCount++] = v;
                } else {
                    noOps.add(v);
                }
            }
        }
        while (true) {
            int v;
            if (!noOps.isEmpty()) {
                v = noOps.poll();
            } else if (readyCount > 0) {
                int i = readyCount == 1 ? 0 : control.choose(readyCount);
                v = ready[i];
                ready[i] = ready[--readyCount];
                if (run.failed()) {
                    return;
                }
                run.runSystem(v);
            } else {
                return;
            }
            BitSet next = graph.successors(v);
            for (int s = next.nextSetBit(0); s >= 0; s = next.nextSetBit(s + 1)) {
                if (--remaining[s] == 0) {
                    if (active.get(s)) {
                        ready[readyCount++] = s;
                    } else {
                        noOps.add(s);
                    }
                }
            }
        }
    }

    @Override
    public String toString() {
        return control != null ? "serial(controlled)" : seed.isPresent() ? "serial(seed " + seed.getAsLong() + ")" : "serial";
    }
}
