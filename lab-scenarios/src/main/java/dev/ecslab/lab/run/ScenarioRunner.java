package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ExecutionControl;
import dev.ecslab.ecs.executor.ExecutionObserver;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.executor.SystemEvent;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.OrderingPolicy;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemContext;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.schedule.SystemKind;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import dev.ecslab.lab.explore.ChoicePoint;
import dev.ecslab.lab.explore.Interleaver;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Data.Values.Cell;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.GroupSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.Crash;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.Interleaving;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * Runs a {@link Scenario} on a real world and schedule under one {@link LabConfig} and records the
 * {@link Trace}.
 *
 * <p><b>The evidence is the lab's own</b> (DESIGN §5). System bodies are lab code: each takes a
 * lab-owned sequence number when it starts and when it ends, and records the lab's frame, its stage
 * iteration, the thread it ran on and whether that was the thread running the schedule; criterion O is
 * judged from these, not from the runner's observer events. Changes are what the bodies actually made
 * (direct writes, visible at the writer's end) and what the lab's presence model says the applied
 * commands did; detections are what the watches actually yielded. From the runner the lab takes only
 * its ticks (shown, never judged) and its claims about sync points and command applications, which
 * the ordering criterion checks against the lab's own {@linkplain dev.ecslab.lab.scenario.ScenarioModel
 * model} of the scenario.
 *
 * <p><b>Crashes are recorded, never hidden.</b> The strategy's tracker and the executor run behind the
 * lab's guards ({@link GuardedTracker}, {@link GuardedExecutor}), which record every exception they
 * throw in the trace's {@link Trace#crashes()}, even when the ECS catches or rewraps it. A run that
 * does not finish within {@link LabConfig#timeout()} is abandoned and recorded as a {@code timeout}
 * crash with the stack of the stuck threads: a hanging strategy or executor cannot hang the lab.
 *
 * <p><b>System bodies.</b> A run first evaluates each watch (a query with the change filter, or the
 * removal and resource filters) and records what it yields, then makes its edits for the frame and
 * iteration in list order. Direct writes go through write queries ({@code forEntity}); an edit on an
 * entity that is gone, lacks the component or fails the system's filter is skipped and recorded as
 * no change. Commands are issued only for entities alive when the body runs and not despawned earlier
 * in the same run.
 *
 * <p><b>Controlled runs.</b> An executor that follows {@link dev.ecslab.ecs.executor.ExecutionControl}'s
 * protocol (the built-in ones and their mutants) runs under an {@link Interleaver}: one thread makes
 * progress at a time, system bodies give up the turn before they query their watches, before each edit
 * another system can see (a direct write, a spawn) and before they finish, and every
 * decision (who goes next, the executor's own choices, which completion it learns of first) comes from
 * the configuration's {@link LabConfig#exploration() exploration} and seed and is recorded in
 * {@link Trace#interleaving()}. Such a run has no sleeps and replays exactly, overlaps included.
 *
 * <p><b>Free runs.</b> An executor that ignores the control runs on its own timing. Lab bodies take
 * microseconds, so a wrong overlap would rarely show in their intervals; under a parallel free executor
 * a body therefore holds its run for {@value #DWELL_NANOS} ns when it is exclusive or main-thread, or
 * when a system it conflicts with and is not ordered with has not yet run in this stage iteration: a
 * correct executor starts that partner only afterwards, an executor that wrongly starts it beside this
 * one is seen overlapping. A free run replays only serially, in its recorded order.
 *
 * <p><b>Never leaves threads running</b> (except a run abandoned after its timeout, whose threads are
 * daemons): the schedule runner and its executor are closed in every case, also when the schedule
 * does not compile.
 */
public final class ScenarioRunner {
    /** How long an exclusive or main-thread body holds its run under a parallel executor. */
    public static final long DWELL_NANOS = 400_000;

    /** Why an interleaving abandoned after a timeout says it was. */
    private static final String TIMEOUT = "the run timed out";

    /** Numbers the threads that run scenarios. */
    private static final AtomicInteger RUN_THREADS = new AtomicInteger();

    private ScenarioRunner() {
    }

    /**
     * Called on the lab's thread after each frame that completed ({@code frame} counts from 0), with the
     * world and the strategy's own tracker object (not the lab's guard around it), while no system
     * runs: criterion 6 measures them.
     */
    @FunctionalInterface
    public interface FrameProbe {
        void afterFrame(int frame, World world, ChangeTracker tracker);
    }

    /**
     * Called on the lab's thread after each frame that completed ({@code frame} counts from 0), with the
     * world's state in the canonical lines of {@link Trace#finalState()}: ambiguity witnesses compare
     * it, frame by frame, with the lab's model.
     */
    @FunctionalInterface
    public interface StateProbe {
        void afterFrame(int frame, List<String> state);
    }

    /** Runs the scenario with the configured executor. */
    public static Trace run(Scenario scenario, LabConfig config) {
        return run(scenario, config, (FrameProbe) null);
    }

    /** Runs the scenario with the configured executor, calling {@code probe} after every frame. */
    public static Trace run(Scenario scenario, LabConfig config, FrameProbe probe) {
        return runGuarded(scenario, config, configured(config), probe, null);
    }

    /** Runs the scenario with the configured executor, handing {@code states} the world's state after every frame. */
    public static Trace runRecordingStates(Scenario scenario, LabConfig config, StateProbe states) {
        return runGuarded(scenario, config, configured(config), null, states);
    }

    private static Function<ExecutionControl, Executor> configured(LabConfig config) {
        ExecutorOptions options = ExecutorOptions.defaults().withSeed(config.seed()).withThreads(config.threads());
        return control -> config.executor().factory().apply(options.withControl(control));
    }

    /** Runs the scenario with a given executor (the serial replay uses its own). The executor is closed. */
    public static Trace run(Scenario scenario, LabConfig config, Executor executor) {
        return runGuarded(scenario, config, control -> executor, null, null);
    }

    private static Trace runGuarded(Scenario scenario, LabConfig config, Function<ExecutionControl, Executor> executor,
            FrameProbe probe, StateProbe states) {
        Session session = new Session(scenario.validate(), config);
        session.states = states;
        // A thread of its own for every run, never reused: a run abandoned after its timeout keeps its
        // thread, which may still be stuck in (or stopped inside) the code under test.
        FutureTask<Trace> run = new FutureTask<>(() -> session.run(executor, probe));
        Thread thread = new Thread(run, "ecslab-lab-run-" + RUN_THREADS.incrementAndGet());
        thread.setDaemon(true);
        thread.start();
        Duration timeout = config.timeout();
        try {
            return run.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            session.timedOut(timeout);
            session.abandonControl(TIMEOUT);     // first: an interrupted thread must not give its own reason
            run.cancel(true);
            session.stopStuckThreads();
            return session.assemble(null);
        } catch (InterruptedException e) {
            run.cancel(true);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running scenario '" + scenario.name() + "'", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the lab failed running scenario '" + scenario.name() + "' under "
                    + config.label() + ": " + e.getCause(), e.getCause());
        }
    }

    /**
     * The scenario's schedule compiled against a fresh world, without running it: what the ambiguity
     * criterion compares with its own oracle.
     */
    public static CompiledSchedule compile(Scenario scenario) {
        Session s = new Session(scenario.validate(), null);
        s.buildWorld();
        s.registerTypes();
        return s.schedule().compile(s.world);
    }

    /** What one body run recorded: the lab's own evidence of the run. */
    static final class BodyRun {
        final String system;
        final String stage;
        final long frame;
        final int iteration;
        final long start;
        final String thread;
        final boolean callerThread;
        volatile long finish = Long.MAX_VALUE;
        volatile String failure;
        // Synchronized: after a timeout the lab reads them while the abandoned body may still write.
        final List<Object[]> direct = Collections.synchronizedList(new ArrayList<>());     // Data, label, ChangeType
        final List<Edit> commands = Collections.synchronizedList(new ArrayList<>());
        final List<Detection> detections = Collections.synchronizedList(new ArrayList<>());
        boolean applied;

        BodyRun(String system, String stage, long frame, int iteration, long start, String thread, boolean callerThread) {
            this.system = system;
            this.stage = stage;
            this.frame = frame;
            this.iteration = iteration;
            this.start = start;
            this.thread = thread;
            this.callerThread = callerThread;
        }
    }

    private static final class Session implements ExecutionObserver {
        final Scenario scenario;
        final LabConfig config;
        /** Built by {@link #buildWorld()} on the run thread; {@code null} until then, or if it could not be built. */
        volatile World world;
        final AtomicLong clock = new AtomicLong();
        volatile long currentFrame = -1;
        volatile Thread labThread;
        final CrashLog crashes = new CrashLog(() -> currentFrame);
        /** The broken control protocol is one crash, though {@link #assemble} may run on the lab's thread and after a timeout. */
        final java.util.concurrent.atomic.AtomicBoolean protocolRecorded = new java.util.concurrent.atomic.AtomicBoolean();
        final Map<String, Entity> entities = new ConcurrentHashMap<>();
        final Map<Entity, String> labels = new ConcurrentHashMap<>();
        final List<BodyRun> bodyRuns = Collections.synchronizedList(new ArrayList<>());
        final Map<Thread, Boolean> inBodies = new ConcurrentHashMap<>();
        final Set<String> started = ConcurrentHashMap.newKeySet();              // system|frame|iteration
        final Map<String, List<SystemSpec>> partners = new HashMap<>();         // conflicting and unordered, same stage
        final Map<String, int[]> ticks = new ConcurrentHashMap<>();        // system|frame|iteration -> tick, lastRunTick
        final List<String> runnerFailures = Collections.synchronizedList(new ArrayList<>());
        final List<Trace.Event> events = Collections.synchronizedList(new ArrayList<>());
        final Map<String, List<Edit>> editsByKey = new HashMap<>();
        final List<ChangeRecord> worldChanges = Collections.synchronizedList(new ArrayList<>());
        final PresenceModel model = new PresenceModel();
        final List<Long> memory = Collections.synchronizedList(new ArrayList<>());
        final List<String> errors = Collections.synchronizedList(new ArrayList<>());
        volatile ChangeTracker rawTracker;
        boolean dwell;
        /** The control of a controlled run; {@code null} in a free one. */
        volatile Interleaver interleaver;
        String freeMode = Interleaving.FREE;
        StateProbe states;

        Session(Scenario scenario, LabConfig config) {
            this.scenario = scenario;
            this.config = config;
            for (Edit e : scenario.edits()) {
                editsByKey.computeIfAbsent(e.system() + "|" + e.frame() + "|" + e.iteration(), k -> new ArrayList<>()).add(e);
            }
            for (StageSpec st : scenario.stages()) {
                boolean[][] ordered = ScenarioAccess.orderedClosure(scenario, st);
                List<SystemSpec> systems = st.systems();
                for (int i = 0; i < systems.size(); i++) {
                    for (int j = 0; j < systems.size(); j++) {
                        if (i != j && !ordered[i][j] && !ordered[j][i]
                                && ScenarioAccess.conflicts(systems.get(i), systems.get(j))) {
                            partners.computeIfAbsent(systems.get(i).name(), k -> new ArrayList<>()).add(systems.get(j));
                        }
                    }
                }
            }
        }

        /**
         * Creates the strategy's tracker and builds the world with it (without a configuration: a
         * world with the default strategy, for compiling). Runs on the lab's run thread, inside the
         * timeout: the tracker's constructor, {@code laneCount()} and {@code attach()} are code under
         * test and may hang or throw like any other call.
         */
        void buildWorld() {
            World.Builder b = World.builder();
            if (scenario.startTick() != null) {
                b.initialChangeTick(scenario.startTick());
            }
            if (config == null) {
                world = b.build();
                return;
            }
            try {
                rawTracker = config.tracker().factory().get();
            } catch (Throwable t) {
                crashes.record(GuardedTracker.SOURCE, "creating the tracker (" + config.tracker().id() + ")", null, null, t);
            }
            if (rawTracker != null) {
                GuardedTracker guard = new GuardedTracker(rawTracker, crashes, this::componentName, this::resourceName);
                try {
                    world = b.changeTracking(config.tracker().id(), guard).build();
                } catch (Throwable e) {                  // the guard has recorded the strategy's part
                    errors.add("the world could not be built with the strategy: " + e);
                }
            }
        }

        String componentName(int id) {
            for (Data d : Data.values()) {
                if (!d.isResource() && world != null && WorldInternals.of(world).components().find(d.type()).map(i -> i.id() == id).orElse(false)) {
                    return d.name();
                }
            }
            return "component #" + id;
        }

        String resourceName(int id) {
            for (Data d : Data.values()) {
                if (d.isResource() && world != null && WorldInternals.of(world).resources().find(d.type()).map(i -> i.id() == id).orElse(false)) {
                    return "resource " + d.name();
                }
            }
            return "resource #" + id;
        }

        void registerTypes() {
            world.register(Data.A.type(), StorageKind.TABLE);
            world.register(Data.B.type(), StorageKind.TABLE);
            world.register(Data.S.type(), StorageKind.SPARSE_SET);
            for (Data d : Data.values()) {
                if (d.isResource()) {
                    WorldInternals.of(world).resources().infoOf(d.type());        // registered (no value) for access checks
                }
            }
        }

        Trace run(Function<ExecutionControl, Executor> executorFactory, FrameProbe probe) {
            labThread = Thread.currentThread();
            buildWorld();
            if (world == null) {
                return assemble(null);                            // the strategy could not even be created
            }
            Interleaver control = new Interleaver(config.exploration(), config.seed(), expectedSteps());
            Executor raw;
            boolean controlled;
            try {
                raw = executorFactory.apply(control);
                controlled = raw.controlled();
            } catch (Throwable t) {
                crashes.record(GuardedExecutor.SOURCE, "creating the executor (" + config.executor().id() + ")", null, null, t);
                return assemble(null);
            }
            interleaver = controlled ? control : null;
            GuardedExecutor executor = new GuardedExecutor(raw, crashes, interleaver);
            dwell = !controlled && !(raw instanceof SerialExecutor) && !(raw instanceof ReplayExecutor);
            freeMode = raw instanceof ReplayExecutor ? Interleaving.SERIAL_REPLAY : Interleaving.FREE;
            CompiledSchedule compiled = null;
            ScheduleRunner runner = null;
            try {
                registerTypes();
                setup();
                compiled = schedule().compile(world);
                runner = new ScheduleRunner(world, compiled, executor);
                runner.observe(this);
                for (int f = 0; f < scenario.totalFrames(); f++) {
                    currentFrame = f;
                    try {
                        jumpClock(f);
                        runner.runFrame();
                    } catch (Throwable e) {
                        errors.add("frame " + f + ": " + e);
                        break;
                    } finally {
                        try {
                            memory.add(WorldInternals.of(world).changeTracker().memoryBytes());
                        } catch (Throwable e) {
                            errors.add("frame " + f + ": memoryBytes() threw " + e);
                        }
                    }
                    if (probe != null) {
                        probe.afterFrame(f, world, rawTracker);
                    }
                    if (states != null) {
                        states.afterFrame(f, finalState());
                    }
                    if (Thread.currentThread().isInterrupted()) {
                        break;                                    // abandoned after a timeout
                    }
                }
            } catch (Throwable e) {
                errors.add("the run could not start: " + e);
            } finally {
                currentFrame = -1;
                try {
                    if (runner != null) {
                        runner.close();
                    } else {
                        executor.close();
                    }
                } catch (Throwable e) {
                    errors.add("closing the executor: " + e);
                }
            }
            return assemble(compiled);
        }

        /**
         * After a timeout: the lab's thread and the threads still inside a system body are stuck in the
         * code under test. They were interrupted; one that ignores it is stopped where the JVM still allows
         * it (JDK 17; newer JDKs refuse, and the daemon thread is left to the JVM's exit), so a hung
         * strategy does not keep a core busy for the rest of a campaign.
         */
        /** Abandons the controlled interleaving, if any, for {@code why} (the first reason given is kept). */
        void abandonControl(String why) {
            Interleaver control = interleaver;
            if (control != null) {
                control.abandon(why);
            }
        }

        void stopStuckThreads() {
            Interleaver control = interleaver;
            if (control != null) {
                control.abandon(TIMEOUT);                        // releases every thread waiting for a turn
            }
            List<Thread> stuck = new ArrayList<>(inBodies.keySet());
            if (labThread != null) {
                stuck.add(labThread);
            }
            for (Thread t : stuck) {
                t.interrupt();
            }
            for (Thread t : stuck) {
                try {
                    t.join(1_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
                if (t.isAlive()) {
                    try {
                        Thread.class.getMethod("stop").invoke(t);
                    } catch (ReflectiveOperationException | RuntimeException refused) {
                        errors.add("thread '" + t.getName() + "' is stuck in the code under test and could not be"
                                + " stopped; it is a daemon and ends with the JVM");
                    }
                }
            }
        }

        /** Records a timeout with where the lab's thread and the workers were stuck. */
        void timedOut(Duration timeout) {
            for (Thread t : inBodies.keySet()) {
                if (t != labThread) {
                    RuntimeException inBody = new RuntimeException("a system body on another thread was still running when"
                            + " the run was abandoned");
                    inBody.setStackTrace(t.getStackTrace());
                    crashes.record("run", "timeout", null, null, inBody);
                }
            }
            List<String> where = new ArrayList<>();
            Thread lab = labThread;
            if (lab != null) {
                for (StackTraceElement e : lab.getStackTrace()) {
                    if (where.size() == CrashLog.FRAMES) {
                        break;
                    }
                    where.add(e.getClassName() + "." + e.getMethodName() + "(" + e.getFileName() + ":" + e.getLineNumber() + ")");
                }
            }
            RuntimeException stuck = new RuntimeException("the run did not finish within " + timeout.toSeconds()
                    + " s (frame " + currentFrame + "); it was abandoned");
            stuck.setStackTrace(lab == null ? new StackTraceElement[0] : lab.getStackTrace());
            crashes.record("run", "timeout", null, null, stuck);
            errors.add("timeout: the run did not finish within " + timeout.toSeconds() + " s, stuck in frame " + currentFrame
                    + (where.isEmpty() ? "" : " at " + String.join(" < ", where)));
        }

        /** About how many turns a controlled run of the scenario takes (PCT spreads its change points over it). */
        int expectedSteps() {
            int systems = 0;
            int iterations = 1;
            for (StageSpec st : scenario.stages()) {
                systems += st.systems().size();
                iterations = Math.max(iterations, st.iterations());
            }
            long steps = 3L * systems * scenario.totalFrames() * iterations + scenario.edits().size();
            return (int) Math.min(Integer.MAX_VALUE, Math.max(1, steps));
        }

        // ------------------------------------------------------------ setup

        void setup() {
            for (EntitySpec spec : scenario.entities()) {
                List<Object> values = new ArrayList<>();
                spec.components().forEach((d, v) -> values.add(d.value(v)));
                Entity e = world.spawn(values.toArray());
                bind(spec.label(), e);
                model.spawn(spec.label(), spec.components().keySet());
                for (Data d : spec.components().keySet()) {
                    worldChange(0, -1, d, spec.label(), ChangeType.ADDED, "setup");
                }
            }
            for (GroupSpec g : scenario.groups()) {                  // bulk spawns: g0#0 .. g0#(n-1)
                for (int i = 0; i < g.count(); i++) {
                    List<Object> values = new ArrayList<>();
                    g.components().forEach((d, v) -> values.add(d.value(v)));
                    String label = g.member(i);
                    bind(label, world.spawn(values.toArray()));
                    model.spawn(label, g.components().keySet());
                    for (Data d : g.components().keySet()) {
                        worldChange(0, -1, d, label, ChangeType.ADDED, "setup");
                    }
                }
            }
            scenario.resources().forEach((d, v) -> {
                world.insertResource(d.value(v));
                model.resources.add(d);
                worldChange(0, -1, d, null, ChangeType.ADDED, "setup");
            });
        }

        /** The scenario's clock jump before frame {@code f}, if any (between frames: no system runs). */
        void jumpClock(int f) {
            long ticks = scenario.jumpBefore(f);
            if (ticks > 0) {
                WorldInternals.of(world).advanceChangeTick(ticks);
            }
        }

        void bind(String label, Entity e) {
            entities.put(label, e);
            labels.put(e, label);
        }

        void worldChange(long seq, long frame, Data d, String label, ChangeType type, String cause) {
            worldChanges.add(new ChangeRecord(-1, Scenario.WORLD, -1, seq, frame, d, label, type, cause));
        }

        // ------------------------------------------------------------ schedule

        Schedule schedule() {
            Schedule.Builder b = Schedule.builder().ambiguity(AmbiguitySetting.IGNORE)
                    .ordering(scenario.ordering() == Scenario.Ordering.INSERTION_ORDER ? OrderingPolicy.INSERTION_ORDER
                            : OrderingPolicy.EXPLICIT);
            for (StageSpec st : scenario.stages()) {
                List<SystemDescriptor> systems = new ArrayList<>();
                Set<String> pauseSets = new TreeSet<>();
                for (SystemSpec s : st.systems()) {
                    SystemDescriptor.Builder d = SystemDescriptor.builder(s.name()).setup(view -> body(view, s, st));
                    switch (s.kind()) {
                        case EXCLUSIVE -> d.kind(SystemKind.EXCLUSIVE);       // the whole world: no partial access
                        case MAIN_THREAD -> d.kind(SystemKind.MAIN_THREAD).access(access(s));
                        case NORMAL -> d.access(access(s));
                    }
                    s.before().forEach(d::before);
                    s.after().forEach(d::after);
                    s.ambiguousWith().forEach(d::ambiguousWith);
                    if (st.iterations() > 1) {
                        d.inSet(loopSet(st));
                    }
                    if (s.pauseSet() != null) {
                        d.inSet(pauseSet(s.pauseSet(), st));
                        pauseSets.add(s.pauseSet());
                    }
                    systems.add(d.build());
                }
                if (st.iterations() > 1) {
                    int last = st.iterations() - 1;
                    b.set(loopSet(st), "loop " + st.iterations() + "x", c -> c.iteration() < last
                            && st.systems().stream().anyMatch(x -> scenario.runsIn(x, (int) c.frame()))
                            ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES);     // all paused: no loop at all
                }
                for (String set : pauseSets) {
                    String pattern = scenario.pause(set).pattern();
                    int last = st.iterations() - 1;
                    b.set(pauseSet(set, st), "pattern " + pattern, c -> {
                        boolean runs = c.frame() >= scenario.frames() || scenario.pause(set).runs((int) c.frame());
                        boolean again = c.iteration() < last;
                        return runs ? (again ? ShouldRun.YES_AND_CHECK_AGAIN : ShouldRun.YES) : ShouldRun.NO;
                    });
                }
                b.stage(st.name(), systems.toArray(SystemDescriptor[]::new));
            }
            return b.build();
        }

        static String loopSet(StageSpec st) {
            return "loop:" + st.name();
        }

        static String pauseSet(String set, StageSpec st) {
            return "pause:" + set + "@" + st.name();
        }

        static AccessSpec access(SystemSpec s) {
            AccessSpec.Builder b = AccessSpec.builder();
            Set<Data> components = new TreeSet<>(s.reads());
            components.addAll(s.writes());
            for (Data d : components) {
                if (d.isResource()) {
                    if (s.writes().contains(d)) {
                        b.writesResource(d.type());
                    } else {
                        b.readsResource(d.type());
                    }
                } else if (s.writes().contains(d)) {
                    QuerySpec q = QuerySpec.writes(d.type());
                    Filter f = filter(s);
                    b.query(f == null ? q : q.filter(f));
                } else {
                    b.query(QuerySpec.reads(d.type()));
                }
            }
            return b.build();
        }

        static Filter filter(SystemSpec s) {
            List<Filter> parts = new ArrayList<>();
            s.with().forEach(d -> parts.add(Filter.with(d.type())));
            s.without().forEach(d -> parts.add(Filter.without(d.type())));
            return parts.isEmpty() ? null : parts.size() == 1 ? parts.get(0) : Filter.and(parts.toArray(Filter[]::new));
        }

        // ------------------------------------------------------------ bodies

        SystemBody body(WorldView view, SystemSpec s, StageSpec stage) {
            ChangeFlavor flavor = config.tracker().flavor();
            List<Query> watchQueries = new ArrayList<>();
            List<EntityTerm> watchIds = new ArrayList<>();
            for (Watch w : s.watches()) {
                if (w.data().isResource() || w.kind() == WatchKind.REMOVED) {
                    watchQueries.add(null);
                    watchIds.add(null);
                    continue;
                }
                QueryBuilder qb = view.query();
                watchIds.add(qb.entity());
                qb.read(w.data().type());
                qb.changedAs(w.data().type(), changeKind(w.kind()), flavor);
                watchQueries.add(qb.build());
            }
            Map<Data, Query> writeQueries = new EnumMap<>(Data.class);
            Map<Data, Write<? extends Cell>> writeTerms = new EnumMap<>(Data.class);
            for (Data d : s.writes()) {
                if (d.isResource()) {
                    continue;
                }
                QueryBuilder qb = view.query();
                writeTerms.put(d, qb.write(d.type()));
                Filter f = filter(s);
                if (f != null) {
                    qb.filter(f);
                }
                writeQueries.put(d, qb.build());
            }
            return ctx -> {
                long start = clock.incrementAndGet();
                Thread current = Thread.currentThread();
                BodyRun log = new BodyRun(s.name(), stage.name(), currentFrame, ctx.iteration(), start, current.getName(),
                        current == labThread);
                bodyRuns.add(log);
                inBodies.put(current, Boolean.TRUE);
                started.add(s.name() + "|" + log.frame + "|" + log.iteration);
                try {
                    if (dwell && (s.runsOnCaller() || partnerStillToRun(s, log.frame, log.iteration))) {
                        hold();
                    }
                    Interleaver control = interleaver;
                    if (control != null && !s.watches().isEmpty()) {
                        control.step("detect", ChoicePoint.GLOBAL);   // another system may start between start and query
                    }
                    detect(ctx, s, flavor, watchQueries, watchIds, log);
                    List<Edit> edits = editsByKey.getOrDefault(s.name() + "|" + log.frame + "|" + log.iteration, List.of());
                    Set<String> despawnedHere = new HashSet<>();
                    for (Edit e : edits) {
                        // A command into the system's own buffer is seen by nobody until the sync point, so a
                        // turn taken just before it is the same as one taken just after it: no step there.
                        if (control != null && !ChoicePoint.LOCAL.equals(footprint(e))) {
                            control.step(e.op().name().toLowerCase() + (e.data() == null ? "" : " " + e.data().name())
                                    + (e.entity() == null ? "" : " on " + e.entity()), footprint(e));
                        }
                        if (e.op().isCommand()) {
                            issue(ctx, e, log, despawnedHere);
                        } else if (e.onResource()) {
                            writeResource(ctx.world(), e, log);
                        } else {
                            writeComponent(e, writeQueries.get(e.data()), writeTerms.get(e.data()), log);
                        }
                    }
                    if (control != null) {
                        control.step("finish", ChoicePoint.GLOBAL);
                    }
                } catch (Throwable t) {
                    log.failure = t.toString();
                    throw t;
                } finally {
                    log.finish = clock.incrementAndGet();
                    inBodies.remove(current);
                }
            };
        }

        /**
         * What an edit step touches, for the exhaustive search's reduction: a direct write touches its
         * data; a command goes into the system's own buffer (local), except a spawn, which reserves an
         * entity from the world's shared allocator.
         */
        static String footprint(Edit e) {
            if (!e.op().isCommand()) {
                return e.data().name();
            }
            return e.op() == EditOp.SPAWN ? ChoicePoint.GLOBAL : ChoicePoint.LOCAL;
        }

        /** True when a conflicting, unordered system of the stage runs in this iteration and has not started yet. */
        boolean partnerStillToRun(SystemSpec s, long frame, int iteration) {
            for (SystemSpec p : partners.getOrDefault(s.name(), List.of())) {
                if (scenario.runsIn(p, (int) frame) && !started.contains(p.name() + "|" + frame + "|" + iteration)) {
                    return true;
                }
            }
            return false;
        }

        /** Holds a run open for {@link #DWELL_NANOS}, so that a wrongly concurrent partner is seen overlapping it. */
        static void hold() {
            long until = System.nanoTime() + DWELL_NANOS;
            long left;
            while ((left = until - System.nanoTime()) > 0) {
                LockSupport.parkNanos(left);
            }
        }

        void detect(SystemContext ctx, SystemSpec s, ChangeFlavor flavor, List<Query> watchQueries, List<EntityTerm> watchIds,
                BodyRun log) {
            for (int i = 0; i < s.watches().size(); i++) {
                Watch w = s.watches().get(i);
                List<String> got = new ArrayList<>();
                if (w.data().isResource()) {
                    boolean holds = switch (w.kind()) {
                        case REMOVED -> ctx.world().resourceRemoved(w.data().type(), flavor);
                        default -> ctx.world().resourceChangedAs(w.data().type(), changeKind(w.kind()), flavor);
                    };
                    if (holds) {
                        got.add(w.data().name());
                    }
                } else if (w.kind() == WatchKind.REMOVED) {
                    for (Entity e : ctx.world().removed(w.data().type(), flavor)) {
                        got.add(labelOf(e));
                    }
                } else if (w.parallel()) {
                    walkInParallel(watchQueries.get(i), watchIds.get(i), got);
                } else {
                    EntityTerm id = watchIds.get(i);
                    watchQueries.get(i).forEach(row -> got.add(labelOf(row.get(id))));
                }
                log.detections.add(new Detection(-1, w, got));
            }
        }

        /**
         * A watch walked as parallel iteration walks a query: in slices of {@value #SLICE_ROWS} rows on the
         * common pool's threads, each tested with the ticks the query hands to jobs
         * ({@link Query#readerTicks()}); the answer is every row any slice yielded, in slice order (the
         * trace must not depend on which slice finished first: a run replays exactly).
         */
        void walkInParallel(Query q, EntityTerm id, List<String> got) {
            var reader = q.readerTicks();
            var writer = q.writerTicks();
            List<List<String>> perSlice = q.slices(SLICE_ROWS).parallelStream().map(slice -> {
                List<String> found = new ArrayList<>();
                q.forEachInSlice(slice, reader, writer, row -> found.add(labelOf(row.get(id))));
                return found;
            }).toList();
            perSlice.forEach(got::addAll);
        }

        /** Rows per slice of a parallel watch: several slices per 1 024-row group of a large table. */
        static final int SLICE_ROWS = 256;

        String labelOf(Entity e) {
            String l = labels.get(e);
            return l != null ? l : "?" + e;
        }

        /** A direct write of a component: of one entity, or of each selected member of a group. */
        @SuppressWarnings("rawtypes")
        void writeComponent(Edit e, Query q, Write term, BodyRun log) {
            for (Edit one : e.singles()) {
                writeOne(one, q, term, log);
            }
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        void writeOne(Edit e, Query q, Write term, BodyRun log) {
            Entity target = entities.get(e.entity());
            if (target == null || !world.isAlive(target)) {
                return;
            }
            q.forEntity(target, row -> {
                boolean changed;
                if (e.op() == EditOp.SET) {
                    ((Cell) row.getMut(term)).v = e.value();
                    changed = true;
                } else {
                    changed = row.setIfChanged(term, e.data().value(e.value()));
                }
                if (changed) {
                    log.direct.add(new Object[] {e.data(), e.entity(), ChangeType.MUTATED});
                }
            });
        }

        void writeResource(WorldView view, Edit e, BodyRun log) {
            if (view.getResource(e.data().type()).isEmpty()) {
                return;
            }
            boolean changed;
            if (e.op() == EditOp.SET) {
                view.getResourceMutOrThrow(e.data().type()).v = e.value();
                changed = true;
            } else {
                changed = view.insertResourceIfChanged(e.data().value(e.value()));
            }
            if (changed) {
                log.direct.add(new Object[] {e.data(), null, ChangeType.MUTATED});
            }
        }

        /** Issues an edit's commands: one, or one per selected member of a group (a bulk spawn: one per new member). */
        void issue(SystemContext ctx, Edit e, BodyRun log, Set<String> despawnedHere) {
            for (Edit one : e.singles()) {
                issueOne(ctx, one, log, despawnedHere);
            }
        }

        void issueOne(SystemContext ctx, Edit e, BodyRun log, Set<String> despawnedHere) {
            if (e.onResource()) {
                if (e.op() == EditOp.INSERT) {
                    ctx.commands().insertResource(e.data().value(e.value()));
                } else {
                    ctx.commands().removeResource(e.data().type());
                }
                log.commands.add(e);
                return;
            }
            if (e.op() == EditOp.SPAWN) {
                Entity spawned = ctx.commands().spawn(e.data().value(e.value()));
                bind(e.entity(), spawned);
                log.commands.add(e);
                return;
            }
            Entity target = entities.get(e.entity());
            if (target == null || !world.isAlive(target) || despawnedHere.contains(e.entity())) {
                return;                                          // nothing to do: no command, no change
            }
            switch (e.op()) {
                case INSERT -> ctx.commands().insert(target, e.data().value(e.value()));
                case REMOVE -> ctx.commands().remove(target, e.data().type());
                case DESPAWN -> {
                    ctx.commands().despawn(target);
                    despawnedHere.add(e.entity());
                }
                default -> throw new IllegalStateException(e.op().toString());
            }
            log.commands.add(e);
        }

        static ChangeKind changeKind(WatchKind k) {
            return switch (k) {
                case ADDED -> ChangeKind.ADDED;
                case MUTATED -> ChangeKind.MUTATED;
                case CHANGED -> ChangeKind.CHANGED;
                case REMOVED -> throw new IllegalArgumentException("REMOVED is not a change kind");
            };
        }

        // ------------------------------------------------------------ observer: the runner's claims

        @Override
        public void systemStarted(SystemEvent ev) {
            ticks.put(ev.system() + "|" + ev.frame() + "|" + ev.iteration(), new int[] {ev.tick(), ev.lastRunTick()});
        }

        @Override
        public void systemFinished(SystemEvent ev) {
            if (ev.failure() != null) {
                runnerFailures.add(ev.system() + " (frame " + ev.frame() + (ev.iteration() > 0 ? "." + ev.iteration() : "")
                        + "): " + ev.failure());
            }
        }

        @Override
        public void syncPoint(long sequence, long frame, String stage, int iteration, String explicitSystem) {
            events.add(new Trace.Event(clock.incrementAndGet(), "sync", currentFrame, stage, iteration, explicitSystem,
                    Thread.currentThread().getName()));
        }

        @Override
        public void commandsApplied(long sequence, long frame, String stage, int iteration, String system, int count) {
            long seq = clock.incrementAndGet();
            long labFrame = currentFrame;
            events.add(new Trace.Event(seq, "commands", labFrame, stage, iteration, system, Thread.currentThread().getName()));
            BodyRun log = null;
            synchronized (bodyRuns) {
                for (BodyRun r : bodyRuns) {
                    if (r.system.equals(system) && r.frame == labFrame && r.iteration == iteration && !r.applied) {
                        log = r;
                    }
                }
            }
            if (log == null || log.commands.size() != count) {
                errors.add("frame " + labFrame + ": the runner applied " + count + " command(s) of " + system + ", which issued "
                        + (log == null ? "none in this stage iteration" : log.commands.size()));
                return;
            }
            log.applied = true;
            for (Edit e : log.commands) {
                String cause = system + "'s " + e.op().name().toLowerCase() + " command";
                for (Object[] c : model.apply(e)) {
                    worldChange(seq, labFrame, (Data) c[0], (String) c[1], (ChangeType) c[2], cause);
                }
            }
        }

        // ------------------------------------------------------------ the trace

        Trace assemble(CompiledSchedule compiled) {
            List<BodyRun> bodies;
            synchronized (bodyRuns) {
                bodies = new ArrayList<>(bodyRuns);
            }
            bodies.sort(Comparator.comparingLong(b -> b.start));
            Map<BodyRun, Integer> ids = new IdentityHashMap<>();
            List<RunRecord> runs = new ArrayList<>();
            for (BodyRun b : bodies) {
                int id = runs.size();
                ids.put(b, id);
                int[] t = ticks.getOrDefault(b.system + "|" + b.frame + "|" + b.iteration, new int[] {0, 0});
                runs.add(new RunRecord(id, b.system, b.stage, b.frame, b.iteration, b.start, b.finish, b.thread, t[0], t[1],
                        b.finish == Long.MAX_VALUE && b.failure == null ? "never finished" : b.failure, b.callerThread));
            }
            List<Object[]> timed = new ArrayList<>();                // seq, ChangeRecord without id
            synchronized (worldChanges) {
                for (ChangeRecord c : worldChanges) {
                    timed.add(new Object[] {c.seq(), c});
                }
            }
            List<Detection> detections = new ArrayList<>();
            for (BodyRun b : bodies) {
                int id = ids.get(b);
                synchronized (b.direct) {
                    for (Object[] d : b.direct) {
                        timed.add(new Object[] {b.finish, new ChangeRecord(-1, b.system, id, b.finish, b.frame, (Data) d[0],
                                (String) d[1], (ChangeType) d[2], "write")});
                    }
                }
                for (Detection d : List.copyOf(b.detections)) {
                    detections.add(new Detection(id, d.watch(), d.reported()));
                }
            }
            timed.sort(Comparator.comparingLong(o -> (long) o[0]));   // stable: a run's writes keep their order
            List<ChangeRecord> changes = new ArrayList<>();
            for (Object[] t : timed) {
                ChangeRecord c = (ChangeRecord) t[1];
                changes.add(new ChangeRecord(changes.size(), c.author(), c.authorRun(), c.seq(), c.frame(), c.data(),
                        c.entity(), c.type(), c.cause()));
            }
            List<Trace.Event> sorted = new ArrayList<>();
            synchronized (events) {
                sorted.addAll(events);
            }
            for (BodyRun b : bodies) {
                sorted.add(new Trace.Event(b.start, "start", b.frame, b.stage, b.iteration, b.system, b.thread));
                if (b.finish != Long.MAX_VALUE) {
                    sorted.add(new Trace.Event(b.finish, "finish", b.frame, b.stage, b.iteration, b.system, b.thread));
                }
            }
            sorted.sort(Comparator.comparingLong(Trace.Event::seq));
            List<String> allErrors;
            synchronized (errors) {
                allErrors = new ArrayList<>(errors);
            }
            for (RunRecord r : runs) {
                if (r.failure() != null) {
                    allErrors.add(r + " failed: " + r.failure());
                }
            }
            synchronized (runnerFailures) {
                for (String f : runnerFailures) {
                    allErrors.add("the runner reports that " + f);
                }
            }
            Interleaving interleaving;
            Interleaver control = interleaver;
            if (control != null) {
                interleaving = control.finish();
                String why = control.abandonedBecause();
                if (control.diverged() != null) {
                    allErrors.add("the replayed schedule diverged: " + control.diverged().getMessage());
                } else if (why != null && !why.equals(TIMEOUT) && !why.startsWith(GuardedExecutor.EXECUTOR_THREW)
                        && protocolRecorded.compareAndSet(false, true)) {   // assemble may run on two threads
                    crashes.record(GuardedExecutor.SOURCE, "the control protocol", null, null, new IllegalStateException(why));
                }
            } else {
                interleaving = new Interleaving(freeMode, freeMode.equals(Interleaving.FREE) ? "thread timing" : "recorded order",
                        List.of(), 0, false);
            }
            List<Crash> crashList = new ArrayList<>(crashes.crashes());
            if (crashes.dropped() > 0) {
                allErrors.add(crashes.dropped() + " more exception(s) from the code under test were not kept");
            }
            List<Long> mem;
            synchronized (memory) {
                mem = new ArrayList<>(memory);
            }
            return new Trace(scenario.name(), new Trace.Config(config.tracker().id(), config.tracker().flavor().name(),
                    config.executor().id(), config.seed(), config.threads(), config.tracker().delayFrames(),
                    config.plugins()), runs, changes, detections, mem, finalState(), allErrors, sorted, crashList,
                    interleaving);
        }

        /** The world's state now (at the end: the final state), canonical lines. */
        List<String> finalState() {
            List<String> out = new ArrayList<>();
            if (world == null) {
                return out;
            }
            try {
                Map<String, Entity> sorted = new java.util.TreeMap<>(entities);
                sorted.forEach((label, e) -> {
                    if (!world.isAlive(e)) {
                        return;
                    }
                    StringBuilder line = new StringBuilder(label).append(':');
                    for (Data d : Data.values()) {
                        if (!d.isResource()) {
                            world.get(e, d.type()).ifPresent(v -> line.append(' ').append(v));
                        }
                    }
                    out.add(line.toString());
                });
                for (Data d : Data.values()) {
                    if (d.isResource()) {
                        world.getResource(d.type()).ifPresent(v -> out.add("resource " + v));
                    }
                }
            } catch (RuntimeException e) {
                out.add("(the final state could not be read: " + e + ")");
            }
            return out;
        }
    }

    /**
     * Which entities are alive with which components, and which resources exist: the lab's own view
     * of presence, updated by setup and by every applied command in application order, so it knows
     * what a command did (an insert on a present component is a mutation, a despawn removes each
     * component) without asking the strategy under test.
     */
    static final class PresenceModel {
        final Map<String, Set<Data>> alive = new LinkedHashMap<>();
        final Set<Data> resources = new HashSet<>();

        void spawn(String label, Set<Data> components) {
            alive.put(label, new TreeSet<>(components));
        }

        /** Applies one command; returns its changes as {data, label, type}. */
        List<Object[]> apply(Edit e) {
            List<Object[]> out = new ArrayList<>();
            if (e.onResource()) {
                if (e.op() == EditOp.INSERT) {
                    out.add(new Object[] {e.data(), null, resources.add(e.data()) ? ChangeType.ADDED : ChangeType.MUTATED});
                } else if (resources.remove(e.data())) {
                    out.add(new Object[] {e.data(), null, ChangeType.REMOVED});
                }
                return out;
            }
            Set<Data> has = alive.get(e.entity());
            switch (e.op()) {
                case SPAWN -> {
                    spawn(e.entity(), Set.of(e.data()));
                    out.add(new Object[] {e.data(), e.entity(), ChangeType.ADDED});
                }
                case INSERT -> {
                    if (has != null) {
                        out.add(new Object[] {e.data(), e.entity(), has.add(e.data()) ? ChangeType.ADDED : ChangeType.MUTATED});
                    }
                }
                case REMOVE -> {
                    if (has != null && has.remove(e.data())) {
                        out.add(new Object[] {e.data(), e.entity(), ChangeType.REMOVED});
                    }
                }
                case DESPAWN -> {
                    if (has != null) {
                        alive.remove(e.entity());
                        for (Data d : has) {
                            out.add(new Object[] {d, e.entity(), ChangeType.REMOVED});
                        }
                    }
                }
                default -> throw new IllegalStateException(e.op().toString());
            }
            return out;
        }
    }
}
