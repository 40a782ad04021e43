package dev.ecslab.lab.engine;

import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The lab's own reference engine: an in-memory world that keeps a log of every change and answers each watch with
 * exactly what changed since its system's previous run, as the oracle defines it. It is the control of the engine
 * path (the lab must judge it exact on every scenario) and a model for adapter and driver authors: a report lists
 * each entity once whose component was added (or mutated) in the window and that still has it (and, for a watch over
 * a set, holds the set's other components now), and one entry per removal; a system is not told of its own writes.
 *
 * <p>Not for speed: a report walks the log since the system's previous run.
 */
public class ReferenceEngine implements Engine {
    /** Its contract: every filter, every feature, the next run, Bevy's rule for own changes. */
    public static final EngineContract CONTRACT = new EngineContract("reference", "ecslab reference engine",
            "the lab's own in-memory engine: a change log read per system window", EnumSet.allOf(WatchKind.class),
            EnumSet.allOf(WatchKind.class), false, true, 0, EnumSet.allOf(EngineContract.Feature.class));

    /** One change in the log: {@code entity} null for a resource; {@code author} null for the world. */
    protected record Change(long seq, String entity, String data, WatchKind type, String author) {
    }

    protected final Map<String, Map<String, Integer>> entities = new LinkedHashMap<>();
    protected final Map<String, Integer> resources = new TreeMap<>();
    protected final List<Change> log = new ArrayList<>();
    protected final Map<String, Long> previousBegin = new HashMap<>();
    protected final Map<String, Long> currentBegin = new HashMap<>();
    protected EngineWorld world;
    protected String running;
    protected long seq;

    /** This engine as the lab holds it. */
    public static EngineSubject subject() {
        return new EngineSubject(CONTRACT, new Provider(), null);
    }

    /** The reference engine's provider, found through {@code META-INF/services} with every other engine. */
    public static final class Provider implements EngineProvider {
        @Override
        public EngineContract contract() {
            return CONTRACT;
        }

        @Override
        public Engine create() {
            return new ReferenceEngine();
        }
    }

    @Override
    public void open(EngineWorld w) {
        this.world = w;
    }

    /** Records a change; {@code type} is ADDED, MUTATED or REMOVED. */
    protected void changed(String entity, String data, WatchKind type) {
        log.add(new Change(++seq, entity, data, type, running));
    }

    private Map<String, Integer> live(String entity) {
        Map<String, Integer> comps = entities.get(entity);
        if (comps == null) {
            throw new IllegalStateException("no live entity " + entity);
        }
        return comps;
    }

    @Override
    public void spawn(String entity, Map<String, Integer> components) {
        if (entities.containsKey(entity)) {
            throw new IllegalStateException("entity " + entity + " is already alive");
        }
        entities.put(entity, new TreeMap<>(components));
        components.keySet().forEach(d -> changed(entity, d, WatchKind.ADDED));
    }

    @Override
    public void insert(String entity, String component, int value) {
        Integer old = live(entity).put(component, value);
        changed(entity, component, old == null ? WatchKind.ADDED : WatchKind.MUTATED);
    }

    @Override
    public void remove(String entity, String component) {
        if (live(entity).remove(component) != null) {
            changed(entity, component, WatchKind.REMOVED);
        }
    }

    @Override
    public void despawn(String entity) {
        Map<String, Integer> comps = live(entity);
        entities.remove(entity);
        comps.keySet().forEach(d -> changed(entity, d, WatchKind.REMOVED));
    }

    @Override
    public void insertResource(String resource, int value) {
        Integer old = resources.put(resource, value);
        changed(null, resource, old == null ? WatchKind.ADDED : WatchKind.MUTATED);
    }

    @Override
    public void removeResource(String resource) {
        if (resources.remove(resource) != null) {
            changed(null, resource, WatchKind.REMOVED);
        }
    }

    @Override
    public void beginRun(String system, long frame) {
        running = system;
        previousBegin.put(system, currentBegin.getOrDefault(system, 0L));
        currentBegin.put(system, ++seq);
    }

    @Override
    public List<String> report(String system, int watch) {
        return answer(system, watch, previousBegin.getOrDefault(system, 0L), Long.MAX_VALUE);
    }

    /**
     * What the watch reports of the log's changes with a sequence number after {@code from} and at most {@code to}: each
     * key once that changed as the filter asks and still holds the data, or one entry per removal; the running system's
     * own changes left out.
     */
    protected List<String> answer(String system, int watch, long from, long to) {
        EngineWorld.WatchDecl w = declared(system, watch);
        WatchKind kind = WatchKind.valueOf(w.kind());
        Map<String, Boolean> flagged = new LinkedHashMap<>();
        List<String> removals = new ArrayList<>();
        for (Change c : window(from)) {
            if (c.seq() > to) {
                break;
            }
            if (!c.data().equals(w.data()) || w.resource() != (c.entity() == null) || system.equals(c.author())) {
                continue;
            }
            String key = c.entity() == null ? c.data() : c.entity();
            if (c.type() == WatchKind.REMOVED) {
                flagged.remove(key);
                if (kind == WatchKind.REMOVED) {
                    removals.add(key);
                }
            } else if (kind == WatchKind.CHANGED || kind == c.type()) {
                flagged.put(key, Boolean.TRUE);
            }
        }
        if (kind == WatchKind.REMOVED) {
            return w.resource() ? (removals.isEmpty() ? List.of() : List.of(w.data())) : removals;
        }
        List<String> out = new ArrayList<>();
        for (String key : flagged.keySet()) {
            boolean present = w.resource() ? resources.containsKey(key) : entities.containsKey(key)
                    && entities.get(key).containsKey(w.data());
            if (present && inSet(key, w)) {
                out.add(key);
            }
        }
        return out;
    }

    /** Whether live entity {@code key} holds every component of the watch's {@code With} filter (always, for a resource). */
    protected boolean inSet(String key, EngineWorld.WatchDecl w) {
        return w.resource() || entities.get(key).keySet().containsAll(w.with());
    }

    /** The log's changes since sequence {@code from} (exclusive), up to now. */
    protected List<Change> window(long from) {
        int lo = 0;
        int hi = log.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (log.get(mid).seq() <= from) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return log.subList(lo, log.size());
    }

    protected EngineWorld.WatchDecl declared(String system, int watch) {
        for (EngineWorld.SystemDecl s : world.systems()) {
            if (s.name().equals(system)) {
                return s.watches().get(watch);
            }
        }
        throw new IllegalArgumentException("no system " + system);
    }

    @Override
    public void write(String entity, String component, int value) {
        Map<String, Integer> comps = live(entity);
        if (!comps.containsKey(component)) {
            throw new IllegalStateException(entity + " has no " + component);
        }
        comps.put(component, value);
        changed(entity, component, WatchKind.MUTATED);
    }

    @Override
    public void writeResource(String resource, int value) {
        if (resources.put(resource, value) == null) {
            throw new IllegalStateException("no resource " + resource);
        }
        changed(null, resource, WatchKind.MUTATED);
    }

    @Override
    public void endRun(String system) {
        running = null;
    }

    @Override
    public void endFrame(long frame) {
        // nothing: the log is the whole state of change detection
    }

    @Override
    public EngineState state() {
        return new EngineState(entities, resources);
    }

    @Override
    public void close() {
        log.clear();
    }
}
