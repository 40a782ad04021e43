package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.reports.html.RaceCataloguePage;
import dev.ecslab.reports.html.RaceCatalogueStatus;
import dev.ecslab.reports.html.RaceCatalogueStatus.Run;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab races} never replaces recorded results by nothing. {@code --no-run} runs and writes nothing: it
 * prints this checkout's fresh results, or else the recorded page's (with when and at which commit they were
 * measured), or else says there are none. A run writes the page, with its commit (unknown outside a git
 * checkout), command and cores, only when its tests produced results: a Maven step that cannot start or writes
 * no record, or Ctrl-C, leaves the page byte for byte. The Maven step runs the Fray lane's module only when the
 * checkout has it, and says when it does not. These run in a small checkout of their own, with stand-ins for
 * Maven and {@code run.sh}; bad input is in {@link ExitCodeContractTest}, the help in {@link HelpAndVersionTest}.
 */
class RacesCommandTest {
    private static final String README = """
            | # | source | symptom | buggy variant | caught by | ecslab passing |
            |---|---|---|---|---|---|
            | 1 | the first bug | ids twice | twin | Lincheck | the real class |
            | 2 | the second bug | a change missed | twin | the lab; JCStress | the real class |

            ### Which tools apply

            | # | lab | Lincheck | JCStress | Fray | directed |
            |---|---|---|---|---|---|
            | 1 | n/a: one thread moves at a time | `RaceTest.entry1` | no test: not written | n/a: none | no test: none |
            | 2 | `ScenariosTest` | n/a: a logic bug | `SomeStress.LostUpdateTwin` must show; `SomeStress` must pass | n/a: a logic bug | no test: none |
            """;

    /** Maven's stand-in: records its arguments, then does what FAKE_MVN says (write records, nothing, or wait). */
    private static final String FAKE_MVN = """
            #!/usr/bin/env bash
            echo "$@" > mvn-args.txt
            case "$FAKE_MVN" in
              records)
                mkdir -p lincheck-tests/target/race-catalogue
                printf 'entry=1\\ntool=lincheck\\ncaught=true\\nruns=2\\ncaught.runs=2\\nmedian.ms=40.0\\nreal.passes=true\\ncores=2\\n' \\
                  > lincheck-tests/target/race-catalogue/entry-1.lincheck.properties
                printf 'entry=2\\ntool=lab\\ncaught=true\\nruns=2\\ncaught.runs=2\\nmedian.ms=12.0\\nreal.passes=true\\ncores=2\\n' \\
                  > lincheck-tests/target/race-catalogue/entry-2.lab.properties ;;
              wait)
                echo "fake maven is running"
                exec tail -f /dev/null ;;
              *) exit 1 ;;
            esac
            """;

    /** run.sh's stand-in: every twin shown, every real test passed. */
    private static final String FAKE_RUN_SH = """
            #!/usr/bin/env bash
            out="$(cd "$(dirname "$0")" && pwd)/target/jcstress-results"
            mkdir -p "$out"
            printf '# mode=quick started=2026-01-01T00:00:00Z finished=2026-01-01T00:01:00Z\\n' > "$out/verdict.tsv"
            printf 'dev.ecslab.stress.SomeStress\\treal\\tPASSED\\tx\\n' >> "$out/verdict.tsv"
            printf 'dev.ecslab.stress.SomeStress.LostUpdateTwin\\ttwin\\tSHOWN\\tx\\n' >> "$out/verdict.tsv"
            """;

    private static final Run RECORDED = new Run("abc1234", false, "./lab races quick", Instant.parse("2026-02-01T10:00:00Z"),
            Instant.parse("2026-02-01T10:09:00Z"), 2, "0.20 0.10 0.05");

    @TempDir
    Path dir;

