package dev.ecslab.reports.cli;

import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.reports.html.ReportWriter;
import dev.ecslab.reports.verdict.VerdictWords;
import dev.ecslab.reports.verdict.WitnessWords;
import dev.ecslab.ecs.input.BadInputException;
import java.io.File;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The {@code lab} command line. {@code ./lab run} is the main job.
 *
 * <p>Contract, for every command: exit code 2 means bad input (an option, an unreadable or malformed
 * file, an unwritable output, another run writing into the same output folder), printed as one line
 * naming the file, where in it and what was wrong, with no stack trace unless {@code --debug}; 70 an
 * internal error (a bug in ecslab); 130 stopped with Ctrl-C; 0 and 1 mean what each command's help says.
 * Relative paths mean what they mean in the directory the command was started in.
 */
@Command(name = "lab", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
        subcommands = {LabMain.Run.class, GateCommand.class, MergeCommand.class, AmbiguitiesCommand.class, EnginesCommand.class, LabMain.ReplayCommand.class,
            BenchCommand.class, StressCommand.class, ReportCommand.class, RacesCommand.class},
        header = "ecslab: a laboratory for ECS scheduling and change detection.",
        description = {"Relative paths are taken from the directory the command is started in. Every command has"
            + " --help and lists its exit codes; every command exits 2 on bad input, with one line that names the"
            + " file, where in it and what was wrong (--debug adds the stack trace)."},
        exitCodeListHeading = LabMain.EXIT_CODES,
        exitCodeList = {"0:done (see each command's help for what 1 means there)", LabMain.BAD_INPUT_LINE,
            LabMain.INTERNAL_LINE, LabMain.STOPPED_LINE})
public final class LabMain implements Callable<Integer> {
    /** Random scenarios whose ambiguity witnesses {@code lab run} looks for, besides the catalogue's. */
    static final int DEFAULT_WITNESS_TRIES = 50;
    /** Bad input: an option, a file, an unwritable output, a busy output folder. */
    static final int BAD_INPUT = 2;
    /** A bug in ecslab itself. */
    static final int INTERNAL_ERROR = 70;
    /** Stopped with Ctrl-C (the shell's code for SIGINT). */
    static final int STOPPED = 130;
    /** The heading of every command's list of exit codes. */
    static final String EXIT_CODES = "%nExit codes:%n";
    static final String BAD_INPUT_LINE = "2:bad input: an option, a file that cannot be read or is malformed,"
            + " inconsistent or too large, an output that cannot be written (checked before any work), or another lab"
            + " command writing into the same output folder";
    static final String INTERNAL_LINE = "70:an internal error: a bug in ecslab, not in the input (--debug shows where)";
    static final String STOPPED_LINE = "130:stopped with Ctrl-C; a report being written is not put in place";

    @Option(names = "--debug", scope = CommandLine.ScopeType.INHERIT,
            description = "on an error, also print the stack trace")
    boolean debug;

    public static void main(String[] args) {
        ExitGuard.install();
        int code;
        try {
            code = execute(args);
        } finally {
            ExitGuard.finished();           // an error escaping execute ends the JVM as Java does: not the code under test
        }
        System.exit(code);
    }

    /** Runs the command line and returns its exit code (tests call this). */
    public static int execute(String... args) {
        Interrupts.reset();
        boolean debug = Arrays.asList(args).contains("--debug");
        CommandLine cl = new CommandLine(new LabMain());
        cl.registerConverter(Path.class, LabMain::path);
        cl.registerConverter(File.class, s -> path(s).toFile());
        cl.setUsageHelpAutoWidth(true);
        cl.setParameterExceptionHandler((ex, a) -> parameterError(ex));
        cl.setExecutionExceptionHandler((ex, c, parsed) -> failure(ex, c.getCommandSpec().qualifiedName(), debug));
        try {
            return cl.execute(args);
        } catch (OutOfMemoryError | StackOverflowError e) {
            return failure(e, "lab", debug);
        }
    }

    /** A path as the user typed it; a path Java cannot represent (a NUL character) is refused in words. */
    private static Path path(String s) {
        try {
            return Path.of(s);
        } catch (InvalidPathException e) {
            throw new CommandLine.TypeConversionException("'" + BadInputException.printable(s) + "' is not a valid path: "
                    + e.getReason());
        }
    }

