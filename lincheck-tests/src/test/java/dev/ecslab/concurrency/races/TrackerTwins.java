package dev.ecslab.concurrency.races;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.change.TrackerHost;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The race-bug catalogue's twins of ecslab's exact strategy: each is the real {@link GenerationTracker}
 * with one documented ECS bug put back, by a forwarding subclass that overrides only what the bug
 * changed (the lab's way of making its mutants). The lab then runs them on the catalogue scenario that
 * catches the bug, beside the real strategy. (Bevy #442's twin, which answers every query over another
 * window, is {@code dev.ecslab.lab.mutant.FlagsClearedEveryFrame}, built on the lab's own base.)
 */
final class TrackerTwins {
    private TrackerTwins() {
    }

    /** A twin as the lab runs it: judged as if it claimed exactness, like every mutant. */
    static TrackerSubject subject(String id, String description, Supplier<ChangeTracker> factory) {
        return new TrackerSubject(id, ChangeFlavor.DEFAULT, null, description, factory);
    }

    /**
     * The per-row test, the one parallel walks use, compares with the tick of the world's last frame
     * end instead of the reader's previous run, as {@code QueryParIter} did with the world's
     * {@code last_change_tick} (Bevy #8029); every other query is the real one.
     */
    static final class RowTestWithFrameEndTick extends ForwardingChangeTracker {
        private TrackerHost host;
        private volatile int frameEnd;

        RowTestWithFrameEndTick() {
            super(new GenerationTracker());
        }

        @Override
        public void attach(TrackerHost h) {
            super.attach(h);
            host = h;
            frameEnd = h.currentTick();
        }

        @Override
        public void onFrameEnded() {
            super.onFrameEnded();
            frameEnd = host.currentTick();
        }

        @Override
        public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
                TrackedRows rows, int row) {
            SystemTicks asIfLastRunAtFrameEnd = reader.id() < SystemTicks.FIRST_SYSTEM ? reader
                    : reader.withWindow(frameEnd, reader.thisRun());
            return super.matches(kind, flavor, asIfLastRunAtFrameEnd, componentId, entityIndex, rows, row);
        }
    }

    /**
     * Reports a removal only until {@code frames} frame ends have passed: Bevy's double-buffered
     * removal events ({@code frames == 2}; a system that runs less often, in {@code FixedUpdate}, misses
     * them: #16520), or a buffer cut to one frame ({@code frames == 1}: a detector that runs before the
     * remover misses every removal, the symptom of #13758).
     */
    static final class RemovalsExpire extends ForwardingChangeTracker {
        private final int frames;
        private volatile long frame;
        private final Map<Integer, Map<Entity, Long>> removedAt = new ConcurrentHashMap<>();
        private final Map<Integer, Long> resourceRemovedAt = new ConcurrentHashMap<>();

        RemovalsExpire(int frames) {
            super(new GenerationTracker());
            this.frames = frames;
        }

        @Override
        public void onFrameEnded() {
            super.onFrameEnded();
            frame++;
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            super.onRemoved(writer, componentId, entity);
            removedAt.computeIfAbsent(componentId, id -> new ConcurrentHashMap<>()).put(entity, frame);
        }

        @Override
        public void onResourceRemoved(SystemTicks writer, int resourceId) {
            super.onResourceRemoved(writer, resourceId);
            resourceRemovedAt.put(resourceId, frame);
        }

        private boolean kept(Long at) {
            return at == null || frame - at < frames;
        }

        @Override
        public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
            Map<Entity, Long> at = removedAt.getOrDefault(componentId, Map.of());
            return super.removedSince(flavor, reader, componentId).stream().filter(e -> kept(at.get(e))).toList();
        }

        @Override
        public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            return super.resourceRemovedSince(flavor, reader, resourceId) && kept(resourceRemovedAt.get(resourceId));
        }
    }

    /**
     * A resource's additions and mutations are reported only until two frame ends have passed, as a signal
     * sent as a Bevy event is ({@code Events} keeps two buffers, swapped every frame): a system that runs
     * less often than that misses it. Bevy PR #20202 (hot patches applied only on a {@code HotPatched} event,
     * which systems in rarely run schedules missed) replaced the event with a resource's change tick, which
     * each system compares with its own previous run, as the real tracker does.
     */
    static final class ResourceChangesAsEvents extends ForwardingChangeTracker {
        /** The frame ends an event outlives: Bevy's two buffers. */
        private static final int FRAMES = 2;
        private volatile long frame;
        private final Map<Integer, Long> changedAt = new ConcurrentHashMap<>();

        ResourceChangesAsEvents() {
            super(new GenerationTracker());
        }

        @Override
        public void onFrameEnded() {
            super.onFrameEnded();
            frame++;
        }

        @Override
        public void onIdleFramesEnded(long count) {
            delegate().onIdleFramesEnded(count);        // one step, not a loop of count frame ends
            frame += count;
        }

        @Override
        public void onResourceAdded(SystemTicks writer, int resourceId) {
            super.onResourceAdded(writer, resourceId);
            changedAt.put(resourceId, frame);
        }

        @Override
        public void onResourceMutated(SystemTicks writer, int resourceId) {
            super.onResourceMutated(writer, resourceId);
            changedAt.put(resourceId, frame);
        }

        @Override
        public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            Long at = changedAt.get(resourceId);
            return super.resourceMatches(kind, flavor, reader, resourceId) && (at == null || frame - at < FRAMES);
        }
    }

    /**
     * A component (or resource) inserted where one already was, which the world applies at a sync
     * point, marks no mutation: Bevy #333, "Mutating a component with insert(_one) doesn't trigger
     * Mutated query filter".
     */
    static final class ReinsertIsNoMutation extends ForwardingChangeTracker {
        ReinsertIsNoMutation() {
            super(new GenerationTracker());
        }

        @Override
        public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows column, int row) {
            if (writer.id() != SystemTicks.WORLD_WRITER) {
                super.onMutated(writer, componentId, entityIndex, column, row);
            }
        }

        @Override
        public void onResourceMutated(SystemTicks writer, int resourceId) {
            if (writer.id() != SystemTicks.WORLD_WRITER) {
                super.onResourceMutated(writer, resourceId);
            }
        }
    }

    /**
     * A component inserted a second time takes away its "added" mark: Bevy #1443, "Duplicated
     * components are not detected using Added query" (the second insert overwrote the flags).
     */
    static final class ReinsertClearsAdded extends ForwardingChangeTracker {
        ReinsertClearsAdded() {
            super(new GenerationTracker());
        }

        @Override
        public void onMutated(SystemTicks writer, int componentId, int entityIndex, TrackedRows rows, int row) {
            if (writer.id() == SystemTicks.WORLD_WRITER) {         // the added mark goes, the mutation stays
                super.onAddedSilently(componentId, entityIndex, rows, row);
            }
            super.onMutated(writer, componentId, entityIndex, rows, row);
        }
    }
}