    private Path checkout() throws Exception {
        Path root = dir.resolve("checkout");
        Files.createDirectories(root.resolve("lincheck-tests"));
        Files.writeString(root.resolve("lincheck-tests/README.md"), README);
        Files.writeString(root.resolve("lincheck-tests/pom.xml"), "<project/>");
        Files.createDirectories(root.resolve("jcstress-tests/target"));
        Files.writeString(root.resolve("jcstress-tests/target/jcstress.jar"), "");
        Files.writeString(root.resolve("jcstress-tests/run.sh"), FAKE_RUN_SH);
        Files.createDirectories(root.resolve("docs"));
        Files.createDirectories(root.resolve("reports"));
        return root;
    }

    /** A page as an earlier run recorded it: entry 1 caught by Lincheck, entry 2 by the lab. */
    private Path recordedPage(Path root) throws Exception {
        Path records = root.resolve("lincheck-tests/target/race-catalogue");
        Files.createDirectories(records);
        Files.writeString(records.resolve("entry-1.lincheck.properties"), "caught=true\nruns=10\ncaught.runs=10\n"
                + "median.ms=4100\nreal.passes=true\n");
        Files.writeString(records.resolve("entry-2.lab.properties"), "caught=true\nruns=10\ncaught.runs=10\n"
                + "median.ms=9.5\nreal.passes=true\n");
        String text = RaceCataloguePage.render(RaceCatalogueStatus.read(root), RECORDED, 10, List.of());
        deleteTree(root.resolve("lincheck-tests/target"));
        Path page = root.resolve("docs/race-catalogue.md");
        Files.writeString(page, text);
        Files.setLastModifiedTime(page, FileTime.from(Instant.parse("2026-02-01T10:10:00Z")));
        return page;
    }

    private static void deleteTree(Path p) throws Exception {
        try (var files = Files.walk(p)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    /** Runs {@code lab ARGS} in this process with {@code root} as the checkout. */
    private static <T> T inCheckout(Path root, Callable<T> body) throws Exception {
        String before = System.getProperty(RepositoryRoot.PROPERTY);
        System.setProperty(RepositoryRoot.PROPERTY, root.toString());
        try {
            return body.call();
        } finally {
            if (before == null) {
                System.clearProperty(RepositoryRoot.PROPERTY);
            } else {
                System.setProperty(RepositoryRoot.PROPERTY, before);
            }
        }
    }

    /** A child {@code lab} in {@code root} as its checkout, with {@code path} as its PATH; output and errors together. */
    private static Process lab(Path root, String path, String fakeMvn, List<String> prefix, String... args) throws Exception {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + RepositoryRoot.PROPERTY + "=" + root, "-cp", System.getProperty("java.class.path"),
                LabMain.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
        pb.environment().putAll(Map.of("PATH", path, "FAKE_MVN", fakeMvn));
        return pb.start();
    }

    /** A folder holding Maven's stand-in, first on the PATH. */
    private String pathWithFakeMaven() throws Exception {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, FAKE_MVN);
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin + ":" + System.getenv("PATH");
    }

    private static String finish(Process p) throws Exception {
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(2, TimeUnit.MINUTES)).as(said).isTrue();
        return said;
    }

    // ------------------------------------------------------------------ --no-run

    @Test
    void noRunPrintsThisCheckoutsFreshResultsAndWritesNothing() throws Exception {
        Path root = checkout();
        Path page = recordedPage(root);
        byte[] before = Files.readAllBytes(page);
        Path records = Files.createDirectories(root.resolve("lincheck-tests/target/race-catalogue"));
        Files.writeString(records.resolve("entry-2.lab.properties"), "caught=true\nruns=3\ncaught.runs=3\nmedian.ms=7.0\n"
                + "real.passes=true\ncores=2\n");
        CommandOutput r = inCheckout(root, () -> CommandOutput.run("races", "--no-run"));
        assertThat(r.out()).contains("the last results in this checkout").contains("other than `./lab races`");
        assertThat(r.out().lines().filter(l -> l.matches("2 +caught 7\\.0 ms \\(3/3\\) .*"))).hasSize(1);
        assertThat(r.out().lines().filter(l -> l.matches("1 +n/a +not run .*"))).hasSize(1);
        assertThat(r.out()).contains("entry 1: Lincheck not run").doesNotContain("wrote");
        assertThat(r.code()).as("entry 1's Lincheck test did not run").isEqualTo(1);
        assertThat(Files.readAllBytes(page)).isEqualTo(before);
        assertThat(Files.getLastModifiedTime(page).toInstant()).isEqualTo(Instant.parse("2026-02-01T10:10:00Z"));
    }

