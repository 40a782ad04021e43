package dev.ecslab.reports.cli;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Shard;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.engine.EngineLab;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.LabLayout;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.reports.gate.GateVerdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The gate on one configuration as one callable piece: the promise the code under test is held to, the campaign (the
 * catalogue, then {@code tries} random scenarios from {@code seed}), the files it writes (the matrix and one replay file
 * per counterexample) and the verdict. {@code lab gate} and {@code lab merge} call it, and so does a program that gates
 * its own provider, such as the JUnit API of the module {@code lab-junit}: whoever calls it gets the verdict the
 * command line gives on the same configuration, seed and settings, because there is no other code that decides it.
 *
 * <p>It prints nothing and reads no option: the command line's words for a bad value stay in {@link GateCommand}, which
 * checks its options before it calls this.
 */
public final class GateCampaign {
    private GateCampaign() {
    }

    /**
     * What a campaign runs, with the command line's defaults ({@link #DEFAULTS}: {@code lab gate} without options).
     *
     * @param tries            random scenarios after the catalogue ({@code --tries})
     * @param seed             the campaign's first seed ({@code --seed})
     * @param memory           whether criterion 6 runs ({@code false}: {@code --no-memory})
     * @param runTimeout       how long one scenario run may take before it counts as a hang ({@code --run-timeout})
     * @param jobs             scenario runs at once; the results are those of one job ({@code --jobs})
     * @param searchDeviations the catalogue's exhaustive search depth, -1 for none ({@code --search})
     * @param searchBudget     schedules per catalogue scenario ({@code --search-budget})
     * @param exploration      how campaign runs choose interleavings ({@code --explore})
     * @param layout           how the worlds store components ({@code --layout})
     * @param timeBudget       start no scenario after this long, or {@code null} for no limit ({@code --time-budget})
     */
    public record Settings(int tries, long seed, boolean memory, Duration runTimeout, int jobs, int searchDeviations,
            int searchBudget, Exploration exploration, LabLayout layout, Duration timeBudget) {

        /** {@code lab gate}'s defaults. */
        public static final Settings DEFAULTS = new Settings(200, 1_000, true, LabConfig.DEFAULT_TIMEOUT,
                Runtime.getRuntime().availableProcessors(), LabOptions.DEFAULT_DEVIATIONS, LabOptions.DEFAULT_BUDGET,
                Exploration.RANDOM, LabLayout.MIXED, null);

        /** @throws IllegalArgumentException naming the setting that is out of range */
        public Settings {
            Objects.requireNonNull(runTimeout, "runTimeout");
            Objects.requireNonNull(exploration, "exploration");
            Objects.requireNonNull(layout, "layout");
            if (tries < 0) {
                throw new IllegalArgumentException("tries must be 0 or more, was " + tries);
            }
            if (runTimeout.compareTo(Duration.ofSeconds(1)) < 0) {
                throw new IllegalArgumentException("the run timeout must be at least 1 second, was " + runTimeout);
            }
            if (jobs < 1 || jobs > 1024) {
                throw new IllegalArgumentException("jobs must be from 1 to 1024, was " + jobs);
            }
            if (searchDeviations < -1) {
                throw new IllegalArgumentException("the search must be -1 (no search) or more, was " + searchDeviations);
            }
            if (searchBudget < 1) {
                throw new IllegalArgumentException("the search budget must be at least 1, was " + searchBudget);
            }
            if (timeBudget != null && (timeBudget.isZero() || timeBudget.isNegative())) {
                throw new IllegalArgumentException("the time budget must be more than 0, was " + timeBudget);
            }
        }

        public Settings withTries(int n) {
            return new Settings(n, seed, memory, runTimeout, jobs, searchDeviations, searchBudget, exploration, layout,
                    timeBudget);
        }

        public Settings withSeed(long s) {
            return new Settings(tries, s, memory, runTimeout, jobs, searchDeviations, searchBudget, exploration, layout,
                    timeBudget);
        }

        public Settings withMemory(boolean m) {
            return new Settings(tries, seed, m, runTimeout, jobs, searchDeviations, searchBudget, exploration, layout,
                    timeBudget);
        }

        public Settings withRunTimeout(Duration d) {
            return new Settings(tries, seed, memory, d, jobs, searchDeviations, searchBudget, exploration, layout, timeBudget);
        }

        public Settings withJobs(int n) {
            return new Settings(tries, seed, memory, runTimeout, n, searchDeviations, searchBudget, exploration, layout,
                    timeBudget);
        }

        /** The lab these settings describe, reporting to {@code progress}, with {@code witnessTries} ambiguity witnesses. */
        Lab lab(Lab.Progress progress, int witnessTries) {
            Lab lab = new Lab(LabOptions.defaults().withTries(tries).withCampaignSeed(seed).withMemory(memory)
                    .withRunTimeout(runTimeout).withProgress(progress).withCatalogueSearch(searchDeviations, searchBudget)
                    .withCampaignExploration(exploration).withWitnesses(witnessTries)).withJobs(jobs).withLayout(layout);
            return timeBudget == null ? lab : lab.withTimeBudget(timeBudget);
        }
    }

