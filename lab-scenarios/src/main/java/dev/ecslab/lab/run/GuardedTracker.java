package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackerHost;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.storage.Column;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The lab's guard around the change tracker under test. Every SPI call goes through it to the
 * strategy unchanged; when the strategy throws, the guard writes a crash (the call, its scope, the
 * exception, the top frames) into the run's {@link CrashLog} and rethrows, so the world sees exactly
 * what it would have seen. The lab therefore knows that the strategy crashed even when the ECS
 * catches the exception (a failing command application) or reports it as something else (a failing
 * system): a crash is judged as a crash, never as a failure of another criterion.
 *
 * <p>Adds no state and no behaviour: every call, default methods included, is forwarded.
 */
public final class GuardedTracker implements ChangeTracker {
    static final String SOURCE = "strategy";

    private final ChangeTracker delegate;
    private final CrashLog log;
    private final IntFunction<String> componentName;
    private final IntFunction<String> resourceName;

    /**
     * @param componentName names a component id in crash messages; {@code resourceName} a resource id
     */
    public GuardedTracker(ChangeTracker delegate, CrashLog log, IntFunction<String> componentName,
            IntFunction<String> resourceName) {
        this.delegate = delegate;
        this.log = log;
        this.componentName = componentName;
        this.resourceName = resourceName;
    }

    /** The strategy's own tracker. */
    public ChangeTracker delegate() {
        return delegate;
    }

    private void crash(String call, Boolean resource, WatchKind kind, Throwable t) {
        log.record(SOURCE, call, resource, kind, t);
    }

    private static WatchKind kind(ChangeKind k) {
        return switch (k) {
            case ADDED -> WatchKind.ADDED;
            case MUTATED -> WatchKind.MUTATED;
            case CHANGED -> WatchKind.CHANGED;
        };
    }

    private String reader(SystemTicks t) {
        return t == null ? "" : " for '" + t.name() + "'";
    }

    @Override
    public int laneCount() {
        try {
            return delegate.laneCount();
        } catch (Throwable t) {
            crash("laneCount()", null, null, t);
            throw t;
        }
    }

    @Override
    public void attach(TrackerHost host) {
        try {
            delegate.attach(host);
        } catch (Throwable t) {
            crash("attach(host)", null, null, t);
            throw t;
        }
    }

    @Override
    public void runStarted(SystemTicks run) {
        try {
            delegate.runStarted(run);
        } catch (Throwable t) {
            crash("runStarted(" + run.name() + ")", null, null, t);
            throw t;
        }
    }

    @Override
    public void runFinished(SystemTicks run) {
        try {
            delegate.runFinished(run);
        } catch (Throwable t) {
            crash("runFinished(" + run.name() + ")", null, null, t);
            throw t;
        }
    }

    @Override
    public void syncPoint() {
        try {
            delegate.syncPoint();
        } catch (Throwable t) {
            crash("syncPoint()", null, null, t);
            throw t;
        }
    }

    @Override
    public void frameEnded() {
        try {
            delegate.frameEnded();
        } catch (Throwable t) {
            crash("frameEnded()", null, null, t);
            throw t;
        }
    }

    @Override
    public void added(SystemTicks writer, int componentId, int entityIndex, Column column, int row) {
        try {
            delegate.added(writer, componentId, entityIndex, column, row);
        } catch (Throwable t) {
            crash("added(" + componentName.apply(componentId) + " of entity #" + entityIndex + ")" + reader(writer), false,
                    null, t);
            throw t;
        }
    }

    @Override
    public void mutated(SystemTicks writer, int componentId, int entityIndex, Column column, int row) {
        try {
            delegate.mutated(writer, componentId, entityIndex, column, row);
        } catch (Throwable t) {
            crash("mutated(" + componentName.apply(componentId) + " of entity #" + entityIndex + ")" + reader(writer), false,
                    null, t);
            throw t;
        }
    }

