package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.entity.Entity;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * {@code generation} that keeps every removed entity in a list that only grows, and does not count
 * it: {@link #memoryBytes()} is the delegate's. Criterion 6 must catch it from outside the tracker
 * (the tracker's own figure stays bounded); it is the reason the criterion does not trust that
 * figure.
 */
final class LeaksSilently extends ForwardingChangeTracker {
    private final List<Entity> kept = Collections.synchronizedList(new ArrayList<>());

    LeaksSilently() {
        super(new GenerationTracker());
    }

    @Override
    public void removed(SystemTicks writer, int componentId, Entity entity) {
        super.removed(writer, componentId, entity);
        kept.add(entity);
    }

    @Override
    public long memoryBytes() {
        return super.memoryBytes();           // the leak is not reported
    }
}
