package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * {@code generation} that drops the direct writes of a system's second and later run in a frame,
 * which only happens in a looping stage: everywhere else it is exact. Before every scenario class counted
 * towards the measured class, this strategy was measured exact and its gate passed (the looping
 * column failed, but was reported, not gated).
 */
final class LosesInLoops extends ForwardingChangeTracker {
    private final Set<Integer> ranThisFrame = ConcurrentHashMap.newKeySet();
    private final Set<Integer> repeating = ConcurrentHashMap.newKeySet();

    LosesInLoops() {
        super(new GenerationTracker());
    }

    @Override
    public void onRunStarted(SystemTicks run) {
        super.onRunStarted(run);
        if (run.id() >= SystemTicks.FIRST_SYSTEM && !ranThisFrame.add(run.id())) {
            repeating.add(run.id());
        }
    }

    @Override
    public void onRunFinished(SystemTicks run) {
        super.onRunFinished(run);
        repeating.remove(run.id());
    }

    @Override
    public void onFrameEnded() {
        super.onFrameEnded();
        ranThisFrame.clear();
    }

    /** Two frame ends reach the delegate's fixed point; the set stays empty. */
    @Override
    public void onIdleFramesEnded(long count) {
        for (long i = 0; i < Math.min(count, 2); i++) {
            onFrameEnded();
        }
    }

    @Override
    public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
        if (!repeating.contains(writer.id())) {
            super.onMutated(writer, componentId, entityIndex, column, row);
        }
    }

    @Override
    public void onResourceMutated(SystemTicks writer, int resourceId) {
        if (!repeating.contains(writer.id())) {
            super.onResourceMutated(writer, resourceId);
        }
    }
}
