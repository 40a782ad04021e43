package dev.ecslab.ecs.command;

import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.entity.Entity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Structural changes recorded now and applied later, at a sync point, in recording order.
 *
 * <p><b>Why.</b> Systems run in parallel over a world whose layout must not change under them, so
 * they record spawns, despawns, inserts and removes here. {@link #spawn} reserves the new entity's id
 * at once (lock-free, safe from any thread; see {@link Entities#reserve()}), so later commands in the
 * same buffer, or components stored elsewhere, can refer to it.
 *
 * <p><b>Ordering contract.</b> Within a buffer, commands apply in the order they were recorded.
 * Across buffers, the order is whatever order the caller passes them to the world (the schedule
 * passes them in the topological order of the systems that filled them, never in thread-finishing
 * order: {@code ScheduleRunner} keeps one buffer per system and applies them in that order).
 *
 * <p>Bad arguments (null components, a component type twice in one bundle) are rejected when
 * recorded, so the error points at the caller. A buffer is filled by one thread at a time.
 */
public final class CommandBuffer {
    private final Entities entities;
    private final String owner;
    private final List<Command> commands = new ArrayList<>();
    private final List<Entity> reserved = new ArrayList<>();
    /**
     * False in every buffer but the race-bug catalogue's twin ({@code CommandTwins} in the tests), whose
     * spawn takes its id with the world's own allocation ({@link Entities#alloc()}, a structural change
     * for the owner thread at a sync point) instead of a reservation: flecs #1677, whose
     * {@code ecs_enable_id} added the toggle id through the world instead of the calling thread's
     * stage, a structural change made at once from a worker thread.
     */
    private final boolean spawnAllocatesOnTheWorld;

    /**
     * A buffer whose spawns reserve ids from {@code entities}; {@code owner} (a system name, say)
     * appears in error messages when a command fails.
     */
    public CommandBuffer(Entities entities, String owner) {
        this(entities, owner, false);
    }

    /** The twin's constructor (tests only): {@code spawnAllocatesOnTheWorld} puts flecs #1677 back. */
    CommandBuffer(Entities entities, String owner, boolean spawnAllocatesOnTheWorld) {
        this.entities = Objects.requireNonNull(entities, "entities");
        this.owner = Objects.requireNonNull(owner, "owner");
        this.spawnAllocatesOnTheWorld = spawnAllocatesOnTheWorld;
    }

    /** Who filled this buffer, for messages. */
    public String owner() {
        return owner;
    }

    /** Reserves an entity now and records that it gets {@code components} when applied. */
    public Entity spawn(Object... components) {
        Object[] copy = checkedBundle("spawn", components);
        Entity e = spawnAllocatesOnTheWorld ? entities.alloc() : entities.reserve();
        reserved.add(e);
        commands.add(new Command.Spawn(e, copy));
        return e;
    }

    public CommandBuffer despawn(Entity entity) {
        commands.add(new Command.Despawn(Objects.requireNonNull(entity, "entity")));
        return this;
    }

    /** Records adding (or replacing) components on {@code entity}. */
    public CommandBuffer insert(Entity entity, Object... components) {
        Objects.requireNonNull(entity, "entity");
        commands.add(new Command.Insert(entity, checkedBundle("insert", components)));
        return this;
    }

    public CommandBuffer remove(Entity entity, Class<?> type) {
        commands.add(new Command.Remove(Objects.requireNonNull(entity, "entity"), Objects.requireNonNull(type, "type")));
        return this;
    }

    public CommandBuffer insertResource(Object value) {
        commands.add(new Command.InsertResource(Objects.requireNonNull(value, "resource value")));
        return this;
    }

    public CommandBuffer removeResource(Class<?> type) {
        commands.add(new Command.RemoveResource(Objects.requireNonNull(type, "type")));
        return this;
    }

    /** The recorded commands, in order (read-only view). */
    public List<Command> commands() {
        return Collections.unmodifiableList(commands);
    }

    /** Ids reserved by this buffer's spawns that have not been applied or discarded. */
    public List<Entity> reservedEntities() {
        return Collections.unmodifiableList(reserved);
    }

    public int size() {
        return commands.size();
    }

    public boolean isEmpty() {
        return commands.isEmpty();
    }

    /** Removes and returns the recorded commands; the world calls this when it applies the buffer. */
    public List<Command> drain() {
        List<Command> out = new ArrayList<>(commands);
        commands.clear();
        reserved.clear();
        return out;
    }

    private static Object[] checkedBundle(String op, Object[] components) {
        Objects.requireNonNull(components, "components");
        Map<Class<?>, Boolean> seen = new IdentityHashMap<>();
        for (int i = 0; i < components.length; i++) {
            Object c = components[i];
            if (c == null) {
                throw new IllegalArgumentException(op + ": component " + i + " of the bundle is null");
            }
            if (seen.put(c.getClass(), Boolean.TRUE) != null) {
                throw new IllegalArgumentException(op + ": the bundle contains " + c.getClass().getSimpleName()
                        + " more than once");
            }
        }
        return components.clone();
    }

    @Override
    public String toString() {
        return "CommandBuffer[" + owner + ", " + commands.size() + " commands]";
    }
}
