package dev.ecslab.lab.scenario;


import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** An entity of the initial world: its label and its components with their values. */
public record EntitySpec(@Required String label, Map<Data, Integer> components) {
    public EntitySpec {
        Objects.requireNonNull(label, "an entity needs a label");
        components = components == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(components));
    }
}
