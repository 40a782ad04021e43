package dev.ecslab.lab.run;

import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.trace.PluginJar;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One configuration a scenario runs under: the strategy (with its flavor), the executor, and the
 * seed that drives the executor's choices (seeded topological orders, seeded delays). Two runs with
 * the same configuration and an unambiguous schedule give the same trace up to thread names.
 *
 * @param threads worker threads for the parallel executors
 * @param timeout how long one scenario run may take before the lab gives up on it and records a
 *                crash (a strategy or executor that hangs must not hang the lab)
 * @param exploration how a controlled run decides its interleaving (from the seed): random, PCT,
 *                one schedule of an exhaustive search, or a recorded script
 */
public record LabConfig(TrackerSubject tracker, ExecutorSubject executor, long seed, int threads, Duration timeout,
        Exploration exploration) {
    /** A run that has not finished after this long is stuck: generous, since CI machines are slow. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    public LabConfig {
        Objects.requireNonNull(tracker, "tracker");
        Objects.requireNonNull(executor, "executor");
        Objects.requireNonNull(timeout, "timeout");
        Objects.requireNonNull(exploration, "exploration");
    }

    public LabConfig(TrackerSubject tracker, ExecutorSubject executor, long seed, int threads, Duration timeout) {
        this(tracker, executor, seed, threads, timeout, Exploration.RANDOM);
    }

    public LabConfig(TrackerSubject tracker, ExecutorSubject executor, long seed, int threads) {
        this(tracker, executor, seed, threads, DEFAULT_TIMEOUT);
    }

    public LabConfig(TrackerSubject tracker, ExecutorSubject executor, long seed) {
        this(tracker, executor, seed, 3);
    }

    public LabConfig withSeed(long newSeed) {
        return new LabConfig(tracker, executor, newSeed, threads, timeout, exploration);
    }

    public LabConfig withTimeout(Duration newTimeout) {
        return new LabConfig(tracker, executor, seed, threads, newTimeout, exploration);
    }

    public LabConfig withExploration(Exploration newExploration) {
        return new LabConfig(tracker, executor, seed, threads, timeout, newExploration);
    }

    /** The plug-in jars this configuration's strategy and executor came from, in that order (none for built-ins). */
    public List<PluginJar> plugins() {
        List<PluginJar> out = new ArrayList<>(2);
        if (tracker.jar() != null) {
            out.add(tracker.jar());
        }
        if (executor.jar() != null) {
            out.add(executor.jar());
        }
        return List.copyOf(out);
    }

    public String label() {
        return tracker.label() + " / " + executor.id() + " / seed " + seed;
    }
}
