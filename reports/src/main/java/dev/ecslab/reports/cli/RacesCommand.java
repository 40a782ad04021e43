package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.reports.html.RaceCataloguePage;
import dev.ecslab.reports.html.RaceCatalogueStatus;
import dev.ecslab.reports.html.RaceCatalogueStatus.Entry;
import dev.ecslab.reports.html.RaceCatalogueStatus.Results;
import dev.ecslab.reports.html.RaceCatalogueStatus.Run;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code lab races}: runs the race-bug catalogue and reports, entry by entry and tool by tool, which tool caught
 * which bug. Each entry's tests catch its twin (the production class with the documented bug put back) several
 * times, timing each catch, and the real code passes the same tests; the Lincheck, lab, directed and Fray tests
 * run in one Maven invocation, the JCStress entries through {@code run.sh}. Then the table is printed and written,
 * with the commit, command, cores and load, to {@code docs/race-catalogue.md} in the checkout (or {@code --doc});
 * the report's race section reads the same results ({@link RaceCatalogueStatus}).
 *
 * <p>Contract: recorded results are never replaced by nothing. A run writes the page only when it produced
 * results: Ctrl-C, or a Maven step that could not start or wrote no record, leaves the page as it was.
 * {@code --no-run} runs nothing and writes nothing: it prints the last results, this checkout's if it has fresh
 * ones, else the page's (saying when and at which commit they were measured), else that there are none.
 * Exit 0 when every entry was caught by every tool the README names for it (and, for a run, every step
 * succeeded), 1 otherwise, 2 bad input (checked before anything runs, {@code --doc} included), 130 Ctrl-C
 * (the Maven and JCStress processes are ended with it). Maven and {@code run.sh} run in the checkout; only
 * {@code --doc} is taken from the directory the command was started in.
 */
@Command(name = "races", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Runs the race-bug catalogue and prints which tool caught which bug.",
    description = {
        "Runs the race-bug catalogue (lincheck-tests/README.md in the ecslab checkout): for each entry, every tool"
            + " that applies (the lab, Lincheck, JCStress, Fray, a directed test) runs its test on the twin, the"
            + " production class with the documented bug put back, --runs times (the median time is reported), and"
            + " the real code passes the same test. The Maven step runs lincheck-tests and, when the checkout has it,"
            + " fray-tests (the Fray lane, which needs a JDK 25); JCStress entries run through jcstress-tests/run.sh"
            + " (./lab races builds the JCStress jar when it is missing or older than its sources).",
        "Prints the table and writes it to --doc with the commit, command, cores and load, only when the run produced"
            + " results (Ctrl-C leaves the page as it was); the report's race section reads the same results.",
        "--no-run runs and writes nothing: it prints this checkout's last results, or else the page's.",
        "MODE quick (default): the catalogue's tests, reduced Lincheck options, JCStress quick mode for its entries."
            + " MODE full: also every twin of the concurrency tests, Lincheck's full options, every JCStress test in"
            + " default mode."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:every entry caught by every tool lincheck-tests/README.md names for it",
        "1:a tool named for an entry missed it, did not run or is stale, the real code failed, or a step failed"
            + " (with --no-run: what the shown results say; 1 when there are none)",
        LabMain.BAD_INPUT_LINE + ", or the JCStress jar is missing", LabMain.INTERNAL_LINE,
        "130:stopped with Ctrl-C; the page is left as it was"})
