package dev.ecslab.engines.zayes;

import com.simsilica.es.Entity;
import com.simsilica.es.EntityId;
import com.simsilica.es.EntitySet;
import com.simsilica.es.base.DefaultEntityData;
import dev.ecslab.engines.Declared;
import dev.ecslab.lab.engine.Engine;
import dev.ecslab.lab.engine.EngineState;
import dev.ecslab.lab.engine.EngineWorld;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntFunction;

/**
 * One Zay-ES 1.4.0 {@code DefaultEntityData} driven by the lab (see {@link ZayEsProvider} for the contract and its
 * sources).
 *
 * <p><b>Watches.</b> Each watch owns an {@code EntitySet} over its component alone, made in {@link #open} before any
 * entity exists, as a Zay-ES system makes its sets when it starts. {@link #report} calls that set's
 * {@code applyChanges()} and answers, as labels, its added entities ({@code ADDED}), its changed ones
 * ({@code MUTATED}), both ({@code CHANGED}) or its removed ones ({@code REMOVED}): what the set accumulated since the
 * same watch's previous report, which is the system's previous run. The answer is Zay-ES's own, nothing filtered.
 *
 * <p><b>Edits.</b> A spawn is {@code createEntity()} and one {@code setComponent} per component; an insert and a write
 * are {@code setComponent} with a new immutable value; a remove is {@code removeComponent}; a despawn is
 * {@code removeEntity}. Zay-ES never reuses an {@code EntityId}, so the label of an id never changes.
 */
final class ZayEsEngine implements Engine {
    /** The lab's components: the class Zay-ES keys them by, and how to make one. */
    private static final Map<String, Class<? extends IntComponent>> TYPES = Map.of("A", A.class, "B", B.class, "S", S.class);
    private static final Map<String, IntFunction<IntComponent>> MAKERS = Map.of("A", A::new, "B", B::new, "S", S::new);

    private final DefaultEntityData data = new DefaultEntityData();
    private final Map<String, EntityId> ids = new LinkedHashMap<>();
    private final Map<EntityId, String> labels = new HashMap<>();
    private final Declared<WatchSet> watches = new Declared<>();

    /** One watch: its filter and its own entity set. */
    private record WatchSet(String kind, EntitySet set) {
    }

    @Override
    public void open(EngineWorld world) {
        for (EngineWorld.SystemDecl s : world.systems()) {
            List<WatchSet> list = new ArrayList<>();
            for (EngineWorld.WatchDecl w : s.watches()) {
                if (w.resource()) {
                    throw new UnsupportedOperationException("Zay-ES has no resources: cannot watch " + w.data());
                }
                if (!List.of("ADDED", "MUTATED", "CHANGED", "REMOVED").contains(w.kind())) {
                    throw new IllegalArgumentException("no watch kind " + w.kind());
                }
                // A watch over a set is one EntitySet over all its types: the entities that hold every one of them.
                List<Class<? extends IntComponent>> types = new ArrayList<>();
                types.add(type(w.data()));
                w.with().forEach(d -> types.add(type(d)));
                list.add(new WatchSet(w.kind(), data.getEntities(types.toArray(Class[]::new))));
            }
            watches.declare(s.name(), list);
        }
    }

    @Override
    public void spawn(String entity, Map<String, Integer> components) {
        if (ids.containsKey(entity)) {
            throw new IllegalArgumentException("entity " + entity + " is already alive");
        }
        EntityId id = data.createEntity();
        ids.put(entity, id);
        labels.put(id, entity);
        components.forEach((name, value) -> data.setComponent(id, make(name, value)));
    }

    @Override
    public void insert(String entity, String component, int value) {
        data.setComponent(id(entity), make(component, value));
    }

    @Override
    public void remove(String entity, String component) {
        data.removeComponent(id(entity), type(component));
    }

    @Override
    public void despawn(String entity) {
        data.removeEntity(id(entity));
        ids.remove(entity);
    }

    @Override
    public void insertResource(String resource, int value) {
        throw new UnsupportedOperationException("Zay-ES has no resources");
    }

    @Override
    public void removeResource(String resource) {
        throw new UnsupportedOperationException("Zay-ES has no resources");
    }

    @Override
    public void beginRun(String system, long frame) {
        // Zay-ES has no schedule: each entity set is brought up to date by its own applyChanges(), in report.
    }

    @Override
    public List<String> report(String system, int watch) {
        WatchSet w = watches.watch(system, watch);
        w.set().applyChanges();
        List<String> out = new ArrayList<>();
        switch (w.kind()) {
            case "ADDED" -> labels(w.set().getAddedEntities(), out);
            case "MUTATED" -> labels(w.set().getChangedEntities(), out);
            case "CHANGED" -> {
                labels(w.set().getAddedEntities(), out);
                labels(w.set().getChangedEntities(), out);
            }
            case "REMOVED" -> labels(w.set().getRemovedEntities(), out);
            default -> throw new IllegalStateException(w.kind());
        }
        return out;
    }

    private void labels(Set<Entity> entities, List<String> out) {
        for (Entity e : entities) {
            String label = labels.get(e.getId());
            if (label == null) {
                throw new IllegalStateException("Zay-ES reported entity " + e.getId() + ", which the adapter never created");
            }
            out.add(label);
        }
    }

    @Override
    public void write(String entity, String component, int value) {
        EntityId id = id(entity);
        if (data.getComponent(id, type(component)) == null) {
            throw new IllegalStateException("entity " + entity + " has no " + component + " to write");
        }
        data.setComponent(id, make(component, value));
    }

    @Override
    public void writeResource(String resource, int value) {
        throw new UnsupportedOperationException("Zay-ES has no resources");
    }

    @Override
    public void endRun(String system) {
        // Nothing to publish: every setComponent and removeComponent reached the sets' change queues when it was made.
    }

    @Override
    public void endFrame(long frame) {
        // Zay-ES has no frames.
    }

    @Override
    public EngineState state() {
        Map<String, Map<String, Integer>> entities = new TreeMap<>();
        ids.forEach((label, id) -> {
            Map<String, Integer> comps = new TreeMap<>();
            TYPES.forEach((name, type) -> {
                IntComponent c = data.getComponent(id, type);
                if (c != null) {
                    comps.put(name, c.value());
                }
            });
            entities.put(label, comps);
        });
        return new EngineState(entities, Map.of());
    }

    /**
     * Releases the entity sets and empties the component stores: {@code DefaultEntityData}'s constructor registers
     * it for good with Zay-ES's static {@code ReportSystem}, so what it still holds after a run would stay in memory
     * for the rest of the lab's process.
     */
    @Override
    public void close() {
        watches.all().forEach(w -> w.set().release());
        watches.clear();
        for (EntityId id : new ArrayList<>(ids.values())) {
            data.removeEntity(id);
        }
        ids.clear();
        labels.clear();
        data.close();
    }

    private EntityId id(String entity) {
        EntityId id = ids.get(entity);
        if (id == null) {
            throw new IllegalArgumentException("no live entity " + entity);
        }
        return id;
    }

    private static Class<? extends IntComponent> type(String component) {
        Class<? extends IntComponent> t = TYPES.get(component);
        if (t == null) {
            throw new IllegalArgumentException("no component " + component + " (the lab's are A, B and S)");
        }
        return t;
    }

    private static IntComponent make(String component, int value) {
        type(component);
        return MAKERS.get(component).apply(value);
    }
}
