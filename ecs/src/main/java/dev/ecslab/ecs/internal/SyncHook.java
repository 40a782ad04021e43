package dev.ecslab.ecs.internal;

import dev.ecslab.ecs.query.Query;

/**
 * What the world tells a job scheduler before it touches data, so that scheduled jobs and direct use
 * of the world never race (the Arch.Scheduled sync points). The world calls these on the thread that
 * is about to act, before it changes anything; a hook either returns once it is safe to go on (having
 * waited for the jobs in the way) or throws, and then the world is left exactly as it was.
 *
 * <p>An interface in the internal package so that the world does not depend on the {@code job}
 * package; with no hook attached each call site costs one volatile read.
 */
public interface SyncHook {
    /** Before {@code query} starts walking rows (not called for the slices a job walks itself). */
    void beforeQuery(Query query);

    /** After {@code query} stopped walking rows (normally or not), on the same thread. */
    void afterQuery(Query query);

    /** Before a structural change (spawn, despawn, insert, remove, commands, frame end). */
    void beforeStructuralChange(String operation);

    /** Before a direct read ({@code get}) or write ({@code getMut}) of one component of one entity. */
    void beforeComponentAccess(int componentId, boolean write);
}
