package dev.ecslab.reports.cli;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.reports.gate.GateVerdict;
import dev.ecslab.reports.gate.GithubAnnotations;
import dev.ecslab.reports.gate.JUnitXml;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code lab gate}: the CI correctness gate for one configuration. */
@Command(name = "gate", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "The CI gate: checks one configuration against the promises of its class.",
    description = {
        "Runs the criteria on one configuration (a strategy under an executor) and exits 0 only if every promise of"
            + " its expected class (--expect, or the strategy's claim) holds: no crash, ordering (O), ambiguity"
            + " detection (A), a pure frame (8), bounded memory (6), and criteria 1 (within the claimed delay) and/or 2"
            + " on every scenario class (regular, pausing, looping, commands, resources) as the class promises. A"
            + " promised check that no run judged fails. Other findings are reported, not gated.",
        "Writes JUnit XML (--junit) for CI test reports and one replay file per counterexample (--out); both are"
            + " checked for writing before the campaign starts, and the output names them with absolute paths."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:every promise of the expected class holds", "1:a crash, a broken promise, or a promised check"
            + " that no run judged", LabMain.BAD_INPUT_LINE, LabMain.INTERNAL_LINE, LabMain.STOPPED_LINE})
final class GateCommand implements Callable<Integer> {
    /** What is gated: a strategy under an executor (both needed), or an engine; exactly one of the two. */
    @picocli.CommandLine.ArgGroup(exclusive = true, multiplicity = "1")
    Subject subject;

    /** The two ways to name what is gated. */
    static final class Subject {
        @picocli.CommandLine.ArgGroup(exclusive = false, multiplicity = "1")
        Configuration configuration;

        @Option(names = "--engine", required = true, paramLabel = "ID", description = "gate an ECS engine under test"
                + " instead of a strategy (see lab engines): its id, from the lab, an --engine-jar or an --engine-cmd"
                + " driver; needs --expect")
        String engine;
    }

    /** A strategy under an executor. */
    static final class Configuration {
        @Option(names = "--strategy", required = true, description = "the strategy id (label), e.g. generation or"
                + " flag-doubling/immediate")
        String strategy;

        @Option(names = "--executor", required = true, description = "serial, staged, dynamic, an id from --executor-jar"
                + " (or a mutant's id)")
        String executor;
    }

    String strategy;
    String executor;
    String engine;

    @Option(names = "--engine-jar", paramLabel = "JAR", description = "a jar with engine providers (repeatable)")
    List<java.io.File> engineJars = new java.util.ArrayList<>();

    @Option(names = "--engine-cmd", paramLabel = "CMD", description = "a driver command that speaks the engine process"
            + " protocol, split at spaces (repeatable)")
    List<String> engineCommands = new java.util.ArrayList<>();

    @Option(names = "--expect", description = "exact, exact-delayed, conservative or flaky (default: the strategy's"
            + " claimed class)")
    String expect;

    @Option(names = "--delay", description = "frames a report may be late under --expect (default: the strategy's"
            + " claimed delay; 1 for exact-delayed; 0 means the detector's first run after the change; at most "
            + dev.ecslab.lab.scenario.Scenario.LONGEST_OBSERVABLE_DELAY + ", the longest delay a scenario can show)")
    Integer delay;

    @Mixin
    CampaignOptions campaign = new CampaignOptions();

    @Option(names = "--junit", paramLabel = "FILE", description = "write JUnit XML here (an existing FILE is replaced"
            + " in one step; nothing else in its folder is touched)")
    Path junit;

    @Option(names = "--out", paramLabel = "DIR", description = "where the counterexamples' replay files and the matrix"
            + " go (default: reports/out/gate in the ecslab checkout, ecslab-out/gate here without one: ${DEFAULT-VALUE})")
    Path out = RepositoryRoot.defaultOut("gate");

    @Option(names = "--annotations", paramLabel = "FORMAT", description = "also print each check that did not pass as a"
            + " CI annotation on standard output: github (GitHub Actions workflow commands, ::error for a gated check,"
            + " ::notice for a finding, with the replay file)")
    String annotations;


