package dev.ecslab.engines.artemis;

import com.artemis.Aspect;
import com.artemis.ComponentMapper;
import com.artemis.EntitySubscription;
import com.artemis.World;
import com.artemis.WorldConfiguration;
import com.artemis.utils.IntBag;
import dev.ecslab.engines.Declared;
import dev.ecslab.lab.engine.Engine;
import dev.ecslab.lab.engine.EngineState;
import dev.ecslab.lab.engine.EngineWorld;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One artemis-odb 2.3.0 world driven by the lab (see {@link ArtemisProvider} for the contract and its sources).
 *
 * <p><b>Watches.</b> Each watch is a listener on the world's subscription of {@code Aspect.all(component)}: an
 * {@code ADDED} watch appends the entities the subscription inserts, a {@code REMOVED} watch those it removes, each
 * as the lab's label at the moment artemis informs the listener. {@link #report} answers the watch's buffer and
 * empties it, so a run is told what the subscription announced since the system's previous run. An {@code ADDED}
 * answer names each entity once and only while it still has the component (artemis's {@code EntitySubscription}
 * asks its users to access entities defensively: an insertion announced before a later removal is stale); a
 * {@code REMOVED} answer keeps every removal artemis announced, one entry each.
 *
 * <p><b>When artemis announces.</b> Entity edits are batched and subscriptions learn of them in
 * {@code updateEntityStates()}, which artemis's default invocation strategy calls before every system and after the
 * last. The lab's systems are not artemis systems, so the adapter calls it where artemis would: at {@link #beginRun}
 * (whatever the lab applied since, setup or commands, is one batch), and it runs {@code World.process()} at
 * {@link #endFrame}, which also purges the deleted entities and so recycles their ids for the next frame's spawns.
 *
 * <p><b>Labels and recycled ids.</b> A despawned label leaves the label-to-id map at once; its id keeps naming it in
 * the id-to-label map until a spawn takes the id again, which artemis allows only after the purge that follows the
 * announcement of the deletion. Every announcement therefore names the entity that was edited, never the one that
 * takes its id later.
 */
final class ArtemisEngine implements Engine {
    private static final Map<String, Class<? extends IntComponent>> TYPES = Map.of("A", A.class, "B", B.class, "S", S.class);

    private final Sync sync = new Sync();
    private World world;
    private final Map<String, ComponentMapper<? extends IntComponent>> mappers = new HashMap<>();
    private final Map<String, Integer> ids = new HashMap<>();
    /** Every id artemis gave out, with the label that last took it (a despawned one until the id is reused). */
    private final Map<Integer, String> labels = new HashMap<>();
    private final Declared<WatchBuffer> watches = new Declared<>();

    /** What one watch was told since its system's previous run. */
    private final class WatchBuffer {
        /** The components of the watch's aspect: its own, and a set's others. */
        final List<String> components;
        final boolean added;
        final List<String> entries = new ArrayList<>();

        WatchBuffer(List<String> components, boolean added) {
            this.components = components;
            this.added = added;
        }

        void append(IntBag entities) {
            int[] data = entities.getData();
            for (int i = 0, n = entities.size(); i < n; i++) {
                String label = labels.get(data[i]);
                if (label == null) {
                    throw new IllegalStateException("artemis announced entity id " + data[i] + ", which the adapter never"
                            + " created");
                }
                entries.add(label);
            }
        }

        List<String> drain() {
            List<String> out;
            if (added) {
                Set<String> once = new LinkedHashSet<>();
                for (String label : entries) {
                    Integer id = ids.get(label);
                    if (id != null && components.stream().allMatch(c -> mapper(c).has(id))) {
                        once.add(label);
                    }
                }
                out = new ArrayList<>(once);
            } else {
                out = new ArrayList<>(entries);
            }
            entries.clear();
            return out;
        }
    }

    @Override
    public void open(EngineWorld declared) {
        WorldConfiguration config = new WorldConfiguration();
        config.setInvocationStrategy(sync);
        world = new World(config);
        TYPES.forEach((name, type) -> mappers.put(name, world.getMapper(type)));
        for (EngineWorld.SystemDecl s : declared.systems()) {
            List<WatchBuffer> list = new ArrayList<>();
            for (EngineWorld.WatchDecl w : s.watches()) {
                if (w.resource()) {
                    throw new UnsupportedOperationException("artemis-odb has no resources: cannot watch " + w.data());
                }
                boolean added = switch (w.kind()) {
                    case "ADDED" -> true;
                    case "REMOVED" -> false;
                    default -> throw new UnsupportedOperationException("artemis-odb tracks no " + w.kind() + " changes: its"
                            + " subscriptions only insert and remove entities");
                };
                // A watch over a set subscribes to Aspect.all of every component of it: membership of the aspect.
                List<String> components = new ArrayList<>();
                components.add(w.data());
                components.addAll(w.with());
                WatchBuffer buffer = new WatchBuffer(components, added);
                EntitySubscription sub = world.getAspectSubscriptionManager().get(Aspect.all(
                        components.stream().map(ArtemisEngine::type).toArray(Class[]::new)));
                sub.addSubscriptionListener(new EntitySubscription.SubscriptionListener() {
                    @Override
                    public void inserted(IntBag entities) {
                        if (buffer.added) {
                            buffer.append(entities);
                        }
                    }

                    @Override
                    public void removed(IntBag entities) {
                        if (!buffer.added) {
                            buffer.append(entities);
                        }
                    }
                });
                list.add(buffer);
            }
            watches.declare(s.name(), list);
        }
    }

    @Override
    public void spawn(String entity, Map<String, Integer> components) {
        if (ids.containsKey(entity)) {
            throw new IllegalArgumentException("entity " + entity + " is already alive");
        }
        int id = world.create();
        ids.put(entity, id);
        labels.put(id, entity);
        components.forEach((name, value) -> mapper(name).create(id).value = value);
    }

    @Override
    public void insert(String entity, String component, int value) {
        mapper(component).create(id(entity)).value = value;          // an existing component is kept and rewritten
    }

    @Override
    public void remove(String entity, String component) {
        mapper(component).remove(id(entity));
    }

    @Override
    public void despawn(String entity) {
        int id = id(entity);
        world.delete(id);
        ids.remove(entity);
    }

    @Override
    public void insertResource(String resource, int value) {
        throw new UnsupportedOperationException("artemis-odb has no resources");
    }

    @Override
    public void removeResource(String resource) {
        throw new UnsupportedOperationException("artemis-odb has no resources");
    }

    @Override
    public void beginRun(String system, long frame) {
        sync.beforeSystem();
    }

    @Override
    public List<String> report(String system, int watch) {
        return watches.watch(system, watch).drain();
    }

    @Override
    public void write(String entity, String component, int value) {
        int id = id(entity);
        IntComponent c = mapper(component).get(id);
        if (c == null || !mapper(component).has(id)) {
            throw new IllegalStateException("entity " + entity + " has no " + component + " to write");
        }
        c.value = value;
    }

    @Override
    public void writeResource(String resource, int value) {
        throw new UnsupportedOperationException("artemis-odb has no resources");
    }

    @Override
    public void endRun(String system) {
        // A lab run makes no structural change (its structural edits are commands, applied after it), and a value
        // written in place is nothing artemis tracks: there is nothing to hand to the subscriptions here.
    }

    @Override
    public void endFrame(long frame) {
        world.process();
    }

    @Override
    public EngineState state() {
        Map<String, Map<String, Integer>> entities = new TreeMap<>();
        ids.forEach((label, id) -> {
            Map<String, Integer> comps = new TreeMap<>();
            mappers.forEach((name, m) -> {
                if (m.has(id)) {
                    comps.put(name, m.get(id).value);
                }
            });
            entities.put(label, comps);
        });
        return new EngineState(entities, Map.of());
    }

    @Override
    public void close() {
        World w = world;
        world = null;
        if (w != null) {
            w.dispose();
        }
    }

    private int id(String entity) {
        Integer id = ids.get(entity);
        if (id == null) {
            throw new IllegalArgumentException("no live entity " + entity);
        }
        return id;
    }

    private ComponentMapper<? extends IntComponent> mapper(String component) {
        ComponentMapper<? extends IntComponent> m = mappers.get(component);
        if (m == null) {
            throw new IllegalArgumentException("no component " + component + " (the lab's are A, B and S)");
        }
        return m;
    }

    private static Class<? extends IntComponent> type(String component) {
        Class<? extends IntComponent> t = TYPES.get(component);
        if (t == null) {
            throw new IllegalArgumentException("no component " + component + " (the lab's are A, B and S)");
        }
        return t;
    }
}