    /** A bad option or argument: one line, a suggestion for a misspelt command or option, and where help is. */
    private static int parameterError(CommandLine.ParameterException ex) {
        CommandLine cl = ex.getCommandLine();
        String name = cl.getCommandSpec().qualifiedName();
        String message = ex.getMessage();
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String first = u.getUnmatched().get(0);
            boolean command = !cl.getSubcommands().isEmpty() && !first.startsWith("-");
            message = (command ? "unknown command '" : first.startsWith("-") ? "unknown option '" : "unexpected argument '")
                    + first + "'";
            List<String> candidates = new ArrayList<>();
            if (command) {
                candidates.addAll(cl.getSubcommands().keySet());
            } else {
                cl.getCommandSpec().options().forEach(o -> candidates.addAll(Arrays.asList(o.names())));
            }
            String nearest = nearest(first, candidates);
            if (nearest != null) {
                message += "; did you mean '" + nearest + "'?";
            }
        }
        System.err.println(name + ": " + BadInputException.printable(message) + " (" + name + " --help shows the usage)");
        return BAD_INPUT;
    }

    /**
     * The candidate closest to {@code typed} by edit distance, if it is close (at most a third of its length
     * away); null for input longer than 64 characters, so a hostile argument costs nothing.
     */
    static String nearest(String typed, List<String> candidates) {
        if (typed.length() > 64) {
            return null;
        }
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            int d = distance(typed, c);
            if (d < bestDistance && d <= Math.max(1, c.length() / 3)) {
                best = c;
                bestDistance = d;
            }
        }
        return best;
    }

    /** Levenshtein distance with adjacent transpositions counting one (two rows: inputs are at most 64 characters). */
    private static int distance(String a, String b) {
        int[] before = new int[b.length() + 1];
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    current[j] = Math.min(current[j], before[j - 2] + 1);
                }
            }
            int[] t = before;
            before = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }

    /**
     * An exception out of a command: bad input is one line and exit 2; a command stopped with Ctrl-C exits
     * 130 (the hook has said what was left); anything else is an internal error, exit 70, without the
     * exception's text (it may be a Java message such as a null pointer's). {@code --debug} adds the trace.
     */
    static int failure(Throwable ex, String command, boolean debug) {
        if (ex instanceof StagedReport.RunStopped || Interrupts.stoppedHere()) {
            return STOPPED;
        }
        int code;
        if (ex instanceof BadInputException b) {
            System.err.println(command + ": " + b.getMessage());
            code = BAD_INPUT;
        } else if (ex instanceof UncheckedIOException u) {
            System.err.println(command + ": " + BadInputException.printable(
                    (u.getMessage() == null ? "a file could not be read or written" : u.getMessage()) + ": "
                            + FileProblem.words(u)));
            code = BAD_INPUT;
        } else if (ex instanceof OutOfMemoryError) {
            System.err.println(command + ": ran out of memory (a heap of " + Runtime.getRuntime().maxMemory() / (1 << 20)
                    + " MB: the input is too large for it, or a bug in ecslab; the lab script caps the heap at 1 GB, and"
                    + " ECSLAB_JAVA_OPTS=-Xmx4g raises it; --debug shows where)");
            code = INTERNAL_ERROR;
        } else {
            System.err.println(command + ": internal error: a bug in ecslab, not in your input (run again with --debug to"
                    + " see where)");
            code = INTERNAL_ERROR;
        }
        if (debug) {
            ex.printStackTrace(System.err);
        }
        return code;
    }

    @Override
    public Integer call() {
        new CommandLine(this).usage(System.out);
        System.err.println("lab: a command is needed (run, gate, merge, ambiguities, engines, replay, bench, stress, report or races)");
        return BAD_INPUT;
    }

    /** {@code lab run}: every strategy × every executor over the catalogue and a random campaign. */
    @Command(name = "run", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
        header = "Runs every strategy under every executor and writes the matrix and the report.",
        description = {
            "Runs every built-in strategy (and those of --strategy-jar) under every built-in executor (and those of"
                + " --executor-jar) over the scenario catalogue and a random campaign, prints the matrix and writes"
                + " matrix.md, matrix.json, index.html and one replay file per counterexample into --out.",
            "A cell is pass, FAIL or not judged (never a pass); X is the crash column. Criteria 1 and 2 are judged on"
                + " every scenario class (regular, pausing, looping, commands, resources); the weakest decides the class.",
            "Ambiguity witnesses: each unordered conflicting pair of the catalogue's scenarios (and of the first"
                + " --witness-tries random ones) is run in both orders under generation / serial; the report says whether"
                + " the state or a detector's answers differ ('witnessed', with replay files of both orders) or not"
                + " ('commutes here').",
            "The report is written into a fresh staging folder inside --out and replaces the previous report as a whole"
                + " at the end (files of the user's in --out are never touched); Ctrl-C leaves the previous report as it"
                + " was. One lab command at a time writes into a folder (the lock file .lab-lock)."},
        exitCodeListHeading = EXIT_CODES,
        exitCodeList = {"0:the matrix and the report were written (whatever the verdicts)", BAD_INPUT_LINE, INTERNAL_LINE,
            STOPPED_LINE})
    static final class Run implements Callable<Integer> {
        @Mixin
        CampaignOptions campaign = new CampaignOptions();

        @Option(names = "--out", paramLabel = "DIR", description = "output folder (default: reports/out in the ecslab"
                + " checkout, ecslab-out here without one: ${DEFAULT-VALUE})")
        Path out = RepositoryRoot.defaultOut();

        @Option(names = "--strategy", description = "only these strategies (labels such as generation or"
                + " flag-doubling/immediate; repeatable)")
        List<String> strategies = new ArrayList<>();

        @Option(names = "--executor", description = "only these executors (serial, staged, dynamic, ids from"
                + " --executor-jar; repeatable)")
        List<String> executors = new ArrayList<>();

        @Option(names = "--mutants", description = "also run the mutant strategies and executors")
        boolean mutants;

        @Option(names = "--mutant", paramLabel = "ID", description = "also run this mutant strategy or executor (such as"
                + " mutant:reports-twice; repeatable): a few mutants instead of every one of --mutants")
        List<String> mutantIds = new ArrayList<>();

        @Option(names = "--witness-tries", paramLabel = "N", description = "ambiguity witnesses for the catalogue and the"
                + " first N random scenarios (0: the catalogue only; default ${DEFAULT-VALUE}, about 2 s; every pair costs"
                + " two scenario runs)")
        int witnessTries = DEFAULT_WITNESS_TRIES;

        @Override
        public Integer call() throws Exception {
            if (witnessTries < 0) {
                System.err.println("lab run: --witness-tries must be 0 or more, was " + witnessTries);
                return BAD_INPUT;
            }
            PluginSubjects jars;
            try {
                jars = campaign.openJars();
            } catch (IllegalArgumentException | IllegalStateException e) {
                System.err.println("lab run: " + BadInputException.printable(e.getMessage()));
                return BAD_INPUT;
            } catch (dev.ecslab.lab.isolate.PluginCrashedException e) {
                System.err.println("lab run: " + BadInputException.printable(e.getMessage()));
                return INTERNAL_ERROR;
            }
            try (jars) {
                return run(jars);
            }
        }

        private int run(PluginSubjects jars) {
            List<TrackerSubject> trackers = new ArrayList<>();
            List<ExecutorSubject> execs = new ArrayList<>();
            try {
                if (strategies.isEmpty()) {
                    trackers.addAll(jars.strategies());
                } else {
                    for (String s : strategies) {
                        trackers.add(jars.strategy(s));
                    }
                }
                if (executors.isEmpty()) {
                    execs.addAll(jars.executors());
                } else {
                    for (String e : executors) {
                        execs.add(jars.executor(e));
                    }
                }
            } catch (IllegalArgumentException | IllegalStateException e) {
                System.err.println("lab run: " + BadInputException.printable(e.getMessage()));
                return BAD_INPUT;
            }
            java.util.Set<String> known = new java.util.TreeSet<>();
            Mutants.trackers().forEach(m -> known.add(m.subject().id()));
            Mutants.executors().forEach(m -> known.add(m.subject().id()));
            for (String id : mutantIds) {
                if (!known.contains(id)) {
                    System.err.println("lab run: --mutant " + BadInputException.printable(id) + " is not a mutant; the mutants are: "
                            + String.join(", ", known));
                    return BAD_INPUT;
                }
            }
            Mutants.trackers().stream().filter(m -> mutants || mutantIds.contains(m.subject().id()))
                    .forEach(m -> trackers.add(m.subject()));
            Mutants.executors().stream().filter(m -> mutants || mutantIds.contains(m.subject().id()))
                    .forEach(m -> execs.add(m.subject()));
            if (campaign.shard != null) {
                try (StagedReport report = StagedReport.open(out, "--out", "lab run", LabMain::note);
                        Interrupts stop = Interrupts.arm(report)) {
                    Checkpoints.reached("campaign", stop);
                    List<String> extra = new ArrayList<>();
                    strategies.forEach(x -> extra.addAll(List.of("--strategy", x)));
                    executors.forEach(x -> extra.addAll(List.of("--executor", x)));
                    if (mutants) {
                        extra.add("--mutants");
                    }
                    mutantIds.forEach(x -> extra.addAll(List.of("--mutant", x)));
                    return CampaignOptions.writeShard(campaign.runShard(trackers, execs, campaign.identity("run", extra)),
                            report, "lab run");
                } catch (java.io.IOException e) {
                    throw new UncheckedIOException("cannot write the shard's result", e);
                }
            }
            try (StagedReport report = StagedReport.open(out, "--out", "lab run", LabMain::note);
                    Interrupts stop = Interrupts.arm(report)) {
                Checkpoints.reached("campaign", stop);
                Matrix m = campaign.run(trackers, execs, witnessTries);
                return report(m, report, stop, "lab run");
            } catch (java.io.IOException e) {
                throw new UncheckedIOException("cannot write the report", e);
            }
        }
    }

    /**
     * Writes a run's report (the matrix files, the replay files, the pages), prints the matrix and answers 0: what
     * {@code lab run} does after its campaign, and {@code lab merge} after merging a run's shards.
     */
    static int report(Matrix m, StagedReport report, Interrupts stop, String command) throws java.io.IOException {
        Path root = RepositoryRoot.checkout().orElse(null);
        Checkpoints.reached("staging", stop);
        var files = MatrixReport.write(m, report.dir());
        ReportWriter.pages(m, files, Report.renderer(), Report.benchmarks(root, report.out(), report.dir()), root,
                report.out()).forEach(report::write);
        Checkpoints.reached("commit", stop);
        report.commit();
        Checkpoints.reached("committed", stop);
        print(m, System.out);
        Path dir = report.out();
        System.out.println("\nwrote " + dir.resolve("index.html") + ", " + dir.resolve("matrix.md") + ", "
                + dir.resolve("matrix.json") + ", " + files.size() + " replay file(s) in " + dir.resolve("counterexamples")
                + (!m.witnesses().ran() ? ""
                        : " and the witnesses' in " + dir.resolve(WitnessWords.DIRECTORY)));
        System.out.println(MatrixReport.summaryLine(m, dir));
        return 0;
    }

    /** One line on standard error for something done on an earlier run's behalf (a stale lock, a half commit). */
    static void note(String line) {
        System.err.println("lab: " + BadInputException.printable(line));
    }

    /** {@code lab replay FILE}: re-judges a saved trace and re-runs it in its recorded order. */
    @Command(name = "replay", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
        header = "Re-judges and re-runs a saved counterexample or ambiguity witness.",
        description = {
            "Re-judges a replay file (a counterexample or an ambiguity witness from lab run or lab gate), re-runs its"
                + " scenario in the recorded order, prints both verdicts and the re-run's end state, then each violation"
                + " in words with its timeline as text.",
            "A file recorded with a strategy or executor from a jar names the jar and its SHA-256: give the same jar with"
                + " --strategy-jar / --executor-jar. A missing jar, or one with another SHA-256, is refused up front"
                + " (exit 2, nothing judged): a different build would be judged under the recorded name.",
            "A counterexample of an engine (lab engines, lab gate --engine) is re-run on the engine: a shipped one is"
                + " found by id, another needs --engine-jar or --engine-cmd. An engine's jar is checked as above; a driver's"
                + " command is recorded with the SHA-256 of each word that names a file (and of a shipped npm driver's"
                + " package-lock.json), and a driver whose command has another shape or whose file has other content is"
                + " refused (exit 2, naming the file with both hashes). A file written before drivers were fingerprinted"
                + " replays with a note that the driver could not be checked.",
            "A replay file whose name (as lab wrote it) names another configuration than the one it records, or that"
                + " lies in a report folder whose report does not list it (a leftover of an earlier run), is refused:"
                + " it would reproduce another configuration's failure."},
        exitCodeListHeading = EXIT_CODES,
        exitCodeList = {"0:the scenario passes", "1:it fails, and the re-run reproduces the recorded verdict",
            "3:the re-run gave another verdict", BAD_INPUT_LINE + ", a missing or different plug-in jar or driver file, a file that"
                    + " does not belong to the configuration or report it is named for", INTERNAL_LINE, STOPPED_LINE})
    static final class ReplayCommand implements Callable<Integer> {
        /**
         * Violations explained in words and drawn as timelines, at most. Criterion 1 over the 10 000-frame memory
         * scenario can record tens of thousands of violations, each timeline a walk over every event: drawing all
         * of them kept {@code lab replay} from finishing for days, after its verdict was already known.
         */
        static final int DRAWN_VIOLATIONS = 20;

        @picocli.CommandLine.Parameters(paramLabel = "FILE", description = "a replay file")
        Path file;

        @Option(names = "--strategy-jar", paramLabel = "JAR",
                description = "the jar the file's strategy came from (repeatable)")
        List<java.io.File> strategyJars = new ArrayList<>();

        @Option(names = "--executor-jar", paramLabel = "JAR",
                description = "the jar the file's executor came from (repeatable)")
        List<java.io.File> executorJars = new ArrayList<>();

        @Option(names = "--isolate", negatable = true, defaultValue = "true", fallbackValue = "true",
                description = "re-run the code of --strategy-jar, --executor-jar and --engine-jar in a child JVM, so that a crash that"
                        + " ends its JVM is reproduced as that crash (the default); --no-isolate runs it in the lab's JVM")
        boolean isolate = true;

        @Option(names = "--engine-jar", paramLabel = "JAR",
                description = "the jar the file's engine came from, for a counterexample of lab engines (repeatable)")
        List<java.io.File> engineJars = new ArrayList<>();

        @Option(names = "--engine-cmd", paramLabel = "CMD",
                description = "the driver command of the file's engine, for a counterexample of lab engines (repeatable)")
        List<String> engineCommands = new ArrayList<>();

        @Option(names = "--original", description = "replay the scenario as first found failing, before shrinking (a"
                + " counterexample file keeps it beside the shrunk one)")
        boolean original;

        @Override
        public Integer call() throws java.io.IOException {
            Path input = CommandLineFile.regular(file, "a replay file");
            Replay.Saved saved = CommandLineFile.read(input, "a replay file", () -> Replay.load(input));
            String mismatch = ReplayFileCheck.mismatch(input, saved.trace().config());
            if (mismatch != null) {
                throw new BadInputException(input.toString(), "", mismatch);
            }
            if (original) {
                var sh = saved.shrinking();
                if (sh == null || !sh.shrunk()) {
                    throw new BadInputException(input.toString(), "shrinking", "--original: this replay file holds no scenario"
                            + " from before shrinking (" + (sh == null ? "it has no shrink record: an ambiguity witness, or a"
                                    + " file written before shrink records" : sh.describe()) + ")");
                }
                saved = new Replay.Saved(sh.original(), sh.originalTrace(), sh);
            }
            PluginSubjects jars;
            try {
                jars = PluginSubjects.open(CampaignOptions.paths(strategyJars), CampaignOptions.paths(executorJars), isolate);
            } catch (dev.ecslab.lab.isolate.PluginCrashedException e) {
                System.err.println("lab replay: " + BadInputException.printable(e.getMessage()));
                return 1;                               // the jar's code crashed: the counterexample's crash, reproduced
            } catch (RuntimeException e) {
                System.err.println("lab replay: " + BadInputException.printable(e.getMessage()));
                return BAD_INPUT;
            }
            try (jars) {
                return replay(input, saved, jars);
            }
        }

        /**
         * A counterexample of an engine under test: the recorded trace re-judged, then the scenario run again on the
         * engine (found by id among the lab's, {@code --engine-jar}'s and {@code --engine-cmd}'s), with the same exit
         * codes as a strategy's replay.
         */
        private int replayEngine(Replay.Saved saved) throws java.io.IOException {
            var config = saved.trace().config();
            dev.ecslab.lab.engine.EngineSubject engine;
            EngineJars given;
            try {
                given = EngineJars.open(engineJars, isolate);
            } catch (dev.ecslab.lab.isolate.PluginCrashedException e) {
                System.err.println("lab replay: " + BadInputException.printable(e.getMessage()));
                return 1;                               // the jar's code crashed: the counterexample's crash, reproduced
            } catch (IllegalArgumentException | IllegalStateException e) {
                System.err.println("lab replay: " + BadInputException.printable(e.getMessage())
                        + " (an engine of a jar or a driver is named with --engine-jar or --engine-cmd)");
                return BAD_INPUT;
            }
            try (given) {
                try {
                    engine = given.find(List.of(config.strategy()), engineCommands).get(0);
                } catch (IllegalArgumentException e) {
                    System.err.println("lab replay: " + BadInputException.printable(e.getMessage())
                            + " (an engine of a jar or a driver is named with --engine-jar or --engine-cmd)");
                    return BAD_INPUT;
                }
                List<String> notes = new ArrayList<>();
                List<String> refused = sameBuild(config, engine, notes);
                if (!refused.isEmpty()) {
                    engine.close();
                    refused.forEach(line -> System.err.println("lab replay: " + BadInputException.printable(line)));
                    return BAD_INPUT;
                }
                List<String> recorded = verdict(dev.ecslab.lab.criteria.Judge.judge(saved.scenario(), saved.trace()));
                System.out.println("scenario '" + BadInputException.printable(saved.scenario().name()) + "' on engine "
                        + BadInputException.printable(engine.id()) + " (" + BadInputException.printable(engine.contract().name())
                        + "), driven by the lab in its serial order");
                notes.forEach(n -> System.out.println(BadInputException.printable(n)));
                System.out.println("recorded trace: " + (recorded.isEmpty() ? "passes" : recorded.size() + " violation(s)"));
                recorded.forEach(v -> System.out.println("  " + v));
                dev.ecslab.lab.trace.Trace rerun;
                try (engine) {
                    rerun = dev.ecslab.lab.engine.EngineRunner.run(saved.scenario(), engine, config.seed(),
                            java.time.Duration.ofSeconds(30));
                }
                List<String> again = verdict(dev.ecslab.lab.criteria.Judge.judge(saved.scenario(), rerun));
                if (!again.equals(recorded)) {
                    System.out.println("re-run on the engine: ANOTHER verdict:");
                    again.forEach(v -> System.out.println("  " + v));
                    endState(saved.trace().finalState(), rerun.finalState());
                    return 3;
                }
                System.out.println("re-run on the engine: the same verdict");
                return explain(saved, recorded);
            }
        }

        /**
         * Why the engine found cannot stand for the one a trace was recorded with, one line per reason (empty when it is
         * the same build): the trace names an engine jar and the engine found came from no jar or from one with another
         * SHA-256, or the trace fingerprints a driver ({@link dev.ecslab.lab.trace.DriverFingerprint}) and the engine
         * found is no driver, or one whose command has another shape or whose files have other content. What was checked,
         * or could not be, is added to {@code notes}.
         */
        private static List<String> sameBuild(dev.ecslab.lab.trace.Trace.Config config, dev.ecslab.lab.engine.EngineSubject found,
                List<String> notes) {
            String head = "this replay file was recorded with engine '" + config.strategy() + "' from ";
            for (dev.ecslab.lab.trace.PluginJar recorded : config.plugins()) {
                if (!recorded.role().equals(dev.ecslab.lab.trace.PluginJar.ENGINE)) {
                    continue;
                }
                if (found.jar() == null) {
                    return List.of(head + recorded.describe() + "; pass that jar (--engine-jar " + recorded.file()
                            + ") to replay it");
                }
                if (!found.jar().sha256().equals(recorded.sha256())) {
                    return List.of(head + recorded.describe() + ", but the --engine-jar given has sha256 "
                            + found.jar().sha256() + ": refusing to replay against a different build");
                }
                notes.add("engine jar: " + recorded.describe() + ": the given jar matches");
            }
            dev.ecslab.lab.trace.DriverFingerprint recorded = config.driver();
            dev.ecslab.lab.trace.DriverFingerprint now = found.driver();
            if (recorded == null) {
                if (now != null) {
                    notes.add("driver: '" + now.line() + "': this replay file records no fingerprint of a driver (a file"
                            + " written before drivers were fingerprinted), so the driver could not be checked");
                }
                return List.of();
            }
            if (now == null) {
                return List.of(head + "the driver " + recorded.describe() + ", but the engine '" + config.strategy()
                        + "' found here is not a driver: pass --engine-cmd '" + recorded.line() + "' to replay it");
            }
            List<String> changed = recorded.mismatch(now);
            if (changed.isEmpty()) {
                notes.add("driver: " + now.describe() + ": its files match the recording");
            }
            return changed;
        }

        private int replay(Path input, Replay.Saved saved, PluginSubjects jars) throws java.io.IOException {
            var config = saved.trace().config();
            if (config.drivesAnEngine()) {
                return replayEngine(saved);
            }
            Replay.Resolved resolved;
            try {
                resolved = Replay.resolve(config, jars.files(), jars::strategy, jars::executor);
            } catch (RuntimeException e) {
                // refused (a missing or different jar), an unknown id, clashing ids, an unreadable jar
                if (!(e instanceof IllegalArgumentException || e instanceof IllegalStateException
                        || e instanceof dev.ecslab.lab.replay.ReplayRefusedException || e instanceof dev.ecslab.ecs.EcsException)) {
                    throw e;
                }
                for (String line : String.valueOf(e.getMessage()).split("\n")) {
                    System.err.println("lab replay: " + BadInputException.printable(line));
                }
                return BAD_INPUT;
            }
            // A trace that passed validation is judged without error: a failure here is the lab's (exit 70).
            List<String> recorded = verdict(dev.ecslab.lab.criteria.Judge.judge(saved.scenario(), saved.trace()));
            System.out.println("scenario '" + BadInputException.printable(saved.scenario().name()) + "' under "
                    + BadInputException.printable(config.label()) + (original ? " (the scenario as first found, before shrinking)" : ""));
            resolved.notes().forEach(n -> System.out.println("plug-in jar: " + n));
            System.out.println("shrinking: " + shrinkingLine(saved.shrinking(), original));
            System.out.println("recorded trace: " + (recorded.isEmpty() ? "passes" : recorded.size() + " violation(s)"));
            recorded.forEach(v -> System.out.println("  " + v));
            var interleaving = saved.trace().interleaving();
            String how = interleaving.controlled()
                    ? "re-run with executor '" + config.executor() + "' following the recorded interleaving ("
                            + interleaving.choices().size() + " decisions, explored by " + interleaving.exploration() + ")"
                    : "re-run serially in the recorded order (the trace was not controlled: "
                            + interleaving.exploration() + "; an overlap does not replay)";
            List<String> again;
            dev.ecslab.lab.trace.Trace rerun;
            try {
                rerun = Replay.rerun(saved.scenario(), saved.trace(), resolved);
                again = verdict(dev.ecslab.lab.criteria.Judge.judge(saved.scenario(), rerun));
            } catch (RuntimeException e) {
                if (!(e instanceof dev.ecslab.lab.replay.ReplayRefusedException)) {
                    throw e;
                }
                System.err.println("lab replay: cannot re-run: " + BadInputException.printable(e.getMessage()));
                return BAD_INPUT;
            }
            for (String error : rerun.errors()) {
                if (error.startsWith("the replayed schedule diverged")) {
                    System.out.println(how + ": " + error);
                }
            }
            if (!again.equals(recorded)) {
                System.out.println(how + ": ANOTHER verdict:");
                again.forEach(v -> System.out.println("  " + v));
                endState(saved.trace().finalState(), rerun.finalState());
                return 3;
            }
            System.out.println(how + ": the same verdict");
            endState(saved.trace().finalState(), rerun.finalState());
            return explain(saved, recorded);
        }

        /**
         * The scenario in words, then each violation in words and as a timeline (the first {@link #DRAWN_VIOLATIONS});
         * answers the replay's exit code: 1 when the recorded trace has a violation, else 0.
         */
        private static int explain(Replay.Saved saved, List<String> recorded) {
            System.out.println();
            System.out.print(dev.ecslab.reports.timeline.ScenarioText.text(saved.scenario()));
            if (!recorded.isEmpty()) {
                System.out.println();
                System.out.println("Each violation in words, then its timeline. The verdict lines above number runs as the trace"
                        + " does (run #0, #1, ... over all systems); the words and timelines number each system's runs from 1"
                        + " (`s4` run 2 is s4's second run).");
            }
            var traces = dev.ecslab.reports.timeline.ViolationTrace.all(saved);
            for (var v : traces.subList(0, Math.min(traces.size(), DRAWN_VIOLATIONS))) {
                System.out.println();
                System.out.println(dev.ecslab.reports.timeline.CounterexampleText.describe(v));
                System.out.println();
                System.out.println(dev.ecslab.reports.timeline.Timeline.of(v).text());
            }
            if (traces.size() > DRAWN_VIOLATIONS) {
                System.out.println();
                System.out.println("... and " + (traces.size() - DRAWN_VIOLATIONS) + " more violation(s), not drawn (each is"
                        + " listed above under 'recorded trace')");
            }
            return recorded.isEmpty() ? 0 : 1;
        }

        /** What shrinking did, as the file records it, and whether the scenario as first found can be replayed. */
        private static String shrinkingLine(dev.ecslab.lab.campaign.Shrinking sh, boolean original) {
            if (sh == null) {
                return "not recorded (an ambiguity witness, or a file written before shrink records)";
            }
            if (original) {
                return "this is the scenario as first found; the file's main scenario is its shrunk form ("
                        + sh.describe() + ")";
            }
            return sh.describe() + (sh.shrunk() ? "; --original replays the scenario as first found, '"
                    + BadInputException.printable(sh.original().name()) + "'" : "");
        }

        /**
         * The world's end state after the re-run, and whether it is the recorded one (an ambiguity
         * witness's two replay files end in different states; this is where they show it).
         */
        private static void endState(List<String> recorded, List<String> again) {
            System.out.println("end state of the re-run" + (again.equals(recorded) ? " (as recorded):"
                    : ", which is NOT the recorded one " + recorded + ":"));
            again.forEach(line -> System.out.println("  " + line));
        }

        private static List<String> verdict(dev.ecslab.lab.criteria.Outcome o) {
            return o.violations().stream().map(Object::toString).toList();
        }
    }

    /** An executor by id (built-in, from a jar on {@code loader}), or a mutant executor by its id. */
    static ExecutorSubject executorSubject(String id, ClassLoader loader) {
        for (var m : Mutants.executors()) {
            if (m.subject().id().equals(id)) {
                return m.subject();
            }
        }
        return ExecutorSubject.of(id, loader);
    }

    /** A strategy by label (built-in, from a jar on {@code loader}), or a mutant strategy by its label. */
    static TrackerSubject trackerSubject(String label, ClassLoader loader) {
        for (var m : Mutants.trackers()) {
            if (m.subject().label().equals(label)) {
                return m.subject();
            }
        }
        return TrackerSubject.find(label, loader);
    }

    /**
     * A short matrix on the terminal: claim, measured class and a column per criterion (X, the crash
     * column, first). A cell is {@code pass}, {@code FAIL} or {@code n/j} (not judged, never a pass; the
     * legend under the table says so). A row whose measured class is not the same in every scenario
     * class gets one more line with the class of each and what broke the claim; a row that was partly
     * not run gets a line saying why.
     */
    static void print(Matrix m, PrintStream out) {
        int width = Math.max(9, m.rows().stream().mapToInt(r -> r.executor().length()).max().orElse(9));
        int claimedWidth = Math.max(14, m.rows().stream().mapToInt(r -> VerdictWords.claimed(r).length()).max().orElse(14));
        out.printf(Locale.ROOT, "%-26s %-" + width + "s %-" + claimedWidth + "s %-14s", "strategy", "executor", "claimed",
                "measured");
        for (Criterion c : MatrixReport.columns()) {
            out.printf(" %-4s", c.code());
        }
        out.println();
        for (Row r : m.rows()) {
            out.printf(Locale.ROOT, "%-26s %-" + width + "s %-" + claimedWidth + "s %-14s", r.strategy(), r.executor(),
                    VerdictWords.claimed(r), r.measured().label() + (r.claimed() == null || r.agrees() ? "" : "!"));
            for (Criterion c : MatrixReport.columns()) {
                out.printf(" %-4s", switch (r.cell(c).status()) {
                    case PASS -> "pass";
                    case FAIL -> "FAIL";
                    case NOT_JUDGED -> "n/j";
                });
            }
            out.println();
            String by = VerdictWords.brokenByWords(r);
            if (!VerdictWords.sameInEveryClass(r)) {
                out.println("    by class: " + VerdictWords.byClass(r) + (by.isEmpty() ? "" : "; " + by));
            } else if (!by.isEmpty()) {
                out.println("    " + by);
            }
            if (r.skipped() != null) {
                out.println("    partly not run: " + r.skipped());
            }
        }
        out.println("A (ambiguity detection): " + (m.ambiguity().isEmpty() ? "pass on " + m.scenarios() + " scenarios"
                : "FAIL: " + m.ambiguity().get(0)));
        if (m.witnesses().ran()) {
            out.println("Ambiguity witnesses: " + WitnessWords.summary(m.witnesses()));
        }
        out.print(MatrixReport.wrap("Columns: " + String.join("; ", MatrixReport.columnLegend()) + ".", 110));
        out.print(MatrixReport.wrap("Cells: pass; FAIL; n/j = not judged (no run judged it: not a pass). X = crash: an"
                + " exception from the code under test, the row is broken. Measured: the weakest over the scenario classes"
                + " (regular, pausing, looping, commands, resources); ! = not the claimed class.", 110));
    }
}
