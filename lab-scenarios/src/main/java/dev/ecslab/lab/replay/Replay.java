package dev.ecslab.lab.replay;

import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.ReplayExecutor;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.scenario.JsonDocument;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.scenario.ScenarioLimits;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.trace.Interleaving;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.lab.trace.TraceConsistency;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Saved failures and how they replay. A replay file holds the scenario and the trace (which holds
 * the configuration, the seed and the recorded interleaving), and for a counterexample how it was
 * shrunk ({@link Shrinking}: the steps, and the scenario first found failing with its trace; files from
 * before shrink records have none and load all the same). Re-judging the saved trace gives the
 * same verdicts, since the criteria are functions of the trace. Re-running depends on how the trace was
 * made:
 * <ul>
 *   <li>a <b>controlled</b> trace ({@link Interleaving#controlled()}) re-runs with the same strategy and
 *       the same executor (its real code, on its real threads) following the recorded decisions
 *       ({@link Exploration.Script}), so the new trace equals the old one up to thread names, overlaps
 *       included; a run that cannot follow the record says where it left it;</li>
 *   <li>a <b>free</b> trace (an executor that ignores the control) re-runs with a {@link ReplayExecutor}
 *       that runs the recorded order serially: it reproduces what happened between non-overlapping runs,
 *       not an overlap.</li>
 * </ul>
 *
 * <p><b>Plug-in jars are pinned.</b> A trace records the jars its strategy and executor came from,
 * with their SHA-256 ({@link Trace.Config#plugins()}). Re-running needs the strategy from a given jar
 * with the same hash, and the executor's jar must be given and match too (the re-run follows the
 * recorded order with a {@link ReplayExecutor}, but a replay that claims to reproduce a run of
 * executor X must be of that X); otherwise {@link #resolve} refuses with a
 * {@link ReplayRefusedException}. Built-in strategies and executors and the mutants need no jar.
 */
public final class Replay {
    /**
     * The largest replay file read: 64 MiB unless {@code ecslab.limit.replayBytes} says otherwise. Larger
     * than other inputs because the lab writes replay files of criterion 6's 10 000-frame run (about 55 MB).
     */
    public static final InputLimit MAX_BYTES = new InputLimit("ecslab.limit.replayBytes", 64L << 20, "bytes");
    /**
     * The most JSON values a replay file may hold: 8 000 000 unless {@code ecslab.limit.replayValues} says
     * otherwise (the 55 MB replay file of criterion 6 holds about 3 million; each costs about a hundred
     * bytes of heap while the file is bound).
     */
    public static final InputLimit MAX_VALUES = new InputLimit("ecslab.limit.replayValues", 8_000_000, "values");

    private Replay() {
    }

    /**
     * What a replay file holds: the scenario and the trace it replays, and (in files written since shrink
     * records exist; {@code null} in older ones, which still load) how the scenario was shrunk, with the
     * scenario first found failing and its trace.
     */
    public record Saved(Scenario scenario, Trace trace,
            @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
            Shrinking shrinking) {
        /** A file without a shrink record (an ambiguity witness, or a counterexample written before them). */
        public Saved(Scenario scenario, Trace trace) {
            this(scenario, trace, null);
        }
    }

    public static void save(Path file, Scenario scenario, Trace trace) {
        save(file, scenario, trace, null);
    }

    /** Writes a replay file; {@code shrinking} (may be null) is kept beside the scenario and the trace. */
    public static void save(Path file, Scenario scenario, Trace trace, Shrinking shrinking) {
        try {
            Files.writeString(file, ScenarioJson.MAPPER.writeValueAsString(new Saved(scenario, trace, shrinking)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * Reads a replay file and checks it before anything judges it: the file through {@link InputFile} (a
     * regular file of at most {@link #MAX_BYTES}, strict UTF-8), its JSON strictly ({@link ScenarioJson}), its
     * scenario against {@link ScenarioLimits} and {@link Scenario#validate()}, and its trace against the
     * scenario ({@link TraceConsistency}).
     *
     * @throws BadInputException when the file cannot be read, and a {@link ScenarioException} naming the
     *         file, the line and the path ({@code trace.runs[3].startSeq}) of the first problem otherwise
     */
    public static Saved load(Path file) {
        String source = file.toString();
        String json = InputFile.readUtf8(file, MAX_BYTES);
        JsonDocument doc = JsonDocument.parse(json, source, MAX_VALUES);
        Saved saved = doc.bind(Saved.class);
        if (saved == null || saved.scenario() == null || saved.trace() == null) {
            throw new ScenarioException(source, "", "a replay file needs both \"scenario\" and \"trace\"", "", null);
        }
        ScenarioJson.checked(saved.scenario(), doc, "scenario.", "the replay file");
        try {
            TraceConsistency.check(saved.scenario(), saved.trace());
        } catch (ScenarioException e) {
            throw doc.at("trace." + e.path(), e.problem(), e);
        }
        checkShrinking(saved.shrinking(), doc);
        return saved;
    }

    /**
     * A shrink record is checked like the rest: steps of -1 (not recorded) or more, runs not negative, and
     * the original scenario and its trace both present or both absent, each valid and consistent.
     */
    private static void checkShrinking(Shrinking sh, JsonDocument doc) {
        if (sh == null) {
            return;
        }
        if (sh.steps() < Shrinking.NOT_RECORDED) {
            throw doc.at("shrinking.steps", "must be -1 (not recorded) or more, was " + sh.steps(), null);
        }
        if (sh.runs() < 0) {
            throw doc.at("shrinking.runs", "must not be negative, was " + sh.runs(), null);
        }
        if ((sh.original() == null) != (sh.originalTrace() == null)) {
            String missing = sh.original() == null ? "original" : "originalTrace";
            throw doc.at("shrinking", "\"original\" and \"originalTrace\" go together: \""
                    + missing + "\" is missing", null);
        }
        if (sh.original() == null) {
            return;
        }
        ScenarioJson.checked(sh.original(), doc, "shrinking.original.", "the replay file");
        try {
            TraceConsistency.check(sh.original(), sh.originalTrace());
        } catch (ScenarioException e) {
            throw doc.at("shrinking.originalTrace." + e.path(), e.problem(), e);
        }
    }

    /**
     * What a trace's configuration resolved to against the given jars: the strategy to re-run with, the
     * executor's id and jar (recorded again in the re-run's trace), and one line per plug-in jar that
     * was checked or could not be (for the user to see what was replayed).
     */
    public record Resolved(TrackerSubject strategy, String executor, PluginJar executorJar, ExecutorSubject executorSubject,
            List<String> notes) {
        public Resolved {
            notes = List.copyOf(notes);
        }
    }

    /**
     * Re-runs the saved scenario in the trace's recorded order, under the trace's strategy, with no
     * plug-in jars (the lab's class path only).
     *
     * @throws ReplayRefusedException when the trace was recorded with a plug-in jar
     */
    public static Trace rerun(Scenario scenario, Trace trace) {
        return rerun(scenario, trace, resolve(trace.config(), PluginJars.none()));
    }

    /**
     * Re-runs the saved scenario under a strategy (and executor) {@link #resolve} found: a controlled trace
     * with its executor following the recorded decisions, a free one serially in its recorded order.
     *
     * @throws ReplayRefusedException when a controlled trace's executor is not available here
     */
    public static Trace rerun(Scenario scenario, Trace trace, Resolved resolved) {
        // Judged as recorded: a gate may hold a strategy to a stricter delay than it claims (--expect exact), and
        // the re-run must be judged under that delay, not the claim's found by id.
        TrackerSubject strategy = resolved.strategy().heldTo(resolved.strategy().claimed(), trace.config().delayFrames());
        if (trace.interleaving().controlled()) {
            if (resolved.executorSubject() == null) {
                throw new ReplayRefusedException("this replay file was recorded with executor '" + trace.config().executor()
                        + "', which is neither built in, a mutant, nor in a given --executor-jar: it is needed to replay"
                        + " the recorded interleaving");
            }
            LabConfig config = new LabConfig(strategy, resolved.executorSubject(), trace.config().seed(),
                    trace.config().threads()).withExploration(new Exploration.Script(trace.interleaving().choices()));
            return ScenarioRunner.run(scenario, config);
        }
        ExecutorSubject replay = new ExecutorSubject(resolved.executor(), o -> new ReplayExecutor(trace), resolved.executorJar());
        LabConfig config = new LabConfig(strategy, replay, trace.config().seed(), trace.config().threads());
        return ScenarioRunner.run(scenario, config, new ReplayExecutor(trace));
    }

    /**
     * Finds what a trace was recorded with among the built-ins, the mutants and the given jars. A
     * strategy or executor recorded with a jar must come from a given jar with the recorded SHA-256.
     * A strategy recorded without one (a built-in, a mutant, or a file older than jar provenance) is
     * looked up by id, the given jars included; the latter is said in {@link Resolved#notes()}.
     *
     * @throws ReplayRefusedException   when a recorded jar is not among the given ones (by hash)
     * @throws IllegalArgumentException when the strategy's id is nowhere to be found
     * @throws IllegalStateException    when two providers claim one id
     */
    public static Resolved resolve(Trace.Config config, PluginJars given) {
        return resolve(config, given, label -> TrackerSubject.find(label, given.loader()),
                id -> ExecutorSubject.of(id, given.loader()));
    }

    /**
     * {@link #resolve(Trace.Config, PluginJars)} with the strategies and executors found by the given lookups (which
     * throw {@link IllegalArgumentException} for an unknown one): those of jars whose code runs in another JVM
     * ({@link dev.ecslab.lab.run.RunHost}), with {@code given} holding the jars' files for their SHA-256.
     */
    public static Resolved resolve(Trace.Config config, PluginJars given,
            java.util.function.Function<String, TrackerSubject> strategies,
            java.util.function.Function<String, ExecutorSubject> executors) {
        List<String> notes = new ArrayList<>();
        ChangeFlavor flavor = ChangeFlavor.valueOf(config.flavor());
        String label = flavor == ChangeFlavor.IMMEDIATE ? config.strategy() + "/immediate" : config.strategy();
        PluginJar strategyJar = recorded(config, PluginJar.STRATEGY);
        PluginJar executorJar = recorded(config, PluginJar.EXECUTOR);
        // Both are checked before anything is loaded, so a refusal names every jar that is missing or differs.
        List<String> refusals = new ArrayList<>();
        if (strategyJar != null) {
            mismatch(PluginJar.STRATEGY, config.strategy(), strategyJar, given).ifPresent(refusals::add);
        }
        if (executorJar != null) {
            mismatch(PluginJar.EXECUTOR, config.executor(), executorJar, given).ifPresent(refusals::add);
        }
        if (!refusals.isEmpty()) {
            throw new ReplayRefusedException(String.join("\n", refusals));
        }
        TrackerSubject strategy;
        if (strategyJar != null) {
            strategy = strategies.apply(label);
            requireFrom(PluginJar.STRATEGY, config.strategy(), strategyJar, strategy.jar());
            notes.add("strategy '" + config.strategy() + "' from " + strategyJar.describe() + ": the given jar matches");
        } else {
            strategy = mutant(config.strategy());
            if (strategy == null) {
                strategy = strategies.apply(label);
                if (strategy.jar() != null) {
                    notes.add("strategy '" + config.strategy() + "' from " + strategy.jar().describe() + ": this replay"
                            + " file records no jar for it (an older file?), so the jar could not be checked");
                }
            }
        }
        ExecutorSubject executor = null;
        if (executorJar != null) {
            executor = executors.apply(config.executor());
            requireFrom(PluginJar.EXECUTOR, config.executor(), executorJar, executor.jar());
            notes.add("executor '" + config.executor() + "' from " + executorJar.describe() + ": the given jar matches");
        } else {
            executor = executorMutant(config.executor());
            if (executor == null) {
                try {
                    executor = executors.apply(config.executor());
                } catch (IllegalArgumentException unknown) {
                    executor = null;                      // a free trace replays without it
                }
            }
        }
        return new Resolved(strategy, config.executor(), executorJar, executor, notes);
    }

    private static PluginJar recorded(Trace.Config config, String role) {
        for (PluginJar j : config.plugins()) {
            if (j.role().equals(role)) {
                return j;
            }
        }
        return null;
    }

    /** Why the given jars of {@code role} cannot stand for the recorded one, if none has its hash. */
    private static java.util.Optional<String> mismatch(String role, String id, PluginJar recorded, PluginJars given) {
        Map<Path, String> hashes = new LinkedHashMap<>();
        for (Path jar : given.jars(role)) {
            hashes.put(jar, PluginJar.sha256(jar));
        }
        if (hashes.containsValue(recorded.sha256())) {
            return java.util.Optional.empty();
        }
        String option = PluginJars.option(role);
        String head = "this replay file was recorded with " + role + " '" + id + "' from " + recorded.describe() + "; ";
        if (hashes.isEmpty()) {
            return java.util.Optional.of(head + "no " + option + " was given: pass that jar (" + option + " "
                    + recorded.file() + ") to replay it");
        }
        List<String> gave = new ArrayList<>();
        hashes.forEach((jar, hash) -> gave.add(option + " " + jar + " has sha256 " + hash));
        return java.util.Optional.of(head + String.join(", ", gave) + ": refusing to replay against a different build");
    }

    /** The id resolved to a provider from the recorded jar, not from another one that claims the same id. */
    private static void requireFrom(String role, String id, PluginJar recorded, PluginJar found) {
        if (found == null || !found.sha256().equals(recorded.sha256())) {
            throw new ReplayRefusedException("this replay file was recorded with " + role + " '" + id + "' from "
                    + recorded.describe() + ", but '" + id + "' was found "
                    + (found == null ? "built in or on the class path" : "in " + found.describe())
                    + ": refusing to replay against a different build");
        }
    }

    private static ExecutorSubject executorMutant(String id) {
        for (Mutants.ExecutorMutant m : Mutants.executors()) {
            if (m.subject().id().equals(id)) {
                return m.subject();
            }
        }
        return null;
    }

    private static TrackerSubject mutant(String id) {
        for (Mutants.TrackerMutant m : Mutants.trackers()) {
            if (m.subject().id().equals(id)) {
                return m.subject();
            }
        }
        return null;
    }

    /** A strategy by id and flavor: a built-in or external one, or a mutant. */
    public static TrackerSubject subject(String id, ChangeFlavor flavor) {
        TrackerSubject mutant = mutant(id);
        if (mutant != null) {
            return mutant;
        }
        String label = flavor == ChangeFlavor.IMMEDIATE ? id + "/immediate" : id;
        return TrackerSubject.find(label, Replay.class.getClassLoader());
    }
}