    @Test
    void noRunWithoutResultsPrintsTheRecordedPageWithItsCommitAndDate() throws Exception {
        Path root = checkout();
        Path page = recordedPage(root);
        byte[] before = Files.readAllBytes(page);
        CommandOutput r = inCheckout(root, () -> CommandOutput.run("races", "--no-run"));
        assertThat(r.out()).contains("this checkout has no results; the last recorded results are those of " + page)
                .contains("Measured at commit `abc1234` with `./lab races quick`, started 2026-02-01T10:00:00Z on 2 cores");
        assertThat(r.out().lines().filter(l -> l.matches("1 +n/a +caught 4\\.1 s \\(10/10\\) +no test .*"))).hasSize(1);
        assertThat(r.out().lines().filter(l -> l.matches("2 +caught 9\\.5 ms \\(10/10\\) +n/a +not run .*"))).hasSize(1);
        assertThat(r.code()).as("that run did not show entry 2's JCStress twin").isEqualTo(1);
        assertThat(Files.readAllBytes(page)).isEqualTo(before);
    }

    @Test
    void noRunWithStaleResultsSaysSoAndFallsBackOnThePage() throws Exception {
        Path root = checkout();
        recordedPage(root);
        Path records = Files.createDirectories(root.resolve("lincheck-tests/target/race-catalogue"));
        Path old = records.resolve("entry-2.lab.properties");
        Files.writeString(old, "caught=false\nruns=3\ncaught.runs=0\nreal.passes=true\n");
        Files.setLastModifiedTime(old, FileTime.from(Instant.parse("2026-01-01T00:00:00Z")));
        Path source = root.resolve("lincheck-tests/src/test/java/RaceTest.java");   // the sources changed since
        Files.createDirectories(source.getParent());
        Files.writeString(source, "class RaceTest {}");
        CommandOutput r = inCheckout(root, () -> CommandOutput.run("races", "--no-run"));
        assertThat(r.out()).contains("this checkout's results are older than the sources; the last recorded results are"
                + " those of").contains("commit `abc1234`");
    }

    @Test
    void noRunWithNothingRecordedSaysThereIsNothingAndWritesNothing() throws Exception {
        Path root = checkout();
        CommandOutput r = inCheckout(root, () -> CommandOutput.run("races", "--no-run"));
        assertThat(r.out()).contains("no recorded results: this checkout has no results, and "
                + root.resolve("docs/race-catalogue.md") + " does not exist; run `./lab races`");
        assertThat(r.code()).isEqualTo(1);
        assertThat(root.resolve("docs/race-catalogue.md")).doesNotExist();
        Files.writeString(root.resolve("docs/race-catalogue.md"), "# an older page\n\n| # | source |\n|---|---|\n| 1 | x |\n");
        CommandOutput older = inCheckout(root, () -> CommandOutput.run("races", "--no-run"));
        assertThat(older.out()).contains("has no table of results this lab can read");
        assertThat(older.code()).isEqualTo(1);
    }

