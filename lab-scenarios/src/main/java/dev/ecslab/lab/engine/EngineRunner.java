package dev.ecslab.lab.engine;

import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.GroupSpec;
import dev.ecslab.lab.scenario.PaddingSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.Crash;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.Interleaving;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a scenario against an engine under test and records the trace the lab's oracle and criteria judge, exactly
 * as they judge ecslab's own runs. The lab is the scheduler: it walks the scenario in its model's order (stages,
 * each stage's expected order, pauses, loops, commands applied at the end of each stage iteration in issue order),
 * so a run is deterministic and replays from the scenario alone.
 *
 * <p><b>Whose evidence.</b> Sequence numbers, runs, and every change are the lab's: it knows which entity has which
 * component and value, so it decides which write applies (the entity is alive, has the component and passes the
 * system's filters), whether a write of an equal value is a change (the contract's rule) and what a command did
 * (an insert on a present component is a mutation, a despawn removes each component). The engine contributes only
 * its answers to {@link Engine#report} and its end state.
 *
 * <p><b>Failures.</b> Whatever an engine call throws is a crash (source {@code engine}) that ends the run; a run
 * that does not end within the timeout is abandoned as hung ({@code run}/{@code timeout}) after
 * {@link Engine#close} is called from the waiting thread, which ends a process engine's process. Either way the
 * trace holds what happened up to there, and the judge counts it as a crash, never as a pass.
 */
public final class EngineRunner {
    /** The call of the crash a run that did not end within its timeout records. */
    public static final String TIMEOUT_CALL = "timeout";

    /** The executor name an engine's trace records: the lab's own serial driver. */
    public static final String DRIVER = Trace.ENGINE_DRIVER;

    private final Scenario scenario;
    private final EngineSubject subject;
    private final long seed;
    private final Duration timeout;

    private final List<RunRecord> runs = new ArrayList<>();
    private final List<ChangeRecord> changes = new ArrayList<>();
    private final List<Detection> detections = new ArrayList<>();
    private final List<Trace.Event> events = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private final List<Crash> crashes = new ArrayList<>();
    private final List<String> finalState = new ArrayList<>();
    private long clock;
    private long frame = -1;
    private String lastCall = "open";
    /** Whether the run was abandoned as a hang; guarded by {@code this}. */
    private boolean timedOut;

    /** The lab's model of the engine's world: each live entity's components and values, and the resources. */
    private final Map<String, EnumMap<Data, Integer>> alive = new LinkedHashMap<>();
    private final EnumMap<Data, Integer> resources = new EnumMap<>(Data.class);

    private EngineRunner(Scenario scenario, EngineSubject subject, long seed, Duration timeout) {
        this.scenario = scenario;
        this.subject = subject;
        this.seed = seed;
        this.timeout = timeout;
    }

    /**
     * Runs {@code scenario} on a fresh instance of {@code subject}'s engine and answers its trace.
     *
     * @throws IllegalArgumentException when the engine's contract cannot express the scenario (the reasons named)
     */
    public static Trace run(Scenario scenario, EngineSubject subject, long seed, Duration timeout) {
        List<String> cannot = subject.contract().cannotExpress(scenario);
        if (!cannot.isEmpty()) {
            throw new IllegalArgumentException("engine " + subject.id() + " cannot express scenario " + scenario.name() + ": "
                    + String.join("; ", cannot));
        }
        return new EngineRunner(scenario, subject, seed, timeout).run();
    }

    private Trace run() {
        AtomicReference<Engine> instance = new AtomicReference<>();
        Thread worker = new Thread(() -> drive(instance), "ecslab-engine-run");
        worker.setDaemon(true);
        worker.start();
        boolean ended;
        try {
            worker.join(timeout.toMillis());
            ended = !worker.isAlive();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            ended = false;
        }
        if (!ended) {
            // recorded first: what the engine throws once it is closed or interrupted is a consequence, not the cause
            synchronized (this) {
                timedOut = true;
                String limit = timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
                crashes.add(new Crash("run", TIMEOUT_CALL, null, null, "the engine did not end its run within "
                        + limit + "; its last call was " + lastCall, List.of(), frame));
                errors.add("timed out in " + lastCall);
            }
            Engine e = instance.get();
            if (e != null) {
                try {
                    e.close();                       // ends a process engine's process, and with it the hung call
                } catch (Exception | LinkageError ignored) {
                    // the run is already a crash
                }
            }
            worker.interrupt();
            try {
                worker.join(1_000);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
        }
        synchronized (this) {
            List<ChangeRecord> ordered = new ArrayList<>(changes);
            ordered.sort(java.util.Comparator.comparingLong(ChangeRecord::seq));     // stable: a run's writes keep their order
            List<ChangeRecord> numbered = new ArrayList<>(ordered.size());
            for (ChangeRecord c : ordered) {
                numbered.add(new ChangeRecord(numbered.size(), c.author(), c.authorRun(), c.seq(), c.frame(), c.data(),
                        c.entity(), c.type(), c.cause()));
            }
            List<Trace.Event> sortedEvents = new ArrayList<>(events);
            sortedEvents.sort(java.util.Comparator.comparingLong(Trace.Event::seq));
            return new Trace(scenario.name(), new Trace.Config(subject.id(), "DEFAULT", DRIVER, seed, 1,
                    subject.contract().delayFrames(), subject.jar() == null ? List.of() : List.of(subject.jar()), null,
                    subject.contract().ownWrites(), subject.contract().coalescing().name(), subject.contract().sets().name(),
                    subject.driver()),
                    List.copyOf(runs), numbered, List.copyOf(detections),
                    List.of(), List.copyOf(finalState), List.copyOf(errors), sortedEvents, List.copyOf(crashes),
                    Interleaving.UNRECORDED, null);
        }
    }

    /** A call into the engine that failed: the exception, and where. */
    private static final class EngineFailure extends RuntimeException {
        final String call;

        EngineFailure(String call, Throwable cause) {
            super(cause);
            this.call = call;
        }
    }

    /** A call into the engine. */
    private interface Call<T> {
        T call() throws Exception;
    }

    private <T> T call(String what, Call<T> c) {
        synchronized (this) {
            lastCall = what;
        }
        try {
            return c.call();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new EngineFailure(what, e);
        } catch (Exception | LinkageError | StackOverflowError | OutOfMemoryError e) {
            throw new EngineFailure(what, e);
        }
    }

    private void callVoid(String what, Call<Void> c) {
        call(what, c);
    }

    private void drive(AtomicReference<Engine> instance) {
        Engine engine = null;
        try {
            engine = call("create", subject::create);
            if (engine == null) {
                throw new EngineFailure("create", new NullPointerException("the engine provider made no engine"));
            }
            instance.set(engine);
            Engine e = engine;
            EngineWorld world = world();
            callVoid("open(" + world.systems().size() + " systems)", () -> {
                e.open(world);
                return null;
            });
            setup(e);
            List<int[]> orders = new ArrayList<>();
            for (StageSpec st : scenario.stages()) {
                orders.add(ScenarioAccess.expectedOrder(scenario, st));
            }
            for (int f = 0; f < scenario.totalFrames(); f++) {
                synchronized (this) {
                    frame = f;
                }
                windows(e, f);
                for (int si = 0; si < scenario.stages().size(); si++) {
                    stage(e, scenario.stages().get(si), orders.get(si), f);
                }
                long done = f;
                callVoid("endFrame(" + f + ")", () -> {
                    e.endFrame(done);
                    return null;
                });
            }
            EngineState state = call("state()", e::state);
            synchronized (this) {
                finalState.addAll(render(state));
            }
        } catch (EngineFailure failure) {
            synchronized (this) {
                Throwable t = failure.getCause();
                if (timedOut && t instanceof IsolatedEngineJars.Abandoned) {
                    return;                 // a consequence of ending the run that hung, in words that vary
                }
                if (t instanceof IsolatedEngineJars.JvmEnded ended) {
                    crashes.add(new Crash("run", Crash.ISOLATED_JVM, null, null, ended.getMessage(), ended.lines(), frame));
                    errors.add("the isolated JVM of the engine ended in " + failure.call);
                    return;
                }
                IsolatedEngineJars.Thrown remote = t instanceof IsolatedEngineJars.Thrown r ? r : null;
                String type = remote != null ? remote.type() : t.getClass().getName();
                String message = remote != null ? remote.message() : t.getMessage();
                String call = remote != null && remote.call() != null ? remote.call() : failure.call;
                String missing = type.equals(NoClassDefFoundError.class.getName()) || type.equals(ClassNotFoundException.class.getName())
                        ? " (a class the engine needs is not on the class path: give the engine's own dependencies"
                                + " as more --engine-jar options)" : "";
                crashes.add(new Crash("engine", call, null, null, type + (message == null ? "" : ": " + message) + missing,
                        remote != null ? remote.frames() : frames(t), frame));
                errors.add("the engine failed in " + call);
            }
        } finally {
            if (engine != null) {
                try {
                    engine.close();
                } catch (Exception | LinkageError ignored) {
                    // closing is best effort; a failure there judges nothing
                }
            }
        }
    }

    /** Watches whose query is built, by system and index; a watch built in a run is built in its first run there. */
    private final Set<String> opened = new HashSet<>();

    /** Before frame {@code f}: opens the watches built between frames whose window starts here, closes those that end. */
    private void windows(Engine e, int f) {
        for (SystemSpec s : scenario.systems()) {
            for (int w = 0; w < s.watches().size(); w++) {
                Watch watch = s.watches().get(w);
                int index = w;
                if (watch.until() != null && watch.until() == f && opened.remove(s.name() + "/" + w)) {
                    callVoid("closeWatch(" + s.name() + ", " + watch + ")", () -> {
                        e.closeWatch(s.name(), index);
                        return null;
                    });
                }
                if (!watch.builtInRun() && watch.firstFrame() > 0 && watch.firstFrame() == f && opened.add(s.name() + "/" + w)) {
                    callVoid("openWatch(" + s.name() + ", " + watch + ")", () -> {
                        e.openWatch(s.name(), index);
                        return null;
                    });
                }
            }
        }
    }

    private EngineWorld world() {
        List<EngineWorld.SystemDecl> systems = new ArrayList<>();
        for (SystemSpec s : scenario.systems()) {
            List<EngineWorld.WatchDecl> watches = new ArrayList<>();
            for (Watch w : s.watches()) {
                boolean late = w.builtInRun() || w.firstFrame() > 0;
                if (!late) {
                    opened.add(s.name() + "/" + watches.size());
                }
                watches.add(new EngineWorld.WatchDecl(w.data().name(), w.kind().name(), w.data().isResource(), late,
                        w.with().stream().map(Data::name).toList()));
            }
            systems.add(new EngineWorld.SystemDecl(s.name(), watches));
        }
        return new EngineWorld(systems);
    }

    private void setup(Engine e) {
        PaddingSpec padding = scenario.padding();
        if (padding != null) {
            for (int i = 0; i < padding.kept(); i++) {
                String label = PaddingSpec.keptLabel(i);
                callVoid("spawn(" + label + ")", () -> {
                    e.spawn(label, Map.of());
                    return null;
                });
            }
            for (int g = 0; g < padding.generations(); g++) {
                for (int i = 0; i < padding.recycled(); i++) {
                    String label = PaddingSpec.recycledLabel(i);
                    callVoid("spawn(" + label + ")", () -> {
                        e.spawn(label, Map.of());
                        return null;
                    });
                }
                for (int i = padding.recycled() - 1; i >= 0; i--) {
                    String label = PaddingSpec.recycledLabel(i);
                    callVoid("despawn(" + label + ")", () -> {
                        e.despawn(label);
                        return null;
                    });
                }
            }
        }
        for (EntitySpec spec : scenario.entities()) {
            spawnAtSetup(e, spec.label(), spec.components());
        }
        for (GroupSpec g : scenario.groups()) {
            for (int i = 0; i < g.count(); i++) {
                spawnAtSetup(e, g.member(i), g.components());
            }
        }
        for (Map.Entry<Data, Integer> r : scenario.resources().entrySet()) {
            Data d = r.getKey();
            int v = r.getValue();
            callVoid("insertResource(" + d + ", " + v + ")", () -> {
                e.insertResource(d.name(), v);
                return null;
            });
            resources.put(d, v);
            changes.add(new ChangeRecord(-1, Scenario.WORLD, -1, 0, -1, d, null, ChangeType.ADDED, "setup"));
        }
    }

    private void spawnAtSetup(Engine e, String label, Map<Data, Integer> components) {
        Map<String, Integer> named = new TreeMap<>();
        components.forEach((d, v) -> named.put(d.name(), v));
        callVoid("spawn(" + label + ", " + named + ")", () -> {
            e.spawn(label, named);
            return null;
        });
        alive.put(label, new EnumMap<>(Data.class));
        alive.get(label).putAll(components);
        for (Data d : components.keySet()) {
            synchronized (this) {
                changes.add(new ChangeRecord(-1, Scenario.WORLD, -1, 0, -1, d, label, ChangeType.ADDED, "setup"));
            }
        }
    }

    private void stage(Engine e, StageSpec st, int[] order, int f) {
        List<SystemSpec> systems = st.systems();
        boolean anyRuns = systems.stream().anyMatch(s -> scenario.runsIn(st, s, f));
        int iterations = anyRuns ? st.iterationsIn(f, scenario.frames()) : 1;
        Map<String, List<Edit>> editsByRun = new HashMap<>();
        for (Edit edit : scenario.edits()) {
            if (edit.frame() == f) {
                editsByRun.computeIfAbsent(edit.system() + "|" + edit.iteration(), k -> new ArrayList<>()).add(edit);
            }
        }
        for (int it = 0; it < iterations; it++) {
            List<String> issuers = new ArrayList<>();
            List<List<Edit>> buffers = new ArrayList<>();
            for (int v : order) {
                SystemSpec s = systems.get(v);
                if (!scenario.runsIn(st, s, f)) {
                    continue;
                }
                List<Edit> commands = body(e, st, s, f, it, editsByRun.getOrDefault(s.name() + "|" + it, List.of()));
                if (!commands.isEmpty()) {
                    issuers.add(s.name());
                    buffers.add(commands);
                }
            }
            synchronized (this) {
                events.add(new Trace.Event(++clock, "sync", f, st.name(), it, null, Thread.currentThread().getName()));
            }
            for (int b = 0; b < buffers.size(); b++) {
                long seq;
                synchronized (this) {
                    seq = ++clock;
                    events.add(new Trace.Event(seq, "commands", f, st.name(), it, issuers.get(b), Thread.currentThread().getName()));
                }
                for (Edit c : buffers.get(b)) {
                    apply(e, c, seq, f);
                }
            }
        }
    }

    /** One run of system {@code s}: its watches' reports, its direct writes; answers the commands it issued. */
    private List<Edit> body(Engine e, StageSpec st, SystemSpec s, int f, int it, List<Edit> edits) {
        long start;
        int id;
        synchronized (this) {
            start = ++clock;
            id = runs.size();
        }
        callVoid("beginRun(" + s.name() + ", frame " + f + ")", () -> {
            e.beginRun(s.name(), f);
            return null;
        });
        for (int w = 0; w < s.watches().size(); w++) {
            int index = w;
            Watch watch = s.watches().get(w);
            if (!watch.existsIn(f)) {
                continue;
            }
            if (watch.builtInRun() && opened.add(s.name() + "/" + w)) {
                callVoid("openWatch(" + s.name() + ", " + watch + ")", () -> {
                    e.openWatch(s.name(), index);
                    return null;
                });
            }
            List<String> got = call("report(" + s.name() + ", " + watch + ")", () -> e.report(s.name(), index));
            if (got == null) {                          // "nothing" is an empty list; no answer is a broken engine
                throw new EngineFailure("report(" + s.name() + ", " + watch + ")",
                        new NullPointerException("the engine answered no list"));
            }
            List<String> reported = List.copyOf(got);
            synchronized (this) {
                detections.add(new Detection(id, watch, reported));
            }
        }
        List<Edit> commands = new ArrayList<>();
        Set<String> despawnedHere = new HashSet<>();
        List<Object[]> direct = new ArrayList<>();
        for (Edit edit : edits) {
            for (Edit one : edit.singles()) {
                if (one.op().isCommand()) {
                    if (one.onResource() || one.op() == EditOp.SPAWN
                            || alive.containsKey(one.entity()) && !despawnedHere.contains(one.entity())) {
                        commands.add(one);
                        if (one.op() == EditOp.DESPAWN) {
                            despawnedHere.add(one.entity());
                        }
                    }
                } else if (one.onResource()) {
                    Integer now = resources.get(one.data());
                    if (now != null && (one.op() == EditOp.SET || now != one.value())) {
                        callVoid("writeResource(" + one.data() + ", " + one.value() + ")", () -> {
                            e.writeResource(one.data().name(), one.value());
                            return null;
                        });
                        resources.put(one.data(), one.value());
                        if (now != one.value() || subject.contract().equalWritesCount()) {
                            direct.add(new Object[] {one.data(), null});
                        }
                    }
                } else {
                    EnumMap<Data, Integer> comps = alive.get(one.entity());
                    if (comps != null && comps.containsKey(one.data()) && comps.keySet().containsAll(s.with())
                            && s.without().stream().noneMatch(comps::containsKey)) {
                        int now = comps.get(one.data());
                        if (one.op() == EditOp.SET || now != one.value()) {
                            callVoid("write(" + one.entity() + ", " + one.data() + ", " + one.value() + ")", () -> {
                                e.write(one.entity(), one.data().name(), one.value());
                                return null;
                            });
                            comps.put(one.data(), one.value());
                            if (now != one.value() || subject.contract().equalWritesCount()) {
                                direct.add(new Object[] {one.data(), one.entity()});
                            }
                        }
                    }
                }
            }
        }
        callVoid("endRun(" + s.name() + ")", () -> {
            e.endRun(s.name());
            return null;
        });
        synchronized (this) {
            long finish = ++clock;
            runs.add(new RunRecord(id, s.name(), st.name(), f, it, start, finish, Thread.currentThread().getName(), 0, 0, null, true));
            events.add(new Trace.Event(start, "start", f, st.name(), it, s.name(), Thread.currentThread().getName()));
            events.add(new Trace.Event(finish, "finish", f, st.name(), it, s.name(), Thread.currentThread().getName()));
            for (Object[] d : direct) {
                changes.add(new ChangeRecord(-1, s.name(), id, finish, f, (Data) d[0], (String) d[1], ChangeType.MUTATED, "write"));
            }
        }
        return commands;
    }

    /** Applies one command at a sync point, with the engine's operation for it and the lab's record of its changes. */
    private void apply(Engine e, Edit c, long seq, int f) {
        String cause = c.system() + "'s " + c.op().name().toLowerCase() + " command";
        Data d = c.data();
        List<Object[]> made = new ArrayList<>();
        if (c.onResource()) {
            Integer now = resources.get(d);
            if (c.op() == EditOp.INSERT) {
                callVoid("insertResource(" + d + ", " + c.value() + ")", () -> {
                    e.insertResource(d.name(), c.value());
                    return null;
                });
                resources.put(d, c.value());
                if (now == null) {
                    made.add(new Object[] {d, null, ChangeType.ADDED});
                } else if (now != c.value() || subject.contract().equalWritesCount()) {
                    made.add(new Object[] {d, null, ChangeType.MUTATED});
                }
            } else if (now != null) {
                callVoid("removeResource(" + d + ")", () -> {
                    e.removeResource(d.name());
                    return null;
                });
                resources.remove(d);
                made.add(new Object[] {d, null, ChangeType.REMOVED});
            }
        } else {
            EnumMap<Data, Integer> comps = alive.get(c.entity());
            switch (c.op()) {
                case SPAWN -> {
                    callVoid("spawn(" + c.entity() + ", {" + d + "=" + c.value() + "})", () -> {
                        e.spawn(c.entity(), Map.of(d.name(), c.value()));
                        return null;
                    });
                    EnumMap<Data, Integer> fresh = new EnumMap<>(Data.class);
                    fresh.put(d, c.value());
                    alive.put(c.entity(), fresh);
                    made.add(new Object[] {d, c.entity(), ChangeType.ADDED});
                }
                case INSERT -> {
                    if (comps != null) {
                        Integer now = comps.get(d);
                        callVoid("insert(" + c.entity() + ", " + d + ", " + c.value() + ")", () -> {
                            e.insert(c.entity(), d.name(), c.value());
                            return null;
                        });
                        comps.put(d, c.value());
                        if (now == null) {
                            made.add(new Object[] {d, c.entity(), ChangeType.ADDED});
                        } else if (now != c.value() || subject.contract().equalWritesCount()) {
                            made.add(new Object[] {d, c.entity(), ChangeType.MUTATED});
                        }
                    }
                }
                case REMOVE -> {
                    if (comps != null && comps.containsKey(d)) {
                        callVoid("remove(" + c.entity() + ", " + d + ")", () -> {
                            e.remove(c.entity(), d.name());
                            return null;
                        });
                        comps.remove(d);
                        made.add(new Object[] {d, c.entity(), ChangeType.REMOVED});
                    }
                }
                case DESPAWN -> {
                    if (comps != null) {
                        callVoid("despawn(" + c.entity() + ")", () -> {
                            e.despawn(c.entity());
                            return null;
                        });
                        alive.remove(c.entity());
                        for (Data had : comps.keySet()) {
                            made.add(new Object[] {had, c.entity(), ChangeType.REMOVED});
                        }
                    }
                }
                default -> throw new IllegalStateException(c.op().toString());
            }
        }
        synchronized (this) {
            for (Object[] m : made) {
                changes.add(new ChangeRecord(-1, Scenario.WORLD, -1, seq, f, (Data) m[0], (String) m[1], (ChangeType) m[2], cause));
            }
        }
    }

    /** The engine's state in the canonical lines of the lab's model, padding entities left out. */
    static List<String> render(EngineState state) {
        List<String> out = new ArrayList<>();
        if (state == null) {
            out.add("(the engine answered no state)");
            return out;
        }
        state.entities().forEach((label, comps) -> {
            if (label.startsWith(PaddingSpec.PREFIX)) {
                return;
            }
            StringBuilder line = new StringBuilder(label).append(':');
            for (Data d : Data.values()) {
                Integer v = comps.get(d.name());
                if (!d.isResource() && v != null) {
                    line.append(' ').append(d.value(v));
                }
            }
            comps.keySet().stream().filter(k -> !isComponent(k)).forEach(k -> line.append(" ?").append(k));
            out.add(line.toString());
        });
        for (Data d : Data.values()) {
            Integer v = state.resources().get(d.name());
            if (d.isResource() && v != null) {
                out.add("resource " + d.value(v));
            }
        }
        state.resources().keySet().stream().filter(k -> !isResource(k)).forEach(k -> out.add("resource ?" + k));
        return out;
    }

    private static boolean isComponent(String name) {
        for (Data d : Data.values()) {
            if (!d.isResource() && d.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    private static boolean isResource(String name) {
        for (Data d : Data.values()) {
            if (d.isResource() && d.name().equals(name)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The top frames of what the engine threw, innermost first, down to the caller (this runner, or the driver of an
     * isolated engine jar, {@link JarEngineDriver}): the engine's own, which read the same wherever it ran.
     */
    static List<String> frames(Throwable t) {
        List<String> out = new ArrayList<>();
        StackTraceElement[] st = t.getStackTrace();
        for (int i = 0; i < Math.min(8, st.length); i++) {
            String cls = st[i].getClassName();
            if (cls.startsWith(EngineRunner.class.getName()) || cls.startsWith(JarEngineDriver.class.getName())) {
                break;
            }
            out.add(st[i].toString());
        }
        return out;
    }
}