    /**
     * The delay criterion 1 allows when {@code claimed} is held to {@code expected}: {@code delay} when given, else the
     * claim's, else 1 for exact-delayed and 0 for the rest.
     *
     * @throws IllegalArgumentException for a negative delay, or a delay with {@code exact} (in the command line's words)
     */
    public static int allowedDelay(ClaimedClass expected, Integer delay, TrackerSubject claimed) {
        if (delay != null) {
            if (delay < 0) {
                throw new IllegalArgumentException("--delay must be 0 or more, was " + delay);
            }
            if (expected == ClaimedClass.EXACT && delay != 0) {
                throw new IllegalArgumentException("--expect exact allows no delay; use --expect exact-delayed --delay " + delay);
            }
            return delay;
        }
        if (expected == ClaimedClass.EXACT) {
            return 0;
        }
        if (expected == ClaimedClass.EXACT_DELAYED) {
            return Math.max(1, claimed.delayFrames());
        }
        return expected == claimed.claimed() ? claimed.delayFrames() : 0;
    }

    /**
     * {@code claimed} held to the promise the gate checks: {@code expected} (or, when null, its own claim) with the delay
     * {@link #allowedDelay} allows.
     *
     * @throws IllegalArgumentException when the strategy claims no class and none is expected, or the delay is refused
     */
    public static TrackerSubject heldTo(TrackerSubject claimed, ClaimedClass expected, Integer delay) {
        ClaimedClass promise = expected != null ? expected : claimed.claimed();
        if (promise == null) {
            throw new IllegalArgumentException("strategy '" + claimed.label() + "' claims no class; pass --expect");
        }
        return claimed.heldTo(promise, allowedDelay(promise, delay, claimed));
    }

    /**
     * A strategy by label as {@code lab gate --strategy} finds it: a mutant's label, a built-in, or one that
     * {@code loader} finds through {@code META-INF/services} ({@code flag-doubling/immediate} selects the flavor).
     *
     * @throws IllegalArgumentException naming the known labels when none has {@code label}
     */
    public static TrackerSubject strategy(String label, ClassLoader loader) {
        return LabMain.trackerSubject(label, loader);
    }

    /**
     * An executor by id as {@code lab gate --executor} finds it: a mutant's id, a built-in, or one {@code loader} finds.
     *
     * @throws IllegalArgumentException naming the known ids when none has {@code id}
     */
    public static ExecutorSubject executor(String id, ClassLoader loader) {
        return LabMain.executorSubject(id, loader);
    }

    /**
     * The verdict's first line, as {@code lab gate} prints it: {@code gate generation / dynamic: expected exact, measured
     * exact: PASS}, or {@code gate engine ID: ...} for an engine.
     */
    public static String headline(GateVerdict v, boolean engine) {
        return String.format(Locale.ROOT, "gate %s: expected %s, measured %s: %s",
                engine ? "engine " + v.strategy() : v.strategy() + " / " + v.executor(),
                new dev.ecslab.lab.classify.Promise(v.expected(), v.allowedDelayFrames()).describe(), v.measured().label(),
                v.passes() ? "PASS" : "FAIL");
    }

    /**
     * One line per check as {@code lab gate} prints them, each failing gated check followed by the replay command of its
     * counterexample. {@code notRun} marks a check that was not run: {@code off} (switched off by an option) or
     * {@code n/a} (an engine's); {@code replay} answers the command that replays a file (relative to the gate's folder).
     */
    public static List<String> checkLines(GateVerdict v, String notRun, java.util.function.Function<String, String> replay) {
        List<String> lines = new java.util.ArrayList<>();
        int width = v.checks().stream().mapToInt(c -> c.name().length()).max().orElse(0);
        for (GateVerdict.Check c : v.checks()) {
            String mark = switch (c.status()) {
                case PASS -> "ok";
                case FAIL -> c.gating() ? "FAIL" : "note";
                case NOT_JUDGED -> c.gating() ? "FAIL" : "n/j";
                case NOT_RUN -> notRun;
            };
            lines.add(String.format(Locale.ROOT, "  %-4s %-" + width + "s  %s", mark, c.name(),
                    c.status() == GateVerdict.Status.PASS ? "" : c.detail().lines().findFirst().orElse("")));
            if (c.gating() && !c.holds() && !c.replayFile().isEmpty()) {
                lines.add("       replay: " + replay.apply(c.replayFile()));
            }
        }
        return lines;
    }

