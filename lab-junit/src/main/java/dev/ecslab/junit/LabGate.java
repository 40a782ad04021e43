package dev.ecslab.junit;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.ecs.executor.ExecutorProvider;
import dev.ecslab.ecs.input.InputNames;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineProvider;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.reports.cli.GateCampaign;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * {@code lab gate} as a JUnit 5 assertion: a test runs the CI correctness gate on its own change-tracking strategy,
 * executor or engine, and fails with the gate's counterexample when a promise breaks.
 *
 * <pre>{@code
 * LabGate.forStrategy(MyTrackerProvider::new)
 *        .executor("dynamic")
 *        .expect(Expectation.EXACT)
 *        .tries(300).seed(42)
 *        .assertHolds();
 * }</pre>
 *
 * <p>Why it exists: an engine author's build already runs JUnit; this puts the lab's gate there without a script,
 * with the same verdict {@code lab gate} gives, because both call {@link GateCampaign} (the campaign, the criteria and
 * the verdict are not re-implemented here).
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #assertHolds()} returns only when every promise of the expected class holds. Anything else is a
 *       {@link GateFailure} (an {@link org.opentest4j.AssertionFailedError}): a broken promise, a crash or a hang of the
 *       code under test, a promised check that no run judged, an incomplete campaign, or a provider that throws while it
 *       is made or asked its id or contract. The message names the broken promise in the command line's words, the
 *       shrunk counterexample in words, the seed and the replay command of each counterexample.</li>
 *   <li>The gate writes what {@code lab gate --out} writes (the matrix and a replay file per counterexample) into
 *       {@link #out(Path)}, by default {@code target/ecslab/gate/STRATEGY-EXECUTOR} under the working directory (the
 *       module's folder under Maven), and an argument file there for {@code java @FILE replay ...}.</li>
 *   <li>The campaign is reproducible: it prints its seed, and the system properties {@code ecslab.seed} and
 *       {@code ecslab.tries} override {@link #seed} and {@link #tries} for every gate of the run (to replay a CI
 *       failure locally, or to run a deeper campaign at night).</li>
 *   <li>Bad configuration is refused when it is given, with {@link IllegalArgumentException} naming what was wrong (an
 *       unknown executor id, a negative number of tries); a run that does not end within {@link #runTimeout} is judged
 *       a hang by the lab and fails the gate, never blocks the test.</li>
 *   <li>Instances are immutable: each method answers a new gate, so a configured gate can be shared by tests.</li>
 * </ul>
 * A strategy or executor given as an object is replayable from the command line when the lab can find it again by id:
 * listed in {@code META-INF/services} on the test's class path (as {@code lab gate --strategy-jar} finds plug-ins); the
 * failure message says when it is not.
 */
public final class LabGate {
    /** The system property that overrides every gate's seed. */
    public static final String SEED_PROPERTY = "ecslab.seed";
    /** The system property that overrides every gate's number of random scenarios. */
    public static final String TRIES_PROPERTY = "ecslab.tries";
    /** The system property that moves the default output folder ({@code target/ecslab}). */
    public static final String OUT_PROPERTY = "ecslab.out";
    /** The strategy an executor is gated with unless {@link #strategy(String)} says otherwise: exact, the lab's reference. */
    public static final String DEFAULT_STRATEGY = "generation";
    /** The executor a strategy is gated under unless {@link #executor} says otherwise: the one that overlaps the most. */
    public static final String DEFAULT_EXECUTOR = "dynamic";

    private final Supplier<? extends ChangeTrackerProvider> strategyProvider;
    private final String strategyLabel;
    private final ChangeFlavor flavor;
    private final Supplier<? extends ExecutorProvider> executorProvider;
    private final String executorId;
    private final Supplier<? extends EngineProvider> engineProvider;
    private final Expectation expectation;
    private final GateCampaign.Settings settings;
    private final Path out;

    private LabGate(Supplier<? extends ChangeTrackerProvider> strategyProvider, String strategyLabel, ChangeFlavor flavor,
            Supplier<? extends ExecutorProvider> executorProvider, String executorId,
            Supplier<? extends EngineProvider> engineProvider, Expectation expectation, GateCampaign.Settings settings,
            Path out) {
        this.strategyProvider = strategyProvider;
        this.strategyLabel = strategyLabel;
        this.flavor = flavor;
        this.executorProvider = executorProvider;
        this.executorId = executorId;
        this.engineProvider = engineProvider;
        this.expectation = expectation;
        this.settings = settings;
        this.out = out;
    }

    private static LabGate of(Supplier<? extends ChangeTrackerProvider> strategy, String label,
            Supplier<? extends ExecutorProvider> executor, String executorId, Supplier<? extends EngineProvider> engine) {
        return new LabGate(strategy, label, ChangeFlavor.DEFAULT, executor, executorId, engine, null,
                GateCampaign.Settings.DEFAULTS, null);
    }

    /**
     * A gate on the strategy {@code provider} makes, under {@link #DEFAULT_EXECUTOR} unless {@link #executor} says
     * otherwise, held to its own claim unless {@link #expect} says otherwise. The supplier is called when the gate runs;
     * if it throws, the gate fails naming it.
     */
    public static LabGate forStrategy(Supplier<? extends ChangeTrackerProvider> provider) {
        return of(Objects.requireNonNull(provider, "provider"), null, null, DEFAULT_EXECUTOR, null);
    }

    /** A gate on {@code provider}'s strategy (see {@link #forStrategy(Supplier)}). */
    public static LabGate forStrategy(ChangeTrackerProvider provider) {
        Objects.requireNonNull(provider, "provider");
        return forStrategy(() -> provider);
    }

    /**
     * A gate on a strategy the lab finds by label, as {@code lab gate --strategy} does: a built-in
     * ({@code generation}, {@code flag-doubling/immediate}), a mutant ({@code mutant:loses-in-loops}) or one listed in
     * {@code META-INF/services} on the class path.
     *
     * @throws IllegalArgumentException naming the known labels when none is {@code label}
     */
    public static LabGate forStrategy(String label) {
        Objects.requireNonNull(label, "label");
        GateCampaign.strategy(label, loader());
        return of(null, label, null, DEFAULT_EXECUTOR, null);
    }

    /**
     * A gate on the executor {@code provider} makes, running {@link #DEFAULT_STRATEGY} unless {@link #strategy} says
     * otherwise (an exact strategy, so that what breaks is the executor's). The supplier is called when the gate runs.
     */
    public static LabGate forExecutor(Supplier<? extends ExecutorProvider> provider) {
        return of(null, DEFAULT_STRATEGY, Objects.requireNonNull(provider, "provider"), null, null);
    }

    /** A gate on {@code provider}'s executor (see {@link #forExecutor(Supplier)}). */
    public static LabGate forExecutor(ExecutorProvider provider) {
        Objects.requireNonNull(provider, "provider");
        return forExecutor(() -> provider);
    }

    /**
     * A gate on an ECS engine under test, as {@code lab gate --engine} runs it: the catalogue and the campaign its
     * contract can express, judged against {@link #expect} (which an engine gate needs: an engine claims no class).
     * The supplier is called when the gate runs.
     */
    public static LabGate forEngine(Supplier<? extends EngineProvider> provider) {
        return of(null, null, null, null, Objects.requireNonNull(provider, "provider"));
    }

    /** A gate on {@code provider}'s engine (see {@link #forEngine(Supplier)}). */
    public static LabGate forEngine(EngineProvider provider) {
        Objects.requireNonNull(provider, "provider");
        return forEngine(() -> provider);
    }

    private LabGate copy(Supplier<? extends ChangeTrackerProvider> strategyProvider, String strategyLabel,
            ChangeFlavor flavor, Supplier<? extends ExecutorProvider> executorProvider, String executorId,
            Expectation expectation, GateCampaign.Settings settings, Path out) {
        return new LabGate(strategyProvider, strategyLabel, flavor, executorProvider, executorId, engineProvider,
                expectation, settings, out);
    }

    /**
     * Runs under the executor with {@code id}: {@code serial}, {@code staged}, {@code dynamic}, a mutant's id, or one
     * listed in {@code META-INF/services} on the class path.
     *
     * @throws IllegalArgumentException naming the known ids when none is {@code id}, or for an engine gate
     */
    public LabGate executor(String id) {
        Objects.requireNonNull(id, "id");
        refuseForEngine("executor");
        GateCampaign.executor(id, loader());
        return copy(strategyProvider, strategyLabel, flavor, null, id, expectation, settings, out);
    }

    /** Runs under the executor {@code provider} makes (called when the gate runs). */
    public LabGate executor(ExecutorProvider provider) {
        Objects.requireNonNull(provider, "provider");
        refuseForEngine("executor");
        return copy(strategyProvider, strategyLabel, flavor, () -> provider, null, expectation, settings, out);
    }

    /**
     * Runs the strategy with {@code label} (an executor gate's strategy; {@link #DEFAULT_STRATEGY} otherwise).
     *
     * @throws IllegalArgumentException naming the known labels when none is {@code label}, or for an engine gate
     */
    public LabGate strategy(String label) {
        Objects.requireNonNull(label, "label");
        refuseForEngine("strategy");
        GateCampaign.strategy(label, loader());
        return copy(null, label, flavor, executorProvider, executorId, expectation, settings, out);
    }

    /**
     * Gates the strategy's detectors of {@code flavor} ({@link ChangeFlavor#IMMEDIATE}: its {@code JustChanged} filters),
     * each flavor being held to its own claim, as the matrix's rows {@code ID} and {@code ID/immediate} are.
     */
    public LabGate flavor(ChangeFlavor f) {
        Objects.requireNonNull(f, "flavor");
        refuseForEngine("flavor");
        return copy(strategyProvider, strategyLabel, f, executorProvider, executorId, expectation, settings, out);
    }

    /** Holds the code under test to {@code e} instead of its own claim ({@code --expect}, {@code --delay}). */
    public LabGate expect(Expectation e) {
        return copy(strategyProvider, strategyLabel, flavor, executorProvider, executorId, Objects.requireNonNull(e, "e"),
                settings, out);
    }

    /**
     * Runs {@code n} random scenarios after the catalogue ({@code --tries}; default 200).
     *
     * @throws IllegalArgumentException when {@code n} is negative
     */
    public LabGate tries(int n) {
        return with(settings.withTries(n));
    }

    /** Starts the campaign at {@code seed} ({@code --seed}; default 1000); {@code -Decslab.seed} overrides it. */
    public LabGate seed(long seed) {
        return with(settings.withSeed(seed));
    }

    /**
     * Skips criterion 6, bounded memory ({@code --no-memory}): its 10 000-frame run takes seconds. The check is then
     * reported as not run, never as passed.
     */
    public LabGate noMemory() {
        return with(settings.withMemory(false));
    }

    /**
     * How long one scenario run may take before the lab abandons it as a hang, which fails the gate
     * ({@code --run-timeout}; default 60 s).
     *
     * @throws IllegalArgumentException when shorter than a second
     */
    public LabGate runTimeout(Duration timeout) {
        return with(settings.withRunTimeout(Objects.requireNonNull(timeout, "timeout")));
    }

    /**
     * Runs {@code n} scenarios at once ({@code --jobs}; default: the processors available); the verdict is that of one.
     *
     * @throws IllegalArgumentException when {@code n} is not from 1 to 1024
     */
    public LabGate jobs(int n) {
        return with(settings.withJobs(n));
    }

    /**
     * Writes the gate's files into {@code folder} ({@code --out}): it is the lab's to replace, as {@code lab gate}'s
     * output folder is; files the lab did not write are left alone.
     */
    public LabGate out(Path folder) {
        return copy(strategyProvider, strategyLabel, flavor, executorProvider, executorId, expectation, settings,
                Objects.requireNonNull(folder, "folder"));
    }

    private LabGate with(GateCampaign.Settings s) {
        return copy(strategyProvider, strategyLabel, flavor, executorProvider, executorId, expectation, s, out);
    }

    private void refuseForEngine(String what) {
        if (engineProvider != null) {
            throw new IllegalArgumentException("an engine gate has no " + what + ": the engine runs its own change detection,"
                    + " with the lab as the scheduler");
        }
    }

    /**
     * Runs the gate and fails unless every promise of the expected class holds.
     *
     * @throws GateFailure on a broken promise, a crash or hang of the code under test, a promised check that judged
     *                     nothing, or a provider that could not be made
     */
    public void assertHolds() {
        GateResult r = run();
        if (!r.passes()) {
            throw new GateFailure(r.report(), r);
        }
    }

    /**
     * Runs the gate and answers its result, passing or not; prints the seed first and the verdict last.
     *
     * @throws GateFailure when the code under test could not be made (its provider threw), before any campaign
     * @throws IllegalArgumentException for a configuration the gate refuses (an engine gate without {@link #expect})
     * @throws dev.ecslab.ecs.input.BadInputException when the output folder cannot be written or another gate writes it
     */
    public GateResult run() {
        long tries = overridden(TRIES_PROPERTY, settings.tries());
        if (tries > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("-D" + TRIES_PROPERTY + "=" + tries + ": at most " + Integer.MAX_VALUE);
        }
        GateCampaign.Settings s = settings.withSeed(overridden(SEED_PROPERTY, settings.seed())).withTries((int) tries);
        if (engineProvider != null) {
            return runEngine(s);
        }
        ChangeTrackerProvider strategy = strategyProvider == null ? null : made(strategyProvider, "strategy provider");
        ExecutorProvider executorMade = executorProvider == null ? null : made(executorProvider, "executor provider");
        TrackerSubject claimed = trackerSubject(strategy);
        ExecutorSubject executor = executorSubject(executorMade);
        TrackerSubject held = GateCampaign.heldTo(claimed, expectation == null ? null : expectation.claimedClass(),
                expectation == null ? null : expectation.delayFrames());
        String expected = expectation == null ? "" : " " + expectation.options();
        announce(held.label() + " / " + executor.id(), dev.ecslab.reports.gate.GateVerdict.name(held.claimed())
                + (expectation == null ? " (its claim)" : " (" + expectation.options() + ")"), s);
        GateCampaign.Outcome o = GateCampaign.gate(held, executor, held.claimed(), s,
                folder(held.label() + "-" + executor.id()), "LabGate");
        String options = jarOption("--strategy-jar", held.jar()) + jarOption("--executor-jar", executor.jar());
        List<String> notes = new java.util.ArrayList<>();
        if (strategy != null && !registered(strategy.getClass(), () -> ChangeTrackerProvider.all(loader()))) {
            notes.add(unregistered("strategy", claimed.id(), strategy.getClass(), ChangeTrackerProvider.class));
        }
        if (executorMade != null && !registered(executorMade.getClass(), () -> ExecutorProvider.all(loader()))) {
            notes.add(unregistered("executor", executor.id(), executorMade.getClass(), ExecutorProvider.class));
        }
        String command = "./lab gate --strategy " + ReplayCommand.shellWord(held.label()) + " --executor "
                + ReplayCommand.shellWord(executor.id()) + expected + campaignOptions(s) + options;
        ClassLoader providerLoader = strategy != null ? strategy.getClass().getClassLoader()
                : executorMade != null ? executorMade.getClass().getClassLoader() : loader();
        return finish(o, false, s, options, command, notes, providerLoader);
    }

    private GateResult runEngine(GateCampaign.Settings s) {
        if (expectation == null) {
            throw new IllegalArgumentException("an engine gate needs expect(...) (exact, exact-delayed, conservative or"
                    + " flaky): an engine claims no class of its own");
        }
        if (expectation.delayFrames() != null) {
            throw new IllegalArgumentException("an engine gate takes its delay from the engine's contract, not from the"
                    + " expectation (" + expectation + ")");
        }
        EngineProvider p = made(engineProvider, "engine provider");
        EngineContract contract = asked(p::contract, p, "contract()");
        if (contract == null) {
            throw new GateFailure("engine provider " + p.getClass().getName() + " states no contract (contract() answered"
                    + " null)", (Throwable) null);
        }
        EngineSubject subject = new EngineSubject(contract, p, PluginJar.of(PluginJar.ENGINE, p.getClass()).orElse(null));
        Path folder = folder("engine-" + subject.id());
        announce("engine " + subject.id(), dev.ecslab.reports.gate.GateVerdict.name(expectation.claimedClass()) + " ("
                + expectation.options() + ")", s);
        GateCampaign.Outcome o;
        try {
            o = GateCampaign.gateEngine(subject, expectation.claimedClass(), s, folder, "LabGate",
                    line -> System.out.println("  " + line));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the engine gate's files into " + folder + ": " + e.getMessage(), e);
        }
        String options = jarOption("--engine-jar", subject.jar());
        List<String> notes = new java.util.ArrayList<>();
        if (EngineSubject.all(loader()).stream().noneMatch(e -> e.provider().getClass() == p.getClass())) {
            notes.add(unregistered("engine", subject.id(), p.getClass(), EngineProvider.class));
        }
        String command = "./lab gate --engine " + ReplayCommand.shellWord(subject.id()) + " " + expectation.options()
                + campaignOptions(s) + options;
        return finish(o, true, s, options, command, notes, p.getClass().getClassLoader());
    }

    private GateResult finish(GateCampaign.Outcome o, boolean engine, GateCampaign.Settings s, String options,
            String command, List<String> notes, ClassLoader providerLoader) {
        ReplayCommand replay = new ReplayCommand(options, ReplayCommand.writeArgs(o.folder(), providerLoader));
        String report = GateReportText.of(o, engine, s, replay, command, notes);
        // the report itself is the failure's message (JUnit prints it), or GateResult.report(): not printed twice
        System.out.println("LabGate: " + GateCampaign.headline(o.verdict(), engine) + " (seed " + s.seed() + "; files in "
                + o.folder() + ")");
        return new GateResult(o.verdict(), o.folder(), s.seed(), s.tries(), report);
    }

    private static void announce(String name, String expected, GateCampaign.Settings s) {
        System.out.println("LabGate: gate " + name + ", expected " + expected + ", " + s.tries()
                + " random scenario(s) after the catalogue, seed " + s.seed() + " (this campaign again: -D" + SEED_PROPERTY
                + "=" + s.seed() + ")" + (s.memory() ? "" : ", criterion 6 switched off"));
    }

    /** The command line's options for the campaign's size: those that differ from {@code lab gate}'s defaults too. */
    private static String campaignOptions(GateCampaign.Settings s) {
        return " --tries " + s.tries() + " --seed " + s.seed() + (s.memory() ? "" : " --no-memory")
                + (s.runTimeout().equals(GateCampaign.Settings.DEFAULTS.runTimeout()) ? ""
                        : " --run-timeout " + Math.max(1, s.runTimeout().toSeconds()));
    }

    private static String jarOption(String option, PluginJar jar) {
        return jar == null ? "" : " " + option + " " + ReplayCommand.shellWord(jar.file());
    }

    private Path folder(String name) {
        if (out != null) {
            return out;
        }
        return Path.of(System.getProperty(OUT_PROPERTY, "target/ecslab")).resolve("gate")
                .resolve(name.replaceAll("[^A-Za-z0-9._-]+", "_"));
    }

    private TrackerSubject trackerSubject(ChangeTrackerProvider p) {
        if (p == null) {
            TrackerSubject s = GateCampaign.strategy(strategyLabel, loader());
            return flavor == ChangeFlavor.DEFAULT || s.flavor() == flavor ? s : flavored(s);
        }
        String id = asked(p::id, p, "id()");
        checkName(id, p, "strategy");
        List<TrackerSubject> subjects = asked(() -> TrackerSubject.of(p), p, "claimedClass, claimedDelayFrames or"
                + " claimedHorizon");
        return subjects.stream().filter(t -> t.flavor() == flavor).findFirst().orElseGet(() -> flavored(subjects.get(0)));
    }

    /** {@code s} with its detectors of {@link #flavor}, which claim what the default flavor claims. */
    private TrackerSubject flavored(TrackerSubject s) {
        return new TrackerSubject(s.id(), flavor, s.claimed(), s.description(), s.factory(), s.delayFrames(), s.jar(),
                s.horizon());
    }

    private ExecutorSubject executorSubject(ExecutorProvider p) {
        if (p == null) {
            return GateCampaign.executor(executorId, loader());
        }
        checkName(asked(p::id, p, "id()"), p, "executor");
        return asked(() -> ExecutorSubject.of(p), p, "create(ExecutorOptions) or the executor's close()");
    }

    /** Whether the lab finds a provider of {@code type} by its id (listed in {@code META-INF/services} here). */
    private static boolean registered(Class<?> type, Supplier<List<?>> all) {
        try {
            return all.get().stream().anyMatch(p -> p.getClass() == type);
        } catch (RuntimeException | java.util.ServiceConfigurationError e) {
            return false;
        }
    }

    private static String unregistered(String what, String id, Class<?> type, Class<?> service) {
        return "the " + what + " '" + id + "' (" + type.getName() + ") is not listed in META-INF/services/"
                + service.getName() + " on this class path, so lab replay cannot find it by its id: list it there to"
                + " replay from the command line";
    }

    private static <T> T made(Supplier<? extends T> supplier, String what) {
        T made;
        try {
            made = supplier.get();
        } catch (RuntimeException | LinkageError e) {
            throw new GateFailure("the " + what + " given to LabGate threw while it was made: " + e, e);
        }
        if (made == null) {
            throw new GateFailure("the " + what + " given to LabGate made nothing (null)", (Throwable) null);
        }
        return made;
    }

    private static <T> T asked(Supplier<T> question, Object provider, String what) {
        try {
            return question.get();
        } catch (RuntimeException | LinkageError e) {
            throw new GateFailure(provider.getClass().getName() + " threw when the lab asked its " + what + ": " + e, e);
        }
    }

    private static void checkName(String id, Object provider, String what) {
        String problem = id == null || id.isBlank() ? "the id is empty" : InputNames.problem(id);
        if (problem != null) {
            throw new GateFailure(provider.getClass().getName() + ": the " + what + "'s id is not a name the lab can print: "
                    + problem, (Throwable) null);
        }
    }

    private static long overridden(String property, long value) {
        String v = System.getProperty(property);
        if (v == null || v.isBlank()) {
            return value;
        }
        try {
            return Long.parseLong(v.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-D" + property + "=" + v + ": not a whole number", e);
        }
    }

    private static ClassLoader loader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : LabGate.class.getClassLoader();
    }
}
