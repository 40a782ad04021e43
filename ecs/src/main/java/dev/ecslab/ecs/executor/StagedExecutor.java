package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.graph.TopologicalOrder;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.SystemKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.SplittableRandom;
import java.util.WeakHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * The Magma dispatcher and the thesis's "staged" scheduler: each stage is cut once into batches in
 * which systems are pairwise non-conflicting and every predecessor sits in an earlier batch; a batch
 * runs in parallel, with a barrier before the next one. Cheap to run, but one slow system holds its
 * whole batch (the barrier penalty the thesis measures against the dynamic executor).
 *
 * <p>Exclusive systems get a batch of their own and run on the caller's thread; main-thread systems
 * run on the caller's thread while the batch's other systems run on the workers, and then the
 * caller takes queued systems of the batch itself until the batch is done.
 *
 * <p><b>Seeded and controlled modes</b> cut the batches anew for every stage iteration, from a
 * topological order drawn from the seed or chosen by the {@link ExecutionControl}: among the legal plans,
 * two systems that conflict and are not ordered land in either order, so across seeds every such pair
 * runs both ways. The seed draws the order uniformly among the stage's valid orders
 * ({@link CompiledStage#linearExtensions()}); the plan cut from it is not a uniform draw of anything (the
 * greedy cut can put a system in an earlier batch than one before it in the order, and many orders give
 * one plan). Within a batch the seed (or the control) also orders the systems, by a uniform shuffle. In
 * controlled mode at most {@code threads} systems are handed to workers at a time and completions come
 * from the control.
 *
 * <p>{@link #batches} is an extension point so that the lab can keep a deliberately broken variant.
 */
public class StagedExecutor implements Executor {
    public static final String ID = "staged";

    private final OptionalLong seed;
    private final ExecutionControl control;
    private final int threads;
    private final WorkerPool pool;
    private final Map<CompiledStage, int[][]> plans = Collections.synchronizedMap(new WeakHashMap<>());

    public StagedExecutor(ExecutorOptions options) {
        this.seed = options.seed();
        this.control = options.control();
        this.threads = options.threads();
        this.pool = new WorkerPool(ID, options.threads());
    }

    public StagedExecutor() {
        this(ExecutorOptions.defaults());
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public boolean controlled() {
        return control != null;
    }

    /**
     * Cuts a stage into batches, greedily in the topological {@code order} given: each system goes into
     * the first batch after all its predecessors' batches that holds nothing it conflicts with (and no
     * exclusive system; an exclusive system needs an empty batch).
     */
    protected int[][] batches(CompiledStage stage, int[] order) {
        int n = stage.size();
        int[] batchOf = new int[n];
        List<BitSet> members = new ArrayList<>();
        List<Boolean> closed = new ArrayList<>();
        for (int v : order) {
            int b = 0;
            BitSet preds = stage.graph().predecessors(v);
            for (int p = preds.nextSetBit(0); p >= 0; p = preds.nextSetBit(p + 1)) {
                b = Math.max(b, batchOf[p] + 1);
            }
            boolean exclusive = stage.system(v).kind().isExclusive();
            while (b < members.size() && (closed.get(b) || stage.conflicts(v).intersects(members.get(b))
                    || (exclusive && !members.get(b).isEmpty()))) {
                b++;
            }
            if (b == members.size()) {
                members.add(new BitSet(n));
                closed.add(false);
            }
            members.get(b).set(v);
            if (exclusive) {
                closed.set(b, true);
            }
            batchOf[v] = b;
        }
        int[][] out = new int[members.size()][];
        for (int b = 0; b < out.length; b++) {
            out[b] = members.get(b).stream().toArray();
        }
        return out;
    }

    /** The batches this executor runs {@code stage} in unseeded (computed once per compiled stage). */
    public int[][] plan(CompiledStage stage) {
        return plans.computeIfAbsent(stage, st -> batches(st, st.topologicalOrder()));
    }

    @Override
    public void execute(StageRun run) {
        if (control != null) {
            executeControlled(run);
            return;
        }
        CompiledStage stage = run.stage();
        SplittableRandom random = seed.isPresent() ? SeededChoices.forRun(seed.getAsLong(), run) : null;
        BitSet active = run.active();
        int[][] plan = random == null ? plan(stage) : batches(stage, stage.linearExtensions().sample(random.nextLong()));
        for (int[] batch : plan) {
            if (run.failed()) {
                return;
            }
            int[][] parts = split(stage, active, batch);
            int[] pooled = parts[0];
            int[] onCaller = parts[1];
            if (random != null) {
                ExecutionControl.shuffle(pooled, pooled.length, random::nextInt);
                ExecutionControl.shuffle(onCaller, onCaller.length, random::nextInt);
            }
            CountDownLatch done = new CountDownLatch(pooled.length);
            for (int v : pooled) {
                long delay = random == null ? 0 : SeededChoices.delayNanos(random);
                pool.submit(() -> {
                    try {
                        if (delay > 0) {
                            LockSupport.parkNanos(delay);
                        }
                        run.runSystem(v);
                    } finally {
                        done.countDown();
                    }
                });
            }
            for (int v : onCaller) {
                if (!run.failed()) {
                    run.runSystem(v);
                }
            }
            while (done.getCount() > 0 && pool.runOnePending()) {
                // The caller helps with the batch's queued systems instead of sleeping.
            }
            awaitUninterruptibly(done);
        }
    }

    /** One batch after the other as in {@link #execute}, every choice and completion the control's. */
    private void executeControlled(StageRun run) {
        CompiledStage stage = run.stage();
        BitSet active = run.active();
        BitSet inactive = (BitSet) active.clone();
        inactive.flip(0, stage.size());
        for (int[] batch : batches(stage, TopologicalOrder.chosen(stage.graph(), control::choose, inactive))) {
            if (run.failed()) {
                return;
            }
            int[][] parts = split(stage, active, batch);
            int[] pooled = parts[0];
            int[] onCaller = parts[1];
            int pooledCount = pooled.length;
            int onCallerCount = onCaller.length;
            control.shuffle(pooled, pooledCount);
            control.shuffle(onCaller, onCallerCount);
            int next = 0;
            int outstanding = 0;
            while (next < pooledCount && outstanding < threads) {
                handOff(run, pooled[next++]);
                outstanding++;
            }
            for (int k = 0; k < onCallerCount; k++) {
                if (!run.failed()) {
                    run.runSystem(onCaller[k]);
                }
            }
            while (outstanding > 0) {
                control.awaitFinished();
                outstanding--;
                if (next < pooledCount && !run.failed()) {
                    handOff(run, pooled[next++]);
                    outstanding++;
                }
            }
        }
    }

    private void handOff(StageRun run, int v) {
        pool.handOff(control, run, v);
    }

    /**
     * A batch's active systems: {@code [0]} those handed to the pool, {@code [1]} those run on the calling
     * thread (main-thread and exclusive systems), each in batch order.
     */
    private static int[][] split(CompiledStage stage, BitSet active, int[] batch) {
        int[] pooled = new int[batch.length];
        int[] onCaller = new int[batch.length];
        int p = 0;
        int c = 0;
        for (int v : batch) {
            if (active.get(v)) {
                SystemKind kind = stage.system(v).kind();
                if (kind == SystemKind.MAIN_THREAD || kind.isExclusive()) {
                    onCaller[c++] = v;
                } else {
                    pooled[p++] = v;
                }
            }
        }
        return new int[][] {Arrays.copyOf(pooled, p), Arrays.copyOf(onCaller, c)};
    }

    /** Waits for the batch even if interrupted: returning early would leave systems running. */
    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        pool.close();
    }

    @Override
    public String toString() {
        return control != null ? "staged(controlled)" : seed.isPresent() ? "staged(seed " + seed.getAsLong() + ")" : "staged";
    }
}
