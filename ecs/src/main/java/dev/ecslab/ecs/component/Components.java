package dev.ecslab.ecs.component;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The registry of component types of one world. Ids are dense, assigned in registration order, and
 * never reused, so bitsets and per-component arrays can be indexed by them.
 *
 * <p>Types are registered explicitly with {@link #register(Class, StorageKind)} or implicitly on
 * first use, in which case the {@link ComponentStorage} annotation (or {@link StorageKind#TABLE})
 * decides the kind. Registering a type again with a different kind is an error, so the storage kind
 * of a type can never change under existing data.
 *
 * <p>Not thread-safe: registration happens on the thread that owns the world. Lookups of already
 * registered types are safe from any thread once the registration has been published.
 */
public final class Components {
    private final Map<Class<?>, ComponentInfo> byType = new IdentityHashMap<>();
    private final List<ComponentInfo> byId = new ArrayList<>();
    /** One-entry cache; a single immutable reference, so a racing reader sees a consistent pair. */
    private volatile ComponentInfo last;

    /** An empty registry, for one world. */
    public Components() {
    }

    /** Registers {@code type} with {@code storage}, or returns the existing registration if it agrees. */
    public ComponentInfo register(Class<?> type, StorageKind storage) {
        ComponentInfo existing = byType.get(type);
        if (existing != null) {
            if (existing.storage() != storage) {
                throw new ComponentRegistrationException("component " + existing.name()
                        + " is already registered with storage " + existing.storage()
                        + "; it cannot be re-registered as " + storage);
            }
            return existing;
        }
        return add(type, storage);
    }

    /** The registration of {@code type}, registering it with its declared (or default) kind if new. */
    public ComponentInfo infoOf(Class<?> type) {
        ComponentInfo cached = last;
        if (cached != null && cached.type() == type) {
            return cached;
        }
        ComponentInfo info = byType.get(type);
        if (info == null) {
            info = add(type, declaredStorage(type));
        }
        last = info;
        return info;
    }

    /** The registration of {@code type} if it has one; never registers. */
    public Optional<ComponentInfo> find(Class<?> type) {
        return Optional.ofNullable(byType.get(type));
    }

    public ComponentInfo info(int id) {
        return byId.get(id);
    }

    public int count() {
        return byId.size();
    }

    public List<ComponentInfo> all() {
        return Collections.unmodifiableList(byId);
    }

    /** The kind a type asks for through {@link ComponentStorage}, or {@link StorageKind#TABLE}. */
    public static StorageKind declaredStorage(Class<?> type) {
        ComponentStorage annotation = type.getAnnotation(ComponentStorage.class);
        return annotation == null ? StorageKind.TABLE : annotation.value();
    }

    private ComponentInfo add(Class<?> type, StorageKind storage) {
        if (type.isPrimitive() || type.isArray() || type.isInterface()) {
            throw new ComponentRegistrationException("component type must be a class, got "
                    + type.getTypeName());
        }
        ComponentInfo info = new ComponentInfo(byId.size(), type, displayName(type), storage);
        byType.put(type, info);
        byId.add(info);
        return info;
    }

    /** The simple name, qualified by enclosing classes, so nested test types stay readable. */
    public static String displayName(Class<?> type) {
        String name = type.getName();
        int dot = name.lastIndexOf('.');
        return (dot < 0 ? name : name.substring(dot + 1)).replace('$', '.');
    }
}
