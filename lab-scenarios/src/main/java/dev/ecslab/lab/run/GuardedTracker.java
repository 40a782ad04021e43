package dev.ecslab.lab.run;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.change.TrackerHost;
import dev.ecslab.ecs.entity.Entity;
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
    public void onRunStarted(SystemTicks run) {
        try {
            delegate.onRunStarted(run);
        } catch (Throwable t) {
            crash("onRunStarted(" + run.name() + ")", null, null, t);
            throw t;
        }
    }

    @Override
    public void onRunFinished(SystemTicks run) {
        try {
            delegate.onRunFinished(run);
        } catch (Throwable t) {
            crash("onRunFinished(" + run.name() + ")", null, null, t);
            throw t;
        }
    }

    @Override
    public void onSyncPoint() {
        try {
            delegate.onSyncPoint();
        } catch (Throwable t) {
            crash("onSyncPoint()", null, null, t);
            throw t;
        }
    }

    @Override
    public void onStageStarted(String stage) {
        try {
            delegate.onStageStarted(stage);
        } catch (Throwable t) {
            crash("onStageStarted(" + stage + ")", null, null, t);
            throw t;
        }
    }

    @Override
    public void onLoopIterationEnded(String stage, int iteration) {
        try {
            delegate.onLoopIterationEnded(stage, iteration);
        } catch (Throwable t) {
            crash("onLoopIterationEnded(" + stage + ", " + iteration + ")", null, null, t);
            throw t;
        }
    }

    @Override
    public void onStageEnded(String stage) {
        try {
            delegate.onStageEnded(stage);
        } catch (Throwable t) {
            crash("onStageEnded(" + stage + ")", null, null, t);
            throw t;
        }
    }

    @Override
    public void onFrameEnded() {
        try {
            delegate.onFrameEnded();
        } catch (Throwable t) {
            crash("onFrameEnded()", null, null, t);
            throw t;
        }
    }

    @Override
    public void onIdleFramesEnded(long count) {
        try {
            delegate.onIdleFramesEnded(count);
        } catch (Throwable t) {
            crash("onIdleFramesEnded(" + count + ")", null, null, t);
            throw t;
        }
    }

    @Override
    public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        try {
            delegate.onAdded(writer, componentId, entityIndex, column, row);
        } catch (Throwable t) {
            crash("onAdded(" + componentName.apply(componentId) + " of entity #" + entityIndex + ")" + reader(writer), false,
                    null, t);
            throw t;
        }
    }

    @Override
    public void onAddedSilently(int componentId, int entityIndex, TrackedRows rows, int row) {
        try {
            delegate.onAddedSilently(componentId, entityIndex, rows, row);
        } catch (Throwable t) {
            crash("onAddedSilently(" + componentName.apply(componentId) + " of entity #" + entityIndex + ")",
                    false, null, t);
            throw t;
        }
    }

    @Override
    public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        try {
            delegate.onMutated(writer, componentId, entityIndex, column, row);
        } catch (Throwable t) {
            crash("onMutated(" + componentName.apply(componentId) + " of entity #" + entityIndex + ")" + reader(writer), false,
                    null, t);
            throw t;
        }
    }

    @Override
    public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
        try {
            delegate.onRemoved(writer, componentId, entity);
        } catch (Throwable t) {
            crash("onRemoved(" + componentName.apply(componentId) + " of " + entity + ")" + reader(writer), false, null, t);
            throw t;
        }
    }

    @Override
    public void onMoved(int entityIndex, int fromArchetype, int toArchetype, int[] componentIds, TrackedRows[] columns, int[] rows) {
        try {
            delegate.onMoved(entityIndex, fromArchetype, toArchetype, componentIds, columns, rows);
        } catch (Throwable t) {
            crash("onMoved(entity #" + entityIndex + " from archetype " + fromArchetype + " to " + toArchetype + ")", false,
                    null, t);
            throw t;
        }
    }

    @Override
    public void onResourceAdded(SystemTicks writer, int resourceId) {
        try {
            delegate.onResourceAdded(writer, resourceId);
        } catch (Throwable t) {
            crash("onResourceAdded(" + resourceName.apply(resourceId) + ")" + reader(writer), true, null, t);
            throw t;
        }
    }

    @Override
    public void onResourceMutated(SystemTicks writer, int resourceId) {
        try {
            delegate.onResourceMutated(writer, resourceId);
        } catch (Throwable t) {
            crash("onResourceMutated(" + resourceName.apply(resourceId) + ")" + reader(writer), true, null, t);
            throw t;
        }
    }

    @Override
    public void onResourceRemoved(SystemTicks writer, int resourceId) {
        try {
            delegate.onResourceRemoved(writer, resourceId);
        } catch (Throwable t) {
            crash("onResourceRemoved(" + resourceName.apply(resourceId) + ")" + reader(writer), true, null, t);
            throw t;
        }
    }

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        try {
            return delegate.matches(kind, flavor, reader, componentId, entityIndex, column, row);
        } catch (Throwable t) {
            crash("matches(" + kind + ", " + flavor + ") of " + componentName.apply(componentId) + " of entity #" + entityIndex
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
    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
            RowSink sink) {
        try {
            return delegate.candidateRows(kind, flavor, reader, column, rows, sink);
        } catch (Throwable t) {
            crash("candidateRows(" + kind + ", " + flavor + ")" + reader(reader), false, kind(kind), t);
            throw t;
        }
    }

    @Override
    public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        try {
            return delegate.removedSince(flavor, reader, componentId);
        } catch (Throwable t) {
            crash("removedSince(" + flavor + ") of " + componentName.apply(componentId) + reader(reader), false, WatchKind.REMOVED,
                    t);
            throw t;
        }
    }

    @Override
    public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        try {
            return delegate.resourceMatches(kind, flavor, reader, resourceId);
        } catch (Throwable t) {
            crash("resourceMatches(" + kind + ", " + flavor + ") of " + resourceName.apply(resourceId) + reader(reader), true,
                    kind(kind), t);
            throw t;
        }
    }

    @Override
    public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        try {
            return delegate.resourceRemovedSince(flavor, reader, resourceId);
        } catch (Throwable t) {
            crash("resourceRemovedSince(" + flavor + ") of " + resourceName.apply(resourceId) + reader(reader), true,
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
