package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.graph.DiGraph;
import dev.ecslab.ecs.graph.LinearExtensions;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.SystemKind;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Collections;
import java.util.Map;
import java.util.OptionalLong;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Bevy's executor v2: dependency counters and a ready set. Whenever a system finishes, its dependants'
 * counters drop, and every ready system whose access does not conflict with the running ones is
 * started at once, so a slow system holds back only what depends on it or conflicts with it.
 *
 * <p><b>Design.</b> One scheduler loop on the caller's thread owns all bookkeeping (counters, ready
 * and running sets), so none of it is shared: workers only run a system and post its index to a
 * completion queue, on which the scheduler blocks (no busy-waiting). A task is submitted only when it
 * can start, so each submission wakes exactly one worker (no thundering herd). Main-thread and
 * exclusive systems run inline on the scheduler's thread; an exclusive one starts only when nothing
 * runs, and nothing starts while it runs. A system skipped by its run criterion completes as a no-op
 * as soon as its predecessors have, releasing its dependants (soft dependencies).
 *
 * <p><b>Overhead.</b> Handing a system to a worker costs tens of microseconds (a queue and a thread
 * wake-up), more than many systems take to run. So a system whose measured run time is below
 * {@link ExecutorOptions#inlineThresholdNanos()} runs inline on the scheduler's thread. While it waits,
 * the scheduler takes a queued system for itself only when every unfinished system is already handed
 * out: otherwise running a long system would leave it unable to start the systems that become ready
 * meanwhile, which is the whole point of this executor.
 *
 * <p><b>Seeded mode.</b> The seed draws, once per stage iteration, a valid order of the stage uniformly
 * ({@link LinearExtensions} of {@link #graph}) and the scheduler considers ready systems in that order; the
 * seed also may hold a startable system back for a round, picks which running system's completion the
 * scheduler acknowledges next (others wait, finished but unacknowledged), and adds small delays before
 * bodies. It never inlines by measured run time, so every scheduling decision is a function of the seed: a
 * run's schedule (who overlapped whom, who started after whom) replays exactly, while systems still run on
 * real threads. What is uniform: when conflicts let one system run at a time, systems start in the drawn
 * order, so every valid order is equally likely. What is not: when systems run side by side, the start
 * order also depends on which become ready when (completions, hold-backs), so a system can start before
 * one drawn ahead of it, and no distribution over orders is promised. (Shuffling the ready systems anew
 * every round would not be uniform even for one system at a time: it favours the orders whose rounds
 * offer few choices.)
 *
 * <p><b>Controlled mode.</b> With an {@link ExecutionControl}, the control orders the ready systems,
 * completions come from {@link ExecutionControl#awaitFinished()} (in the order the control decides), at
 * most {@code threads} systems are with workers at a time, nothing is held back, delayed or inlined by
 * measured time: a run is a function of the control's decisions, overlaps included.
 *
 * <p>Access is claimed in {@link AccessClaims} (an atomic check-and-claim) before a system starts and
 * released when the scheduler acknowledges its completion.
 *
 * <p>{@link #graph}, {@link #conflictsWithRunning} and {@link #runsAlone} are extension points so
 * that the lab can keep deliberately broken variants (mutants) that prove its ordering checks can fail.
 */
public class DynamicExecutor implements Executor {
    public static final String ID = "dynamic";
    /** Systems are timed on their first run and then once every this many frames. */
    private static final int MEASURE_EVERY = 16;

    private final OptionalLong seed;
    private final ExecutionControl control;
    private final int threads;
    private final WorkerPool pool;
    private final long inlineThresholdNanos;
    /** Per compiled stage, each system's last run time in nanoseconds ({@code -1} until measured). */
    private final Map<CompiledStage, AtomicLongArray> lastRunNanos = Collections.synchronizedMap(new WeakHashMap<>());
    /**
     * False in every executor but the race-bug catalogue's twin ({@code ExecutorTwins} in the tests) of Bevy
     * #25378. The twin marks the caller's thread as taken when a system that needs it starts, refuses to
     * start a main-thread system while it is marked, and frees it only when a main-thread system or a sync
     * point (Bevy's non-{@code Send} systems) finishes, as Bevy's executor did with its
     * {@code local_thread_running} for an exclusive system that is {@code Send}: after an exclusive system no
     * main-thread system of the stage iteration can start. ecslab needs no such mark: the systems that need
     * the caller's thread run inline on it, one after another.
     */
    private final boolean exclusiveKeepsCallerThread;

    public DynamicExecutor(ExecutorOptions options) {
        this(options, false);
    }

    /** The twin's constructor (tests only): {@code exclusiveKeepsCallerThread} puts Bevy #25378 back. */
    DynamicExecutor(ExecutorOptions options, boolean exclusiveKeepsCallerThread) {
        this.exclusiveKeepsCallerThread = exclusiveKeepsCallerThread;
        this.seed = options.seed();
        this.control = options.control();
        this.threads = options.threads();
        this.pool = new WorkerPool(ID, options.threads());
        this.inlineThresholdNanos = seed.isPresent() || control != null ? 0 : options.inlineThresholdNanos();
    }

    public DynamicExecutor() {
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

    /** The dependency graph to honour: the stage's own. */
    protected DiGraph graph(CompiledStage stage) {
        return stage.graph();
    }

    /** True when {@code system} must run alone, with nothing else running: exclusive systems. */
    protected boolean runsAlone(CompiledStage stage, int system) {
        return stage.system(system).kind().isExclusive();
    }

    /** True when {@code system} conflicts with a running system. */
    protected boolean conflictsWithRunning(CompiledStage stage, int system, BitSet running) {
        return stage.conflicts(system).intersects(running);
    }

    @Override
    public void execute(StageRun run) {
        new Round(run).go();
    }

    /** The state of one stage iteration; touched only by the scheduler thread. */
    private final class Round {
        private final StageRun run;
        private final CompiledStage stage;
        private final DiGraph graph;
        private final BitSet active;
        private final int n;
        private final int[] remaining;
        private final BitSet ready;
        /** The systems holding their access: the inline ones of this round and those handed to workers. */
        private final AccessClaims claims;
        private final ArrayDeque<Integer> noOps = new ArrayDeque<>();
        private final Completions completions = new Completions();
        private final SplittableRandom random;
        /** Seeded mode: each system's place in the order drawn for this iteration; null otherwise. */
        private final int[] rank;
        /** Seeded mode: the drawn order, and the ready systems by their place in it. */
        private final int[] drawn;
        private final BitSet readyRanks;
        /** Systems with workers, not yet acknowledged (controlled mode keeps this at most {@code threads}). */
        private int handedOut;
        private final BitSet finishedUnacknowledged;
        private final AtomicLongArray costs;
        /** Systems this thread runs itself in the current round (see {@link #dispatch}). */
        private final int[] inline;
        /** Scratch: the ready systems considered in a round. */
        private final int[] candidates;
        private int finished;
        /** The twin's mark on the caller's thread (see {@link #exclusiveKeepsCallerThread}); never set otherwise. */
        private boolean callerThreadTaken;

        Round(StageRun run) {
            this.run = run;
            this.stage = run.stage();
            this.graph = graph(stage);
            this.active = run.active();
            this.n = stage.size();
            this.remaining = new int[n];
            this.ready = new BitSet(n);
            this.claims = new AccessClaims(n, (v, held) -> conflictsWithRunning(stage, v, held));
            this.random = seed.isPresent() && control == null ? SeededChoices.forRun(seed.getAsLong(), run) : null;
            if (random != null) {
                // a variant's own graph (a mutant's) is drawn from as it is, its valid orders built anew each time
                LinearExtensions orders = graph == stage.graph() ? stage.linearExtensions() : LinearExtensions.of(graph);
                this.drawn = orders.sample(random.nextLong());
                this.rank = new int[n];
                for (int p = 0; p < n; p++) {
                    rank[drawn[p]] = p;
                }
                this.readyRanks = new BitSet(n);
            } else {
                this.drawn = null;
                this.rank = null;
                this.readyRanks = null;
            }
            this.finishedUnacknowledged = new BitSet(n);
            this.inline = new int[n];
            this.candidates = new int[n];
            this.costs = lastRunNanos.computeIfAbsent(stage, st -> {
                AtomicLongArray a = new AtomicLongArray(st.size());
                for (int i = 0; i < st.size(); i++) {
                    a.set(i, -1);
                }
                return a;
            });
        }

        void go() {
            for (int v = 0; v < n; v++) {
                remaining[v] = graph.inDegree(v);
                if (remaining[v] == 0) {
                    becomeReady(v);
                }
            }
            completeNoOps();
            while (finished < n) {
                if (!run.failed()) {
                    int inlineCount = dispatch();
                    if (inlineCount > 0) {
                        for (int k = 0; k < inlineCount; k++) {
                            int v = inline[k];
                            if (run.failed()) {
                                claims.release(v);     // never started: it stays unfinished, like the rest
                                continue;
                            }
                            timed(v);
                            complete(v);
                        }
                        continue;
                    }
                }
                if (claims.isEmpty()) {
                    if (run.failed()) {
                        return;
                    }
                    throw new IllegalStateException("dynamic executor stalled in stage '" + stage.name() + "': "
                            + (n - finished) + " systems neither ran nor can start (ready " + ready + ")");
                }
                complete(awaitCompletion());
            }
        }

        /**
         * Starts every ready system that can start now: on a worker, or, for main-thread, exclusive
         * and cheap systems, into {@link #inline} for this thread to run one after another (they are
         * marked running, so nothing that conflicts with them is handed to a worker meanwhile).
         * Returns how many were put into {@link #inline}.
         */
        private int dispatch() {
            int count = 0;
            if (rank != null) {
                for (int r = readyRanks.nextSetBit(0); r >= 0; r = readyRanks.nextSetBit(r + 1)) {
                    candidates[count++] = drawn[r];
                }
            } else {
                for (int v = ready.nextSetBit(0); v >= 0; v = ready.nextSetBit(v + 1)) {
                    candidates[count++] = v;
                }
            }
            if (control != null) {
                control.shuffle(candidates, count);
            }
            int inlineCount = 0;
            for (int c = 0; c < count; c++) {
                int v = candidates[c];
                SystemKind kind = stage.system(v).kind();
                boolean onThisThread = kind == SystemKind.MAIN_THREAD || kind.isExclusive() || cheap(v);
                if (control != null && !onThisThread && handedOut >= threads) {
                    continue;                            // no free worker: it stays ready for a later round
                }
                if (exclusiveKeepsCallerThread && kind == SystemKind.MAIN_THREAD && callerThreadTaken) {
                    continue;                            // the twin: the caller's thread counts as taken
                }
                if (runsAlone(stage, v)) {
                    if (claims.tryClaimAlone(v)) {      // nothing runs, inline ones included
                        unready(v);
                        inline[0] = v;
                        callerThreadTaken |= exclusiveKeepsCallerThread;
                        return 1;
                    }
                    continue;
                }
                if (!claims.tryClaim(v)) {
                    continue;
                }
                if (onThisThread) {
                    callerThreadTaken |= exclusiveKeepsCallerThread && kind == SystemKind.MAIN_THREAD;
                    unready(v);
                    inline[inlineCount++] = v;
                    continue;
                }
                if (control != null) {
                    unready(v);
                    handedOut++;
                    pool.handOff(control, run, v);
                    continue;
                }
                if (random != null && claims.count() > 1 && random.nextInt(4) == 0) {
                    claims.release(v);  // seeded: hold it back for a round, exploring another interleaving
                    continue;
                }
                unready(v);
                long delay = random == null ? 0 : SeededChoices.delayNanos(random);
                pool.submit(() -> completions.runThenPost(v, () -> {
                    if (delay > 0) {
                        LockSupport.parkNanos(delay);
                    }
                    timed(v);
                }));
            }
            return inlineCount;
        }

        /** The next completion to acknowledge: any (unseeded) or a seed-chosen running system. */
        private int awaitCompletion() {
            if (control != null) {
                handedOut--;
                return control.awaitFinished();
            }
            if (random == null) {
                return take();
            }
            int[] candidates = claims.claimedSystems();
            int chosen = candidates[random.nextInt(candidates.length)];
            while (!finishedUnacknowledged.get(chosen)) {
                finishedUnacknowledged.set(take());
            }
            finishedUnacknowledged.clear(chosen);
            return chosen;
        }

        /** True when the system's last run was too short to be worth a hand-off to a worker. */
        private boolean cheap(int v) {
            long cost = costs.get(v);
            return inlineThresholdNanos > 0 && cost >= 0 && cost < inlineThresholdNanos;
        }

        /**
         * Runs a system, measuring it on its first run and then every {@value #MEASURE_EVERY}th frame
         * (two clock reads per run would be a large part of a cheap system's cost).
         */
        private void timed(int v) {
            if (costs.get(v) >= 0 && (run.frame() + v) % MEASURE_EVERY != 0) {
                run.runSystem(v);
                return;
            }
            long start = System.nanoTime();
            run.runSystem(v);
            costs.set(v, System.nanoTime() - start);
        }

        private int take() {
            if (random == null && finished + claims.count() == n) {
                // Every unfinished system is already handed out, so nothing can become ready while
                // this thread works: take a queued system instead of sleeping (saves one hand-off).
                int done;
                while ((done = completions.poll()) < 0 && pool.runOnePending()) {
                    // ran one queued system on the scheduler's thread
                }
                if (done >= 0) {
                    return done;
                }
            }
            return completions.take();
        }

        private void complete(int v) {
            if (!claims.release(v)) {
                throw new IllegalStateException("system " + v + " finished without holding its claim");
            }
            finished++;
            SystemKind done = exclusiveKeepsCallerThread ? stage.system(v).kind() : null;
            if (done == SystemKind.MAIN_THREAD || done == SystemKind.SYNC_POINT) {
                callerThreadTaken = false;               // the twin frees it after these (Bevy's non-Send) only
            }
            releaseDependants(v);
            completeNoOps();
        }

        private void releaseDependants(int v) {
            BitSet next = graph.successors(v);
            for (int s = next.nextSetBit(0); s >= 0; s = next.nextSetBit(s + 1)) {
                if (--remaining[s] == 0) {
                    becomeReady(s);
                }
            }
        }

        private void becomeReady(int v) {
            if (active.get(v)) {
                ready.set(v);
                if (rank != null) {
                    readyRanks.set(rank[v]);
                }
            } else {
                noOps.add(v);
            }
        }

        private void unready(int v) {
            ready.clear(v);
            if (rank != null) {
                readyRanks.clear(rank[v]);
            }
        }

        /** Systems skipped by their run criteria finish as no-ops once their predecessors have. */
        private void completeNoOps() {
            while (!noOps.isEmpty()) {
                int v = noOps.poll();
                finished++;
                releaseDependants(v);
            }
        }
    }

    @Override
    public void close() {
        pool.close();
    }

    @Override
    public String toString() {
        return control != null ? "dynamic(controlled)" : seed.isPresent() ? "dynamic(seed " + seed.getAsLong() + ")" : "dynamic";
    }
}