    @Override
    public Integer call() throws Exception {
        ExitGuard.onForeignExit(1);              // the code under test ending the JVM is a crash: the gate fails
        engine = subject.engine;
        strategy = subject.configuration == null ? null : subject.configuration.strategy;
        executor = subject.configuration == null ? null : subject.configuration.executor;
        if (engine != null) {
            return engineGate();
        }
        if (!engineJars.isEmpty() || !engineCommands.isEmpty()) {
            System.err.println("lab gate: --engine-jar and --engine-cmd go with --engine");
            return LabMain.BAD_INPUT;
        }
        PluginSubjects jars;
        try {
            jars = campaign.openJars();
        } catch (RuntimeException e) {
            return openFailed(e);
        }
        try (jars) {
            return gate(jars);
        }
    }

    /**
     * The exit code of a gate whose plug-in or engine jars could not be opened, said on standard error: a refused jar
     * is bad input (2), a jar whose code ended its isolated JVM as it loaded is a crash, a failing gate (1).
     *
     * @throws RuntimeException {@code e} when it is neither
     */
    private static int openFailed(RuntimeException e) {
        if (e instanceof dev.ecslab.lab.isolate.PluginCrashedException) {
            System.err.println("lab gate: FAIL: " + BadInputException.printable(e.getMessage()));
            return 1;
        }
        if (e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
            System.err.println("lab gate: " + BadInputException.printable(e.getMessage()));
            return LabMain.BAD_INPUT;
        }
        throw e;
    }

    private int gate(PluginSubjects jars) throws Exception {
        TrackerSubject subject;
        ExecutorSubject exec;
        ClaimedClass expected;
        try {
            TrackerSubject claimed = jars.strategy(strategy);
            exec = jars.executor(executor);
            subject = GateCampaign.heldTo(claimed, expect != null ? GateCampaign.parseClass(expect) : null, delay);
            expected = subject.claimed();
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("lab gate: " + BadInputException.printable(e.getMessage()));
            return LabMain.BAD_INPUT;
        }
        if (!outputsAgree()) {
            return LabMain.BAD_INPUT;
        }
        if (junit != null) {
            List<Path> inputs = new java.util.ArrayList<>(CampaignOptions.paths(campaign.strategyJars));
            inputs.addAll(CampaignOptions.paths(campaign.executorJars));
            AtomicFiles.checkWritable(junit, "--junit", out, "--out", inputs);
        }
        long start = System.nanoTime();
        if (campaign.shard != null) {
            try (StagedReport report = StagedReport.open(out, "--out", "lab gate", LabMain::note);
                    Interrupts stop = Interrupts.arm(report)) {
                Checkpoints.reached("campaign", stop);
                List<String> extra = new java.util.ArrayList<>(List.of("--strategy", strategy, "--executor", executor,
                        "--expect", expected.name(), "--delay", String.valueOf(subject.delayFrames())));
                return CampaignOptions.writeShard(campaign.runShard(List.of(subject), List.of(exec),
                        campaign.identity("gate", extra)), report, "lab gate");
            }
        }
        try (StagedReport report = StagedReport.open(out, "--out", "lab gate", LabMain::note);
                Interrupts stop = Interrupts.arm(report)) {
            if (junit != null) {                  // replaced by the verdict; left in place if the gate never gets there
                AtomicFiles.write(junit, JUnitXml.unfinished(strategy, executor));
            }
            Checkpoints.reached("campaign", stop);
            Matrix m = campaign.gate(subject, exec);
            return verdict(m, expected, !campaign.noMemory, start, report, stop, junit, annotations);
        }
    }

    /** Whether --annotations names a format and, with --shard, neither it nor --junit is given; else says why. */
    private boolean outputsAgree() {
        if (annotations != null && !annotations.equals("github")) {
            System.err.println("lab gate: --annotations " + BadInputException.printable(annotations)
                    + ": the only format is github");
            return false;
        }
        if (campaign.shard != null && (junit != null || annotations != null)) {
            System.err.println("lab gate: --shard writes the shard's result file only; --junit and --annotations go to"
                    + " lab merge, which gives the verdict");
            return false;
        }
        return true;
    }

