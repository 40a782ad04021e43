package dev.ecslab.reports.cli;

import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.Replay;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.reports.html.ReportWriter;
import dev.ecslab.reports.verdict.VerdictWords;
import dev.ecslab.reports.verdict.WitnessWords;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The {@code lab} command line. {@code ./lab run} is the main job. */
@Command(name = "lab", mixinStandardHelpOptions = true, subcommands = {LabMain.Run.class, GateCommand.class,
        AmbiguitiesCommand.class, LabMain.ReplayCommand.class, BenchCommand.class, StressCommand.class, RacesCommand.class},
        description = "ecslab: a laboratory for ECS scheduling and change detection.")
public final class LabMain implements Callable<Integer> {
    /** Random scenarios whose ambiguity witnesses {@code lab run} looks for, besides the catalogue's. */
    static final int DEFAULT_WITNESS_TRIES = 50;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs the command line and returns its exit code (tests call this). */
    public static int execute(String... args) {
        return new CommandLine(new LabMain()).execute(args);
    }

    @Override
    public Integer call() {
        new CommandLine(this).usage(System.out);
        return 2;
    }

    /** {@code lab run}: every strategy × every executor over the catalogue and a random campaign. */
    @Command(name = "run", mixinStandardHelpOptions = true, description = {
        "Runs every built-in strategy (and those of --strategy-jar) under every built-in executor (and those",
        "of --executor-jar) over the scenario catalogue and a random campaign, prints the matrix and writes",
        "matrix.md, matrix.json, index.html and one replay file per counterexample into --out.",
        "A cell is pass, FAIL or not judged (never a pass); X is the crash column. Criteria 1 and 2 are judged on",
        "every scenario class (regular, pausing, looping, commands, resources); the weakest decides the class.",
        "Ambiguity witnesses: each unordered conflicting pair of the catalogue's scenarios (and of the first",
        "--witness-tries random ones) is run in both orders under generation / serial; the report says whether the",
        "state or a detector's answers differ ('witnessed', with replay files of both orders) or not ('commutes here')."})
    static final class Run implements Callable<Integer> {
        @Mixin
        CampaignOptions campaign = new CampaignOptions();

        @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
        Path out = Path.of("reports", "out");

        @Option(names = "--strategy", description = "only these strategies (labels such as generation or"
                + " flag-doubling/immediate; repeatable)")
        List<String> strategies = new ArrayList<>();

        @Option(names = "--executor", description = "only these executors (serial, staged, dynamic, ids from"
                + " --executor-jar; repeatable)")
        List<String> executors = new ArrayList<>();

        @Option(names = "--mutants", description = "also run the mutant strategies and executors")
        boolean mutants;

        @Option(names = "--witness-tries", paramLabel = "N", description = "ambiguity witnesses for the catalogue and the"
                + " first N random scenarios (0: the catalogue only; default ${DEFAULT-VALUE}, about 2 s; every pair costs"
                + " two scenario runs)")
        int witnessTries = DEFAULT_WITNESS_TRIES;


        @Override
        public Integer call() throws Exception {
            PluginJars jars;
            try {
                jars = campaign.openJars();
            } catch (IllegalArgumentException | IllegalStateException e) {
                System.err.println("lab run: " + e.getMessage());
                return 2;
            }
            try (jars) {
                return run(jars.loader());
            }
        }

        private int run(ClassLoader loader) throws Exception {
            List<TrackerSubject> trackers = new ArrayList<>();
            if (witnessTries < 0) {
                System.err.println("lab run: --witness-tries must be 0 or more, was " + witnessTries);
                return 2;
            }
            try {
                if (strategies.isEmpty()) {
                    trackers.addAll(TrackerSubject.all(loader));
                } else {
                    for (String s : strategies) {
                        trackers.add(trackerSubject(s, loader));
                    }
                }
                List<ExecutorSubject> execs = new ArrayList<>();
                if (executors.isEmpty()) {
                    execs.addAll(ExecutorSubject.all(loader));
                } else {
                    for (String e : executors) {
                        execs.add(executorSubject(e, loader));
                    }
                }
                if (mutants) {
                    Mutants.trackers().forEach(m -> trackers.add(m.subject()));
                    Mutants.executors().forEach(m -> execs.add(m.subject()));
                }
                try (var stop = Interrupts.cleanUpOnCtrlC(out)) {
                    Matrix m = campaign.run(trackers, execs, witnessTries);
                    var files = MatrixReport.write(m, out);
                    AtomicFiles.write(out.resolve("index.html"), ReportWriter.page(m, files, Report.renderer(),
                            Report.benchmarks(RepositoryRoot.find(), out), RepositoryRoot.find()));
                    print(m, System.out);
                }
                System.out.println("\nwrote " + out.resolve("index.html") + ", " + out.resolve("matrix.md") + ", "
                        + out.resolve("matrix.json") + ", " + out.resolve("counterexamples") + " and "
                        + out.resolve(WitnessWords.DIRECTORY));
                return 0;
            } catch (IllegalArgumentException | IllegalStateException e) {
                System.err.println("lab run: " + e.getMessage());
                return 2;
            }
        }
    }