final class RacesCommand implements Callable<Integer> {
    /** The catalogue's test classes in lincheck-tests, and the real tests their records name. */
    static final String QUICK_TESTS = "RaceCatalogueLincheckTest,RaceCatalogueScenariosTest,CommandMergeOrderTest,"
            + "NestedReadsBesideAWriterTest,SpawnWithComponentLincheckTest,EntityReservationLincheckTest,"
            + "AllReadersConflictTest,CommandsBeforeExclusiveTest,RarelyRunSystemAgeingTest,ChangeReportedEveryFrameTest,"
            + "FirstRunChangeDetectionTest,FlecsCatalogueLincheckTest,QueryCacheLincheckTest,EarlyExitWalkTest,"
            + "SingleReadSyncTest,TypePositionMarkTest";
    /** The Fray lane's test classes in fray-tests. */
    static final String FRAY_TESTS = "*FrayTest";
    /** The catalogue's JCStress tests (the real test and its twins). */
    static final String QUICK_JCSTRESS = "dev\\.ecslab\\.stress\\.EntityReservationStress";

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "MODE", description = "quick (default) or full")
    String mode = "quick";

    @Option(names = "--runs", paramLabel = "N", description = "catches per entry and tool, each timed (default ${DEFAULT-VALUE})")
    int runs = 10;

    @Option(names = "--no-run", description = "run and write nothing: print the last results (this checkout's, or else"
            + " the page's)")
    boolean noRun;

    @Option(names = "--offline", description = "run Maven offline (-o), from the local repository only")
    boolean offline;

    @Option(names = "--doc", paramLabel = "FILE", description = "the page the table goes to, and that --no-run reads"
            + " (default: docs/race-catalogue.md in the ecslab checkout)")
    Path doc;

    /** How a step ended. */
    private enum End { SUCCEEDED, FAILED, COULD_NOT_START, STOPPED }

    @Override
    public Integer call() throws Exception {
        if (!mode.equals("quick") && !mode.equals("full")) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "unknown mode '" + mode + "': quick or full");
        }
        if (runs < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--runs must be 1 or more, was " + runs);
        }
        Path root = RepositoryRoot.required("lab races", "the race catalogue's tests and their Maven build");
        if (doc == null) {
            doc = root.resolve(RaceCatalogueStatus.PAGE);
        }
        Path readme = root.resolve("lincheck-tests").resolve("README.md");
        if (!Files.isRegularFile(readme)) {
            throw new BadInputException(readme.toString(), "", "not found; lab races runs inside an ecslab checkout");
        }
        List<String> problems = RaceCatalogueStatus.readmeProblems(root);
        if (!problems.isEmpty()) {
            String first = problems.get(0);
            int colon = first.indexOf(": ");
            throw new BadInputException(readme.toString(), first.substring(0, colon), first.substring(colon + 2)
                    + (problems.size() > 1 ? " (and " + (problems.size() - 1) + " more problem(s) in the table)" : ""));
        }
        Path page = doc.toAbsolutePath().normalize();
        if (noRun) {
            Optional<String> recorded = readPage(page);
            return showLast(root, page, recorded, System.out);
        }
        AtomicFiles.checkWritable(page, "--doc");
        Path jar = root.resolve("jcstress-tests").resolve("target").resolve("jcstress.jar");
        if (!Files.isRegularFile(jar)) {
            throw new BadInputException(jar.toString(), "", "missing; ./lab races builds it, or: mvn -B -q -pl"
                    + " jcstress-tests -am package -DskipTests");
        }
        CheckoutCommit commit = CheckoutCommit.of(root);
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        String load = loadAverage();
        List<String> notes = new ArrayList<>();
        if (!RaceCatalogueStatus.hasModule(root, RaceCatalogueStatus.FRAY_MODULE)) {
            notes.add("the Fray lane (module " + RaceCatalogueStatus.FRAY_MODULE + ") is not in this checkout: its"
                    + " tests did not run, and its column is \"not run\"");
            System.out.println("lab races: " + notes.get(0));
        }
        End maven;
        End jcstress = End.COULD_NOT_START;
        try (RunLock lock = RunLock.acquire(RaceCatalogueStatus.recordsDirectory(root), "", "lab races", LabMain::note);
                Interrupts stop = Interrupts.arm(null)) {
            stop.alsoOnStop(lock::ending);
            maven = step(root, mavenStep(root), "the catalogue's tests", notes, stop);
            if (maven == End.SUCCEEDED || maven == End.FAILED) {
                jcstress = step(root, jcstressStep(root), "the JCStress entries", notes, stop);
            }
            if (maven == End.STOPPED || jcstress == End.STOPPED || Interrupts.stoppedHere()) {
                throw new StagedReport.RunStopped();   // exit 130; the page is left as it was
            }
        }
        Instant finished = Instant.now().truncatedTo(ChronoUnit.SECONDS).plusSeconds(1);
        boolean produced = maven != End.COULD_NOT_START && wroteRecords(root, started);
        if (produced) {
            RaceCatalogueStatus.writeRun(RaceCatalogueStatus.runFile(root), new Run(commit.commit(), commit.dirty(),
                    command(), started, finished, Runtime.getRuntime().availableProcessors(), load));
        }
        Results results = RaceCatalogueStatus.read(root);
        if (results.run() != null) {
            System.out.println("lab races: " + results.run().describe());
        }
        print(results, System.out);
        notes.forEach(n -> System.err.println("lab races: " + n));
        if (!produced) {
            System.err.println("lab races: the catalogue's tests left no record of this run, so " + page
                    + " is left as it was");
            return 1;
        }
        AtomicFiles.write(page, RaceCataloguePage.render(results, results.run(), runs, notes));
        System.out.println("wrote " + page);
        boolean stepsSucceeded = maven == End.SUCCEEDED && jcstress == End.SUCCEEDED;
        return results.exitCode() == 0 && stepsSucceeded ? 0 : 1;
    }

    /** The command as the page names it. */
    private String command() {
        return "./lab races " + mode + (runs != 10 ? " --runs " + runs : "") + (offline ? " --offline" : "");
    }

    /**
     * The page {@code --no-run} falls back on: its text, or empty when there is no file. A folder, a path under a
     * file, or a file that cannot be read as UTF-8 is bad input.
     */
    static Optional<String> readPage(Path page) {
        if (Files.isDirectory(page)) {
            throw new BadInputException(page.toString(), "--doc", "is a folder, not a file");
        }
        for (Path up = page.getParent(); up != null; up = up.getParent()) {
            if (Files.exists(up) && !Files.isDirectory(up)) {
                throw new BadInputException(page.toString(), "--doc", up + " is not a folder");
            }
        }
        if (!Files.exists(page)) {
            return Optional.empty();
        }
        try {
            return Optional.of(InputFile.readUtf8(page));
        } catch (BadInputException e) {
            throw new BadInputException(page.toString(), "--doc", e.problem(), e);
        }
    }

    /**
     * {@code --no-run}: this checkout's fresh results, else the recorded page's, else that there are none. Writes
     * nothing. Returns what the shown results say: 0 when every entry met the rule, else 1.
     */
    static int showLast(Path root, Path page, Optional<String> recorded, PrintStream out) throws IOException {
        Results results = RaceCatalogueStatus.read(root);
        if (results.anyResults()) {
            out.println("lab races --no-run: the last results in this checkout. " + results.run().describe());
            print(results, out);
            return results.exitCode();
        }
        boolean stale = results.entries().stream().flatMap(e -> e.cells().stream())
                .anyMatch(c -> c.verdict() == RaceCatalogueStatus.Verdict.STALE);
        String here = stale ? "this checkout's results are older than the sources" : "this checkout has no results";
        Optional<RaceCataloguePage.Recorded> last = recorded.flatMap(RaceCataloguePage::parse);
        if (last.isPresent()) {
            out.println("lab races --no-run: " + here + "; the last recorded results are those of " + page + ". "
                    + last.get().describe());
            RaceCataloguePage.print(last.get().header(), last.get().rows(), out);
            if (last.get().exitCode() != 0) {
                out.println("(that run did not meet the catalogue's rule: " + page + " says why)");
            }
            return last.get().exitCode() == 0 ? 0 : 1;
        }
        out.println("lab races --no-run: no recorded results: " + here + ", and " + page
                + (recorded.isEmpty() ? " does not exist" : " has no table of results this lab can read")
                + "; run `" + RaceCatalogueStatus.REFRESH + "`");
        return 1;
    }

    /** Whether a recording module has a record written at or after {@code since}: the run produced results. */
    private static boolean wroteRecords(Path root, Instant since) throws IOException {
        for (String module : RaceCatalogueStatus.RECORDING_MODULES) {
            Path dir = root.resolve(module).resolve("target").resolve("race-catalogue");
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(f -> f.getFileName().toString().matches("entry-[0-9]+\\.[a-z]+\\.properties"))
                        .toList()) {
                    if (!Files.getLastModifiedTime(f).toInstant().isBefore(since)) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * The modules whose tests run in the Maven step: lincheck-tests, and fray-tests when the checkout has it (a
     * directory with a pom.xml), so that the command works before and after the Fray lane is added.
     */
    static List<String> mavenModules(Path root) {
        return RaceCatalogueStatus.RECORDING_MODULES.stream().filter(m -> RaceCatalogueStatus.hasModule(root, m)).toList();
    }

    /**
     * One {@code mvn test} of the catalogue's classes in the recording modules (and what they need) in the
     * checkout {@code root}, with {@code --runs}; {@code -fae} so that one module's failure (the Fray lane without
     * its JDK) does not keep the other's tests from running.
     */
    List<String> mavenStep(Path root) {
        List<String> modules = mavenModules(root);
        String tests = mode.equals("full") ? QUICK_TESTS + ",*LincheckTest" : QUICK_TESTS;
        if (modules.contains(RaceCatalogueStatus.FRAY_MODULE)) {
            tests += "," + FRAY_TESTS;
        }
        List<String> cmd = new ArrayList<>(List.of("mvn", "-B", "-q", "-fae", "-f", root.resolve("pom.xml").toString(),
                "-pl", String.join(",", modules), "-am", "test", "-Dtest=" + tests,
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

    /**
     * Runs one step in the checkout; Ctrl-C ends its process. A step that fails or cannot start is said in
     * {@code notes}; one ended by a signal (Ctrl-C reaches the whole process group) counts as stopped.
     */
    private static End step(Path root, List<String> command, String what, List<String> notes, Interrupts stop)
            throws InterruptedException {
        System.out.println("lab races: " + what + ": " + String.join(" ", command));
        Process p;
        try {
            p = new ProcessBuilder(command).directory(root.toFile()).inheritIO().start();
        } catch (IOException e) {
            notes.add(what + " could not start (" + command.get(0) + "): " + FileProblem.words(e));
            return End.COULD_NOT_START;
        }
        stop.alsoOnStop(() -> ProcessTree.destroy(p));
        try {
            int code = p.waitFor();
            if (code > 128 || Interrupts.stoppedHere()) {
                System.err.println("lab races: " + what + " ended by a signal (exit " + code + "): the page is left as it was");
                return End.STOPPED;
            }
            if (code != 0) {
                notes.add(what + " failed (exit " + code + "): " + String.join(" ", command));
                return End.FAILED;
            }
            return End.SUCCEEDED;
        } finally {
            ProcessTree.destroy(p);
        }
    }

    /** The table on the terminal, then what keeps each entry from meeting the rule, and the warnings. */
    static void print(Results results, PrintStream out) {
        RaceCataloguePage.print(RaceCataloguePage.header(), RaceCataloguePage.rows(results), out);
        for (Entry e : results.entries()) {
            for (String s : e.shortfalls()) {
                out.println("  entry " + e.number() + ": " + s.replace("`", ""));
            }
        }
        results.warnings().forEach(w -> out.println("  note: " + w));
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
