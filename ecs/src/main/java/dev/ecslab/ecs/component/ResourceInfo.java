package dev.ecslab.ecs.component;

/**
 * The identity of a resource type in one world: a dense int {@code id} (resource ids are their own
 * space, separate from component ids), its Java class and a display name.
 */
public record ResourceInfo(int id, Class<?> type, String name) {
    @Override
    public String toString() {
        return name;
    }
}
