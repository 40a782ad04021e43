package dev.ecslab.ecs.storage;

import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.component.ResourceInfo;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Resource storage: at most one value per resource type, indexed by a dense resource id that access
 * declarations use. Registering a type (on first mention) does not insert a value.
 *
 * <p>Not thread-safe for insert and remove; reads of a published value are safe from any thread.
 */
public final class Resources {
    private final Map<Class<?>, ResourceInfo> byType = new IdentityHashMap<>();
    private final List<ResourceInfo> byId = new ArrayList<>();
    private Object[] values = new Object[8];
    private int present;

    /** Storage with no resource registered, for one world. */
    public Resources() {
    }

    /** The registration of {@code type}, created on first mention. */
    public ResourceInfo infoOf(Class<?> type) {
        ResourceInfo info = byType.get(type);
        if (info == null) {
            if (type.isPrimitive() || type.isArray() || type.isInterface()) {
                throw new IllegalArgumentException("resource type must be a class, got " + type.getTypeName());
            }
            info = new ResourceInfo(byId.size(), type, Components.displayName(type));
            byType.put(type, info);
            byId.add(info);
            if (info.id() >= values.length) {
                values = Arrays.copyOf(values, values.length * 2);
            }
        }
        return info;
    }

    /** The registration of {@code type} if it was ever mentioned; never registers. */
    public Optional<ResourceInfo> find(Class<?> type) {
        return Optional.ofNullable(byType.get(type));
    }

    public ResourceInfo info(int id) {
        return byId.get(id);
    }

    public List<ResourceInfo> all() {
        return Collections.unmodifiableList(byId);
    }

    /** The value of resource {@code id}, or {@code null} when absent. */
    public Object get(int id) {
        return id < values.length ? values[id] : null;
    }

    /** Stores a value; returns the previous one or {@code null}. */
    public Object put(int id, Object value) {
        Object old = values[id];
        values[id] = value;
        if (old == null) {
            present++;
        }
        return old;
    }

    /** Removes and returns the value, or {@code null} when absent. */
    public Object remove(int id) {
        Object old = values[id];
        if (old != null) {
            values[id] = null;
            present--;
        }
        return old;
    }

    /** Number of resources currently present. */
    public int size() {
        return present;
    }
}
