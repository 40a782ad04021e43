package dev.ecslab.ecs.query;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.StorageKind;

/**
 * A component term of one query: a typed handle that a {@link QueryRow} accepts to read (and, for
 * {@link Write}, to write) the current entity's component. A term belongs to the query built by the
 * builder that made it; using it with another query is an error that names both.
 *
 * @param <T> the component class
 */
public abstract sealed class Term<T> permits Read, Write {
    final Object owner;
    final int slot;
    final ComponentInfo component;
    final boolean sparse;

    Term(Object owner, int slot, ComponentInfo component) {
        this.owner = owner;
        this.slot = slot;
        this.component = component;
        this.sparse = component.storage() == StorageKind.SPARSE_SET;
    }

    public ComponentInfo component() {
        return component;
    }

    @SuppressWarnings("unchecked")
    public Class<T> type() {
        return (Class<T>) component.type();
    }

    /** True for {@link Write} terms. */
    public abstract boolean isWrite();
}