    /** A class as the command line spells it: {@code exact}, {@code exact-delayed}, {@code conservative}, {@code flaky}. */
    public static ClaimedClass parseClass(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "exact" -> ClaimedClass.EXACT;
            case "exact-delayed" -> ClaimedClass.EXACT_DELAYED;
            case "conservative" -> ClaimedClass.CONSERVATIVE;
            case "flaky" -> ClaimedClass.FLAKY;
            default -> throw new IllegalArgumentException("--expect " + s + ": expected exact, exact-delayed, conservative"
                    + " or flaky");
        };
    }

    /** The campaign on one strategy (held to its promise, {@link #heldTo}) under one executor: a one-row matrix. */
    static Matrix run(TrackerSubject held, ExecutorSubject executor, Settings settings, Lab.Progress progress) {
        return settings.lab(progress, LabOptions.NO_WITNESSES).run(List.of(held), List.of(executor), Catalogue.all());
    }

    /**
     * Writes a gate's matrix files and replay files into {@code dir} and answers the verdict on them.
     *
     * @param startNanos when the gate started ({@link System#nanoTime}), for the verdict's duration
     */
    static GateVerdict judge(Matrix m, ClaimedClass expected, boolean memory, long startNanos, Path dir) {
        var files = MatrixReport.write(m, dir);
        return GateVerdict.of(m, expected, (System.nanoTime() - startNanos) / 1_000_000_000L, files, memory);
    }

    /**
     * The scenarios an engine gate offers the engine: the catalogue, then {@code tries} random ones from {@code seed}
     * (its contract then decides which it can express).
     */
    static List<Scenario> engineScenarios(Settings settings) {
        return EngineLab.scenarios(Catalogue.all(), settings.tries(), settings.seed());
    }

    /** The engine gate's campaign on {@code engine}, the share {@code shard} of it; the engine is not closed. */
    static EngineLab.Row runEngine(EngineSubject engine, List<Scenario> scenarios, Settings settings, Consumer<String> log,
            Shard shard) {
        return EngineLab.run(engine, scenarios, settings.seed(), settings.runTimeout(), log, shard);
    }

    /**
     * Writes an engine gate's files ({@code engines.md} and its replay files) into {@code dir} and answers the verdict.
     *
     * @param replayArgs what a replay of its files needs after the file, each option with a leading space
     */
    static GateVerdict judgeEngine(EngineLab.Row row, int scenarios, ClaimedClass expected, long startNanos, Path dir,
            String replayArgs) throws IOException {
        Files.writeString(dir.resolve("engines.md"), EnginesCommand.markdown(List.of(row), scenarios));
        Map<Criterion, String> files = EnginesCommand.writeCounterexamples(List.of(row), dir);
        return GateVerdict.ofEngine(row, expected, (System.nanoTime() - startNanos) / 1_000_000_000L, files)
                .withReplayArgs(replayArgs);
    }

    /**
     * A gate's verdict and the folder its files are in once the gate is over ({@link GateVerdict.Check#replayFile} is
     * relative to it).
     */
    public record Outcome(GateVerdict verdict, Path folder) {
        /** A check's replay file as an absolute path, or {@code null} when it has none. */
        public Path replayFile(GateVerdict.Check check) {
            return check.replayFile().isEmpty() ? null : folder.resolve(check.replayFile());
        }
    }

    /**
     * The whole gate on a strategy under an executor, written into {@code out} as {@code lab gate --out} writes it (a
     * staged folder that replaces the previous gate's files as a whole; another gate writing there at the same time is
     * refused).
     *
     * @param held     the strategy held to its promise ({@link #heldTo})
     * @param expected the class it is held to
     * @param command  who writes, for the messages of a refused folder ({@code "LabGate"})
     */
    public static Outcome gate(TrackerSubject held, ExecutorSubject executor, ClaimedClass expected, Settings settings,
            Path out, String command) {
        long start = System.nanoTime();
        try (StagedReport report = StagedReport.open(out, "the output folder", command, line -> { })) {
            Matrix m = run(held, executor, settings, Lab.Progress.NONE);
            GateVerdict v = judge(m, expected, settings.memory(), start, report.dir());
            report.commit();
            return new Outcome(v, report.out());
        }
    }

    /**
     * The whole gate on an engine under test, as {@code lab gate --engine} runs it, written into {@code out}. The engine
     * is closed when the campaign ends.
     *
     * @param log receives a line per scenario the engine cannot express, and the like ({@code lab gate} prints them)
     * @throws IllegalArgumentException when {@code expected} is exact and the engine declares a delay
     */
    public static Outcome gateEngine(EngineSubject engine, ClaimedClass expected, Settings settings, Path out, String command,
            Consumer<String> log) throws IOException {
        refuseDelayUnderExact(engine, expected);
        long start = System.nanoTime();
        try (StagedReport report = StagedReport.open(out, "the output folder", command, line -> { })) {
            List<Scenario> scenarios = engineScenarios(settings);
            EngineLab.Row row;
            try (engine) {
                row = runEngine(engine, scenarios, settings, log, Shard.ALL);
            }
            GateVerdict v = judgeEngine(row, scenarios.size(), expected, start, report.dir(), "");
            report.commit();
            return new Outcome(v, report.out());
        }
    }

    /** @throws IllegalArgumentException when {@code expected} is exact and the engine declares a delay (as lab gate says it) */
    static void refuseDelayUnderExact(EngineSubject engine, ClaimedClass expected) {
        if (expected == ClaimedClass.EXACT && engine.contract().delayFrames() > 0) {
            throw new IllegalArgumentException("engine " + engine.id() + " declares a delay of "
                    + engine.contract().delayFrames() + " frame(s); --expect exact allows none (use exact-delayed)");
        }
    }
}