    @Override
    public void removed(SystemTicks writer, int componentId, Entity entity) {
        try {
            delegate.removed(writer, componentId, entity);
        } catch (Throwable t) {
            crash("removed(" + componentName.apply(componentId) + " of " + entity + ")" + reader(writer), false, null, t);
            throw t;
        }
    }

    @Override
    public void moved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, Column[] columns, int[] rows) {
        try {
            delegate.moved(entityIndex, fromArchetype, toArchetype, componentIds, columns, rows);
        } catch (Throwable t) {
            crash("moved(entity #" + entityIndex + " from archetype " + fromArchetype + " to " + toArchetype + ")", false,
                    null, t);
            throw t;
        }
    }

    @Override
    public void resourceAdded(SystemTicks writer, int resourceId) {
        try {
            delegate.resourceAdded(writer, resourceId);
        } catch (Throwable t) {
            crash("resourceAdded(" + resourceName.apply(resourceId) + ")" + reader(writer), true, null, t);
            throw t;
        }
    }

    @Override
    public void resourceMutated(SystemTicks writer, int resourceId) {
        try {
            delegate.resourceMutated(writer, resourceId);
        } catch (Throwable t) {
            crash("resourceMutated(" + resourceName.apply(resourceId) + ")" + reader(writer), true, null, t);
            throw t;
        }
    }

    @Override
    public void resourceRemoved(SystemTicks writer, int resourceId) {
        try {
            delegate.resourceRemoved(writer, resourceId);
        } catch (Throwable t) {
            crash("resourceRemoved(" + resourceName.apply(resourceId) + ")" + reader(writer), true, null, t);
            throw t;
        }
    }

    @Override
    public boolean test(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            Column column, int row) {
        try {
            return delegate.test(kind, flavor, reader, componentId, entityIndex, column, row);
        } catch (Throwable t) {
            crash("test(" + kind + ", " + flavor + ") of " + componentName.apply(componentId) + " of entity #" + entityIndex
                    + reader(reader), false, kind(kind), t);
            throw t;
        }
    }

    @Override
    public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
        try {
            return delegate.candidates(kind, flavor, reader, componentId, archetypeIds);
        } catch (Throwable t) {
            crash("candidates(" + kind + ", " + flavor + ") of " + componentName.apply(componentId) + reader(reader), false,
                    kind(kind), t);
            throw t;
        }
    }

    @Override
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, Column column, int rows,
            RowSink sink) {
        try {
            return delegate.candidateRows(kind, flavor, reader, column, rows, sink);
        } catch (Throwable t) {
            crash("candidateRows(" + kind + ", " + flavor + ")" + reader(reader), false, kind(kind), t);
            throw t;
        }
    }

    @Override
    public List<Entity> removed(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        try {
            return delegate.removed(flavor, reader, componentId);
        } catch (Throwable t) {
            crash("removed(" + flavor + ") of " + componentName.apply(componentId) + reader(reader), false, WatchKind.REMOVED,
                    t);
            throw t;
        }
    }

    @Override
    public boolean resource(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        try {
            return delegate.resource(kind, flavor, reader, resourceId);
        } catch (Throwable t) {
            crash("resource(" + kind + ", " + flavor + ") of " + resourceName.apply(resourceId) + reader(reader), true,
                    kind(kind), t);
            throw t;
        }
    }

    @Override
    public boolean resourceRemoved(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        try {
            return delegate.resourceRemoved(flavor, reader, resourceId);
        } catch (Throwable t) {
            crash("resourceRemoved(" + flavor + ") of " + resourceName.apply(resourceId) + reader(reader), true,
                    WatchKind.REMOVED, t);
            throw t;
        }
    }

    @Override
    public long memoryBytes() {
        try {
            return delegate.memoryBytes();
        } catch (Throwable t) {
            crash("memoryBytes()", null, null, t);
            throw t;
        }
    }
}
