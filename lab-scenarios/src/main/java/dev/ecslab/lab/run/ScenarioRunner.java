package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutionObserver;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SystemEvent;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemContext;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Data.Values.Cell;
import dev.ecslab.lab.scenario.Edit;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.EntitySpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs a {@link Scenario} on a real world and schedule under one {@link LabConfig} and records the
 * {@link Trace}: every system run (from the executor's observer events), every change actually made
 * (direct writes as the bodies make them, command effects as the lab's presence model computes them
 * when the runner applies the buffers), every detection, the tracker's size per frame and the final
 * state.
 *
 * <p><b>System bodies.</b> A run first evaluates each watch (a query with the change filter, or the
 * removal and resource filters) and records what it yields, then makes its edits for the frame and
 * iteration in list order. Direct writes go through write queries ({@code forEntity}); an edit on an
 * entity that is gone, lacks the component or fails the system's filter is skipped and recorded as
 * no change. Commands are issued only for entities alive when the body runs and not despawned earlier
 * in the same run, so a scenario whose structural edits on one entity come from one system per frame
 * never has a failing command.
 *
 * <p><b>Never leaves threads running.</b> The schedule runner (and its executor) is closed in every
 * case; a failure inside a frame stops the run and is recorded in {@link Trace#errors()}.
 */
public final class ScenarioRunner {
    private ScenarioRunner() {
    }

    /** Runs the scenario with the configured executor. */
    public static Trace run(Scenario scenario, LabConfig config) {
        ExecutorOptions options = ExecutorOptions.defaults().withSeed(config.seed()).withThreads(config.threads());
        return run(scenario, config, config.executor().factory().apply(options));
    }

    /** Runs the scenario with a given executor (replay uses its own). The executor is closed. */
    public static Trace run(Scenario scenario, LabConfig config, Executor executor) {
        return new Session(scenario.validate(), config).run(executor);
    }

    /**
     * Called on the lab thread after each frame that completed ({@code frame} counts from 0), with the
     * world and the strategy's own tracker object, while no system runs: criterion 6 measures them.
     */
    public interface FrameProbe {
        void afterFrame(int frame, World world, ChangeTracker tracker);
    }

    /** Runs the scenario with the configured executor, calling {@code probe} after each frame. */
    public static Trace run(Scenario scenario, LabConfig config, FrameProbe probe) {
        Session s = new Session(scenario.validate(), config);
        s.probe = probe;
        ExecutorOptions options = ExecutorOptions.defaults().withSeed(config.seed()).withThreads(config.threads());
        return s.run(config.executor().factory().apply(options));
    }

    /**
     * The scenario's schedule compiled against a fresh world, without running it: what the ambiguity
     * criterion compares with its own oracle.
     */
    public static CompiledSchedule compile(Scenario scenario) {
        Session s = new Session(scenario.validate(), null);
        s.registerTypes();
        return s.schedule().compile(s.world);
    }

    /** The key of one system run, as bodies and observer events both know it. */
    record RunKey(String system, long frame, int iteration) {
    }

    /** What a body recorded during one run. */
    static final class RunLog {
        final List<Object[]> direct = new ArrayList<>();          // Data, label, ChangeType
        final List<Edit> commands = new ArrayList<>();
        final List<Detection> detections = new ArrayList<>();
    }

    private static final class Session implements ExecutionObserver {
        final Scenario scenario;
        final LabConfig config;
        final World world;
        final Map<String, Entity> entities = new ConcurrentHashMap<>();
        final Map<Entity, String> labels = new ConcurrentHashMap<>();
        final Map<RunKey, RunLog> logs = new ConcurrentHashMap<>();
        final Map<RunKey, long[]> starts = new ConcurrentHashMap<>();     // startSeq, tick, lastRunTick
        final Map<RunKey, String> threads = new ConcurrentHashMap<>();
        final Map<RunKey, String> stages = new ConcurrentHashMap<>();
        final Map<RunKey, Object[]> finishes = new ConcurrentHashMap<>(); // finishSeq, failure
        final List<Trace.Event> events = java.util.Collections.synchronizedList(new ArrayList<>());
        final Map<String, List<Edit>> editsByKey = new HashMap<>();
        final List<ChangeRecord> worldChanges = new ArrayList<>();
        final PresenceModel model = new PresenceModel();
        final List<Long> memory = new ArrayList<>();
        final List<String> errors = new ArrayList<>();
        FrameProbe probe = (f, w, t) -> { };

        Session(Scenario scenario, LabConfig config) {
            this.scenario = scenario;
            this.config = config;
            World.Builder b = World.builder();
            if (scenario.startTick() != null) {
                b.initialChangeTick(scenario.startTick());
            }
            this.world = config == null ? b.build()
                    : b.changeTracking(config.tracker().id(), config.tracker().factory().get()).build();
            for (Edit e : scenario.edits()) {
                editsByKey.computeIfAbsent(e.system() + "|" + e.frame() + "|" + e.iteration(), k -> new ArrayList<>()).add(e);
            }
        }

        void registerTypes() {
            world.register(Data.A.type(), StorageKind.TABLE);
            world.register(Data.B.type(), StorageKind.TABLE);
            world.register(Data.S.type(), StorageKind.SPARSE_SET);
            for (Data d : Data.values()) {
                if (d.isResource()) {
                    world.resources().infoOf(d.type());        // registered (no value) for access checks
                }
            }
        }

        Trace run(Executor executor) {
            registerTypes();
            setup();
            Schedule schedule;
            try {
                schedule = schedule();
            } catch (RuntimeException e) {
                executor.close();
                throw e;
            }
            CompiledSchedule compiled = null;
            try (ScheduleRunner runner = new ScheduleRunner(world, schedule.compile(world), executor)) {
                compiled = runner.schedule();
                runner.observe(this);
                for (int f = 0; f < scenario.totalFrames(); f++) {
                    try {
                        runner.runFrame();
                    } catch (RuntimeException e) {
                        errors.add("frame " + f + ": " + e);
                        break;
                    } finally {
                        memory.add(world.changeTracker().memoryBytes());
                    }
                    probe.afterFrame(f, world, world.changeTracker());
                }
            }
            return assemble(compiled);
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
            scenario.resources().forEach((d, v) -> {
                world.insertResource(d.value(v));
                model.resources.add(d);
                worldChange(0, -1, d, null, ChangeType.ADDED, "setup");
            });
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
            Schedule.Builder b = Schedule.builder().ambiguity(AmbiguitySetting.IGNORE);
            for (StageSpec st : scenario.stages()) {
                List<SystemDescriptor> systems = new ArrayList<>();
                Set<String> pauseSets = new TreeSet<>();
                for (SystemSpec s : st.systems()) {
                    SystemDescriptor.Builder d = SystemDescriptor.builder(s.name()).access(access(s))
                            .setup(view -> body(view, s));
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

        SystemBody body(WorldView view, SystemSpec s) {
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
                qb.change(w.data().type(), changeKind(w.kind()), flavor);
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
                RunKey key = new RunKey(s.name(), ctx.frame(), ctx.iteration());
                RunLog log = new RunLog();
                logs.put(key, log);
                for (int i = 0; i < s.watches().size(); i++) {
                    Watch w = s.watches().get(i);
                    List<String> got = new ArrayList<>();
                    if (w.data().isResource()) {
                        boolean holds = switch (w.kind()) {
                            case REMOVED -> ctx.world().resourceRemoved(w.data().type(), flavor);
                            default -> ctx.world().resourceChange(w.data().type(), changeKind(w.kind()), flavor);
                        };
                        if (holds) {
                            got.add(w.data().name());
                        }
                    } else if (w.kind() == WatchKind.REMOVED) {
                        for (Entity e : ctx.world().removed(w.data().type(), flavor)) {
                            got.add(labelOf(e));
                        }
                    } else {
                        EntityTerm id = watchIds.get(i);
                        watchQueries.get(i).forEach(row -> got.add(labelOf(row.get(id))));
                    }
                    log.detections.add(new Detection(-1, w, got));
                }
                List<Edit> edits = editsByKey.getOrDefault(s.name() + "|" + ctx.frame() + "|" + ctx.iteration(), List.of());
                Set<String> despawnedHere = new HashSet<>();
                for (Edit e : edits) {
                    if (e.op().isCommand()) {
                        issue(ctx, e, log, despawnedHere);
                    } else if (e.onResource()) {
                        writeResource(ctx.world(), e, log);
                    } else {
                        writeComponent(e, writeQueries.get(e.data()), writeTerms.get(e.data()), log);
                    }
                }
            };
        }

        String labelOf(Entity e) {
            String l = labels.get(e);
            return l != null ? l : "?" + e;
        }

        @SuppressWarnings({"unchecked", "rawtypes"})
        void writeComponent(Edit e, Query q, Write term, RunLog log) {
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

        void writeResource(WorldView view, Edit e, RunLog log) {
            if (view.getResource(e.data().type()).isEmpty()) {
                return;
            }
            boolean changed;
            if (e.op() == EditOp.SET) {
                view.resourceMut(e.data().type()).v = e.value();
                changed = true;
            } else {
                changed = view.setResourceIfChanged(e.data().value(e.value()));
            }
            if (changed) {
                log.direct.add(new Object[] {e.data(), null, ChangeType.MUTATED});
            }
        }

        void issue(SystemContext ctx, Edit e, RunLog log, Set<String> despawnedHere) {
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

        // ------------------------------------------------------------ observer

        @Override
        public void systemStarted(SystemEvent ev) {
            RunKey key = new RunKey(ev.system(), ev.frame(), ev.iteration());
            starts.put(key, new long[] {ev.sequence(), ev.tick(), ev.lastRunTick()});
            threads.put(key, ev.thread());
            stages.put(key, ev.stage());
            events.add(new Trace.Event(ev.sequence(), "start", ev.frame(), ev.stage(), ev.iteration(), ev.system(), ev.thread()));
        }

        @Override
        public void systemFinished(SystemEvent ev) {
            RunKey key = new RunKey(ev.system(), ev.frame(), ev.iteration());
            finishes.put(key, new Object[] {ev.sequence(), ev.failure() == null ? null : ev.failure().toString()});
            events.add(new Trace.Event(ev.sequence(), "finish", ev.frame(), ev.stage(), ev.iteration(), ev.system(), ev.thread()));
        }

        @Override
        public void syncPoint(long sequence, long frame, String stage, int iteration, String explicitSystem) {
            events.add(new Trace.Event(sequence, "sync", frame, stage, iteration, explicitSystem, Thread.currentThread().getName()));
        }

        @Override
        public void commandsApplied(long sequence, long frame, String stage, int iteration, String system, int count) {
            events.add(new Trace.Event(sequence, "commands", frame, stage, iteration, system, Thread.currentThread().getName()));
            RunLog log = logs.get(new RunKey(system, frame, iteration));
            if (log == null || log.commands.size() != count) {
                errors.add("frame " + frame + ": " + system + " issued " + (log == null ? 0 : log.commands.size())
                        + " command(s) but the runner applied " + count);
                return;
            }
            for (Edit e : log.commands) {
                String cause = system + "'s " + e.op().name().toLowerCase() + " command";
                for (Object[] c : model.apply(e)) {
                    worldChange(sequence, frame, (Data) c[0], (String) c[1], (ChangeType) c[2], cause);
                }
            }
        }

        // ------------------------------------------------------------ the trace

        Trace assemble(CompiledSchedule compiled) {
            List<RunKey> keys = new ArrayList<>(starts.keySet());
            keys.sort(Comparator.comparingLong(k -> starts.get(k)[0]));
            Map<RunKey, Integer> ids = new HashMap<>();
            List<RunRecord> runs = new ArrayList<>();
            for (RunKey k : keys) {
                long[] s = starts.get(k);
                Object[] f = finishes.get(k);
                int id = runs.size();
                ids.put(k, id);
                runs.add(new RunRecord(id, k.system(), stages.get(k), k.frame(), k.iteration(), s[0],
                        f == null ? Long.MAX_VALUE : (long) f[0], threads.get(k), (int) s[1], (int) s[2],
                        f == null ? "never finished" : (String) f[1]));
            }
            List<Object[]> timed = new ArrayList<>();                // seq, ChangeRecord without id
            for (ChangeRecord c : worldChanges) {
                timed.add(new Object[] {c.seq(), c});
            }
            List<Detection> detections = new ArrayList<>();
            for (RunKey k : keys) {
                RunLog log = logs.get(k);
                if (log == null) {
                    continue;
                }
                int id = ids.get(k);
                long finish = runs.get(id).finishSeq();
                for (Object[] d : log.direct) {
                    timed.add(new Object[] {finish, new ChangeRecord(-1, k.system(), id, finish, k.frame(), (Data) d[0],
                            (String) d[1], (ChangeType) d[2], "write")});
                }
                for (Detection d : log.detections) {
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
            List<Trace.Event> sorted = new ArrayList<>(events);
            sorted.sort(Comparator.comparingLong(Trace.Event::seq));
            for (RunRecord r : runs) {
                if (r.failure() != null) {
                    errors.add(r + " failed: " + r.failure());
                }
            }
            return new Trace(scenario.name(), new Trace.Config(config.tracker().id(), config.tracker().flavor().name(),
                    config.executor().id(), config.seed(), config.threads()), runs, changes, detections, memory,
                    finalState(), errors, sorted);
        }

        List<String> finalState() {
            List<String> out = new ArrayList<>();
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
