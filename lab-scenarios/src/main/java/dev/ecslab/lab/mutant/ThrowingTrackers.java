package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.entity.Entity;

/**
 * Strategies that crash. Before crashes were findings of their own, a strategy that threw on every
 * query was measured exact (its runs judged nothing, and nothing judged counted as a pass). Each of
 * these is {@code generation} with one kind of call throwing, so every other answer stays right: only
 * the crash criterion can catch them.
 */
final class ThrowingTrackers {
    private ThrowingTrackers() {
    }

    /** Throws whenever it is asked about a resource (component answers are right). */
    static final class OnResourceAnswer extends ForwardingChangeTracker {
        OnResourceAnswer() {
            super(new GenerationTracker());
        }

        @Override
        public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            throw new IllegalStateException("mutant: resource answers are not implemented");
        }

        @Override
        public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            throw new IllegalStateException("mutant: resource answers are not implemented");
        }
    }

    /** Throws when told that a component was removed (during command application or a despawn). */
    static final class OnRemovalEvent extends ForwardingChangeTracker {
        OnRemovalEvent() {
            super(new GenerationTracker());
        }

        @Override
        public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
            throw new IllegalStateException("mutant: removal events are not handled");
        }
    }
}
