package dev.ecslab.fray;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Optional;
import java.util.Random;
import kotlin.Unit;
import kotlinx.serialization.json.Json;
import org.pastalab.fray.core.TestRunner;
import org.pastalab.fray.core.command.Configuration;
import org.pastalab.fray.core.command.ExecutionInfo;
import org.pastalab.fray.core.command.LambdaExecutor;
import org.pastalab.fray.core.command.NetworkDelegateType;
import org.pastalab.fray.core.command.SystemTimeDelegateType;
import org.pastalab.fray.core.observers.TimelineCoverageType;
import org.pastalab.fray.core.randomness.ControlledRandom;
import org.pastalab.fray.core.randomness.ControlledRandomProvider;
import org.pastalab.fray.core.randomness.Randomness;
import org.pastalab.fray.core.randomness.RandomnessProvider;
import org.pastalab.fray.core.scheduler.POSScheduler;
import org.pastalab.fray.core.scheduler.Scheduler;

/**
 * Runs a body of concurrent code under Fray: every thread the body starts (an executor's worker pool
 * included) is scheduled by Fray, which explores interleavings with partial order sampling (POS) and
 * reports an assertion failure, an uncaught exception in any thread, or a deadlock as a bug, with a
 * recording that replays it.
 *
 * <p>Contract. {@link #explore} runs up to {@code iterations} interleavings and answers the first failure
 * with Fray's recording of it, kept in a report folder of its own per exploration; it refuses to answer "no
 * failure" unless every iteration ran, so a run cut short by Fray's time budget never passes. The search is
 * seeded: the same seed explores the same interleavings, and the seed is printed. {@link #replay} re-runs a
 * recording and answers the failure it reproduces, if any. This builds Fray's configuration itself, as
 * Fray's in-test launcher does, for two things the launcher does not offer: a report folder per exploration
 * (the launcher's one folder is wiped by every launch) and scheduling points at plain memory accesses.
 */
public final class FrayExploration {
    /** Fray's budget for one exploration, in seconds: a bound against a hang, never reached by a passing run. */
    private static final int TIMEOUT_SECONDS = 1_800;

    private FrayExploration() {
    }

    /**
     * A failure Fray found: what was thrown, the interleaving it was found in (from 1), Fray's recording, and
     * whether plain memory accesses were interleaved (a replay must do the same).
     */
    public record Found(Throwable failure, int iteration, Path recording, boolean memoryOps) {
    }

    /** The iterations the real code must pass ({@code -Decslab.fray.iterations}, 300 by default). */
    public static int iterations() {
        return Integer.getInteger("ecslab.fray.iterations", 300);
    }

    /** The seed of the explorations ({@code -Decslab.fray.seed}). */
    public static long seed() {
        return Long.getLong("ecslab.fray.seed", 20261130L);
    }

    /**
     * Explores {@code body} for up to {@code iterations} interleavings from {@code seed}, with scheduling
     * points at synchronization only (locks, atomics, volatile accesses, thread starts and joins: Fray's
     * default); answers the first failure, its recording under {@code recordings/NAME}, or empty when all
     * iterations passed.
     *
     * @throws IllegalStateException when Fray stopped before running every iteration without a failure
     */
    public static Optional<Found> explore(String name, long seed, int iterations, Runnable body) {
        return explore(name, seed, iterations, false, body);
    }

    /**
     * {@link #explore(String, long, int, Runnable)}, and with {@code memoryOps} also a scheduling point at every
     * plain field and array access, which a data race on plain fields needs (Fray's {@code interleaveMemoryOps}).
     */
    public static Optional<Found> explore(String name, long seed, int iterations, boolean memoryOps, Runnable body) {
        System.out.println("fray: " + name + ": exploring " + iterations + " interleavings with POS"
                + (memoryOps ? ", plain memory accesses interleaved" : "") + ", seed " + seed
                + " (rerun with -Decslab.fray.seed=" + seed + ")");
        Path report = recordings().resolve(name);
        Configuration config = configuration(body, report, new POSScheduler(), new SeededRandomness(seed), iterations,
                false, memoryOps);
        Throwable failure = new TestRunner(config).run();
        if (failure != null) {
            Path recording = report.resolve("recording");
            if (!Files.isRegularFile(recording.resolve("scheduler"))) {
                throw new IllegalStateException("Fray found " + failure + " in " + name + " but left no recording in " + report,
                        failure);
            }
            int iteration = config.getCurrentIteration() + 1;
            System.out.println("fray: " + name + ": failure in interleaving " + iteration + " (seed " + seed + "): "
                    + failure + "; Fray's recording: " + recording);
            return Optional.of(new Found(failure, iteration, recording, memoryOps));
        }
        if (config.getCurrentIteration() < iterations) {
            throw new IllegalStateException("Fray ran " + config.getCurrentIteration() + " of " + iterations
                    + " interleavings of " + name + " (seed " + seed + ") within its " + TIMEOUT_SECONDS
                    + " s budget; the rest were never judged");
        }
        return Optional.empty();
    }

