package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.reports.html.RaceCatalogueStatus;
import dev.ecslab.reports.html.RaceCatalogueStatus.Entry;
import dev.ecslab.reports.html.RaceCatalogueStatus.State;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lab races}: runs the race-bug catalogue and reports it. Each entry's test catches its twin
 * (the production class with the documented bug put back) several times, timing each catch, and the
 * real code passes the same test; the JCStress entries run through {@code run.sh}, which records
 * whether each twin showed its bug in this run. Then the table is printed, and written with the
 * command and the machine's load to {@code docs/race-catalogue.md} in the checkout (or {@code --doc});
 * the report's race section reads the same results ({@link RaceCatalogueStatus}).
 *
 * <p>Contract: exit 0 when every entry was caught and its real code passed, 1 otherwise (a step failed,
 * or an entry was not caught, not run or stale), 2 bad input (checked before anything runs, {@code --doc}
 * included), 130 Ctrl-C (the Maven and JCStress processes are ended with it). Maven and {@code run.sh} run
 * in the checkout; only {@code --doc} is taken from the directory the command was started in.
 */
@Command(name = "races", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Runs the race-bug catalogue and prints its table.",
    description = {
        "Runs the race-bug catalogue (lincheck-tests/README.md in the ecslab checkout): each entry's twin, the"
            + " production class with the documented bug put back, is caught --runs times (the median time is"
            + " reported) and the real code passes the same test; JCStress entries run through jcstress-tests/run.sh,"
            + " which requires each twin to show its bug in this run (./lab races builds the JCStress jar when it is"
            + " missing or older than its sources).",
        "Prints the table and writes it to --doc; the report's race section reads the same results.",
        "MODE quick (default): the catalogue's tests, reduced Lincheck options, JCStress quick mode for its entries."
            + " MODE full: also every twin of the concurrency tests, Lincheck's full options, every JCStress test in"
            + " default mode."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:every entry caught and its real code passing", "1:a step failed, or an entry was not caught, not"
            + " run or stale", LabMain.BAD_INPUT_LINE + ", or the JCStress jar is missing", LabMain.INTERNAL_LINE,
        LabMain.STOPPED_LINE})
