package dev.ecslab.ecs.world;

import dev.ecslab.ecs.internal.SyncHook;
import dev.ecslab.ecs.query.Query;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Refuses structural changes while a query iterates, and tells an attached job scheduler
 * ({@link SyncHook}) before the world touches data. Package-private: the world's structural
 * operations ask it first; queries report to it through {@link dev.ecslab.ecs.internal.QueryHost}.
 */
final class IterationGuard {
    private final AtomicInteger iterating = new AtomicInteger();
    /** The attached job scheduler's sync points, or null. */
    private volatile SyncHook syncHook;
    /**
     * The query that began an iteration last, named in the refusal's message. A plain field: it only
     * names a culprit, and a volatile store here cost a full fence on every walk and every lookup.
     */
    private Query lastIterating;

    void beginIteration(Query query) {
        SyncHook hook = syncHook;
        if (hook != null) {
            hook.beforeQuery(query);
        }
        if (lastIterating != query) {       // mostly the same query: no store, no G1 card-marking barrier
            lastIterating = query;
        }
        iterating.incrementAndGet();
    }

    void endIteration(Query query) {
        iterating.decrementAndGet();
        SyncHook hook = syncHook;
        if (hook != null) {
            hook.afterQuery(query);
        }
    }

    synchronized void attachSyncHook(SyncHook hook, Object world) {
        if (syncHook != null) {
            throw new IllegalStateException("a job scheduler is already attached to " + world
                    + "; close it before attaching another");
        }
        syncHook = java.util.Objects.requireNonNull(hook, "hook");
    }

    synchronized void detachSyncHook(SyncHook hook) {
        if (syncHook == hook) {
            syncHook = null;
        }
    }

    boolean isIterating() {
        return iterating.get() != 0;
    }

    /** Before a direct read or write of one component of one entity. */
    void beforeComponentAccess(int componentId, boolean forWrite) {
        SyncHook hook = syncHook;
        if (hook != null) {
            hook.beforeComponentAccess(componentId, forWrite);
        }
    }

    void beforeStructuralChange(String operation) {
        SyncHook hook = syncHook;
        if (hook != null) {
            hook.beforeStructuralChange(operation);
        }
    }

    void requireNoIteration(String operation) {
        beforeStructuralChange(operation);
        if (iterating.get() != 0) {
            Query q = lastIterating;
            throw new StructuralChangeException(operation + " refused: " + (q == null ? "a query" : q.description())
                    + " is iterating, and a structural change would corrupt its walk; record it in a "
                    + "CommandBuffer and apply that after the iteration");
        }
    }
}
