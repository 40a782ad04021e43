package dev.ecslab.ecs.change;

import dev.ecslab.ecs.entity.Entity;
import java.util.List;

/**
 * Proposal 0, no change detection: every present component and resource counts as added, mutated
 * and changed for every reader, every time (the control that shows what change detection saves).
 * It keeps no per-row state. Removals have no natural "everything" answer; this strategy reports the
 * removals of the current and the previous frame (by anyone but the reader), the widest bounded
 * answer. Claimed conservative.
 */
public final class NoTracker implements ChangeTracker {
    private FlagTracker.Removals[] removals = new FlagTracker.Removals[8];
    private final FlagTracker.Removals resourceRemovals = new FlagTracker.Removals();
    private boolean[] resourcePresent = new boolean[8];

    /** A tracker for one world; {@link BuiltInChangeTrackers.None} makes one per world. */
    public NoTracker() {
    }

    @Override
    public int laneCount() {
        return 0;
    }

    /**
     * Two frame ends with nothing between them leave every flag and removal list empty, and more change
     * nothing: idle frames past the second are skipped.
     */
    @Override
    public void onIdleFramesEnded(long count) {
        for (long i = 0; i < Math.min(count, 2); i++) {
            onFrameEnded();
        }
    }

    @Override
    public void onFrameEnded() {
        for (FlagTracker.Removals r : removals) {
            if (r != null) {
                r.shift();
            }
        }
        resourceRemovals.shift();
    }

    @Override
    public void onAdded(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
    }

    @Override
    public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
    }

    @Override
    public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
        if (componentId >= removals.length) {
            removals = java.util.Arrays.copyOf(removals, Math.max(componentId + 1, removals.length * 2));
        }
        if (removals[componentId] == null) {
            removals[componentId] = new FlagTracker.Removals();
        }
        removals[componentId].add(entity, writer.id());
    }

    @Override
    public void onResourceAdded(SystemTicks writer, int resourceId) {
        if (resourceId >= resourcePresent.length) {
            resourcePresent = java.util.Arrays.copyOf(resourcePresent, Math.max(resourceId + 1, resourcePresent.length * 2));
        }
        resourcePresent[resourceId] = true;
    }

    @Override
    public void onResourceMutated(SystemTicks writer, int resourceId) {
    }

    @Override
    public void onResourceRemoved(SystemTicks writer, int resourceId) {
        resourcePresent[resourceId] = false;
        resourceRemovals.add(new Entity(resourceId, 0), writer.id());
    }

    @Override
    public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
            TrackedRows column, int row) {
        return true;
    }

    @Override
    public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
        FlagTracker.Removals r = componentId < removals.length ? removals[componentId] : null;
        return r == null ? List.of() : r.visible(reader, true, true);
    }

    @Override
    public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return resourceId < resourcePresent.length && resourcePresent[resourceId];
    }

    @Override
    public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
        return resourceRemovals.visible(reader, true, true).contains(new Entity(resourceId, 0));
    }

    @Override
    public long memoryBytes() {
        long bytes = resourceRemovals.bytes() + resourcePresent.length;
        for (FlagTracker.Removals r : removals) {
            if (r != null) {
                bytes += r.bytes();
            }
        }
        return bytes;
    }
}
