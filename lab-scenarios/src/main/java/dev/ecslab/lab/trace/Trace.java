package dev.ecslab.lab.trace;

import java.util.List;
import java.util.Objects;

/**
 * Everything one scenario run recorded: the configuration that produced it, every system run, every
 * change actually made, every detection, the tracker's size per frame, and the final world state. The
 * oracle and the criteria are functions of a trace alone, so a saved trace re-judges to the same
 * verdicts, and re-running its configuration in its recorded order reproduces it.
 *
 * @param memory   the tracker's reported bytes after each frame
 * @param finalState canonical lines, one per entity and resource, sorted
 * @param errors   what went wrong while running (a failed system, an exception), empty if nothing
 * @param events   ordering events (starts, finishes, sync points, command applications) in
 *                 sequence order, for the ordering criterion and the timeline
 */
public record Trace(String scenario, Config config, List<RunRecord> runs, List<ChangeRecord> changes,
        List<Detection> detections, List<Long> memory, List<String> finalState, List<String> errors, List<Event> events) {
    public Trace {
        Objects.requireNonNull(config, "config");
        runs = List.copyOf(runs);
        changes = List.copyOf(changes);
        detections = List.copyOf(detections);
        memory = List.copyOf(memory);
        finalState = List.copyOf(finalState);
        errors = List.copyOf(errors);
        events = List.copyOf(events);
    }

    /**
     * The configuration a trace was recorded under. {@code flavor} is DEFAULT or IMMEDIATE.
     * {@code plugins} are the jars the strategy and the executor actually came from (none for built-ins
     * and mutants; an older replay file without the field loads with none).
     */
    public record Config(String strategy, String flavor, String executor, long seed, int threads, List<PluginJar> plugins) {
        public Config {
            plugins = plugins == null ? List.of() : List.copyOf(plugins);
        }

        public String label() {
            return strategy + (flavor.equals("IMMEDIATE") ? " (immediate)" : "") + " / " + executor + " / seed " + seed;
        }
    }

    /**
     * An ordering event. {@code kind} is {@code start}, {@code finish}, {@code sync} or
     * {@code commands}; {@code system} is the system (or explicit sync point) concerned.
     */
    public record Event(long seq, String kind, long frame, String stage, int iteration, String system, String thread) {
    }

    public RunRecord run(int id) {
        return runs.get(id);
    }
}
