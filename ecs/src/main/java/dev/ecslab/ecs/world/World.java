package dev.ecslab.ecs.world;

import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.command.Command;
import dev.ecslab.ecs.command.CommandApplyException;
import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.NoSuchEntityException;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.SyncHook;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.storage.Archetype;
import dev.ecslab.ecs.storage.BundleLayout;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.storage.ColumnFactory;
import dev.ecslab.ecs.storage.Resources;
import dev.ecslab.ecs.storage.SparseSet;
import dev.ecslab.ecs.storage.Storage;
import dev.ecslab.ecs.storage.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The world: entities, their components, resources, and the entry points for queries, views and
 * commands. This class holds only what a user of the ECS does; the engine's insides (storage, the
 * change clock, the iteration guard, sync points) are reached through
 * {@link WorldInternals#of(World)}, which is unstable and not for engine users.
 *
 * <p><b>Contract.</b>
 * <ul>
 *   <li>Operations on a stale or unknown entity id throw {@link NoSuchEntityException}, except
 *       lookups ({@link #get}, {@link #has}, {@link #isAlive}), which answer empty or false.</li>
 *   <li>Every structural operation first materializes entities reserved by command buffers (as
 *       Bevy's world flushes them), then validates all its arguments before changing anything, so
 *       a refused call leaves every entity and resource exactly as it was.</li>
 *   <li>Structural changes while a query iterates are refused with
 *       {@link StructuralChangeException}.</li>
 *   <li>Command buffers apply in the order the caller passes them; each command is atomic.</li>
 *   <li>Names follow one vocabulary (the README's "Names in the API"): {@code get…} answers an
 *       {@link Optional}, {@code …OrThrow} throws when absent, {@code …Mut} marks a change.</li>
 * </ul>
 *
 * <p><b>Threads.</b> The world belongs to one thread (the one that runs sync points). During a
 * parallel phase, systems read and write component values through their {@link WorldView}s, whose
 * declared accesses the executor keeps disjoint, and reserve entity ids through command buffers;
 * both are safe. All other methods are for the owning thread only.
 *
 * <p><b>Design.</b> The concepts live in package-private classes beside this one: the change clock
 * ({@code WorldClock}), the iteration guard and sync points ({@code IterationGuard}), the resources
 * with their tracking ({@code WorldResources}) and what the change tracker may see
 * ({@code WorldTrackerHost}). This class keeps the entities and their components.
 */
public final class World {
    private static final int LAYOUT_CACHE_SIZE = 8;

    static {
        WorldInternals.install(world -> world.internals);
    }

    private final Components components = new Components();
    private final Entities entities;
    private final Storage storage;
    private final ChangeTracker tracker;
    private final String trackerId;
    private final IterationGuard guard = new IterationGuard();
    private final WorldClock clock;
    /** False in every world but flecs #2126's twin ({@link Builder#marksByTypePosition()}); read once per direct write. */
    private final boolean marksByTypePosition;
    private final ComponentObservers observers;
    private final WorldResources resources;
    private final Internals internals = new Internals();
    private final BundleLayout[] layouts = new BundleLayout[LAYOUT_CACHE_SIZE];
    /**
     * Reused bundle arrays for the fixed-arity spawns, so a spawn does not allocate a varargs array.
     * Safe because structural operations run on the owning thread only; the stored references are
     * cleared when the spawn returns, so the world never keeps a caller's object alive through them.
     */
    private final Object[] scratch1 = new Object[1];
    private final Object[] scratch2 = new Object[2];
    private final Object[] scratch3 = new Object[3];
    private int nextLayout;

    /** A world with default settings (no metadata lanes). */
    public World() {
        this(new Builder());
    }

    private World(Builder b) {
        this.entities = b.entities != null ? b.entities : new Entities();
        if (b.tracker != null) {
            this.tracker = b.tracker;
            this.trackerId = b.trackerId;
        } else if (b.trackerId == null || b.trackerId.equals("generation")) {
            this.tracker = new GenerationTracker();
            this.trackerId = "generation";
        } else {
            this.tracker = ChangeTrackerProvider.find(b.trackerId).create();
            this.trackerId = b.trackerId;
        }
        this.clock = new WorldClock(tracker, guard, b.initialChangeTick, b.plainTickIncrement, b.agesOnlyReadersThatRan,
                b.neverRanAtTickZero);
        this.marksByTypePosition = b.marksByTypePosition;
        this.resources = new WorldResources(tracker, clock);
        this.storage = new Storage(components, entities, tracker.laneCount() + b.metadataLanes);
        this.storage.setMoveListener(this::moved);
        this.storage.setDefaultLayout(b.defaultLayout);
        this.observers = new ComponentObservers(components, storage, tracker, clock.counter(), b.skipObservationAnnouncement,
                b.observeEverything);
        this.storage.setObservedCheck(observers::isObserved);
        this.tracker.attach(new WorldTrackerHost(clock.counter(), components, entities, storage));
        this.tracker.onDirectStampsAllowed();           // the world holds it directly (a decorator does not forward this)
        for (Map.Entry<Class<?>, Registration> r : b.registrations.entrySet()) {
            register(r.getKey(), r.getValue().kind(), r.getValue().columns());
        }
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Settings fixed for the life of a world. */
    public static final class Builder {
        private int metadataLanes;
        private String trackerId;
        private ChangeTracker tracker;
        private int initialChangeTick = 1;
        /** Race-bug catalogue twins only (see {@link #entities(Entities)}). */
        private Entities entities;
        private boolean plainTickIncrement;
        private boolean agesOnlyReadersThatRan;
        private boolean neverRanAtTickZero;
        private boolean marksByTypePosition;
        private boolean skipObservationAnnouncement;
        private boolean observeEverything;
        private ValueLayout defaultLayout = ValueLayout.REFERENCES;

        /** Made by {@link World#builder()}, the one way to start a builder. */
        private Builder() {
        }

        /**
         * The entity allocator: for the race-bug catalogue's twins only (an {@link Entities} with a
         * reservation bug put back), hence package-private; a world always makes its own otherwise.
         */
        Builder entities(Entities allocator) {
            this.entities = Objects.requireNonNull(allocator, "allocator");
            return this;
        }

        /**
         * The race-bug catalogue's twin of the change tick: {@link WorldInternals#nextChangeTick()} as a plain
         * read and write, so two system starts can take the same tick. Package-private: tests only.
         */
        Builder plainTickIncrement() {
            this.plainTickIncrement = true;
            return this;
        }

        /**
         * The race-bug catalogue's twin of Bevy #11623: the clamping pass ages only the readers that ran since
         * the previous pass, so a system kept from running is never aged. Package-private: tests only.
         */
        Builder agesOnlyReadersThatRan() {
            this.agesOnlyReadersThatRan = true;
            return this;
        }

        /**
         * The race-bug catalogue's twin of Bevy #13426: a new system's previous run is tick 0, with nothing
         * saying it never ran. Package-private: tests only.
         */
        Builder neverRanAtTickZero() {
            this.neverRanAtTickZero = true;
            return this;
        }

        /**
         * The race-bug catalogue's twin of flecs #2126: a direct write of one entity's component marks
         * the table column at the component's position in the entity's archetype (whose ids include the
         * sparse-set components, which have no column) instead of the component's own column. Right until
         * a sparse-set component's id sorts before the written one. Package-private: tests only.
         */
        Builder marksByTypePosition() {
            this.marksByTypePosition = true;
            return this;
        }

        /**
         * A broken world for the late-observer tests' mutant: when observation of a component starts it
         * does not announce the rows it could not track. Package-private: tests only.
         */
        Builder skipObservationAnnouncement() {
            this.skipObservationAnnouncement = true;
            return this;
        }

        /**
         * Tracks every component's changes from the start, observed or not, as Bevy does: for tools and
         * tests that ask about changes after the fact with a query built later (a query built after the
         * writes on a world without this reports every row of a component nobody observed as changed
         * once, since the world did not track it). Costs the tracker's work on every write.
         */
        public Builder observeEverything() {
            this.observeEverything = true;
            return this;
        }

        /** The change-tracking strategy, by id (see {@link ChangeTrackerProvider}); default {@code generation}. */
        public Builder changeTracking(String id) {
            this.trackerId = Objects.requireNonNull(id, "id");
            this.tracker = null;
            return this;
        }

        /**
         * The strategy of {@code provider}, for a provider found through a class loader of the
         * caller's choosing ({@link ChangeTrackerProvider#find(String, ClassLoader)}).
         */
        public Builder changeTracking(ChangeTrackerProvider provider) {
            return changeTracking(provider.id(), provider.create());
        }

        /** A specific tracker instance (tests and the lab use this for mutants). */
        public Builder changeTracking(String id, ChangeTracker tracker) {
            this.trackerId = Objects.requireNonNull(id, "id");
            this.tracker = Objects.requireNonNull(tracker, "tracker");
            return this;
        }

        /** The change tick the world starts at (tests start near the wrap). */
        public Builder initialChangeTick(int tick) {
            this.initialChangeTick = tick;
            return this;
        }
        private final Map<Class<?>, Registration> registrations = new IdentityHashMap<>();

        /** Extra {@code int} metadata lanes per component row, beyond those the change tracker uses. */
        public Builder metadataLanes(int lanes) {
            if (lanes < 0) {
                throw new IllegalArgumentException("metadataLanes must be >= 0, got " + lanes);
            }
            this.metadataLanes = lanes;
            return this;
        }

        /** Registers a component type up front with a storage kind. */
        public Builder component(Class<?> type, StorageKind kind) {
            return component(type, kind, (ColumnFactory) null);
        }

        /**
         * The value layout of every component not registered with one and not marked
         * {@link dev.ecslab.ecs.component.Columnar}: {@link ValueLayout#COLUMNAR} stores each class that
         * can be columnar (a record or final class of primitives) as one primitive array per field, and
         * the others as references. Default {@link ValueLayout#REFERENCES}.
         */
        public Builder defaultLayout(ValueLayout layout) {
            this.defaultLayout = Objects.requireNonNull(layout, "layout");
            return this;
        }

        /** Registers a component type up front with a storage kind and a value layout. */
        public Builder component(Class<?> type, StorageKind kind, ValueLayout layout) {
            return component(type, kind, ColumnFactory.of(Objects.requireNonNull(layout, "layout"), type));
        }

        /** Registers a component type up front with a storage kind and a column layout. */
        public Builder component(Class<?> type, StorageKind kind, ColumnFactory columns) {
            registrations.put(Objects.requireNonNull(type, "type"), new Registration(Objects.requireNonNull(kind, "kind"), columns));
            return this;
        }

        public World build() {
            return new World(this);
        }
    }

    private record Registration(StorageKind kind, ColumnFactory columns) {
    }

    // ================================================================= registration

    /** Registers {@code type} with a storage kind; an error if it was registered with another kind. */
    public ComponentInfo register(Class<?> type, StorageKind kind) {
        return components.register(type, kind);
    }

    /** Registers {@code type} with a storage kind and a column layout (before it has any column). */
    public ComponentInfo register(Class<?> type, StorageKind kind, ColumnFactory columns) {
        ComponentInfo info = components.register(type, kind);
        if (columns != null) {
            storage.setColumnFactory(info.id(), columns);
        }
        return info;
    }

    /**
     * Registers {@code type} with a storage kind and a value layout (before it has any column);
     * {@link ValueLayout#COLUMNAR} refuses a class that cannot be columnar, naming the field.
     */
    public ComponentInfo register(Class<?> type, StorageKind kind, ValueLayout layout) {
        return register(type, kind, ColumnFactory.of(Objects.requireNonNull(layout, "layout"), type));
    }

    /** The value layout of {@code type} in this world (registering it with its declared kind if new). */
    public ValueLayout layoutOf(Class<?> type) {
        return storage.layoutOf(components.infoOf(type));
    }

    // ================================================================= entities

    /** Spawns an entity with one component. Allocation-free apart from the returned id. */
    public Entity spawn(Object component) {
        beforeStructuralChange("spawn");            // before the shared scratch array is touched
        Object[] bundle = scratch1;
        bundle[0] = component;
        try {
            return spawn(bundle);
        } finally {
            bundle[0] = null;
        }
    }

    /** Spawns an entity with two components. Allocation-free apart from the returned id. */
    public Entity spawn(Object first, Object second) {
        beforeStructuralChange("spawn");
        Object[] bundle = scratch2;
        bundle[0] = first;
        bundle[1] = second;
        try {
            return spawn(bundle);
        } finally {
            bundle[0] = null;
            bundle[1] = null;
        }
    }

    /** Spawns an entity with three components. Allocation-free apart from the returned id. */
    public Entity spawn(Object first, Object second, Object third) {
        beforeStructuralChange("spawn");
        Object[] bundle = scratch3;
        bundle[0] = first;
        bundle[1] = second;
        bundle[2] = third;
        try {
            return spawn(bundle);
        } finally {
            bundle[0] = null;
            bundle[1] = null;
            bundle[2] = null;
        }
    }

    /** Spawns an entity with the given components (one value per component type). */
    public Entity spawn(Object... components) {
        requireNoIteration("spawn");
        Objects.requireNonNull(components, "components");
        BundleLayout layout = layoutFor("spawn", components);
        flush();
        Entity e = entities.alloc();
        int tableRow = storage.place(e.index(), layout, components);
        SystemTicks writer = directWriter();
        Table table = layout.archetype().table();
        int[] ids = layout.componentIds();
        for (int i = 0; i < ids.length; i++) {
            int position = layout.columnPosition(i);
            if (position >= 0) {
                Column column = table.column(position);
                if (column.observed()) {
                    tracker.onAdded(writer, ids[i], e.index(), column, tableRow);
                }
            } else {
                SparseSet set = storage.sparseSet(ids[i]);
                if (set.column().observed()) {
                    tracker.onAdded(writer, ids[i], e.index(), set.column(), set.denseIndex(e.index()));
                }
            }
        }
        return e;
    }

    /** Despawns a live entity with all its components. */
    public void despawn(Entity entity) {
        requireNoIteration("despawn");
        flush();
        entities.requireAlive("despawn", entity);
        SystemTicks writer = directWriter();
        for (int id : storage.archetype(entities.archetypeId(entity.index())).componentIds()) {
            tracker.onRemoved(writer, id, entity);
        }
        storage.despawn(entity.index());
        entities.free(entity);
    }

    /** True when {@code entity} is alive (not despawned, not stale, not merely reserved). */
    public boolean isAlive(Entity entity) {
        return entity != null && entities.isAlive(entity);
    }

    /** Number of live entities. */
    public int entityCount() {
        return entities.liveCount();
    }

    /** Adds one component to a live entity, or replaces it; allocation-free. */
    public void insert(Entity entity, Object component) {
        requireNoIteration("insert");
        if (component == null) {
            throw new IllegalArgumentException("insert: component 0 of the bundle is null");
        }
        flush();
        entities.requireAlive("insert", entity);
        int id = components.infoOf(component.getClass()).id();
        boolean had = storage.insert(entity.index(), id, component);
        written(directWriter(), entity.index(), id, !had);
    }

    /**
     * Adds components to a live entity, replacing any it already has (one archetype move at most).
     */
    public void insert(Entity entity, Object... components) {
        requireNoIteration("insert");
        checkBundle("insert", components);
        flush();
        entities.requireAlive("insert", entity);
        int[] ids = new int[components.length];
        boolean[] had = new boolean[components.length];
        for (int i = 0; i < components.length; i++) {
            ids[i] = this.components.infoOf(components[i].getClass()).id();
            had[i] = storage.has(entity.index(), ids[i]);
        }
        storage.insertAll(entity.index(), ids, components);
        SystemTicks writer = directWriter();
        for (int i = 0; i < ids.length; i++) {
            written(writer, entity.index(), ids[i], !had[i]);
        }
    }

    /** Tells the tracker that a live entity's component was added (or, if {@code !added}, mutated). */
    private void written(SystemTicks writer, int entityIndex, int componentId, boolean added) {
        Column column = storage.columnOf(entityIndex, componentId);
        if (marksByTypePosition) {
            column = columnAtTypePosition(entityIndex, componentId, column);
            if (column == null) {
                return;
            }
        }
        if (!column.observed()) {
            return;                                     // nobody observes it: no event (ComponentObservers)
        }
        int row = storage.rowOf(entityIndex, componentId);
        if (added) {
            tracker.onAdded(writer, componentId, entityIndex, column, row);
        } else if (!column.stampMutation(row, writer.thisRun())) {
            tracker.onMutated(writer, componentId, entityIndex, column, row);
        }
    }

    /**
     * The twin's column (flecs #2126, never in a real world): a table component's position among all of
     * its archetype's ids, taken as a column position; {@code null} past the last column. flecs indexed
     * its type-to-column map with a column index, which is the type index only while no tag (a type
     * entry with no column) sorts before the component.
     */
    private Column columnAtTypePosition(int entityIndex, int componentId, Column own) {
        Archetype a = storage.archetype(entities.archetypeId(entityIndex));
        Table t = a.table();
        if (t.columnOf(componentId) == null) {
            return own;                                  // a sparse-set component: its own column
        }
        int position = Arrays.binarySearch(a.componentIds(), componentId);
        return position < t.columnCount() ? t.column(position) : null;
    }

    /**
     * Storage's move listener: tells the tracker where the components the entity kept now live (the
     * component being added or removed is reported separately, once its value is in place or gone).
     */
    private void moved(int entityIndex, Archetype from, Archetype to) {
        int[] all = to.componentIds();
        int kept = 0;
        for (int id : all) {                    // only observed components' rows: the others hear nothing
            if (from.has(id) && storage.columnOf(entityIndex, id).observed()) {
                kept++;
            }
        }
        if (kept == 0) {
            return;                             // the common case when nobody observes: no allocation
        }
        int[] ids = new int[kept];
        Column[] columns = new Column[kept];
        int[] rows = new int[kept];
        int i = 0;
        for (int id : all) {
            if (from.has(id) && storage.columnOf(entityIndex, id).observed()) {
                ids[i] = id;
                columns[i] = storage.columnOf(entityIndex, id);
                rows[i] = storage.rowOf(entityIndex, id);
                i++;
            }
        }
        tracker.onMoved(entityIndex, from.id(), to.id(), ids, columns, rows);
    }

    /**
     * Removes a component from a live entity and returns it, or returns empty if the entity does
     * not have it. A stale entity is an error.
     */
    public <T> Optional<T> remove(Entity entity, Class<T> type) {
        requireNoIteration("remove");
        Objects.requireNonNull(type, "type");
        flush();
        if (!entities.isAlive(entity)) {
            throw new NoSuchEntityException("remove " + Components.displayName(type), entity, entities.whyNotAlive(entity));
        }
        Optional<ComponentInfo> info = components.find(type);
        if (info.isEmpty()) {
            return Optional.empty();
        }
        Object removed = storage.remove(entity.index(), info.get().id());
        if (removed != null) {
            tracker.onRemoved(directWriter(), info.get().id(), entity);
        }
        return Optional.ofNullable(type.cast(removed));
    }

    /** The component value, or empty if the entity is not alive or lacks it. Never marks a change. */
    public <T> Optional<T> get(Entity entity, Class<T> type) {
        return read(entity, type, false);
    }

    /** {@link #get}, telling the sync hook (once) whether the caller will write the value. */
    private <T> Optional<T> read(Entity entity, Class<T> type, boolean forWrite) {
        Optional<ComponentInfo> info = components.find(type);
        if (info.isEmpty() || !isAlive(entity)) {
            return Optional.empty();
        }
        guard.beforeComponentAccess(info.get().id(), forWrite);
        return Optional.ofNullable(type.cast(storage.get(entity.index(), info.get().id())));
    }

    /**
     * The component value for in-place mutation, or empty. This is the world-level write handle:
     * change tracking marks the component as mutated here.
     */
    public <T> Optional<T> getMut(Entity entity, Class<T> type) {
        return getMut(entity, type, directWriter());
    }

    /** {@link #getMut} with an explicit writer (a system's view passes its ticks). */
    <T> Optional<T> getMut(Entity entity, Class<T> type, SystemTicks writer) {
        Optional<T> value = read(entity, type, true);
        if (value.isPresent()) {
            int id = components.find(type).orElseThrow().id();
            if (storage.columnOf(entity.index(), id).storesCopies()) {       // before anything is marked
                throw new UnsupportedOperationException(ValueLayout.copiesRefusal(components.info(id).name()));
            }
            written(writer, entity.index(), id, false);
        }
        return value;
    }

    /** True when {@code entity} is alive and has a component of {@code type}. */
    public boolean has(Entity entity, Class<?> type) {
        Optional<ComponentInfo> info = components.find(type);
        return info.isPresent() && isAlive(entity) && storage.has(entity.index(), info.get().id());
    }

    /** The component types of a live entity, by id order; empty for a dead one. */
    public List<ComponentInfo> componentsOf(Entity entity) {
        if (!isAlive(entity)) {
            return List.of();
        }
        Archetype a = storage.archetype(entities.archetypeId(entity.index()));
        List<ComponentInfo> out = new ArrayList<>();
        for (int id : a.componentIds()) {
            out.add(components.info(id));
        }
        return out;
    }

    /** Materializes entities reserved by command buffers (they become alive with no components). */
    private void flush() {
        if (entities.needsFlush()) {
            requireNoIteration("flush reserved entities");
            entities.flush(storage::placeEmpty);
        }
    }

    // ================================================================= resources

    /** Inserts or replaces the resource of {@code value}'s class. */
    public void insertResource(Object value) {
        resources.insertResource(value);
    }

    /**
     * Inserts the resource of {@code value}'s class only if it is absent or not equal to the current
     * value (Bevy's {@code set_if_neq}); an equal value changes nothing and marks nothing. Returns
     * whether it inserted.
     */
    public boolean insertResourceIfChanged(Object value) {
        return resources.insertResourceIfChanged(value, directWriter());
    }

    /** The resource of {@code type}, or empty. */
    public <T> Optional<T> getResource(Class<T> type) {
        return resources.getResource(type);
    }

    /** The resource of {@code type}; {@link NoSuchResourceException} when absent. */
    public <T> T getResourceOrThrow(Class<T> type) {
        return resources.getResourceOrThrow(type);
    }

    /**
     * The resource for in-place mutation (the resource write handle, where change tracking marks
     * it mutated), or empty (and nothing marked).
     */
    public <T> Optional<T> getResourceMut(Class<T> type) {
        return resources.getResourceMut(type, directWriter());
    }

    /** {@link #getResourceMut}; {@link NoSuchResourceException} when absent. */
    public <T> T getResourceMutOrThrow(Class<T> type) {
        getResourceOrThrow(type);
        return getResourceMut(type).orElseThrow();
    }

    /** Removes and returns the resource, or empty. */
    public <T> Optional<T> removeResource(Class<T> type) {
        return resources.removeResource(type);
    }

    /** True when a resource of {@code type} is present. */
    public boolean hasResource(Class<?> type) {
        return getResource(type).isPresent();
    }

    /** For {@link WorldView}: the same operations with a system's ticks. */
    WorldResources resourcesWithTracking() {
        return resources;
    }

    // ================================================================= queries and views

    /** Starts building a query over this world (unrestricted access). */
    public QueryBuilder query() {
        return new QueryBuilder(internals, null);
    }

    /**
     * A view for a system named {@code system} that may touch only what {@code declared} covers,
     * with its own command buffer.
     */
    public WorldView view(String system, Access declared) {
        return view(system, declared, clock.newSystemTicks(system));
    }

    private WorldView view(String system, Access declared, SystemTicks ticks) {
        return new WorldView(this, system, declared, new CommandBuffer(entities, system), ticks);
    }

    // ================================================================= commands

    /** A new command buffer whose spawns reserve ids in this world. */
    public CommandBuffer commands() {
        return new CommandBuffer(entities, "world");
    }

    /** Applies {@code buffer}'s commands in order; see {@link #apply(List)}. */
    public void apply(CommandBuffer buffer) {
        apply(List.of(buffer));
    }

    /**
     * Applies the buffers in the given order, each buffer's commands in recording order. Each
     * command is atomic: one that fails changes nothing and the rest still apply; afterwards a
     * {@link CommandApplyException} lists every failure. The buffers are emptied.
     */
    public void apply(List<CommandBuffer> buffers) {
        requireNoIteration("apply commands");
        flush();
        List<CommandApplyException.Failure> failures = new ArrayList<>();
        for (CommandBuffer buffer : buffers) {
            List<Command> commands = buffer.drain();
            for (int i = 0; i < commands.size(); i++) {
                Command c = commands.get(i);
                try {
                    applyOne(c);
                } catch (RuntimeException e) {
                    failures.add(new CommandApplyException.Failure(buffer.owner(), i, c, e));
                }
            }
        }
        if (!failures.isEmpty()) {
            throw new CommandApplyException(failures);
        }
    }

    /**
     * Throws the buffer away without applying it, despawning the entities its spawns reserved, so a
     * failed system leaves no trace. Ids already despawned by other commands are skipped.
     */
    public void discard(CommandBuffer buffer) {
        requireNoIteration("discard commands");
        List<Entity> reserved = List.copyOf(buffer.reservedEntities());
        buffer.drain();
        flush();
        for (Entity e : reserved) {
            if (entities.isAlive(e)) {
                despawn(e);
            }
        }
    }

    private void applyOne(Command c) {
        if (c instanceof Command.Spawn s) {
            insert(s.entity(), s.components());
        } else if (c instanceof Command.Despawn d) {
            despawn(d.entity());
        } else if (c instanceof Command.Insert ins) {
            insert(ins.entity(), ins.components());
        } else if (c instanceof Command.Remove r) {
            remove(r.entity(), r.type());
        } else if (c instanceof Command.InsertResource ir) {
            insertResource(ir.value());
        } else {
            removeResource(((Command.RemoveResource) c).type());
        }
    }

    // ================================================================= change detection

    /** The change-tracking strategy's id (see {@link Builder#changeTracking(String)}). */
    public String changeTrackingId() {
        return trackerId;
    }

    /**
     * Ends a frame for change tracking (Bevy's {@code clear_trackers}): the tracker's frame end, and
     * queries made directly on the world see only changes made after this call. The runner calls it
     * after every frame.
     */
    public void clearTrackers() {
        requireNoIteration("clear trackers");
        clock.clearTrackers();
    }

    /** Entities that lost {@code type} since the last {@link #clearTrackers()} (direct use of the world). */
    public List<Entity> removed(Class<?> type) {
        return components.find(type).map(i -> tracker.removedSince(ChangeFlavor.DEFAULT, directReader(), i.id()))
                .orElse(List.of());
    }

    /** True when the resource had a change of {@code kind} since the last {@link #clearTrackers()}. */
    public boolean resourceChangedAs(Class<?> type, ChangeKind kind) {
        return resources.store().find(type).map(i -> tracker.resourceMatches(kind, ChangeFlavor.DEFAULT, directReader(), i.id()))
                .orElse(false);
    }

    private SystemTicks directWriter() {
        return clock.directWriter();
    }

    private SystemTicks directReader() {
        return clock.directReader();
    }

    // ================================================================= internals (WorldInternals)

    /** This world's insides, handed out by {@link WorldInternals#of(World)}. */
    private final class Internals extends WorldInternals {
        @Override
        public void observe(int componentId, SystemTicks reader) {
            // A query on the world itself reads with the direct reader: inside an exclusive run, that run's ticks
            observers.open(componentId, reader != null ? reader : clock.exclusiveRun());
        }

        @Override
        public void release(int componentId) {
            observers.close(componentId);
        }

        @Override
        public int observations(int componentId) {
            return observers.count(componentId);
        }

        @Override
        public Components components() {
            return components;
        }

        @Override
        public Storage storage() {
            return storage;
        }

        @Override
        public Entities entities() {
            return entities;
        }

        @Override
        public Resources resources() {
            return resources.store();
        }

        @Override
        public ChangeTracker changeTracker() {
            return tracker;
        }

        @Override
        public SystemTicks directReader() {
            return clock.directReader();
        }

        @Override
        public SystemTicks directWriter() {
            return clock.directWriter();
        }

        @Override
        public void beginIteration(Query query) {
            guard.beginIteration(query);
        }

        @Override
        public void endIteration(Query query) {
            guard.endIteration(query);
        }

        @Override
        public void verifyIntegrity() {
            storage.verifyIntegrity();
        }

        @Override
        public void flush() {
            World.this.flush();
        }

        @Override
        public boolean isIterating() {
            return guard.isIterating();
        }

        @Override
        public int changeTick() {
            return clock.changeTick();
        }

        @Override
        public int nextChangeTick() {
            return clock.nextChangeTick();
        }

        @Override
        public void advanceChangeTick(long ticks) {
            clock.advanceChangeTick(ticks);
        }

        @Override
        public void endIdleFrames(long count) {
            clock.endIdleFrames(count);
        }

        @Override
        public int newSystemId() {
            return clock.newSystemId();
        }

        @Override
        public RunTicks newSystemTicks(String system) {
            return clock.newSystemTicks(system);
        }

        @Override
        public void endSyncPoint() {
            clock.endSyncPoint();
        }

        @Override
        public WorldView view(String system, Access declared, SystemTicks ticks) {
            return World.this.view(system, declared, ticks);
        }

        @Override
        public void runExclusive(SystemTicks ticks, ExclusiveBody body) throws Exception {
            clock.runExclusive(ticks, body);
        }

        @Override
        public void attachSyncHook(SyncHook hook) {
            guard.attachSyncHook(hook, World.this);
        }

        @Override
        public void detachSyncHook(SyncHook hook) {
            guard.detachSyncHook(hook);
        }

        @Override
        public String toString() {
            return "internals of " + World.this;
        }
    }

    // ================================================================= helpers

    private void beforeStructuralChange(String operation) {
        guard.beforeStructuralChange(operation);
    }

    private void requireNoIteration(String operation) {
        guard.requireNoIteration(operation);
    }

    private static void checkBundle(String operation, Object[] components) {
        Objects.requireNonNull(components, "components");
        for (int i = 0; i < components.length; i++) {
            if (components[i] == null) {
                throw new IllegalArgumentException(operation + ": component " + i + " of the bundle is null");
            }
            Class<?> type = components[i].getClass();
            for (int j = 0; j < i; j++) {
                if (components[j].getClass() == type) {
                    throw new IllegalArgumentException(operation + ": the bundle contains "
                            + Components.displayName(type) + " more than once");
                }
            }
        }
    }

    /**
     * The cached layout of a bundle, validating it (no nulls, no duplicate types) only on a cache
     * miss: a cached layout was validated when it was made, and matching it proves the same classes.
     */
    private BundleLayout layoutFor(String operation, Object[] components) {
        for (BundleLayout l : layouts) {
            if (l != null && l.matches(components)) {
                return l;
            }
        }
        checkBundle(operation, components);
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < types.length; i++) {
            types[i] = components[i].getClass();
        }
        BundleLayout l = storage.layoutFor(types);
        layouts[nextLayout] = l;
        nextLayout = (nextLayout + 1) % LAYOUT_CACHE_SIZE;
        return l;
    }

    @Override
    public String toString() {
        return "World[" + entities.liveCount() + " entities, " + storage.archetypeCount() + " archetypes, "
                + resources.size() + " resources]";
    }
}
