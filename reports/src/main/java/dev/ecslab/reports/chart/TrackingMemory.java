package dev.ecslab.reports.chart;

import java.nio.file.Path;
import java.util.Objects;

/**
 * The change trackers' own size reports, as written by {@code TrackingMemoryReport --json} (the
 * benchmarks module): memory is a measurement, not a timing, so it does not come from JMH.
 * The two record kinds are the two things that program measures.
 */
public sealed interface TrackingMemory {

    /** The strategy id, e.g. {@code generation}. */
    String strategy();

    /** The file the figure was read from. */
    Path source();

    /**
     * Tracking bytes per entity once {@code entities} are spawned (an empty world's subtracted).
     */
    record PerEntity(String strategy, int entities, double bytesPerEntity, Path source) implements TrackingMemory {
        public PerEntity {
            Objects.requireNonNull(strategy, "strategy");
            Objects.requireNonNull(source, "source");
        }
    }

    /**
     * Tracking bytes after {@code frames} frames of the fixed-size churn workload described in the
     * file ({@code worldEntities} entities, {@code detectors} systems reading changes).
     */
    record OverFrames(String strategy, int frames, long bytes, int worldEntities, int detectors, Path source)
            implements TrackingMemory {
        public OverFrames {
            Objects.requireNonNull(strategy, "strategy");
            Objects.requireNonNull(source, "source");
        }
    }
}