final class RacesCommand implements Callable<Integer> {
    /** The catalogue's test classes in lincheck-tests, and the real tests their records name. */
    static final String QUICK_TESTS = "RaceCatalogueLincheckTest,RaceCatalogueScenariosTest,CommandMergeOrderTest,"
            + "NestedReadsBesideAWriterTest,SpawnWithComponentLincheckTest,EntityReservationLincheckTest,"
            + "AllReadersConflictTest,FlecsCatalogueLincheckTest,QueryCacheLincheckTest,EarlyExitWalkTest,SingleReadSyncTest,"
            + "TypePositionMarkTest";
    /** The catalogue's JCStress tests (the real test and its twins). */
    static final String QUICK_JCSTRESS = "dev\\.ecslab\\.stress\\.EntityReservationStress";

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "MODE", description = "quick (default) or full")
    String mode = "quick";

    @Option(names = "--runs", paramLabel = "N", description = "catches per entry, each timed (default ${DEFAULT-VALUE})")
    int runs = 10;

    @Option(names = "--no-run", description = "run nothing: print and write the table of the last results")
    boolean noRun;

    @Option(names = "--offline", description = "run Maven offline (-o), from the local repository only")
    boolean offline;

    @Option(names = "--doc", paramLabel = "FILE", description = "the page the table goes to (default:"
            + " docs/race-catalogue.md in the ecslab checkout, ${DEFAULT-VALUE})")
    Path doc = RepositoryRoot.find().resolve(Path.of("docs", "race-catalogue.md"));

    @Override
    public Integer call() throws Exception {
        if (!mode.equals("quick") && !mode.equals("full")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "unknown mode '" + mode + "': quick or full");
        }
        if (runs < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--runs must be 1 or more, was " + runs);
        }
        Path root = RepositoryRoot.find();
        Path readme = root.resolve("lincheck-tests").resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            throw new BadInputException(readme.toString(), "", "not found; lab races runs inside an ecslab checkout");
        }
        Path page = doc.toAbsolutePath().normalize();
        AtomicFiles.checkWritable(page, "--doc");
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String load = loadAverage();
        List<String> failedSteps = new ArrayList<>();
        if (!noRun) {
            Path jar = root.resolve("jcstress-tests").resolve("target").resolve("jcstress.jar");
            if (!Files.isRegularFile(jar)) {
                throw new BadInputException(jar.toString(), "", "missing; ./lab races builds it, or: mvn -B -q -pl"
                        + " jcstress-tests -am package -DskipTests");
            }
            try (RunLock lock = RunLock.acquire(RaceCatalogueStatus.recordsDirectory(root), "", "lab races", LabMain::note);
                    Interrupts stop = Interrupts.arm(null)) {
                stop.alsoOnStop(lock::ending);
                step(root, lincheckStep(root), "the Lincheck and lab entries", failedSteps, stop);
                step(root, jcstressStep(root), "the JCStress entries", failedSteps, stop);
            }
        }
        List<Entry> entries = RaceCatalogueStatus.read(root);
        print(entries, System.out);
        AtomicFiles.write(page, page(entries, started, load));
        System.out.println("wrote " + page);
        failedSteps.forEach(s -> System.err.println("lab races: " + s));
        boolean allCaught = !entries.isEmpty() && entries.stream().allMatch(e -> e.caught() == State.PASSED);
        return allCaught && failedSteps.isEmpty() ? 0 : 1;
    }

    /**
     * {@code mvn test} of the catalogue's classes in lincheck-tests (and what they need) in the checkout
     * {@code root}, with {@code --runs}.
     */
    List<String> lincheckStep(Path root) {
        List<String> cmd = new ArrayList<>(List.of("mvn", "-B", "-q", "-f", root.resolve("pom.xml").toString(), "-pl",
                "lincheck-tests", "-am", "test",
                "-Dtest=" + (mode.equals("full") ? QUICK_TESTS + ",*LincheckTest" : QUICK_TESTS),
                "-Dsurefire.failIfNoSpecifiedTests=false", "-Decslab.races.runs=" + runs));
        if (mode.equals("full")) {
            cmd.add("-Decslab.lincheck.full=true");
        }
        if (offline) {
            cmd.add(1, "-o");
        }
        return cmd;
    }

    /** {@code run.sh}: the catalogue's JCStress tests in quick mode, or every test in default mode. */
    List<String> jcstressStep(Path root) {
        String script = root.resolve("jcstress-tests").resolve("run.sh").toString();
        return mode.equals("full") ? List.of("bash", script, "default", "dev\\.ecslab\\.stress\\..*")
                : List.of("bash", script, "quick", QUICK_JCSTRESS, "-sc", "false");
    }

    /** Runs one step in the checkout; Ctrl-C ends its process. A step that fails is added to {@code failed}. */
    private static void step(Path root, List<String> command, String what, List<String> failed, Interrupts stop)
            throws InterruptedException {
        System.out.println("lab races: " + what + ": " + String.join(" ", command));
        Process p;
        try {
            p = new ProcessBuilder(command).directory(root.toFile()).inheritIO().start();
        } catch (IOException e) {
            failed.add(what + " could not start (" + command.get(0) + "): " + e.getMessage());
            return;
        }
        stop.alsoOnStop(() -> ProcessTree.destroy(p));
        try {
            int code = p.waitFor();
            if (code != 0) {
                failed.add(what + " failed (exit " + code + "): " + String.join(" ", command));
            }
        } finally {
            ProcessTree.destroy(p);
        }
    }

    /** The table on the terminal: one line per entry. */
    static void print(List<Entry> entries, PrintStream out) {
        out.printf(Locale.ROOT, "%-3s %-8s %-8s %-28s %s%n", "#", "caught", "real", "median time to catch", "source");
        for (Entry e : entries) {
            out.printf(Locale.ROOT, "%-3s %-8s %-8s %-28s %s%n", e.number(), word(e.caught()), word(e.fixPasses()),
                    e.medianTime().isEmpty() ? "-" : e.medianTime(), plain(e.source()));
            if (e.caught() != State.PASSED && !e.note().isEmpty()) {
                out.println("    " + plain(e.note()));
            }
        }
    }

    private static String word(State s) {
        return switch (s) {
            case PASSED -> "yes";
            case FAILED -> "NO";
            case NOT_RUN -> "not run";
        };
    }

    private static String plain(String markdown) {
        return markdown.replace("`", "");
    }

    /** The generated page: the command, the machine, and the table with every column from this run's results. */
    String page(List<Entry> entries, Instant started, String load) {
        StringBuilder b = new StringBuilder();
        b.append("# The race-bug catalogue: last run\n\n")
                .append("<!-- generated by `./lab races`; edit the entries in lincheck-tests/README.md -->\n\n")
                .append("Command: `./lab races ").append(mode).append(noRun ? " --no-run" : "")
                .append(runs != 10 ? " --runs " + runs : "").append("`, started ").append(started).append(" on ")
                .append(Runtime.getRuntime().availableProcessors()).append(" cores")
                .append(load.isEmpty() ? "" : " (load average " + load + " at the start: other work was running)")
                .append(". Each time is the median, over the runs shown, of the wall time the entry's test took to catch"
                        + " its twin, the production class with the documented bug put back; \"caught\" means every piece"
                        + " of evidence showed the bug in this run and the real code passed the same test. The entries"
                        + " and their sources are described in [lincheck-tests/README.md](../lincheck-tests/README.md).\n\n")
                .append("| # | source | symptom | buggy variant | caught by | median time to catch | ecslab passing | caught |"
                        + " real code passes |\n")
                .append("|---|---|---|---|---|---|---|---|---|\n");
        for (Entry e : entries) {
            b.append("| ").append(e.number()).append(" | ").append(e.source()).append(" | ").append(e.symptom())
                    .append(" | ").append(e.reproduction()).append(" | ").append(e.caughtByColumn()).append(" | ")
                    .append(e.medianTime().isEmpty() ? "-" : e.medianTime()).append(" | ").append(e.ecslabPassing())
                    .append(" | ").append(word(e.caught())).append(e.caught() == State.PASSED || e.note().isEmpty() ? ""
                            : ": " + e.note()).append(" | ").append(word(e.fixPasses())).append(" |\n");
        }
        return b.toString();
    }

    /** The machine's load averages, when the system says (Linux). */
    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
            return f.length >= 3 ? f[0] + " " + f[1] + " " + f[2] : "";
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }
}