    /** {@code lab replay FILE}: re-judges a saved trace and re-runs it in its recorded order. */
    @Command(name = "replay", mixinStandardHelpOptions = true, description = {
        "Re-judges a replay file (a counterexample or an ambiguity witness from lab run), re-runs its scenario in",
        "the recorded order, prints both verdicts and the re-run's end state, then each violation in words with its",
        "timeline as text. Exit 0: the scenario passes; 1: it fails, reproduced; 3: the re-run gave another verdict;",
        "2: bad input.",
        "A file recorded with a strategy or executor from a jar names the jar and its SHA-256: give the same",
        "jar with --strategy-jar / --executor-jar. A missing jar, or one with another SHA-256, is refused up",
        "front (exit 2, nothing judged): a different build would be judged under the recorded name."})
    static final class ReplayCommand implements Callable<Integer> {
        @picocli.CommandLine.Parameters(paramLabel = "FILE", description = "a replay file")
        Path file;

        @Option(names = "--strategy-jar", paramLabel = "JAR",
                description = "the jar the file's strategy came from (repeatable)")
        List<java.io.File> strategyJars = new ArrayList<>();

        @Option(names = "--executor-jar", paramLabel = "JAR",
                description = "the jar the file's executor came from (repeatable)")
        List<java.io.File> executorJars = new ArrayList<>();

        @Override
        public Integer call() {
            Replay.Saved saved;
            try {
                saved = Replay.load(file);
            } catch (RuntimeException e) {
                System.err.println("lab replay: " + e.getMessage());
                return 2;
            }
            PluginJars jars;
            try {
                jars = PluginJars.open(CampaignOptions.paths(strategyJars), CampaignOptions.paths(executorJars));
            } catch (RuntimeException e) {
                System.err.println("lab replay: " + e.getMessage());
                return 2;
            }
            try (jars) {
                return replay(saved, jars);
            }
        }

        private int replay(Replay.Saved saved, PluginJars jars) {
            var config = saved.trace().config();
            Replay.Resolved resolved;
            try {
                resolved = Replay.resolve(config, jars);
            } catch (RuntimeException e) {                  // refused, unknown id, clashing ids, unreadable jar
                System.err.println("lab replay: " + String.valueOf(e.getMessage()).replace("\n", "\nlab replay: "));
                return 2;
            }
            System.out.println("scenario '" + saved.scenario().name() + "' under " + config.label());
            resolved.notes().forEach(n -> System.out.println("plug-in jar: " + n));
            List<String> recorded = verdict(dev.ecslab.lab.criteria.Judge.judge(saved.scenario(), saved.trace()));
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
                System.err.println("lab replay: cannot re-run: " + e.getMessage());
                return 2;
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
            for (var v : dev.ecslab.reports.timeline.ViolationTrace.all(saved)) {
                System.out.println();
                System.out.println(dev.ecslab.reports.timeline.CounterexampleText.describe(v));
                System.out.println();
                System.out.println(dev.ecslab.reports.timeline.Timeline.of(v).text());
            }
            return recorded.isEmpty() ? 0 : 1;
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
        out.println("A (ambiguity detection): " + (m.ambiguity().isEmpty() ? "pass on " + m.ambiguityScenarios() + " scenarios"
                : "FAIL: " + m.ambiguity().get(0)));
        if (m.witnesses().ran()) {
            out.println("Ambiguity witnesses: " + WitnessWords.summary(m.witnesses()));
        }
        out.println("Cells: pass; FAIL; n/j = not judged (no run judged it: not a pass). X = crash: an exception from the"
                + " code under test, the row is broken. Measured: the weakest over the scenario classes (regular, pausing,"
                + " looping, commands, resources); ! = not the claimed class.");
    }
}
