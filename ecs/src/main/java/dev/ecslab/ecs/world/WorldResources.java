package dev.ecslab.ecs.world;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.component.ResourceInfo;
import dev.ecslab.ecs.storage.Resources;
import java.util.Objects;
import java.util.Optional;

/**
 * A world's resources with their change tracking: the bodies of {@link World}'s and
 * {@link WorldView}'s resource operations, each telling the tracker what it did. Package-private.
 */
final class WorldResources {
    private final Resources resources = new Resources();
    private final ChangeTracker tracker;
    private final WorldClock clock;

    WorldResources(ChangeTracker tracker, WorldClock clock) {
        this.tracker = tracker;
        this.clock = clock;
    }

    Resources store() {
        return resources;
    }

    private SystemTicks directWriter() {
        return clock.directWriter();
    }

    void insertResource(Object value) {
        Objects.requireNonNull(value, "resource value");
        ResourceInfo info = resources.infoOf(value.getClass());
        Object old = resources.put(info.id(), value);
        if (old == null) {
            tracker.onResourceAdded(directWriter(), info.id());
        } else {
            tracker.onResourceMutated(directWriter(), info.id());
        }
    }

    <T> T getResourceOrThrow(Class<T> type) {
        return getResource(type).orElseThrow(() -> new NoSuchResourceException(Components.displayName(type)));
    }

    <T> Optional<T> getResource(Class<T> type) {
        Optional<ResourceInfo> info = resources.find(type);
        return info.map(i -> type.cast(resources.get(i.id())));
    }

    /** The resource for mutation with an explicit writer, marked mutated; empty (and nothing marked) when absent. */
    <T> Optional<T> getResourceMut(Class<T> type, SystemTicks writer) {
        Optional<T> value = getResource(type);
        if (value.isPresent()) {
            tracker.onResourceMutated(writer, resources.find(type).orElseThrow().id());
        }
        return value;
    }

    boolean insertResourceIfChanged(Object value, SystemTicks writer) {
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

    <T> Optional<T> removeResource(Class<T> type) {
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

    int size() {
        return resources.size();
    }
}
