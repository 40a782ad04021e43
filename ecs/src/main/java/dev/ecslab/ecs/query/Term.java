package dev.ecslab.ecs.query;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.storage.ColumnarLayout;

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

    /**
     * The field called {@code name} of this term's component, for the primitive field accessors of
     * rows and chunks. The component class must be columnar-eligible (a record or final class of
     * primitives); whether this world actually stores it in columns is checked when the field is
     * used.
     *
     * @throws dev.ecslab.ecs.component.ComponentRegistrationException if the class cannot be columnar
     * @throws IllegalArgumentException if it has no such field (the message lists the fields)
     */
    public final TermField field(String name) {
        ColumnarLayout layout = ColumnarLayout.of(component.type());
        int f = layout.fieldIndex(name);
        if (f < 0) {
            throw new IllegalArgumentException(component.name() + " has no field '" + name + "'; its fields are "
                    + layout.fieldNames());
        }
        return new TermField(this, layout, f);
    }

    /** True for {@link Write} terms. */
    public abstract boolean isWrite();
}
