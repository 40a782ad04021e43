package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.SystemKind;
import java.util.ArrayList;
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
 * <p>{@link #batches} is an extension point so that the lab can keep a deliberately broken variant.
 */
public class StagedExecutor implements Executor {
    public static final String ID = "staged";

    private final OptionalLong seed;
    private final WorkerPool pool;
    private final Map<CompiledStage, int[][]> plans = Collections.synchronizedMap(new WeakHashMap<>());

    public StagedExecutor(ExecutorOptions options) {
        this.seed = options.seed();
        this.pool = new WorkerPool(ID, options.threads());
    }

    public StagedExecutor() {
        this(ExecutorOptions.defaults());
    }

    @Override
    public String id() {
        return ID;
    }

    /**
     * Cuts a stage into batches, greedily in topological order: each system goes into the first batch
     * after all its predecessors' batches that holds nothing it conflicts with (and no exclusive system;
     * an exclusive system needs an empty batch).
     */
    protected int[][] batches(CompiledStage stage) {
        int n = stage.size();
        int[] batchOf = new int[n];
        List<BitSet> members = new ArrayList<>();
        List<Boolean> closed = new ArrayList<>();
        for (int v : stage.topologicalOrder()) {
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

    /** The batches this executor runs {@code stage} in (computed once per compiled stage). */
    public int[][] plan(CompiledStage stage) {
        return plans.computeIfAbsent(stage, this::batches);
    }

    @Override
    public void execute(StageRun run) {
        CompiledStage stage = run.stage();
        SplittableRandom random = seed.isPresent() ? SeededChoices.forRun(seed.getAsLong(), run) : null;
        BitSet active = run.active();
        for (int[] batch : plan(stage)) {
            if (run.failed()) {
                return;
            }
            List<Integer> pooled = new ArrayList<>();
            List<Integer> onCaller = new ArrayList<>();
            for (int v : batch) {
                if (active.get(v)) {
                    SystemKind kind = stage.system(v).kind();
                    (kind == SystemKind.MAIN_THREAD || kind.isExclusive() ? onCaller : pooled).add(v);
                }
            }
            if (random != null) {
                shuffle(pooled, random);
                shuffle(onCaller, random);
            }
            CountDownLatch done = new CountDownLatch(pooled.size());
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

    private static void shuffle(List<Integer> list, SplittableRandom random) {
        for (int i = list.size() - 1; i > 0; i--) {
            Collections.swap(list, i, random.nextInt(i + 1));
        }
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
        return seed.isPresent() ? "staged(seed " + seed.getAsLong() + ")" : "staged";
    }
}
