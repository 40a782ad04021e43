package dev.ecslab.lab.scenario;


import java.util.List;
import java.util.Objects;

/**
 * A stage and its systems. {@code iterations} above 1 makes it a looping stage (a run criterion that
 * answers "check again", like Bevy's fixed-timestep stage running several times in one frame).
 */
public record StageSpec(@Required String name, int iterations, List<SystemSpec> systems) {
    public StageSpec {
        Objects.requireNonNull(name, "a stage needs a name");
        iterations = iterations == 0 ? 1 : iterations;            // omitted in JSON: one iteration
        systems = systems == null ? List.of() : List.copyOf(systems);
    }
}
