package dev.ecslab.lab.trace;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.scenario.Required;
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
 * @param crashes  exceptions the lab's guards caught from the strategy or the executor under test
 *                 (each is a crash finding; {@code errors} says how the run ended)
 * @param interleaving how the run's interleaving was decided, and every decision (what replays it)
 * @param frameTicks the world's change tick when each frame began (after the scenario's clock jump before
 *                 it, before any run of the frame), unwrapped to 64 bits by the lab, which reads the
 *                 world's clock between frames and knows how far it jumped; with it the 32-bit ticks the
 *                 world handed out in a frame unwrap exactly ({@link #unwrap}), since a scenario with
 *                 jumps takes far fewer than 2<sup>32</sup> ticks of its own per frame. Empty when not
 *                 recorded (a trace built by hand, or an older file)
 *
 * <p><b>Whose evidence.</b> Sequence numbers, threads, frames, changes and detections are the lab's
 * own: system bodies take a lab-owned counter when they start and finish, and record the thread they
 * ran on. The runner contributes only its ticks (the world's clock, which the lab unwraps from its own
 * readings between frames: the expiry rule uses them) and its claims about sync points and command
 * applications, which the criteria check against the lab's own model of the scenario.
 *
 * <p><b>Read from a file.</b> Every list the criteria judge is required; the end state and the errors
 * are kept with control characters shown as {@code \\uXXXX} (printing them cannot forge a line). A
 * trace read from outside is checked against its scenario by {@link TraceConsistency} before it is
 * judged.
 */
public record Trace(@Required String scenario, @Required Config config,
        @Required List<RunRecord> runs, @Required List<ChangeRecord> changes,
        @Required List<Detection> detections, @Required List<Long> memory,
        @Required List<String> finalState, @Required List<String> errors,
        @Required List<Event> events, List<Crash> crashes, Interleaving interleaving,
        @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
        List<Long> frameTicks) {
    public Trace {
        Objects.requireNonNull(config, "config");
        runs = List.copyOf(runs);
        changes = List.copyOf(changes);
        detections = List.copyOf(detections);
        memory = List.copyOf(memory);
        finalState = finalState.stream().map(BadInputException::printable).toList();
        errors = errors.stream().map(BadInputException::printable).toList();
        events = List.copyOf(events);
        crashes = crashes == null ? List.of() : List.copyOf(crashes);
        interleaving = interleaving == null ? Interleaving.UNRECORDED : interleaving;
        frameTicks = frameTicks == null ? List.of() : List.copyOf(frameTicks);
    }

    /** A trace whose frames' ticks were not recorded. */
    public Trace(String scenario, Config config, List<RunRecord> runs, List<ChangeRecord> changes,
            List<Detection> detections, List<Long> memory, List<String> finalState, List<String> errors, List<Event> events,
            List<Crash> crashes, Interleaving interleaving) {
        this(scenario, config, runs, changes, detections, memory, finalState, errors, events, crashes, interleaving, null);
    }

    /**
     * The 32-bit tick {@code tick}, handed out in frame {@code frame}, as the lab's 64-bit count: the
     * first value at or after the frame's start ({@link #frameTicks}) with those low 32 bits. Only
     * when {@link #frameTicks} covers the frame.
     */
    public long unwrap(long frame, int tick) {
        long start = frameTicks.get((int) frame);
        return start + Integer.toUnsignedLong(tick - (int) start);
    }

    /** The run's tick as the lab's 64-bit count, or {@code null} when the frame's tick was not recorded. */
    public Long runTick(RunRecord r) {
        return r.frame() >= 0 && r.frame() < frameTicks.size() ? unwrap(r.frame(), r.tick()) : null;
    }

    /** A trace whose interleaving was not recorded (built by hand, or from an older file). */
    public Trace(String scenario, Config config, List<RunRecord> runs, List<ChangeRecord> changes,
            List<Detection> detections, List<Long> memory, List<String> finalState, List<String> errors, List<Event> events,
            List<Crash> crashes) {
        this(scenario, config, runs, changes, detections, memory, finalState, errors, events, crashes, null);
    }

    /**
     * The configuration a trace was recorded under. {@code flavor} is DEFAULT or IMMEDIATE;
     * {@code delayFrames} is the delay the strategy's claim allows (0: a change must be reported by
     * the detector's first run after it; k: within k frames of that run), which criterion 1 applies
     * (an older replay file without the field loads with 0). {@code plugins} are the jars the strategy
     * and the executor actually came from (none for built-ins and mutants; an older replay file without
     * the field loads with none).
     * {@code ownChanges} says that a detector is told of its own changes at its next run (an engine under test
     * whose contract says so); it is false, and not written, for every strategy. {@code coalescing} is an engine's
     * declared fold of several changes into a net one ({@code PER_RUN}, {@code PER_WINDOW}); absent: every change.
     * {@code sets} is how an engine answers a watch over a set of components: {@code MEMBERSHIP} when it reports
     * entering, changing within and leaving the set; absent: as a {@code With} filter asked at each run.
     * {@code driver} is an engine driven as a process: its command and the SHA-256 of its files
     * ({@link DriverFingerprint}); absent for every other trace, and in replay files written before drivers were
     * fingerprinted.
     */
    /** The executor name of a trace an engine under test made: the lab's own serial driver. */
    public static final String ENGINE_DRIVER = "lab-serial";

    public record Config(@Required String strategy, @Required String flavor,
            @Required String executor, @Required long seed,
            @Required int threads, int delayFrames, List<PluginJar> plugins,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            dev.ecslab.ecs.change.Horizon horizon,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_DEFAULT)
            boolean ownChanges,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            String coalescing,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            String sets,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            DriverFingerprint driver) {
        public Config {
            sets = sets == null || sets.equals("FILTER") ? null : sets;                     // the default is not written
            coalescing = coalescing == null || coalescing.equals("EVERY_CHANGE") ? null : coalescing;   // the default is not written
            plugins = plugins == null ? List.of() : List.copyOf(plugins);
            horizon = horizon == null || horizon.coversEveryAbsence() ? null : horizon;     // unbounded is not written
        }

        /** A configuration of no engine driven as a process (every strategy's, and an in-process engine's). */
        public Config(String strategy, String flavor, String executor, long seed, int threads, int delayFrames,
                List<PluginJar> plugins, dev.ecslab.ecs.change.Horizon horizon, boolean ownChanges, String coalescing,
                String sets) {
            this(strategy, flavor, executor, seed, threads, delayFrames, plugins, horizon, ownChanges, coalescing, sets, null);
        }

        /** A configuration whose watches over sets are {@code With} filters (every strategy's, and most engines'). */
        public Config(String strategy, String flavor, String executor, long seed, int threads, int delayFrames,
                List<PluginJar> plugins, dev.ecslab.ecs.change.Horizon horizon, boolean ownChanges, String coalescing) {
            this(strategy, flavor, executor, seed, threads, delayFrames, plugins, horizon, ownChanges, coalescing, null);
        }

        /** Whether a watch over a set reports membership of the set (entering, changing within, leaving). */
        public boolean setsAsMembership() {
            return "MEMBERSHIP".equals(sets);
        }

        /** A configuration whose detectors are not told of their own changes (every strategy's: Bevy's rule). */
        public Config(String strategy, String flavor, String executor, long seed, int threads, int delayFrames,
                List<PluginJar> plugins, dev.ecslab.ecs.change.Horizon horizon) {
            this(strategy, flavor, executor, seed, threads, delayFrames, plugins, horizon, false, null);
        }

        /**
         * Whether this trace is an engine's under test, driven by the lab's serial driver: such an engine has no
         * change ticks of its own, so no change of it ages out (the scenario's clock jumps are ecslab's clock only).
         */
        public boolean drivesAnEngine() {
            return ENGINE_DRIVER.equals(executor);
        }

        /** How the detectors' changes are folded before they are judged: {@code EVERY_CHANGE} unless an engine declared another way. */
        public String coalescingOrDefault() {
            return coalescing == null ? "EVERY_CHANGE" : coalescing;
        }

        /** A configuration whose claim covers every absence (every trace recorded before horizons). */
        public Config(String strategy, String flavor, String executor, long seed, int threads, int delayFrames,
                List<PluginJar> plugins) {
            this(strategy, flavor, executor, seed, threads, delayFrames, plugins, null);
        }

        /** The claim's horizon: {@link dev.ecslab.ecs.change.Horizon#UNBOUNDED} unless the strategy claimed one. */
        public dev.ecslab.ecs.change.Horizon claimedHorizon() {
            return horizon == null ? dev.ecslab.ecs.change.Horizon.UNBOUNDED : horizon;
        }

        public String label() {
            return strategy + (flavor.equals("IMMEDIATE") ? " (immediate)" : "") + " / " + executor + " / seed " + seed;
        }
    }

    /**
     * An ordering event. {@code kind} is {@code start}, {@code finish}, {@code sync} or
     * {@code commands}; {@code system} is the system (or explicit sync point) concerned.
     */
    public record Event(@Required long seq, @Required String kind,
            @Required long frame, String stage, int iteration, String system, String thread) {
        public Event {
            thread = thread == null ? null : BadInputException.printable(thread);
        }
    }

    public RunRecord run(int id) {
        return runs.get(id);
    }

    /** True when the run was abandoned because it did not finish in time. */
    public boolean timedOut() {
        return crashes.stream().anyMatch(c -> c.source().equals("run") && c.call().equals("timeout"));
    }

    /** True when the run ended early or the code under test threw. */
    public boolean crashed() {
        return !errors.isEmpty() || !crashes.isEmpty();
    }
}
