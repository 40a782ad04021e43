package dev.ecslab.ecs.world;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackerHost;
import dev.ecslab.ecs.change.TrackerHost.ColumnRows;
import dev.ecslab.ecs.command.Command;
import dev.ecslab.ecs.command.CommandApplyException;
import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.component.ResourceInfo;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.NoSuchEntityException;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryHost;
import dev.ecslab.ecs.storage.Archetype;
import dev.ecslab.ecs.storage.BundleLayout;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.ecs.storage.ColumnFactory;
import dev.ecslab.ecs.storage.SparseSet;
import dev.ecslab.ecs.storage.Table;
import dev.ecslab.ecs.storage.Resources;
import dev.ecslab.ecs.storage.Storage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The world: entities, their components, resources, and the entry points for queries and commands.
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
 * </ul>
 *
 * <p><b>Threads.</b> The world belongs to one thread (the one that runs sync points). During a
 * parallel phase, systems read and write component values through their {@link WorldView}s, whose
 * declared accesses the executor keeps disjoint, and reserve entity ids through command buffers;
 * both are safe. All other methods are for the owning thread only.
 */
public final class World implements QueryHost {
    private static final int LAYOUT_CACHE_SIZE = 8;

    private final Components components = new Components();
    private final Entities entities;
    private final Storage storage;
    private final Resources resources = new Resources();
    private final ChangeTracker tracker;
    private final String trackerId;
    /** The global change tick: the last tick handed out. */
    private final AtomicInteger changeTick;
    /**
     * False in every world but the race-bug catalogue's twin ({@code WorldTwins} in the tests), which
     * takes the next tick with a plain read and write instead of one atomic increment.
     */
    private final boolean plainTickIncrement;
    private final RunTicks worldWriter;
    private final RunTicks worldReader;
    /** Every reader's clock this world made: the world keeps their previous runs within MAX_AGE. */
    private final Set<RunTicks> readerClocks = Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));
    private int lastClockCheck;
    /** While an exclusive system runs, its ticks stand in for the world's (see {@link #runExclusive}). */
    private SystemTicks directContext;
    /** True while the world writer's tick is newer than every tick a reader has been given. */
    private boolean writerTickFresh;
    private boolean worldReaderRegistered;
    private final AtomicInteger nextSystemId = new AtomicInteger(SystemTicks.FIRST_SYSTEM);
    private final AtomicInteger iterating = new AtomicInteger();
    /** The attached job scheduler's sync points, or null. */
    private volatile SyncHook syncHook;
    private volatile Query lastIterating;
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
        this.plainTickIncrement = b.plainTickIncrement;
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
        this.changeTick = new AtomicInteger(b.initialChangeTick);
        this.worldWriter = RunTicks.fresh(SystemTicks.WORLD_WRITER, "world", b.initialChangeTick);
        this.worldReader = new RunTicks(SystemTicks.WORLD_READER, "world reader", b.initialChangeTick - 1);
        this.readerClocks.add(worldReader);
        this.lastClockCheck = b.initialChangeTick;
        this.storage = new Storage(components, entities, tracker.laneCount() + b.metadataLanes);
        this.storage.setMoveListener(this::moved);
        this.tracker.attach(new Host());
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

        /**
         * The entity allocator: for the race-bug catalogue's twins only (an {@link Entities} with a
         * reservation bug put back), hence package-private; a world always makes its own otherwise.
         */
        Builder entities(Entities allocator) {
            this.entities = Objects.requireNonNull(allocator, "allocator");
            return this;
        }

        /**
         * The race-bug catalogue's twin of the change tick: {@link World#nextChangeTick()} as a plain
         * read and write, so two system starts can take the same tick. Package-private: tests only.
         */
        Builder plainTickIncrement() {
            this.plainTickIncrement = true;
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
            return component(type, kind, null);
        }

        /** Registers a component type with a storage kind and a column layout. */
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
                tracker.onAdded(writer, ids[i], e.index(), table.column(position), tableRow);
            } else {
                SparseSet set = storage.sparseSet(ids[i]);
                tracker.onAdded(writer, ids[i], e.index(), set.column(), set.denseIndex(e.index()));
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
        int row = storage.rowOf(entityIndex, componentId);
        if (added) {
            tracker.onAdded(writer, componentId, entityIndex, column, row);
        } else {
            tracker.onMutated(writer, componentId, entityIndex, column, row);
        }
    }

    /**
     * Storage's move listener: tells the tracker where the components the entity kept now live (the
     * component being added or removed is reported separately, once its value is in place or gone).
     */
    private void moved(int entityIndex, Archetype from, Archetype to) {
        int[] ids = Arrays.stream(to.componentIds()).filter(from::has).toArray();
        Column[] columns = new Column[ids.length];
        int[] rows = new int[ids.length];
        for (int i = 0; i < ids.length; i++) {
            columns[i] = storage.columnOf(entityIndex, ids[i]);
            rows[i] = storage.rowOf(entityIndex, ids[i]);
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
        SyncHook hook = syncHook;
        if (hook != null) {
            hook.beforeComponentAccess(info.get().id(), forWrite);
        }
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
            written(writer, entity.index(), components.find(type).orElseThrow().id(), false);
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
    public void flush() {
        if (entities.needsFlush()) {
            requireNoIteration("flush reserved entities");
            entities.flush(storage::placeEmpty);
        }
    }

    // ================================================================= resources

    /** Inserts or replaces the resource of {@code value}'s class. */
    public void insertResource(Object value) {
        Objects.requireNonNull(value, "resource value");
        ResourceInfo info = resources.infoOf(value.getClass());
        Object old = resources.put(info.id(), value);
        if (old == null) {
            tracker.onResourceAdded(directWriter(), info.id());
        } else {
            tracker.onResourceMutated(directWriter(), info.id());
        }
    }

    /** The resource of {@code type}; {@link NoSuchResourceException} when absent. */
    public <T> T resource(Class<T> type) {
        return getResource(type).orElseThrow(() -> new NoSuchResourceException(Components.displayName(type)));
    }

    /** The resource of {@code type}, or empty. */
    public <T> Optional<T> getResource(Class<T> type) {
        Optional<ResourceInfo> info = resources.find(type);
        return info.map(i -> type.cast(resources.get(i.id())));
    }

    /**
     * The resource for in-place mutation (the resource write handle, where change tracking marks
     * it mutated); {@link NoSuchResourceException} when absent.
     */
    public <T> T resourceMut(Class<T> type) {
        return resourceMut(type, directWriter());
    }

    /** {@link #resourceMut} with an explicit writer (a system's view passes its ticks). */
    <T> T resourceMut(Class<T> type, SystemTicks writer) {
        T value = resource(type);
        tracker.onResourceMutated(writer, resources.find(type).orElseThrow().id());
        return value;
    }

    /**
     * Replaces the resource of {@code value}'s class only if it is absent or not equal to the
     * current value (Bevy's {@code set_if_neq}); an equal value changes nothing and marks nothing.
     * Returns whether it replaced.
     */
    public boolean setResourceIfChanged(Object value) {
        return setResourceIfChanged(value, directWriter());
    }

    boolean setResourceIfChanged(Object value, SystemTicks writer) {
        Objects.requireNonNull(value, "resource value");
        ResourceInfo info = resources.infoOf(value.getClass());
        Object old = resources.get(info.id());
        if (value.equals(old)) {
            return false;
        }
        resources.put(info.id(), value);
        if (old == null) {
            tracker.onResourceAdded(writer, info.id());
        } else {
            tracker.onResourceMutated(writer, info.id());
        }
        return true;
    }

    /** Removes and returns the resource, or empty. */
    public <T> Optional<T> removeResource(Class<T> type) {
        Optional<ResourceInfo> info = resources.find(type);
        if (info.isEmpty()) {
            return Optional.empty();
        }
        Object removed = resources.remove(info.get().id());
        if (removed != null) {
            tracker.onResourceRemoved(directWriter(), info.get().id());
        }
        return Optional.ofNullable(type.cast(removed));
    }

    public boolean hasResource(Class<?> type) {
        return getResource(type).isPresent();
    }

    // ================================================================= queries and views

    /** Starts building a query over this world (unrestricted access). */
    public QueryBuilder query() {
        return new QueryBuilder(this, null);
    }

    /**
     * A view for a system named {@code system} that may touch only what {@code declared} covers,
     * with its own command buffer.
     */
    public WorldView view(String system, Access declared) {
        return view(system, declared, newSystemTicks(system));
    }

    /** A view whose queries read changes and mark writes with {@code ticks} (the runner's per-system ticks). */
    public WorldView view(String system, Access declared, SystemTicks ticks) {
        return new WorldView(this, system, declared, new CommandBuffer(entities, system), ticks);
    }

    /** A new dense id for a system's {@link SystemTicks}. */
    public int newSystemId() {
        return nextSystemId.getAndIncrement();
    }

    /**
     * The clock of a new system that has never run, with a new id; the world keeps its previous run
     * within {@link dev.ecslab.ecs.change.Ticks#MAX_AGE} of the clock at every sync point and frame
     * end, however long it pauses.
     */
    public RunTicks newSystemTicks(String system) {
        RunTicks ticks = RunTicks.fresh(newSystemId(), system, changeTick.get());
        readerClocks.add(ticks);
        return ticks;
    }

    /**
     * A sync point for change tracking, once commands are applied (the runner calls it): every
     * {@link dev.ecslab.ecs.change.Ticks#CHECK_THRESHOLD} ticks the readers' previous runs are clamped,
     * then the tracker hears {@link ChangeTracker#onSyncPoint}.
     */
    public void endSyncPoint() {
        clampReaderClocks();
        tracker.onSyncPoint();
    }

    /** Bevy's check_change_ticks for systems: no reader's previous run may grow older than MAX_AGE. */
    private void clampReaderClocks() {
        int now = changeTick.get();
        if (dev.ecslab.ecs.change.Ticks.age(lastClockCheck, now) >= dev.ecslab.ecs.change.Ticks.CHECK_THRESHOLD) {
            lastClockCheck = now;
            synchronized (readerClocks) {
                for (RunTicks t : readerClocks) {
                    t.clampLastRun(now);
                }
            }
        }
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

    // ================================================================= change tracking

    /** The change-tracking strategy's id. */
    public String changeTrackingId() {
        return trackerId;
    }

    @Override
    public ChangeTracker changeTracker() {
        return tracker;
    }

    /** The last change tick handed out. */
    public int changeTick() {
        return changeTick.get();
    }

    /**
     * Hands out the next change tick: the runner calls this when a system run starts. Direct writes
     * made afterwards take a newer tick, so that the system sees them on its next run.
     */
    public int nextChangeTick() {
        writerTickFresh = false;
        if (plainTickIncrement) {                    // the twin's lost update; never in a real world
            int next = changeTick.get() + 1;
            changeTick.set(next);
            return next;
        }
        return changeTick.incrementAndGet();
    }

    /**
     * Advances the change tick by {@code ticks}, as if that many ticks had been handed out to system
     * runs that touched nothing: a world that has run for a very long time, without spending the time.
     * Tests and the lab use it to make clamping and the 32-bit wraparound happen for real: a jump of
     * 2<sup>32</sup> laps the clock, and a change older than {@link dev.ecslab.ecs.change.Ticks#MAX_AGE}
     * expires (Bevy's semantics: it is clamped and no longer reported).
     *
     * <p>The jump is made in steps of at most {@link dev.ecslab.ecs.change.Ticks#CHECK_THRESHOLD}
     * ticks, and after each step the tracker's {@link ChangeTracker#onSyncPoint()} runs, as it would at
     * the sync points of the stages those ticks stand for: a strategy that clamps old ticks there
     * (Bevy's {@code check_change_ticks}) gets every chance a real run would give it, and one that
     * does not is caught. No frame ends ({@link ChangeTracker#onFrameEnded()} is not called): a
     * frame-based strategy sees one long gap inside a frame, not millions of frames. Direct writes
     * made afterwards take a tick after the jump.
     *
     * <p>For the owning thread, between frames: no system may run and no query may iterate.
     *
     * @param ticks how many ticks to advance, {@code >= 0} (any amount: 2<sup>32</sup> and more lap
     *              the 32-bit clock)
     * @throws IllegalArgumentException when {@code ticks} is negative
     * @throws StructuralChangeException while a query iterates
     */
    public void advanceChangeTick(long ticks) {
        if (ticks < 0) {
            throw new IllegalArgumentException("the change tick only moves forward; was asked to move by " + ticks);
        }
        requireNoIteration("advance the change tick");
        long left = ticks;
        while (left > 0) {
            int step = (int) Math.min(left, dev.ecslab.ecs.change.Ticks.CHECK_THRESHOLD);
            changeTick.addAndGet(step);
            left -= step;
            endSyncPoint();
        }
        writerTickFresh = false;
    }

    /**
     * Ends a frame for change tracking (Bevy's {@code clear_trackers}): the tracker's frame end, and
     * queries made directly on the world see only changes made after this call. The runner calls it
     * after every frame.
     */
    public void clearTrackers() {
        requireNoIteration("clear trackers");
        clampReaderClocks();
        tracker.onFrameEnded();
        worldReader.begin(changeTick.get());
        tracker.onRunStarted(worldReader);
        tracker.onRunFinished(worldReader);
        worldReader.end();
        writerTickFresh = false;
    }

    /** Entities that lost {@code type} since the last {@link #clearTrackers()} (direct use of the world). */
    public List<Entity> removed(Class<?> type) {
        return components.find(type).map(i -> tracker.removedSince(ChangeFlavor.DEFAULT, directReader(), i.id()))
                .orElse(List.of());
    }

    /** True when the resource was added, mutated or changed (per {@code kind}) since the last {@link #clearTrackers()}. */
    public boolean resourceChanged(Class<?> type, ChangeKind kind) {
        return resources.find(type).map(i -> tracker.resourceMatches(kind, ChangeFlavor.DEFAULT, directReader(), i.id()))
                .orElse(false);
    }

    /**
     * Runs {@code body} as an exclusive system with {@code ticks}: direct operations inside it are
     * that system's writes and reads, not the world's. For the runner.
     */
    public void runExclusive(SystemTicks ticks, ExclusiveBody body) throws Exception {
        SystemTicks previous = directContext;
        directContext = ticks;
        try {
            body.run();
        } finally {
            directContext = previous;
        }
    }

    /** The code of an exclusive system run, for {@link #runExclusive}. */
    @FunctionalInterface
    public interface ExclusiveBody {
        void run() throws Exception;
    }

    @Override
    public SystemTicks directWriter() {
        if (directContext != null) {
            return directContext;
        }
        if (!writerTickFresh) {
            worldWriter.begin(changeTick.incrementAndGet());
            tracker.onRunStarted(worldWriter);
            writerTickFresh = true;
        }
        return worldWriter;
    }

    @Override
    public SystemTicks directReader() {
        if (directContext != null) {
            return directContext;
        }
        if (!worldReaderRegistered) {
            tracker.onRunStarted(worldReader);     // a reader from now on (it may hold back log compaction)
            worldReaderRegistered = true;
        }
        worldReader.begin(changeTick.get());
        return worldReader;
    }

    /** What the tracker may use of this world. */
    private final class Host implements TrackerHost {
        @Override
        public int currentTick() {
            return changeTick.get();
        }

        @Override
        public int archetypeOf(int entityIndex) {
            return entities.archetypeId(entityIndex);
        }

        @Override
        public ColumnRows rowsOf(int archetypeId, int componentId) {
            Archetype a = storage.archetype(archetypeId);
            if (!a.has(componentId)) {
                return null;
            }
            Table table = a.table();
            Column c = table.columnOf(componentId);
            if (c != null) {
                return new ColumnRows(c, table.entityIndices(), table.size());
            }
            SparseSet set = storage.sparseSet(componentId);
            return new ColumnRows(set.column(), set.entityIndices(), set.size());
        }

        @Override
        public int liveEntityCount() {
            return entities.liveCount();
        }

        @Override
        public void forEachColumn(ColumnVisitor visitor) {
            for (int t = 0; t < storage.tableCount(); t++) {
                Table table = storage.table(t);
                for (int c = 0; c < table.columnCount(); c++) {
                    visitor.visit(table.column(c), table.size());
                }
            }
            for (ComponentInfo info : components.all()) {
                if (info.storage() == StorageKind.SPARSE_SET) {
                    SparseSet set = storage.sparseSet(info.id());
                    visitor.visit(set.column(), set.size());
                }
            }
        }
    }

    // ================================================================= QueryHost

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

    /** The resource store, for access declarations (resource ids) and tooling. */
    public Resources resources() {
        return resources;
    }

    @Override
    public void beginIteration(Query query) {
        SyncHook hook = syncHook;
        if (hook != null) {
            hook.beforeQuery(query);
        }
        lastIterating = query;
        iterating.incrementAndGet();
    }

    @Override
    public void endIteration(Query query) {
        iterating.decrementAndGet();
        SyncHook hook = syncHook;
        if (hook != null) {
            hook.afterQuery(query);
        }
    }

    /**
     * Checks that every live entity's recorded location agrees with the archetypes, tables and
     * sparse sets (linear time; for tests and the lab).
     *
     * @throws IllegalStateException naming the first broken invariant
     */
    public void verifyIntegrity() {
        storage.verifyIntegrity();
    }

    /**
     * Attaches the sync points of a job scheduler (one at a time). For the {@code job} package: user
     * code calls {@code JobScheduler.attach(world)}.
     *
     * @throws IllegalStateException if another hook is attached
     */
    public synchronized void attachSyncHook(SyncHook hook) {
        if (syncHook != null) {
            throw new IllegalStateException("a job scheduler is already attached to " + this
                    + "; close it before attaching another");
        }
        syncHook = java.util.Objects.requireNonNull(hook, "hook");
    }

    /** Detaches {@code hook} if it is the attached one. */
    public synchronized void detachSyncHook(SyncHook hook) {
        if (syncHook == hook) {
            syncHook = null;
        }
    }

    /** True while some query iterates. */
    public boolean isIterating() {
        return iterating.get() != 0;
    }

    // ================================================================= internals

    private void beforeStructuralChange(String operation) {
        SyncHook hook = syncHook;
        if (hook != null) {
            hook.beforeStructuralChange(operation);
        }
    }

    private void requireNoIteration(String operation) {
        beforeStructuralChange(operation);
        if (iterating.get() != 0) {
            Query q = lastIterating;
            throw new StructuralChangeException(operation + " refused: " + (q == null ? "a query" : q.description())
                    + " is iterating, and a structural change would corrupt its walk; record it in a "
                    + "CommandBuffer and apply that after the iteration");
        }
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