    /**
     * Requires {@code body} to pass every one of the lane's interleavings from the lane's seed; a failure is
     * an assertion error naming the interleaving, the seed and the recording that replays it.
     */
    public static void assertEveryInterleavingPasses(String name, boolean memoryOps, Runnable body) {
        long seed = seed();
        Optional<Found> found = explore(name, seed, iterations(), memoryOps, body);
        if (found.isPresent()) {
            Found f = found.get();
            throw new AssertionError("Fray found a failure of " + name + " in interleaving " + f.iteration() + " of seed "
                    + seed + ": " + f.failure() + "\n  replay it: FrayExploration.replay on " + f.recording()
                    + " (Fray's scheduler and random choices), or explore again with -Decslab.fray.seed=" + seed, f.failure());
        }
    }

    /**
     * Replays {@code found}'s recording on {@code body} (the scheduler and random choices it recorded, with the
     * same scheduling points): the failure it reproduces, or empty.
     */
    public static Optional<Throwable> replay(Found found, Runnable body) {
        try {
            Path recording = found.recording();
            String schedulerClass = Files.readString(recording.resolve("scheduler")).strip();
            Randomness recorded = Json.Default.decodeFromString(Randomness.Companion.serializer(),
                    Files.readString(recording.resolve("random.json")));
            Scheduler scheduler = (Scheduler) Class.forName(schedulerClass).getConstructor(Randomness.class)
                    .newInstance(recorded);
            Path report = recording.getParent().resolveSibling(recording.getParent().getFileName() + "-replay");
            Files.createDirectories(report);
            Configuration config = configuration(body, report, scheduler, new ControlledRandomProvider(), 1, true,
                    found.memoryOps());
            return Optional.ofNullable(new TestRunner(config).run());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Fray's recording " + found.recording(), e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot rebuild the scheduler recorded in " + found.recording(), e);
        }
    }

    /** Where explorations keep their reports ({@code -Decslab.fray.recordings}). */
    static Path recordings() {
        return Path.of(System.getProperty("ecslab.fray.recordings", "target/fray-recordings"));
    }

    /**
     * Fray's configuration for one exploration or replay: what Fray's own in-test launcher sets, with this
     * lane's report folder and memory-access interleaving. Fray wipes {@code report} unless it replays.
     */
    private static Configuration configuration(Runnable body, Path report, Scheduler scheduler, RandomnessProvider random,
            int iterations, boolean replay, boolean memoryOps) {
        return new Configuration(new ExecutionInfo(new LambdaExecutor(() -> {
            body.run();
            return Unit.INSTANCE;
        }), false, memoryOps, -1), report, iterations, TIMEOUT_SECONDS, scheduler, random, true, false, true, replay,
                false, false, NetworkDelegateType.PROACTIVE, SystemTimeDelegateType.NONE, 100_000L, true, true, true, false,
                false, false, replay ? null : TimelineCoverageType.RESOURCE_ORDERING);
    }

    /** Fray's random choices, drawn from one seeded source: one stream per iteration, in order. */
    private static final class SeededRandomness implements RandomnessProvider {
        private final Random seeds;

        SeededRandomness(long seed) {
            this.seeds = new Random(seed);
        }

        @Override
        public Randomness getRandomness() {
            return new ControlledRandom(new ArrayList<>(), new ArrayList<>(), new Random(seeds.nextLong()));
        }
    }
}