    /**
     * Writes a gate's files (the matrix, the replay files, the JUnit XML), prints its verdict and answers its exit
     * code: what {@code lab gate} does after its campaign, and {@code lab merge} after merging a gate's shards.
     */
    static int verdict(Matrix m, ClaimedClass expected, boolean memory, long start, StagedReport report, Interrupts stop,
            Path junit, String annotations) throws Exception {
        GateVerdict v = GateCampaign.judge(m, expected, memory, start, report.dir());
        Checkpoints.reached("commit", stop);
        report.commit();
        Checkpoints.reached("committed", stop);
        Path dir = report.out();
        if (junit != null) {
            AtomicFiles.write(junit, JUnitXml.of(v, dir));
        }
        System.out.println(GateCampaign.headline(v, false));
        printChecks(v, dir, "off");
        if (!v.passes()) {
            System.out.println("replay files: " + dir.resolve("counterexamples") + " (./lab replay FILE)");
        } else if (!v.notes().isEmpty()) {
            System.out.println(v.notes().size() + " finding(s) reported, not gated (the expected class does not promise"
                    + " them); replay files:");
            v.notes().forEach(f -> System.out.println("  " + dir.resolve(f)));
        }
        System.out.println("wrote " + dir.resolve("matrix.md") + " and " + dir.resolve("matrix.json")
                + (junit == null ? "" : "; JUnit XML: " + junit.toAbsolutePath().normalize()));
        if (annotations != null) {
            GithubAnnotations.of(v, dir, Path.of("")).forEach(System.out::println);
        }
        return v.passes() ? 0 : 1;
    }

    /**
     * The gate for an engine under test: the catalogue and the campaign ({@code --tries}, {@code --seed}) that its
     * contract can express, judged by {@link dev.ecslab.lab.engine.EngineLab}, against the promises of
     * {@code --expect}; the same JUnit XML, exit codes, counterexample files and shards as for a strategy.
     */
    private int engineGate() throws Exception {
        if (strategy != null || executor != null) {
            System.err.println("lab gate: --engine gates an engine; --strategy and --executor gate a strategy (not both)");
            return LabMain.BAD_INPUT;
        }
        if (expect == null) {
            System.err.println("lab gate: --engine needs --expect (exact, exact-delayed, conservative or flaky): an engine"
                    + " claims no class of its own");
            return LabMain.BAD_INPUT;
        }
        if (!outputsAgree()) {
            return LabMain.BAD_INPUT;
        }
        ClaimedClass expected;
        dev.ecslab.lab.engine.EngineSubject subject;
        dev.ecslab.lab.classify.Shard shard;
        EngineJars given;
        try {
            given = EngineJars.open(engineJars, campaign.isolate);
        } catch (RuntimeException e) {
            return openFailed(e);
        }
        try (given) {
            try {
                expected = GateCampaign.parseClass(expect);
                shard = campaign.shard == null ? dev.ecslab.lab.classify.Shard.ALL : campaign.shard();
                subject = given.find(List.of(engine), engineCommands).get(0);
            } catch (IllegalArgumentException | IllegalStateException e) {
                System.err.println("lab gate: " + BadInputException.printable(e.getMessage()));
                return LabMain.BAD_INPUT;
            }
            try {
                GateCampaign.refuseDelayUnderExact(subject, expected);
            } catch (IllegalArgumentException e) {
                System.err.println("lab gate: " + BadInputException.printable(e.getMessage()));
                return LabMain.BAD_INPUT;
            }
            if (junit != null) {
                AtomicFiles.checkWritable(junit, "--junit", out, "--out", CampaignOptions.paths(engineJars));
            }
            long start = System.nanoTime();
            try (StagedReport report = StagedReport.open(out, "--out", "lab gate", LabMain::note);
                    Interrupts stop = Interrupts.arm(report)) {
                if (junit != null) {
                    AtomicFiles.write(junit, JUnitXml.unfinished(engine, dev.ecslab.lab.engine.EngineRunner.DRIVER));
                }
                Checkpoints.reached("campaign", stop);
                var scenarios = GateCampaign.engineScenarios(campaign.settings());
                dev.ecslab.lab.engine.EngineLab.Row row;
                try (subject) {                       // a reusable driver's idle process ends with the campaign
                    row = GateCampaign.runEngine(subject, scenarios, campaign.settings(),
                            line -> System.err.println("  " + line), shard);
                }
                if (campaign.shard != null) {
                    var content = dev.ecslab.lab.engine.EngineShardFile.of(engineIdentity(subject.id(), expected), shard,
                            scenarios.size(), row, replayArgs(subject));
                    Path file = report.dir().resolve(dev.ecslab.lab.classify.ShardFile.NAME);
                    dev.ecslab.lab.engine.EngineShardFile.write(file, content);
                    report.commit();
                    System.out.printf(Locale.ROOT, "lab gate: engine %s, shard %s ran %d and left out %d of the %d scenario(s)"
                            + " it owns; wrote %s (merge every shard with: ./lab merge DIR...)%n", engine, shard, row.ran(),
                            row.skipped(), row.ran() + row.skipped(), report.out().resolve(dev.ecslab.lab.classify.ShardFile.NAME));
                    return 0;
                }
                return engineVerdict(row, scenarios.size(), expected, start, report, stop, junit, annotations, replayArgs(subject));
            }
        }
    }

