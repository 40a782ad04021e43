package dev.ecslab.ecs.query;

import dev.ecslab.ecs.component.ComponentInfo;

/**
 * A write term: the query visits only entities with the component and may replace or mutate it
 * through the write handle of {@link QueryRow} ({@code set}, {@code modify}, {@code update},
 * {@code getMut}, {@code setIfChanged}), which is where changes are marked.
 *
 * @param <T> the component class
 */
public final class Write<T> extends Term<T> {
    Write(Object owner, int slot, ComponentInfo component) {
        super(owner, slot, component);
    }

    @Override
    public boolean isWrite() {
        return true;
    }

    @Override
    public String toString() {
        return "Write<" + component.name() + ">";
    }
}
