package dev.ecslab.ecs.component;

/**
 * The identity of a registered component type in one world: a dense int {@code id} (used in bitsets
 * and arrays everywhere), its Java class, a display name, and its storage kind.
 */
public record ComponentInfo(int id, Class<?> type, String name, StorageKind storage) {
    @Override
    public String toString() {
        return name;
    }
}
