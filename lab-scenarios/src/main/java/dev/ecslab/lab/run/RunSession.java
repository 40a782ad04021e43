package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ExecutionControl;
import dev.ecslab.ecs.executor.ExecutionObserver;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.executor.SystemEvent;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.world.World;
import dev.ecslab.lab.explore.Interleaver;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.GroupSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
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
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * One run of a scenario under one configuration, from building its world to assembling its
 * {@link Trace}: the world and the strategy's tracker behind the lab's guard, the frames driven through
 * a {@link ScheduleRunner}, the runner's claims heard as an {@link ExecutionObserver} (sync points,
 * command applications, checked against the lab's {@link PresenceModel}), and after a timeout the
 * record of where the run was stuck. What the systems do is {@link SystemBodies}'; how the schedule is
 * built is {@link ScenarioSchedule}'s. {@link ScenarioRunner} runs a session on a thread of its own.
 *
 * <p>Fields written by system bodies or the observer are thread-safe (bodies run on executor threads,
 * and after a timeout the lab's thread reads them while an abandoned body may still write). Bodies see the
 * session only through {@link BodyHost}, which says which thread writes what; the other fields are the run
 * thread's, or are written by the executor's observer callbacks into concurrent structures.
 */
final class RunSession implements ExecutionObserver, BodyHost {
    final Scenario scenario;
    final LabConfig config;
    /** What the scenario's systems do, and the evidence they keep. */
    final SystemBodies bodies;
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
    final Map<String, int[]> ticks = new ConcurrentHashMap<>();        // system|frame|iteration -> tick, lastRunTick
    /**
     * The lab's 64-bit count of the world's change tick: where it stood when the world was built, and
     * when each frame began (after the jump before it); {@link #framesStarted} frames are set. The lab
     * reads the 32-bit clock between frames and adds the jumps it made itself, so the count never depends
     * on the code under test; a scenario with jumps takes fewer than 2^24 ticks of its own, so the 32-bit
     * ticks of a frame unwrap from its start exactly.
     */
    long clockOrigin;
    long[] frameStarts = new long[0];
    volatile int framesStarted;
    final List<String> runnerFailures = Collections.synchronizedList(new ArrayList<>());
    final List<Trace.Event> events = Collections.synchronizedList(new ArrayList<>());
    final List<ChangeRecord> worldChanges = Collections.synchronizedList(new ArrayList<>());
    final PresenceModel model = new PresenceModel();
    final List<Long> memory = Collections.synchronizedList(new ArrayList<>());
    final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    volatile ChangeTracker rawTracker;
    /**
     * Whether the run may pin its threads to one processor when its executor is controlled: not when the
     * caller hands in a made executor (it cannot be made again unpinned).
     */
    boolean pinnable = true;

    /** The control of a controlled run; {@code null} in a free one. */
    volatile Interleaver interleaver;
    String freeMode = Interleaving.FREE;
    ScenarioRunner.StateProbe states;

    RunSession(Scenario scenario, LabConfig config) {
        this.scenario = scenario;
        this.config = config;
        this.bodies = new SystemBodies(this);
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
        if (scenario.observeEverything()) {
            b.observeEverything();
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
        // With the scenario's layout, explicitly: a world default would quietly keep references for a type that
        // cannot be columnar, and the run would judge the other layout; registration refuses it instead.
        world.register(Data.A.type(), StorageKind.TABLE, scenario.valueLayout());
        world.register(Data.B.type(), StorageKind.TABLE, scenario.valueLayout());
        world.register(Data.S.type(), StorageKind.SPARSE_SET, scenario.valueLayout());
        for (Data d : Data.values()) {
            if (d.isResource()) {
                WorldInternals.of(world).resources().infoOf(d.type());        // registered (no value) for access checks
            }
        }
        // A scenario's detectors exist from its first frame: their components are observed before any
        // entity is spawned. (Their queries, built after setup, would otherwise be the first observers
        // and announce every row as changed: right for a late observer, not for these.)
        // A watch that joins later (Watch.from) observes from its first run on, and a watch that leaves
        // releases this observation with its query's (releasePreObservation).
        WorldInternals internals = WorldInternals.of(world);
        for (dev.ecslab.lab.scenario.SystemSpec s : scenario.systems()) {
            for (dev.ecslab.lab.scenario.Watch w : s.watches()) {
                if (SystemBodies.hasQuery(w) && w.firstFrame() == 0 && !w.builtInRun()) {
                    internals.observe(internals.components().infoOf(w.data().type()).id());
                }
            }
        }
    }

    /** Closes the observation {@link #registerTypes} opened for a watch that exists from frame 0 and has now left. */
    @Override
    public void releasePreObservation(dev.ecslab.lab.scenario.Watch w) {
        WorldInternals internals = WorldInternals.of(world);
        internals.release(internals.components().infoOf(w.data().type()).id());
    }

    Trace run(Function<ExecutionControl, Executor> executorFactory, ScenarioRunner.FrameProbe probe) {
        labThread = Thread.currentThread();
        buildWorld();
        if (world == null) {
            return assemble(null);                            // the strategy could not even be created
        }
        clockOrigin = Integer.toUnsignedLong(WorldInternals.of(world).changeTick());
        frameStarts = new long[scenario.totalFrames()];
        Interleaver control = new Interleaver(config.exploration(), config.seed(), expectedSteps());
        // Pinned before the executor is made, so that its workers are born on the run's processor; only a
        // subject already seen controlled and handing systems to other threads is pinned, and a free executor is
        // made again unpinned.
        ControlledSubjects.Key subject = ControlledSubjects.key(config.executor());
        ProcessorPinning.Pin pin = pinnable && ControlledSubjects.seenHandingOff(subject)
                ? ProcessorPinning.pinCurrentThread()
                : ProcessorPinning.none();
        Executor raw;
        boolean controlled;
        try {
            raw = executorFactory.apply(control);
            controlled = raw.controlled();
            if (!controlled && pinnable) {
                ControlledSubjects.record(subject, false);
            }
            if (!controlled && pin.pinned()) {
                raw.close();
                pin.close();
                raw = executorFactory.apply(control);
                controlled = raw.controlled();
            }
        } catch (Throwable t) {
            pin.close();
            crashes.record(GuardedExecutor.SOURCE, "creating the executor (" + config.executor().id() + ")", null, null, t);
            return assemble(null);
        }
        try {
            return runFrames(raw, controlled, control, probe);
        } finally {
            pin.close();
            if (controlled && pinnable) {                   // a handed-in executor is not the subject's own
                ControlledSubjects.record(subject, control.handedOff());
            }
        }
    }

    private Trace runFrames(Executor raw, boolean controlled, Interleaver control, ScenarioRunner.FrameProbe probe) {
        interleaver = controlled ? control : null;
        GuardedExecutor executor = new GuardedExecutor(raw, crashes, interleaver);
        bodies.dwell = !controlled && !(raw instanceof SerialExecutor) && !(raw instanceof ReplayExecutor);
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
                    bodies.beforeFrame(f);
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

    /** Abandons the controlled interleaving, if any, for {@code why} (the first reason given is kept). */
    void abandonControl(String why) {
        Interleaver control = interleaver;
        if (control != null) {
            control.abandon(why);
        }
    }

    /**
     * After a timeout: the lab's thread and the threads still inside a system body are stuck in the
     * code under test. They were interrupted; one that ignores it is stopped where the JVM still allows
     * it (JDK 17; newer JDKs refuse, and the daemon thread is left to the JVM's exit), so a hung
     * strategy does not keep a core busy for the rest of a campaign.
     */
    void stopStuckThreads() {
        Interleaver control = interleaver;
        if (control != null) {
            control.abandon(ScenarioRunner.TIMEOUT);                        // releases every thread waiting for a turn
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

    /** The scenario's schedule, with the lab's bodies. */
    Schedule schedule() {
        return ScenarioSchedule.build(scenario, bodies::body);
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
        pad();
        for (EntitySpec spec : scenario.entities()) {
            List<Object> values = new ArrayList<>();
            spec.components().forEach((d, v) -> values.add(d.value(v)));
            Entity e = world.spawn(values.toArray());
            bind(spec.label(), e);
            model.spawn(spec.label(), spec.components().keySet());
            for (Data d : spec.components().keySet()) {
                worldChange(0, -1, d, spec.label(), ChangeType.ADDED, "setup", clockIn(-1));
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
                    worldChange(0, -1, d, label, ChangeType.ADDED, "setup", clockIn(-1));
                }
            }
        }
        scenario.resources().forEach((d, v) -> {
            world.insertResource(d.value(v));
            model.resources.add(d);
            worldChange(0, -1, d, null, ChangeType.ADDED, "setup", clockIn(-1));
        });
    }

    /**
     * The scenario's padding ({@link dev.ecslab.lab.scenario.PaddingSpec}): component-less entities spawned
     * before the setup, the kept ones left alive, the recycled ones spawned and despawned generation after
     * generation, so the scenario's entities get large indices and old generations. Nothing is recorded:
     * an entity without components is no change any watch can see.
     */
    void pad() {
        dev.ecslab.lab.scenario.PaddingSpec p = scenario.padding();
        if (p == null) {
            return;
        }
        Object[] none = new Object[0];                          // one empty bundle for every spawn
        for (int i = 0; i < p.kept(); i++) {
            world.spawn(none);
        }
        Entity[] recycled = new Entity[p.recycled()];
        for (int g = 0; g < p.generations(); g++) {
            for (int i = 0; i < recycled.length; i++) {
                recycled[i] = world.spawn(none);
            }
            for (Entity e : recycled) {
                world.despawn(e);
            }
        }
    }

    /**
     * The scenario's clock jump before frame {@code f}, if any (between frames: no system runs): a fixed
     * one, or an age jump sized now ({@link dev.ecslab.lab.scenario.AgeJump}), then its idle frames, ended in one
     * step of the world (they take no tick). Records where the clock stands when the frame begins.
     */
    void jumpClock(int f) {
        WorldInternals internals = WorldInternals.of(world);
        long now = unwrapAfter(f == 0 ? clockOrigin : frameStarts[f - 1], internals.changeTick());
        long ticks = scenario.jumpBefore(f);
        dev.ecslab.lab.scenario.AgeJump aged = scenario.ageJumpBefore(f);
        if (aged != null) {
            ticks += aged.ticks(now, lastChangeTick(f - 1, now));
        }
        if (ticks > 0) {
            internals.advanceChangeTick(ticks);
        }
        long idle = scenario.idleFramesBetween(f - 1, f);
        if (idle > 0) {
            internals.endIdleFrames(rawTracker == null || IdleFrames.inBulk(rawTracker) ? idle
                    : Math.min(idle, IdleFrames.ONE_BY_ONE));
        }
        frameStarts[f] = now + ticks;
        framesStarted = f + 1;
        if (internals.changeTick() != (int) frameStarts[f]) {
            errors.add("frame " + f + ": the world's change tick is " + Integer.toUnsignedString(internals.changeTick())
                    + " after a jump of " + ticks + " ticks, not " + Integer.toUnsignedString((int) frameStarts[f]));
        }
    }

    /** The first value at or after {@code base} (a 64-bit count) whose low 32 bits are {@code tick}. */
    static long unwrapAfter(long base, int tick) {
        return base + Integer.toUnsignedLong(tick - (int) base);
    }

    /** The newest tick a change of frame {@code frame} took (the lab's count), or {@code otherwise} if it made none. */
    long lastChangeTick(int frame, long otherwise) {
        long last = Long.MIN_VALUE;
        synchronized (bodyRuns) {
            for (BodyRun b : bodyRuns) {
                int[] t = ticks.get(b.system + "|" + b.frame + "|" + b.iteration);
                if (b.frame == frame && !b.direct.isEmpty() && t != null) {
                    last = Math.max(last, unwrapAfter(frameStarts[frame], t[0]));
                }
            }
        }
        synchronized (worldChanges) {
            for (ChangeRecord c : worldChanges) {
                if (c.frame() == frame && c.tick() != null) {
                    last = Math.max(last, c.tick());
                }
            }
        }
        return last == Long.MIN_VALUE ? otherwise : last;
    }

    /** The world's change tick now, as the lab's count, within frame {@code frame} ({@code -1}: setup). */
    long clockIn(long frame) {
        int now = WorldInternals.of(world).changeTick();
        return unwrapAfter(frame < 0 ? clockOrigin : frameStarts[(int) frame], now);
    }

    @Override
    public Scenario scenario() {
        return scenario;
    }

    @Override
    public LabConfig config() {
        return config;
    }

    @Override
    public World world() {
        return world;
    }

    @Override
    public long currentFrame() {
        return currentFrame;
    }

    @Override
    public long nextSequence() {
        return clock.incrementAndGet();
    }

    @Override
    public boolean isRunThread(Thread thread) {
        return thread == labThread;
    }

    @Override
    public Interleaver interleaver() {
        return interleaver;
    }

    @Override
    public void bodyStarted(BodyRun run, Thread thread) {
        bodyRuns.add(run);
        inBodies.put(thread, Boolean.TRUE);
    }

    @Override
    public void bodyEnded(Thread thread) {
        inBodies.remove(thread);
    }

    @Override
    public Entity entity(String label) {
        return entities.get(label);
    }

    @Override
    public String label(Entity e) {
        return labels.get(e);
    }

    @Override
    public void bind(String label, Entity e) {
        entities.put(label, e);
        labels.put(e, label);
    }

    void worldChange(long seq, long frame, Data d, String label, ChangeType type, String cause, Long tick) {
        worldChanges.add(new ChangeRecord(-1, Scenario.WORLD, -1, seq, frame, d, label, type, cause, tick));
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
            // The newest match, searched from the end where this frame's runs are: a long run (criterion 6 runs
            // 10 000 frames) would otherwise walk every run of every earlier frame at each application.
            for (int i = bodyRuns.size() - 1; i >= 0 && log == null; i--) {
                BodyRun r = bodyRuns.get(i);
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
        // The applied commands wrote with the world's writer tick: the newest the world handed out, since no
        // system starts while a sync point applies commands.
        Long tick = labFrame >= 0 && labFrame < framesStarted ? clockIn(labFrame) : null;
        for (Edit e : log.commands) {
            String cause = system + "'s " + e.op().name().toLowerCase() + " command";
            for (Object[] c : model.apply(e)) {
                worldChange(seq, labFrame, (Data) c[0], (String) c[1], (ChangeType) c[2], cause, tick);
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
            int started = framesStarted;
            RunRecord run = runs.get(id);
            Long runTick = run.frame() >= 0 && run.frame() < started && ticks.containsKey(b.system + "|" + b.frame + "|"
                    + b.iteration) ? unwrapAfter(frameStarts[(int) run.frame()], run.tick()) : null;
            synchronized (b.direct) {
                for (Object[] d : b.direct) {
                    timed.add(new Object[] {b.finish, new ChangeRecord(-1, b.system, id, b.finish, b.frame, (Data) d[0],
                            (String) d[1], (ChangeType) d[2], "write", runTick)});
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
                    c.entity(), c.type(), c.cause(), c.tick()));
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
            } else if (why != null && !why.equals(ScenarioRunner.TIMEOUT) && !why.startsWith(GuardedExecutor.EXECUTOR_THREW)
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
                config.plugins(), config.tracker().horizon()), runs, changes, detections, mem, finalState(), allErrors, sorted, crashList,
                interleaving, frameTicks());
    }

    /** Where the clock stood when each frame that began began (the lab's count). */
    List<Long> frameTicks() {
        int started = framesStarted;
        List<Long> out = new ArrayList<>(started);
        for (int f = 0; f < started; f++) {
            out.add(frameStarts[f]);
        }
        return out;
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
