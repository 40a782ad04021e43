package com.example.tracking;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.entity.Entity;

/** The sample's broken strategy: it claims exact, but never passes a removal on, so no reader is told of one. */
public final class DropsChangeTrackerProvider implements ChangeTrackerProvider {
    @Override
    public String id() {
        return "sample-drops-removals";
    }

    @Override
    public ClaimedClass claimedClass(ChangeFlavor flavor) {
        return ClaimedClass.EXACT;
    }

    @Override
    public String description() {
        return "the sample's broken strategy: generation that drops every removal";
    }

    @Override
    public ChangeTracker create() {
        return new ForwardingChangeTracker(ChangeTrackerProvider.find("generation").create()) {
            @Override
            public void onRemoved(SystemTicks writer, int componentId, Entity entity) {
                // the bug: the removal is dropped
            }
        };
    }
}