    /**
     * The options a replay of this gate's counterexamples needs to find {@code subject} again, each with a leading
     * space: {@code lab engines}' rule ({@link EnginesCommand#replayOptions}), so the two commands print the same.
     */
    private String replayArgs(dev.ecslab.lab.engine.EngineSubject subject) {
        String options = EnginesCommand.replayOptions(List.of(subject), engineJars, engineCommands).get(subject.id());
        return options == null ? "" : " " + options;
    }


    /** What every shard of one engine gate must share: the lab's version, the engine and the options that change what runs. */
    private List<String> engineIdentity(String id, ClaimedClass expected) {
        return List.of(LabVersion.line(), "gate", "--engine", id, "--expect", expected.name(), "--tries",
                String.valueOf(campaign.tries), "--seed", String.valueOf(campaign.seed), "--run-timeout",
                String.valueOf(campaign.runTimeoutSeconds));
    }

    /**
     * Writes an engine gate's files (engines.md, the replay files, the JUnit XML), prints its verdict and answers its exit
     * code: what {@code lab gate --engine} does after its scenarios, and {@code lab merge} after merging its shards.
     */
    static int engineVerdict(dev.ecslab.lab.engine.EngineLab.Row row, int scenarios, ClaimedClass expected, long start,
            StagedReport report, Interrupts stop, Path junit, String annotations, String replayArgs) throws Exception {
        GateVerdict v = GateCampaign.judgeEngine(row, scenarios, expected, start, report.dir(), replayArgs);
        Checkpoints.reached("commit", stop);
        report.commit();
        Path dir = report.out();
        if (junit != null) {
            AtomicFiles.write(junit, JUnitXml.of(v, dir));
        }
        System.out.println(GateCampaign.headline(v, true));
        printChecks(v, dir, "n/a");
        System.out.println("wrote " + dir.resolve("engines.md") + (junit == null ? ""
                : "; JUnit XML: " + junit.toAbsolutePath().normalize()));
        if (annotations != null) {
            GithubAnnotations.of(v, dir, Path.of("")).forEach(System.out::println);
        }
        return v.passes() ? 0 : 1;
    }

    /**
     * One line per check, marked; a failing gated check with its counterexample's replay command. {@code notRun} is
     * the mark of a check that was not run: {@code off} (switched off by an option) or {@code n/a} (an engine's).
     */
    static void printChecks(GateVerdict v, Path dir, String notRun) {
        GateCampaign.checkLines(v, notRun, file -> "./lab replay " + dir.resolve(file) + v.replayArgs())
                .forEach(System.out::println);
    }
}
