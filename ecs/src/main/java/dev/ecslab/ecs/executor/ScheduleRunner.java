package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.EcsException;
import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.CompiledStage;
import dev.ecslab.ecs.schedule.CompiledSystem;
import dev.ecslab.ecs.schedule.RunCriterion;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SetDescriptor;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemContext;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a compiled schedule on a world, frame by frame, with one {@link Executor}. Everything that is
 * the same for every executor lives here, so executors differ only in how they run one stage
 * iteration:
 * <ul>
 *   <li><b>binding</b>: each system gets a {@link WorldView} restricted to its declared access and its
 *       own command buffer, and its body is made once;</li>
 *   <li><b>stages and run criteria</b>: stages run in order; in each iteration of a stage every
 *       criterion still in play is evaluated once; a system runs when all its sets run (a system in
 *       no set runs in the first iteration only); sets that answered {@code *_AND_CHECK_AGAIN} are
 *       evaluated again for another iteration; an iteration in which nothing would run while a
 *       criterion asks to check again, or a stage past its iteration bound, is a
 *       {@link StageLoopException}, not a hang;</li>
 *   <li><b>sync points</b>: at the end of each iteration, and at each explicit sync-point system,
 *       command buffers are applied in the stage's topological order, never in finishing order;</li>
 *   <li><b>faults</b>: when a system throws, the executor starts nothing more and lets running systems
 *       finish, the stage's unapplied commands are discarded, later stages are skipped, and a
 *       {@link SystemFailedException} names the system; the next frame runs normally.</li>
 * </ul>
 *
 * <p><b>Threads.</b> One thread calls {@link #runFrame()} at a time (the caller); main-thread and
 * exclusive systems run on it. Attach the observer before running frames.
 */
public final class ScheduleRunner implements AutoCloseable {
    private final World world;
    private final WorldInternals internals;
    private final CompiledSchedule schedule;
    private final Executor executor;
    private final Bound[][] bound;
    private final AtomicLong sequence = new AtomicLong();
    private ExecutionObserver observer;
    private long nextFrame;
    /**
     * False in every runner but the race-bug catalogue's twin ({@code ExecutorTwins} in the tests),
     * which applies command buffers in the order the systems finished: the "score text sometimes not
     * visible" race of Bevy's executor v2 (PR #1144).
     */
    private final boolean mergeInFinishingOrder;
    /**
     * False in every runner but the race-bug catalogue's twin of Bevy #17828 ({@code ExecutorTwins} in the
     * tests), whose explicit sync points apply only the buffers of their direct predecessors: the commands of
     * a system further up, behind a system that queued none, are not applied before what follows the sync
     * point (an exclusive system included), only at the end of the stage iteration.
     */
    private final boolean syncPointFlushesDirectPredecessorsOnly;

    /** Binds {@code schedule} to {@code world}: makes every system's view, command buffer and body. */
    public ScheduleRunner(World world, CompiledSchedule schedule, Executor executor) {
        this(world, schedule, executor, false, false);
    }

    /** The twins' constructor (tests only): each flag puts one bug back. */
    ScheduleRunner(World world, CompiledSchedule schedule, Executor executor, boolean mergeInFinishingOrder,
            boolean syncPointFlushesDirectPredecessorsOnly) {
        this.mergeInFinishingOrder = mergeInFinishingOrder;
        this.syncPointFlushesDirectPredecessorsOnly = syncPointFlushesDirectPredecessorsOnly;
        this.world = Objects.requireNonNull(world, "world");
        this.internals = WorldInternals.of(world);
        this.schedule = Objects.requireNonNull(schedule, "schedule");
        this.executor = Objects.requireNonNull(executor, "executor");
        List<CompiledStage> stages = schedule.stages();
        this.bound = new Bound[stages.size()][];
        for (CompiledStage stage : stages) {
            Bound[] row = new Bound[stage.size()];
            for (CompiledSystem s : stage.systems()) {
                if (s.descriptor().setup() == null) {
                    throw new IllegalArgumentException("system '" + s.name() + "' has no body: it can be compiled and "
                            + "analysed but not run");
                }
                RunTicks ticks = internals.newSystemTicks(s.name());
                WorldView view = internals.view(s.name(), s.kind().isExclusive() ? Access.world() : s.access(), ticks);
                SystemBody body = s.descriptor().setup().setup(view);
                row[s.index()] = new Bound(s, view, Objects.requireNonNull(body, "setup of " + s.name() + " returned null"),
                        ticks);
            }
            bound[stage.index()] = row;
        }
    }

    /** Compiles {@code schedule} against {@code world} and binds it. */
    public static ScheduleRunner of(World world, Schedule schedule, Executor executor) {
        return new ScheduleRunner(world, schedule.compile(world), executor);
    }

    /** Attaches (or with {@code null} detaches) the observer; call between frames. */
    public ScheduleRunner observe(ExecutionObserver observer) {
        this.observer = observer;
        return this;
    }

    public World world() {
        return world;
    }

    public CompiledSchedule schedule() {
        return schedule;
    }

    public Executor executor() {
        return executor;
    }

    /** The number the next frame will have. */
    public long nextFrame() {
        return nextFrame;
    }

    /** Runs {@code count} frames. */
    public void runFrames(int count) {
        for (int i = 0; i < count; i++) {
            runFrame();
        }
    }

    /** Runs every stage once (looping stages as their criteria say). */
    public void runFrame() {
        long frame = nextFrame++;
        ExecutionObserver obs = observer;
        if (obs != null) {
            obs.frameStarted(frame);
        }
        try {
            for (CompiledStage stage : schedule.stages()) {
                runStage(stage, frame, obs);
            }
            world.clearTrackers();
        } finally {
            if (obs != null) {
                obs.frameFinished(frame);
            }
        }
    }

    /** Stops the executor's threads. */
    @Override
    public void close() {
        executor.close();
    }

    // ------------------------------------------------------------------ stages

    private void runStage(CompiledStage stage, long frame, ExecutionObserver obs) {
        List<SetDescriptor> sets = schedule.sets();
        int n = stage.size();
        BitSet inPlay = new BitSet(sets.size());
        for (CompiledSystem s : stage.systems()) {
            for (int set : s.setIndices()) {
                inPlay.set(set);
            }
        }
        ShouldRun[] answers = new ShouldRun[sets.size()];
        int max = schedule.source().maxStageIterations();
        internals.changeTracker().onStageStarted(stage.name());
        for (int iteration = 0; ; iteration++) {
            if (iteration >= max) {
                throw new StageLoopException("stage '" + stage.name() + "' reached " + max + " iterations in frame "
                        + frame + "; sets " + names(sets, inPlay) + " keep asking to check again");
            }
            BitSet evaluated = (BitSet) inPlay.clone();
            BitSet checkAgain = new BitSet(sets.size());
            for (int s = evaluated.nextSetBit(0); s >= 0; s = evaluated.nextSetBit(s + 1)) {
                answers[s] = evaluate(sets.get(s), stage, frame, iteration);
                if (answers[s].checkAgain()) {
                    checkAgain.set(s);
                }
            }
            BitSet active = new BitSet(n);
            for (CompiledSystem s : stage.systems()) {
                boolean runs = s.setIndices().length == 0 ? iteration == 0 : true;
                for (int set : s.setIndices()) {
                    runs &= evaluated.get(set) && answers[set].runs();
                }
                if (runs) {
                    active.set(s.index());
                }
            }
            if (active.isEmpty()) {
                if (!checkAgain.isEmpty()) {
                    throw new StageLoopException("stage '" + stage.name() + "', frame " + frame + ", iteration "
                            + iteration + ": no system would run, yet sets " + names(sets, checkAgain)
                            + " asked to check again; evaluating them again would loop forever");
                }
                internals.changeTracker().onStageEnded(stage.name());
                return;
            }
            runIteration(stage, active, frame, iteration, obs);
            if (checkAgain.isEmpty()) {
                internals.changeTracker().onStageEnded(stage.name());
                return;
            }
            internals.changeTracker().onLoopIterationEnded(stage.name(), iteration);
            inPlay = checkAgain;
        }
    }

    private ShouldRun evaluate(SetDescriptor set, CompiledStage stage, long frame, int iteration) {
        RunCriterion.Context context = new RunCriterion.Context() {
            @Override
            public World world() {
                return world;
            }

            @Override
            public long frame() {
                return frame;
            }

            @Override
            public int iteration() {
                return iteration;
            }
        };
        ShouldRun answer;
        try {
            answer = set.criterion().evaluate(context);
        } catch (RuntimeException e) {
            throw new EcsException("run criterion '" + set.criterionName() + "' of set '" + set.name() + "' failed (stage '"
                    + stage.name() + "', frame " + frame + ", iteration " + iteration + ")", e);
        }
        if (answer == null) {
            throw new EcsException("run criterion '" + set.criterionName() + "' of set '" + set.name() + "' returned null");
        }
        return answer;
    }

    private void runIteration(CompiledStage stage, BitSet active, long frame, int iteration, ExecutionObserver obs) {
        Iteration it = new Iteration(stage, active, frame, iteration, obs);
        executor.execute(it);
        Failure failure = it.failure.get();
        if (failure != null) {
            for (int v = 0; v < stage.size(); v++) {
                if (it.ran.get(v) == 1 && it.applied.get(v) == 0) {
                    world.discard(bound[stage.index()][v].view().commands());
                }
            }
            SystemFailedException e = new SystemFailedException(stage.system(failure.system()).name(), stage.name(), frame,
                    failure.cause());
            throw e;
        }
        applyCommands(it, null, null);
    }

    /**
     * Applies the unapplied buffers of systems that ran, in topological order; one sync point. {@code only}
     * is {@code null} but in the twin of Bevy #17828, where it holds the systems whose buffers may be applied.
     */
    private void applyCommands(Iteration it, String explicitSystem, BitSet only) {
        CompiledStage stage = it.stage;
        List<CommandBuffer> buffers = new ArrayList<>();
        List<String> owners = new ArrayList<>();
        List<Integer> counts = new ArrayList<>();
        for (int v : mergeInFinishingOrder ? it.finishingOrder() : stage.topologicalOrder()) {
            if (it.ran.get(v) == 1 && it.applied.get(v) == 0 && (only == null || only.get(v))) {
                it.applied.set(v, 1);
                CommandBuffer b = bound[stage.index()][v].view().commands();
                if (!b.isEmpty()) {
                    buffers.add(b);
                    owners.add(stage.system(v).name());
                    counts.add(b.size());
                }
            }
        }
        ExecutionObserver obs = it.observer;
        if (obs != null) {
            obs.syncPoint(sequence.incrementAndGet(), it.frame, stage.name(), it.iteration, explicitSystem);
        }
        try {
            world.apply(buffers);
            internals.endSyncPoint();                        // explicit sync-point systems too: no other system runs
        } finally {
            if (obs != null) {
                for (int i = 0; i < owners.size(); i++) {
                    obs.commandsApplied(sequence.incrementAndGet(), it.frame, stage.name(), it.iteration, owners.get(i),
                            counts.get(i));
                }
            }
        }
    }

    private static String names(List<SetDescriptor> sets, BitSet which) {
        List<String> out = new ArrayList<>();
        which.stream().forEach(s -> out.add(sets.get(s).name() + " (" + sets.get(s).criterionName() + ")"));
        return out.toString();
    }

    // ------------------------------------------------------------------ one iteration

    private record Bound(CompiledSystem system, WorldView view, SystemBody body, RunTicks ticks) {
    }

    private record Failure(int system, Throwable cause) {
    }

    /** The executor's view of one stage iteration. {@link #runSystem} is called from worker threads. */
    private final class Iteration implements StageRun {
        final CompiledStage stage;
        final BitSet active;
        final long frame;
        final int iteration;
        final ExecutionObserver observer;
        final Thread caller = Thread.currentThread();
        final AtomicIntegerArray ran;
        final AtomicIntegerArray applied;
        final AtomicReference<Failure> failure = new AtomicReference<>();
        /** The twin's record of the order systems finished in (null in a real runner). */
        final ConcurrentLinkedQueue<Integer> finished = mergeInFinishingOrder ? new ConcurrentLinkedQueue<>() : null;

        Iteration(CompiledStage stage, BitSet active, long frame, int iteration, ExecutionObserver observer) {
            this.stage = stage;
            this.active = active;
            this.frame = frame;
            this.iteration = iteration;
            this.observer = observer;
            this.ran = new AtomicIntegerArray(stage.size());
            this.applied = new AtomicIntegerArray(stage.size());
        }

        /** The systems in the order they finished, then those that ran and did not finish. */
        int[] finishingOrder() {
            List<Integer> order = new ArrayList<>(finished);
            for (int v : stage.topologicalOrder()) {
                if (!order.contains(v)) {
                    order.add(v);
                }
            }
            return order.stream().mapToInt(Integer::intValue).toArray();
        }

        @Override
        public CompiledStage stage() {
            return stage;
        }

        @Override
        public BitSet active() {
            return active;
        }

        @Override
        public boolean failed() {
            return failure.get() != null;
        }

        @Override
        public Thread callerThread() {
            return caller;
        }

        @Override
        public long frame() {
            return frame;
        }

        @Override
        public int iteration() {
            return iteration;
        }

        @Override
        public Throwable runSystem(int i) {
            Bound b = bound[stage.index()][i];
            SystemKind kind = b.system().kind();
            Thread current = Thread.currentThread();
            if (ran.getAndSet(i, 1) == 1) {
                return record(i, new IllegalStateException(executor.id() + " executor ran system '" + b.system().name()
                        + "' twice in one iteration"));
            }
            RunTicks ticks = b.ticks();
            int lastRun = ticks.lastRun();
            ticks.begin(internals.nextChangeTick());
            Throwable thrown = null;
            try {
                internals.changeTracker().onRunStarted(ticks);
            } catch (Throwable t) {
                thrown = t;                      // the tracker failed: the run fails, and its body does not run
            }
            ExecutionObserver obs = observer;
            if (obs != null) {
                obs.systemStarted(new SystemEvent(sequence.incrementAndGet(), frame, stage.name(), iteration,
                        b.system().name(), i, current.getName(), ticks.thisRun(), lastRun, null));
            }
            if (thrown == null) {
                try {
                    if ((kind == SystemKind.MAIN_THREAD || kind.isExclusive()) && current != caller) {
                        throw new IllegalStateException(executor.id() + " executor ran " + kind + " system '"
                                + b.system().name() + "' on " + current.getName() + ", not on the caller's thread "
                                + caller.getName());
                    }
                    if (kind == SystemKind.SYNC_POINT) {
                        applyCommands(this, b.system().name(),
                                syncPointFlushesDirectPredecessorsOnly ? stage.graph().predecessors(i) : null);
                    } else if (kind.isExclusive()) {
                        internals.runExclusive(ticks, () -> b.body().run(new Context(b, frame, iteration)));
                    } else {
                        b.body().run(new Context(b, frame, iteration));
                    }
                } catch (Throwable t) {
                    thrown = t;
                }
            }
            if (thrown == null) {
                // Only a finished run has seen its changes; a failed one sees them again next time.
                try {
                    internals.changeTracker().onRunFinished(ticks);
                    ticks.end();
                } catch (Throwable t) {
                    thrown = t;                  // the tracker failed: a failure of this run, like the body's
                }
            }
            if (mergeInFinishingOrder) {
                finished.add(i);
            }
            if (obs != null) {
                obs.systemFinished(new SystemEvent(sequence.incrementAndGet(), frame, stage.name(), iteration,
                        b.system().name(), i, current.getName(), ticks.thisRun(), lastRun, thrown));
            }
            return thrown == null ? null : record(i, thrown);
        }

        private Throwable record(int i, Throwable t) {
            if (!failure.compareAndSet(null, new Failure(i, t))) {
                failure.get().cause().addSuppressed(t);
            }
            return t;
        }
    }

    /** What a running system sees. */
    private final class Context implements SystemContext {
        private final Bound bound;
        private final long frame;
        private final int iteration;

        Context(Bound bound, long frame, int iteration) {
            this.bound = bound;
            this.frame = frame;
            this.iteration = iteration;
        }

        @Override
        public String name() {
            return bound.system().name();
        }

        @Override
        public long frame() {
            return frame;
        }

        @Override
        public int iteration() {
            return iteration;
        }

        @Override
        public WorldView world() {
            return bound.view();
        }

        @Override
        public CommandBuffer commands() {
            return bound.view().commands();
        }

        @Override
        public World exclusiveWorld() {
            if (!bound.system().kind().isExclusive()) {
                throw new IllegalStateException("system '" + bound.system().name() + "' is " + bound.system().kind()
                        + ", not exclusive: it has only its declared access, through world()");
            }
            return world;
        }
    }
}
