package dev.ecslab.lab.engine;

import java.util.Map;
import java.util.TreeMap;

/**
 * An engine's world at one moment: each live entity the lab named, with its components, and each resource. The
 * lab renders it in the canonical lines of its own model to compare them (criterion 8).
 */
public record EngineState(Map<String, Map<String, Integer>> entities, Map<String, Integer> resources) {
    public EngineState {
        TreeMap<String, Map<String, Integer>> sorted = new TreeMap<>();
        entities.forEach((k, v) -> sorted.put(k, java.util.Collections.unmodifiableMap(new TreeMap<>(v))));
        entities = java.util.Collections.unmodifiableMap(sorted);
        resources = java.util.Collections.unmodifiableMap(new TreeMap<>(resources));
    }
}
