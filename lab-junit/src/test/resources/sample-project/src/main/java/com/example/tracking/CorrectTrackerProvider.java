package com.example.tracking;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.change.ForwardingChangeTracker;

/** The sample's correct strategy: every event goes to ecslab's generation strategy, which is exact. */
public final class CorrectTrackerProvider implements ChangeTrackerProvider {
    @Override
    public String id() {
        return "sample-correct";
    }

    @Override
    public ClaimedClass claimedClass(ChangeFlavor flavor) {
        return ClaimedClass.EXACT;
    }

    @Override
    public String description() {
        return "the sample's strategy: generation behind a forwarding tracker";
    }

    @Override
    public ChangeTracker create() {
        return new ForwardingChangeTracker(ChangeTrackerProvider.find("generation").create()) { };
    }
}
