package dev.ecslab.ecs.query;

/**
 * The entity term: yields the id of the current entity. It reads no component data, so it adds
 * nothing to the query's access.
 */
public final class EntityTerm {
    final Object owner;

    EntityTerm(Object owner) {
        this.owner = owner;
    }

    @Override
    public String toString() {
        return "Entity";
    }
}
