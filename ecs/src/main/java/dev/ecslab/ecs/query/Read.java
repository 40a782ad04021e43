package dev.ecslab.ecs.query;

import dev.ecslab.ecs.component.ComponentInfo;

/**
 * A read term: the query visits only entities with the component and may read it. Reading never
 * marks a change.
 *
 * @param <T> the component class
 */
public final class Read<T> extends Term<T> {
    Read(Object owner, int slot, ComponentInfo component) {
        super(owner, slot, component);
    }

    @Override
    public boolean isWrite() {
        return false;
    }

    @Override
    public String toString() {
        return "Read<" + component.name() + ">";
    }
}
