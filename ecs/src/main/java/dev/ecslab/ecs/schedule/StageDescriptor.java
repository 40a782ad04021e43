package dev.ecslab.ecs.schedule;

import java.util.List;
import java.util.Objects;

/** A named stage: its systems in insertion order. The end of a stage is a sync point. */
public record StageDescriptor(String name, List<SystemDescriptor> systems) {
    public StageDescriptor {
        Objects.requireNonNull(name, "stage name");
        systems = List.copyOf(systems);
    }
}