    @Test
    void aRelativeDocIsReadFromWhereTheCommandWasStarted() throws Exception {
        Path root = checkout();
        Path page = recordedPage(root);
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Files.move(page, elsewhere.resolve("races.md"));
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-D" + RepositoryRoot.PROPERTY + "=" + root, "-cp", System.getProperty("java.class.path"),
                LabMain.class.getName(), "races", "--no-run", "--doc", "races.md");
        Process p = new ProcessBuilder(command).directory(elsewhere.toFile()).redirectErrorStream(true).start();
        String said = finish(p);
        assertThat(said).contains("those of " + elsewhere.toRealPath().resolve("races.md")).contains("commit `abc1234`");
    }

    @Test
    void noRunInThisCheckoutNeverWritesItsCommittedPage() throws Exception {
        Path page = RepositoryRoot.find().resolve(RaceCatalogueStatus.PAGE);
        byte[] before = Files.readAllBytes(page);
        FileTime modified = Files.getLastModifiedTime(page);
        CommandOutput r = CommandOutput.run("races", "--no-run");
        assertThat(r.code()).as(r.err()).isIn(0, 1);
        assertThat(r.out()).contains("lab races --no-run: ").doesNotContain("wrote");
        assertThat(Files.readAllBytes(page)).isEqualTo(before);
        assertThat(Files.getLastModifiedTime(page)).isEqualTo(modified);
    }

    /** The "Which tools apply" table is input: a cell that says nothing is refused, with the line, before anything runs. */
    @Test
    void aToolsTableThatLeavesACellUnsaidIsBadInputWithItsLine() throws Exception {
        Path root = checkout();
        Path readme = root.resolve("lincheck-tests/README.md");
        Files.writeString(readme, README.replace("| n/a: none | no test: none |", "| n/a | no test: none |"));
        CommandOutput r = inCheckout(root, () -> CommandOutput.run("races", "--no-run"));
        assertThat(r.code()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(r.err()).isEqualTo("lab races: " + readme + " (line 10): entry 1's Fray cell says n/a without the reason\n");
        Files.writeString(readme, README.replace("| directed |", "|"));
        assertThat(inCheckout(root, () -> CommandOutput.run("races", "--no-run")).err())
                .contains("(line 8): the \"Which tools apply\" table has no directed column");
        Files.writeString(readme, README + "| 7 | n/a: x | n/a: x | n/a: x | n/a: x | `T` |\n");
        assertThat(inCheckout(root, () -> CommandOutput.run("races", "--no-run")).err())
                .contains("(line 12): \"Which tools apply\" has a row for entry 7, which the entries table does not have");
    }

    /** The commit a run names: HEAD's, with uncommitted changes said; unknown outside a checkout or below its top. */
    @Test
    void theCommitIsHeadWithUncommittedChangesSaidAndUnknownOutsideACheckout() throws Exception {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.writeString(repo.resolve("a.txt"), "a\n");
        git(repo, "init", "-q");
        git(repo, "add", "a.txt");
        git(repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-q", "-m", "a");
        String head = new String(new ProcessBuilder("git", "-C", repo.toString(), "rev-parse", "--short", "HEAD").start()
                .getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(CheckoutCommit.of(repo)).isEqualTo(new CheckoutCommit(head, false));
        Files.writeString(repo.resolve("a.txt"), "b\n");
        assertThat(CheckoutCommit.of(repo)).isEqualTo(new CheckoutCommit(head, true));
        assertThat(CheckoutCommit.of(Files.createDirectories(repo.resolve("below")))).isEqualTo(CheckoutCommit.UNKNOWN);
        assertThat(CheckoutCommit.of(Files.createDirectories(dir.resolve("plain")))).isEqualTo(CheckoutCommit.UNKNOWN);
    }

    private static void git(Path repo, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", repo.toString()));
        command.addAll(List.of(args));
        assertThat(new ProcessBuilder(command).inheritIO().start().waitFor()).isZero();
    }

    // ------------------------------------------------------------------ a run

    @Test
    void aRunThatProducedResultsWritesThePageWithItsCommitCommandAndCores() throws Exception {
        Path root = checkout();
        Process p = lab(root, pathWithFakeMaven(), "records", List.of(), "races", "--runs", "2");
        String said = finish(p);
        assertThat(p.exitValue()).as(said).isZero();
        assertThat(said).contains("the Fray lane (module fray-tests) is not in this checkout");
        assertThat(Files.readString(root.resolve("mvn-args.txt"))).contains("-pl lincheck-tests -am test")
                .contains("-Decslab.races.runs=2").doesNotContain("FrayTest");
        String page = Files.readString(root.resolve("docs/race-catalogue.md"));
        assertThat(page).contains("Measured at an unknown commit (not measured in a git checkout) with"
                + " `./lab races quick --runs 2`, started ").contains(" on " + Runtime.getRuntime().availableProcessors()
                + " cores").contains("**Outcome:** every entry was caught");
        assertThat(page.lines().filter(l -> l.matches("\\| [0-9]+ \\|.*"))).hasSize(2);
        assertThat(page).contains("| 2 | the second bug | a change missed | caught 12 ms (2/2) | n/a: a logic bug |"
                + " caught (1/1 quick run): JCStress says whether an outcome was seen in its run, not when; the JCStress"
                + " run (2 tests) took 60 s |");
        assertThat(RaceCataloguePage.parse(page).orElseThrow().run().commit()).isNull();
        assertThat(said).contains("wrote " + root.resolve("docs/race-catalogue.md"));
    }

    @Test
    void aMavenStepThatCannotStartLeavesThePageAsItWas() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("no-programs"));
        runLeavesThePageAsItWas(empty.toString(), "records", "the catalogue's tests could not start (mvn)",
                "is left as it was");
    }

    @Test
    void aMavenStepThatWroteNoRecordLeavesThePageAsItWas() throws Exception {
        runLeavesThePageAsItWas(pathWithFakeMaven(), "nothing", "the catalogue's tests failed (exit 1)",
                "left no record of this run");
    }

    /** A run with this PATH and stand-in exits 1, says each of {@code said}, and leaves the recorded page byte for byte. */
    private void runLeavesThePageAsItWas(String path, String fakeMvn, String... said) throws Exception {
        Path root = checkout();
        Path page = recordedPage(root);
        byte[] before = Files.readAllBytes(page);
        Process p = lab(root, path, fakeMvn, List.of(), "races");
        String out = finish(p);
        assertThat(p.exitValue()).as(out).isEqualTo(1);
        assertThat(out).contains(said);
        assertThat(Files.readAllBytes(page)).isEqualTo(before);
    }

    /** Ctrl-C while Maven runs: the child and its Maven end, exit 130, the page untouched. */
    @Test
    void ctrlCLeavesThePageAsItWas() throws Exception {
        Path root = checkout();
        Path page = recordedPage(root);
        byte[] before = Files.readAllBytes(page);
        Process p = lab(root, pathWithFakeMaven(), "wait", CtrlCTest.SIGINT_DEFAULT, "races");
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            StringBuilder said = new StringBuilder();
            for (String line = out.readLine(); line != null && !line.contains("fake maven is running"); line = out.readLine()) {
                said.append(line).append('\n');
            }
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            assertThat(kill.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(p.waitFor(1, TimeUnit.MINUTES)).as(said.toString()).isTrue();
            assertThat(p.exitValue()).isEqualTo(130);
        } finally {
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(Files.readAllBytes(page)).isEqualTo(before);
        assertThat(root.resolve("lincheck-tests/target/race-catalogue/run.properties")).doesNotExist();
    }

    @Test
    void theMavenStepRunsTheFrayLaneOnlyWhenTheCheckoutHasIt() throws Exception {
        Path root = checkout();
        RacesCommand races = new RacesCommand();
        races.runs = 3;
        assertThat(races.mavenStep(root)).containsSubsequence("-pl", "lincheck-tests", "-am", "test")
                .contains("-Dtest=" + RacesCommand.QUICK_TESTS, "-Decslab.races.runs=3");
        Files.createDirectories(root.resolve("fray-tests"));
        assertThat(races.mavenStep(root)).as("a folder without a pom.xml is no module").contains("lincheck-tests");
        Files.writeString(root.resolve("fray-tests/pom.xml"), "<project/>");
        assertThat(races.mavenStep(root)).containsSubsequence("-pl", "lincheck-tests,fray-tests", "-am", "test")
                .contains("-Dtest=" + RacesCommand.QUICK_TESTS + ",*FrayTest", "-Decslab.races.runs=3");
    }
}
