package dev.ecslab.lab.engine;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Data.Values.Cell;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * ecslab's own world behind the {@link Engine} interface: a real {@code ecs} {@link World} built with one
 * change-tracking strategy (a {@link TrackerSubject}: a built-in, a plug-in's or a mutant), driven call by call by
 * the lab's serial driver ({@link EngineRunner}) instead of by a schedule and an executor.
 *
 * <p><b>Why.</b> The lab judges ecslab's strategies natively (its own schedule, executors and system bodies) and
 * judges other engines through this interface. Putting ecslab's world behind the same interface lets one compare
 * the two paths on the same strategy: where their verdicts differ, either this adapter, the engine path or the
 * native path is wrong, or the two drivers really do something different, and the difference can be named.
 *
 * <p><b>What it promises.</b> Each call does what the native lab's schedule runner and system bodies do at the same
 * point, with the same world operations and the same ticks:
 * <ul>
 *   <li>every system has its own clock ({@code WorldInternals.newSystemTicks}) and a view of the whole world with
 *       it; {@link #beginRun} takes the world's next change tick for the run and tells the tracker the run started,
 *       {@link #endRun} tells it the run finished and ends the clock's run, as the schedule runner does;</li>
 *   <li>{@link #report} evaluates the watch as a system body does: a query reading the component with the change
 *       filter of the watch's kind and the strategy's flavor, walked serially; {@code removed} for a component's
 *       Removed; the resource filters for a resource. A watch that exists from the start has its query built at
 *       {@link #open}, before any entity exists (the native lab observes it before setup); a late watch gets its
 *       query at {@link #openWatch}, inside the run when the lab calls it there, which may make the world announce
 *       the component's rows;</li>
 *   <li>{@link #write} and {@link #writeResource} write through the running system's view, so the change carries the
 *       system's ticks and the system is not told of it (Bevy's rule), and a write of an equal value is a change;</li>
 *   <li>spawn, insert, remove, despawn and the resource operations are the world's direct operations, the ones
 *       command application calls, with the world writer's tick; the first run after a batch of them (or the frame
 *       end) is preceded by the world's sync point, as after applied commands;</li>
 *   <li>{@link #endFrame} is the world's {@code clearTrackers}, the schedule runner's frame end.</li>
 * </ul>
 *
 * <p><b>What it cannot do.</b> The interface tells an engine nothing of a scenario's world options, so this world
 * starts at tick 1, stores its components on {@link ValueLayout#REFERENCES} unless made with another layout, never
 * jumps its clock nor ends idle frames (the engine path plays neither), and knows no stage: the tracker hears no
 * stage start, stage end or loop-iteration end, and a sync point only where a run follows structural changes or a
 * run ends a frame. It observes every component from the start ({@code World.Builder#observeEverything}): a world
 * that observes a component only once a query filters on it announces every row when the first such query is built,
 * and the oracle permits those extra reports only in scenarios that do not observe everything, which an engine
 * cannot tell apart. Parallel watches are walked serially, as the interface does not say which watch is parallel.
 */
public final class EcslabEngine implements Engine {
    /** The prefix of every ecslab engine id: {@code ecslab-} and the strategy's label made an id. */
    public static final String ID_PREFIX = "ecslab-";

    private final TrackerSubject strategy;
    private final ValueLayout layout;

    private World world;
    private WorldInternals internals;
    private ChangeTracker tracker;
    private final Map<String, SystemState> systems = new HashMap<>();
    private final Map<String, Entity> entities = new LinkedHashMap<>();
    /** Every entity the engine made, also after it died: a removal is reported with its label. */
    private final Map<Entity, String> labels = new HashMap<>();
    private SystemState running;
    /** True when runs or structural changes happened since the last sync point. */
    private boolean syncDue;

    /** One system: its clock, its view, its watches' queries and its write queries. */
    private static final class SystemState {
        final String name;
        final List<EngineWorld.WatchDecl> watches;
        final RunTicks ticks;
        final WorldView view;
        final Query[] queries;
        final EntityTerm[] ids;
        final Map<Data, Query> writeQueries = new EnumMap<>(Data.class);
        final Map<Data, Write<? extends Cell>> writeTerms = new EnumMap<>(Data.class);

        SystemState(String name, List<EngineWorld.WatchDecl> watches, RunTicks ticks, WorldView view) {
            this.name = name;
            this.watches = watches;
            this.ticks = ticks;
            this.view = view;
            this.queries = new Query[watches.size()];
            this.ids = new EntityTerm[watches.size()];
        }
    }

    /** An engine on {@code strategy}'s world, its components stored as references. */
    public EcslabEngine(TrackerSubject strategy) {
        this(strategy, ValueLayout.REFERENCES);
    }

    /** An engine on {@code strategy}'s world, its components stored with {@code layout}. */
    public EcslabEngine(TrackerSubject strategy, ValueLayout layout) {
        this.strategy = Objects.requireNonNull(strategy, "strategy");
        this.layout = Objects.requireNonNull(layout, "layout");
    }

    // ------------------------------------------------------------------ subjects and contracts

    /** The engine id of a strategy: {@code ecslab-} and its label, lower case, every other character a dash. */
    public static String id(TrackerSubject strategy) {
        String label = strategy.label().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9.]+", "-").replaceAll("^-+|-+$", "");
        String id = ID_PREFIX + label;
        return id.length() <= 64 ? id : id.substring(0, 64);
    }

    /**
     * The contract of {@code strategy}'s world: every filter for components and resources, every feature, Bevy's
     * rule for a system's own writes, an equal write counts, every change reported, and the delay the strategy
     * claims ({@link TrackerSubject#delayFrames}).
     */
    public static EngineContract contract(TrackerSubject strategy) {
        int delay = Math.min(strategy.delayFrames(), EngineContract.MAX_DELAY_FRAMES);
        return new EngineContract(id(strategy), "ecslab " + strategy.label(), "ecslab's own world with the change-tracking"
                + " strategy " + strategy.label() + " (" + strategy.description() + "), driven call by call by the lab's"
                + " serial driver; the delay is the strategy's claim", EnumSet.allOf(WatchKind.class),
                EnumSet.allOf(WatchKind.class), false, true, delay, EnumSet.allOf(EngineContract.Feature.class),
                EngineContract.Coalescing.EVERY_CHANGE);
    }

    /** {@code strategy}'s world as an engine the lab can judge ({@link EngineLab#run}). */
    public static EngineSubject subject(TrackerSubject strategy) {
        return subject(strategy, ValueLayout.REFERENCES);
    }

    /** {@link #subject(TrackerSubject)} with its components stored with {@code layout}. */
    public static EngineSubject subject(TrackerSubject strategy, ValueLayout layout) {
        return new EngineSubject(contract(strategy), new Provider(strategy, layout), null);
    }

    /** The engines of the built-in strategies, one per strategy and flavor, in the strategies' order. */
    public static List<EngineSubject> builtIns(ClassLoader loader) {
        List<EngineSubject> out = new ArrayList<>();
        for (TrackerSubject t : TrackerSubject.all(loader)) {
            if (ChangeTrackerProvider.BUILT_IN.contains(t.id())) {
                out.add(subject(t));
            }
        }
        return out;
    }

    /** Makes a fresh engine on one strategy's world for every run. */
    public static final class Provider implements EngineProvider {
        private final TrackerSubject strategy;
        private final ValueLayout layout;
        private final EngineContract contract;

        /** A provider of engines on {@code strategy}'s world with components stored with {@code layout}. */
        public Provider(TrackerSubject strategy, ValueLayout layout) {
            this.strategy = Objects.requireNonNull(strategy, "strategy");
            this.layout = Objects.requireNonNull(layout, "layout");
            this.contract = EcslabEngine.contract(strategy);
        }

        @Override
        public EngineContract contract() {
            return contract;
        }

        @Override
        public Engine create() {
            return new EcslabEngine(strategy, layout);
        }
    }

    // ------------------------------------------------------------------ the world

    @Override
    public void open(EngineWorld declared) {
        ChangeTracker made = strategy.factory().get();
        if (made == null) {
            throw new IllegalStateException("strategy " + strategy.label() + " made no tracker");
        }
        world = World.builder().observeEverything().changeTracking(strategy.id(), made).build();
        internals = WorldInternals.of(world);
        tracker = internals.changeTracker();
        world.register(Data.A.type(), StorageKind.TABLE, layout);
        world.register(Data.B.type(), StorageKind.TABLE, layout);
        world.register(Data.S.type(), StorageKind.SPARSE_SET, layout);
        for (Data d : Data.values()) {
            if (d.isResource()) {
                internals.resources().infoOf(d.type());
            }
        }
        for (EngineWorld.SystemDecl s : declared.systems()) {
            if (systems.containsKey(s.name())) {
                throw new IllegalArgumentException("system " + s.name() + " is declared twice");
            }
            RunTicks ticks = internals.newSystemTicks(s.name());
            SystemState state = new SystemState(s.name(), s.watches(), ticks, internals.view(s.name(), Access.world(), ticks));
            for (Data d : Data.values()) {
                if (!d.isResource()) {
                    QueryBuilder qb = state.view.query();
                    state.writeTerms.put(d, qb.write(d.type()));
                    state.writeQueries.put(d, qb.build());
                }
            }
            for (int w = 0; w < s.watches().size(); w++) {
                if (!s.watches().get(w).late()) {
                    build(state, w);
                }
            }
            systems.put(s.name(), state);
        }
    }

    /** Builds watch {@code w}'s change query with the system's view, if it is one (a component's Added, Mutated, Changed). */
    private void build(SystemState s, int w) {
        EngineWorld.WatchDecl watch = s.watches.get(w);
        if (watch.resource() || kind(watch) == WatchKind.REMOVED || s.queries[w] != null) {
            return;
        }
        QueryBuilder qb = s.view.query();
        EntityTerm id = qb.entity();
        Class<? extends Cell> type = data(watch.data()).type();
        qb.read(type);
        qb.changedAs(type, changeKind(kind(watch)), strategy.flavor());
        for (String other : watch.with()) {
            qb.filter(new Filter.With(data(other).type()));
        }
        s.queries[w] = qb.build();
        s.ids[w] = id;
    }

    private static WatchKind kind(EngineWorld.WatchDecl w) {
        return WatchKind.valueOf(w.kind());
    }

    private static ChangeKind changeKind(WatchKind k) {
        return switch (k) {
            case ADDED -> ChangeKind.ADDED;
            case MUTATED -> ChangeKind.MUTATED;
            case CHANGED -> ChangeKind.CHANGED;
            case REMOVED -> throw new IllegalArgumentException("REMOVED is not a change kind");
        };
    }

    private static Data data(String name) {
        return Data.valueOf(name);
    }

    private SystemState system(String name) {
        SystemState s = systems.get(name);
        if (s == null) {
            throw new IllegalArgumentException("no system " + name);
        }
        return s;
    }

    private Entity live(String label) {
        Entity e = entities.get(label);
        if (e == null || !world.isAlive(e)) {
            throw new IllegalStateException("no live entity " + label);
        }
        return e;
    }

    private void structural() {
        if (running != null) {
            throw new IllegalStateException("a structural change inside the run of " + running.name);
        }
        syncDue = true;
    }

    @Override
    public void spawn(String entity, Map<String, Integer> components) {
        structural();
        Entity old = entities.get(entity);
        if (old != null && world.isAlive(old)) {
            throw new IllegalStateException("entity " + entity + " is already alive");
        }
        List<Object> values = new ArrayList<>();
        new TreeMap<>(components).forEach((d, v) -> values.add(data(d).value(v)));
        Entity e = world.spawn(values.toArray());
        entities.put(entity, e);
        labels.put(e, entity);
    }

    @Override
    public void insert(String entity, String component, int value) {
        structural();
        world.insert(live(entity), data(component).value(value));
    }

    @Override
    public void remove(String entity, String component) {
        structural();
        world.remove(live(entity), data(component).type());
    }

    @Override
    public void despawn(String entity) {
        structural();
        world.despawn(live(entity));
    }

    @Override
    public void insertResource(String resource, int value) {
        structural();
        world.insertResource(data(resource).value(value));
    }

    @Override
    public void removeResource(String resource) {
        structural();
        world.removeResource(data(resource).type());
    }

    /** The world's sync point, when runs or structural changes happened since the last one. */
    private void syncIfDue() {
        if (syncDue) {
            syncDue = false;
            internals.endSyncPoint();
        }
    }

    @Override
    public void beginRun(String system, long frame) {
        if (running != null) {
            throw new IllegalStateException("system " + system + " starts while " + running.name + " runs");
        }
        syncIfDue();
        SystemState s = system(system);
        s.ticks.begin(internals.nextChangeTick());
        tracker.onRunStarted(s.ticks);
        running = s;
    }

    private SystemState running(String system) {
        if (running == null || !running.name.equals(system)) {
            throw new IllegalStateException("system " + system + " is not running");
        }
        return running;
    }

    @Override
    public List<String> report(String system, int watch) {
        SystemState s = running(system);
        EngineWorld.WatchDecl w = s.watches.get(watch);
        Data d = data(w.data());
        WatchKind kind = kind(w);
        ChangeFlavor flavor = strategy.flavor();
        List<String> got = new ArrayList<>();
        if (w.resource()) {
            boolean holds = kind == WatchKind.REMOVED ? s.view.resourceRemoved(d.type(), flavor)
                    : s.view.resourceChangedAs(d.type(), changeKind(kind), flavor);
            if (holds) {
                got.add(d.name());
            }
        } else if (kind == WatchKind.REMOVED) {
            for (Entity e : s.view.removed(d.type(), flavor)) {
                got.add(label(e));
            }
        } else {
            if (s.queries[watch] == null) {
                build(s, watch);                         // a late watch the lab did not open: built in this run
            }
            EntityTerm id = s.ids[watch];
            s.queries[watch].forEach(row -> got.add(label(row.get(id))));
        }
        return got;
    }

    private String label(Entity e) {
        String l = labels.get(e);
        return l != null ? l : "?" + e;
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void write(String entity, String component, int value) {
        SystemState s = running == null ? null : running;
        if (s == null) {
            throw new IllegalStateException("a direct write outside any run");
        }
        Data d = data(component);
        Write term = s.writeTerms.get(d);
        boolean wrote = s.writeQueries.get(d).forEntity(live(entity), row -> row.modify(term, c -> ((Cell) c).v = value));
        if (!wrote) {
            throw new IllegalStateException(entity + " has no " + component);
        }
    }

    @Override
    public void writeResource(String resource, int value) {
        if (running == null) {
            throw new IllegalStateException("a direct write outside any run");
        }
        running.view.getResourceMutOrThrow(data(resource).type()).v = value;
    }

    @Override
    public void endRun(String system) {
        SystemState s = running(system);
        running = null;
        tracker.onRunFinished(s.ticks);
        s.ticks.end();
        syncDue = true;
    }

    @Override
    public void openWatch(String system, int watch) {
        build(system(system), watch);
    }

    @Override
    public void closeWatch(String system, int watch) {
        SystemState s = system(system);
        if (s.queries[watch] != null) {
            s.queries[watch].close();
            s.queries[watch] = null;
            s.ids[watch] = null;
        }
    }

    @Override
    public void endFrame(long frame) {
        if (running != null) {
            throw new IllegalStateException("frame " + frame + " ends while " + running.name + " runs");
        }
        syncIfDue();
        world.clearTrackers();
    }

    @Override
    public EngineState state() {
        Map<String, Map<String, Integer>> out = new TreeMap<>();
        entities.forEach((label, e) -> {
            if (!world.isAlive(e)) {
                return;
            }
            Map<String, Integer> comps = new TreeMap<>();
            for (Data d : Data.values()) {
                if (!d.isResource()) {
                    world.get(e, d.type()).ifPresent(v -> comps.put(d.name(), v.v));
                }
            }
            out.put(label, comps);
        });
        Map<String, Integer> resources = new TreeMap<>();
        for (Data d : Data.values()) {
            if (d.isResource()) {
                world.getResource(d.type()).ifPresent(v -> resources.put(d.name(), v.v));
            }
        }
        return new EngineState(out, resources);
    }

    @Override
    public void close() {
        systems.clear();
        entities.clear();
        labels.clear();
        world = null;
    }
}
