package dev.ecslab.ecs.internal;

import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.component.Components;
import dev.ecslab.ecs.entity.Entities;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.storage.Storage;

/**
 * What a query needs from the world that owns it: the registries, the storage, and the iteration
 * guard that refuses structural changes while a query iterates. Implemented by the world (its
 * {@link WorldInternals}); an interface so that {@code query} does not depend on {@code world}.
 */
public interface QueryHost {
    Components components();

    Storage storage();

    Entities entities();

    /** The world's change tracker. */
    ChangeTracker changeTracker();

    /**
     * The ticks a query reads changes with when it is used outside any system (Bevy's world-level
     * queries: changes since the world's last {@code clearTrackers()}).
     */
    SystemTicks directReader();

    /** The ticks a query writes with when it is used outside any system. */
    SystemTicks directWriter();

    /** Called before a query starts walking rows; structural changes are refused until {@link #endIteration}. */
    void beginIteration(Query query);

    /** Called when a query stops walking rows, normally or not. */
    void endIteration(Query query);

    /**
     * Opens one observation of the component's changes (a query with a change filter on it does, when
     * it is built): while none is open, writes to it cost the tracker nothing; the first one announces
     * every live row as changed (see {@code ComponentObservers} in {@code world}). {@code reader} is
     * the ticks the observer reads with (a system's, or {@code null} for the world's direct reader, which
     * inside an exclusive system's run is that run's): when it is in the middle of a run, the announcement
     * carries that run's tick, so that this very run sees the rows.
     */
    void observe(int componentId, SystemTicks reader);

    /** {@link #observe(int, SystemTicks)} outside any run (the lab and tests declare observers up front). */
    default void observe(int componentId) {
        observe(componentId, null);
    }

    /** Closes one observation opened with {@link #observe}. */
    void release(int componentId);
}
