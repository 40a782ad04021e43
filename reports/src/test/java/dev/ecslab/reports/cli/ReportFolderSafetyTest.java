package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The output folder's safety, proved in process: a user's {@code x.tmp} files in the output folder (top level and nested,
 * inside a folder of the lab's too) survive a run and a stop at every point of it, and a stopped run leaves
 * the previous report exactly as it was (or, stopped once the commit has begun, the new one complete). The
 * stop is {@link Interrupts#stop()}, the shutdown hook's whole work, run on another thread as the JVM runs
 * it. Also: stale replay files are gone after a run, a commit cut short is finished by the next run, and
 * {@code --junit J} never touches {@code J.tmp}.
 */
class ReportFolderSafetyTest {
    private static final List<String> USER_FILES = List.of("important.tmp", "keep/user-notes.tmp", "counterexamples/x.tmp",
            "matrix.md.tmp");

    @AfterEach
    void quiet() {
        Checkpoints.listen(null);
    }

    private static CommandOutput run(Path out, String strategy) {
        return CommandOutput.run("run", "--strategy", strategy, "--executor", "serial", "--tries", "2", "--no-memory",
                "--witness-tries", "0", "--search", "-1", "--quiet", "--out", out.toString());
    }

    private static void userFiles(Path out) throws IOException {
        for (String f : USER_FILES) {
            Files.createDirectories(out.resolve(f).getParent());
            Files.writeString(out.resolve(f), "the user's " + f);
        }
    }

    private static void assertUserFilesIntact(Path out) throws IOException {
        for (String f : USER_FILES) {
            assertThat(Files.readString(out.resolve(f))).as(f).isEqualTo("the user's " + f);
        }
    }

    /** Every file of the report in place (the manifest's), with its content. */
    private static Map<String, String> report(Path out) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (String f : StagedReport.previous(out)) {
            files.put(f, new String(Files.readAllBytes(out.resolve(f)), StandardCharsets.ISO_8859_1));   // PNGs too
        }
        return files;
    }

    /** Nothing of the lab's half-done work is left: no staging folder, no temporary file, no journal. */
    private static void assertNoLeftovers(Path out) throws IOException {
        try (Stream<Path> all = Files.walk(out)) {
            assertThat(all.map(p -> out.relativize(p).toString()))
                    .noneMatch(n -> n.contains(StagedReport.STAGING_PREFIX) || n.endsWith(AtomicFiles.TMP_SUFFIX)
                            || n.equals(StagedReport.JOURNAL));
        }
        assertThat(AtomicFiles.pending()).isZero();
    }

    /**
     * At {@code step}, runs the hook's work on another thread (as the JVM runs a shutdown hook) and waits for
     * it; the returned reference holds the line it printed.
     */
    private static AtomicReference<String> stopAt(String step) {
        AtomicReference<String> said = new AtomicReference<>();
        Checkpoints.listen((s, interrupts) -> {
            if (s.equals(step)) {
                Thread hook = new Thread(() -> said.set(interrupts.stop()));
                hook.start();
                join(hook);
            }
        });
        return said;
    }

    @Test
    void aGateStoppedBeforeItsVerdictLeavesAnErrorInItsJUnitFileNotThePreviousBuildsTests(@TempDir Path dir) throws Exception {
        Path junit = dir.resolve("gate.xml");
        String[] gate = {"gate", "--strategy", "generation", "--executor", "serial", "--tries", "2", "--no-memory",
                "--search", "-1", "--quiet", "--out", dir.resolve("out").toString(), "--junit", junit.toString()};
        CommandOutput first = CommandOutput.run(gate);
        assertThat(first.code()).as(first.err()).isZero();
        assertThat(Files.readString(junit)).contains("failures=\"0\"").doesNotContain("<error");

        stopAt("campaign");
        CommandOutput stopped = CommandOutput.run(gate);
        assertThat(stopped.code()).as(stopped.err()).isEqualTo(LabMain.STOPPED);
        String left = Files.readString(junit);
        assertThat(left).as("a CI publisher that runs on failure must not show the previous build's passing tests")
                .contains("errors=\"1\"").contains("<error message=\"the gate did not finish\"");
        dev.ecslab.reports.gate.JUnitXmlTestAccess.validate(left);
    }

    @ParameterizedTest
    @ValueSource(strings = {"campaign", "staging", "commit"})
    void stoppedBeforeTheCommitTheUsersFilesAndThePreviousReportAreUntouched(String step, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        userFiles(out);
        CommandOutput first = run(out, "generation");
        assertThat(first.code()).as(first.err()).isZero();
        Map<String, String> previous = report(out);
        assertThat(previous).containsKeys("index.html", "matrix.md", "matrix.json");

        AtomicReference<String> said = stopAt(step);
        CommandOutput stopped = run(out, "flags");
        assertThat(stopped.code()).as(stopped.err()).isEqualTo(LabMain.STOPPED);
        assertThat(said.get()).contains("the previous report in " + out.toAbsolutePath() + " is untouched");
        assertThat(stopped.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(report(out)).as("the previous report, byte for byte").isEqualTo(previous);
        assertUserFilesIntact(out);
        assertNoLeftovers(out);
    }

    @Test
    void stoppedDuringTheCommitTheNewReportIsPutInPlaceWhole(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        userFiles(out);
        assertThat(run(out, "generation").code()).isZero();
        AtomicReference<Thread> hook = new AtomicReference<>();
        AtomicReference<String> said = new AtomicReference<>();
        Checkpoints.listen((s, interrupts) -> {
            if (s.equals("commit")) {
                interrupts.report().onMove(f -> {
                    if (hook.get() == null) {                 // Ctrl-C after the first file was moved
                        Thread t = new Thread(() -> said.set(interrupts.stop()));
                        hook.set(t);
                        t.start();
                    }
                });
            }
        });
        CommandOutput r = run(out, "flags");
        join(hook.get());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(said.get()).contains("stopped after the new report was put in place");
        Map<String, String> now = report(out);
        assertThat(now.keySet()).as("the new report has replay files").anyMatch(f -> f.startsWith("counterexamples/"));
        assertThat(now.get("matrix.md")).contains("| `flags` |").doesNotContain("| `generation` |");
        assertUserFilesIntact(out);
        assertNoLeftovers(out);
    }

    @Test
    void stoppedAfterTheCommitTheNewReportStands(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        userFiles(out);
        AtomicReference<String> said = stopAt("committed");
        CommandOutput r = run(out, "generation");
        assertThat(said.get()).contains("stopped after the new report was put in place");
        assertThat(report(out)).containsKeys("index.html", "matrix.md", "matrix.json");
        assertThat(r.code()).isIn(0, LabMain.STOPPED);
        assertUserFilesIntact(out);
        assertNoLeftovers(out);
    }

    @Test
    void stoppedBeforeAnyReportSaysThatNoneWasWritten(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        userFiles(out);
        AtomicReference<String> said = stopAt("staging");
        assertThat(run(out, "generation").code()).isEqualTo(LabMain.STOPPED);
        assertThat(said.get()).contains("no report was written to " + out.toAbsolutePath());
        assertThat(out.resolve("index.html")).doesNotExist();
        assertUserFilesIntact(out);
        assertNoLeftovers(out);
    }

    @Test
    void replayFilesOfAnEarlierRunAreGoneAfterARunAndTheUsersStay(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        // a report written before manifests existed: the lab's names are recognised, the user's are not
        Files.createDirectories(out.resolve("counterexamples"));
        Files.writeString(out.resolve("counterexamples/021-flags-dynamic-2.json"), "{}");
        Files.writeString(out.resolve("counterexamples/mine.json"), "the user's");
        Files.writeString(out.resolve("index.html"), "old");
        Files.writeString(out.resolve("matrix.md"), "# ecslab matrix\n\nan old run's\n");   // how it is recognised
        CommandOutput flags = run(out, "flags");
        assertThat(flags.code()).as(flags.err()).isZero();
        assertThat(out.resolve("counterexamples/021-flags-dynamic-2.json")).doesNotExist();
        assertThat(out.resolve("counterexamples/mine.json")).hasContent("the user's");
        assertThat(report(out).keySet()).anyMatch(f -> f.startsWith("counterexamples/"));

        CommandOutput clean = run(out, "generation");
        assertThat(clean.code()).as(clean.err()).isZero();
        try (Stream<Path> left = Files.list(out.resolve("counterexamples"))) {
            assertThat(left.map(p -> p.getFileName().toString())).as("only the user's file is left, beside this report's index")
                    .containsExactlyInAnyOrder("mine.json", "index.html");
        }
        assertThat(report(out).keySet()).contains("counterexamples/index.html").doesNotContain("counterexamples/mine.json");
        assertThat(Files.readString(out.resolve("matrix.md"))).contains("| `generation` |").doesNotContain("| `flags` |");
        assertNoLeftovers(out);
    }

    @Test
    void aUsersPageWithTheNameOfAPageOfTheReportIsNeverReplaced(@TempDir Path dir) throws Exception {
        Path site = dir.resolve("site");
        Files.createDirectories(site);
        Files.writeString(site.resolve("coverage.html"), "the user's page");
        CommandOutput refused = run(site, "generation");
        assertThat(refused.code()).as("a folder of the user's, refused before any work").isEqualTo(2);
        assertThat(refused.err()).contains("'coverage.html'").contains("no lab report wrote");
        assertThat(site.resolve("coverage.html")).hasContent("the user's page");

        Path out = dir.resolve("out");
        assertThat(run(out, "generation").code()).isZero();
        Map<String, String> previous = report(out);
        // as a report from before these pages would have it: the manifest does not list the page, the user's file is there
        List<String> older = previous.keySet().stream().filter(f -> !f.equals("ambiguities.html")).toList();
        Files.writeString(out.resolve(StagedReport.MANIFEST), String.join("\n", older) + "\n");
        Files.writeString(out.resolve("ambiguities.html"), "the user's notes");
        Map<String, String> before = report(out);
        CommandOutput again = run(out, "generation");
        assertThat(again.code()).as(again.err()).isEqualTo(2);
        assertThat(again.err()).contains("'ambiguities.html', which no lab report wrote").contains("the previous report is untouched");
        assertThat(again.err().strip().lines()).hasSize(1);
        assertThat(out.resolve("ambiguities.html")).hasContent("the user's notes");
        assertThat(report(out)).as("the previous report, byte for byte").isEqualTo(before);
        assertNoLeftovers(out);
    }

    @Test
    void aFolderOfTheUsersWithAReportsNamesIsRefusedAndKeptWhole(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("site");
        Files.createDirectories(out.resolve("charts"));
        Files.writeString(out.resolve("index.html"), "the user's page");
        Files.write(out.resolve("charts/logo.png"), new byte[] {1, 2, 3});
        CommandOutput gate = CommandOutput.run("gate", "--strategy", "generation", "--executor", "serial", "--tries", "0",
                "--no-memory", "--search", "-1", "--out", out.toString());
        assertThat(gate.code()).as(gate.err()).isEqualTo(2);
        assertThat(gate.err().strip().lines()).hasSize(1);
        assertThat(gate.err()).contains(out.toAbsolutePath().toString()).contains("'charts/logo.png'")
                .contains("no lab report wrote");
        assertThat(out.resolve("index.html")).hasContent("the user's page");
        assertThat(Files.readAllBytes(out.resolve("charts/logo.png"))).containsExactly(1, 2, 3);
        try (Stream<Path> all = Files.list(out)) {
            assertThat(all.map(p -> p.getFileName().toString())).as("not even a lock file")
                    .containsExactlyInAnyOrder("index.html", "charts");
        }
    }

    @Test
    void aStagingFolderLeftWithoutItsMarkerIsRemovedByTheNextRun(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        // Ctrl-C removed a run's staging folder, marker first, and the run wrote on into it before the JVM halted
        Path left = out.resolve(StagedReport.STAGING_PREFIX + "12345/counterexamples");
        Files.createDirectories(left);
        Files.writeString(left.resolve("001-x.json"), "{}");

        List<String> notes = new java.util.ArrayList<>();
        StagedReport.open(out, "--out", "test", notes::add).close();
        assertThat(notes).anyMatch(n -> n.contains("the unfinished files of an earlier run"));
        assertNoLeftovers(out);
    }

    @Test
    void aCommitCutShortIsFinishedByTheNextRun(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        userFiles(out);
        StagedReport old = StagedReport.open(out, "--out", "test", n -> { });
        old.write("index.html", "old page");
        old.write("counterexamples/001-old.json", "old");
        old.commit();
        old.close();

        StagedReport cut = StagedReport.open(out, "--out", "test", n -> { });
        cut.write("index.html", "new page");
        cut.write("matrix.md", "new matrix");
        cut.onMove(f -> {
            throw new IllegalStateException("the machine died after " + f);
        });
        try {
            cut.commit();
        } catch (IllegalStateException expected) {
            // a commit cut short after its first move
        }
        cut.close();
        assertThat(out.resolve(StagedReport.JOURNAL)).exists();

        List<String> notes = new java.util.ArrayList<>();
        StagedReport next = StagedReport.open(out, "--out", "test", notes::add);
        next.close();
        assertThat(notes).anyMatch(n -> n.contains("finished putting in place the report of an earlier run"));
        assertThat(report(out)).isEqualTo(Map.of("index.html", "new page", "matrix.md", "new matrix"));
        assertUserFilesIntact(out);
        assertNoLeftovers(out);
    }

    @Test
    void junitNeverOverwritesOrRemovesTheUsersTmpFile(@TempDir Path dir) throws Exception {
        Path junit = dir.resolve("gate.xml");
        Files.writeString(dir.resolve("gate.xml.tmp"), "the user's");
        CommandOutput r = CommandOutput.run("gate", "--strategy", "generation", "--executor", "serial", "--tries", "2",
                "--no-memory", "--quiet", "--search", "-1", "--junit", junit.toString(), "--out", dir.resolve("out").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(junit).content().contains("<testsuite");
        assertThat(dir.resolve("gate.xml.tmp")).hasContent("the user's");
        assertThat(r.out()).contains("JUnit XML: " + junit.toAbsolutePath());
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(AtomicFiles.TMP_SUFFIX));
        }
    }

    @Test
    void aSecondCommandIntoTheSameFolderIsRefusedNamingTheFirstsProcess(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Checkpoints.listen((s, interrupts) -> {
            if (s.equals("campaign")) {
                started.countDown();
                await(release);
            }
        });
        AtomicReference<Integer> firstCode = new AtomicReference<>();
        Thread first = new Thread(() -> firstCode.set(LabMain.execute("gate", "--strategy", "generation", "--executor", "serial",
                "--tries", "1", "--no-memory", "--quiet", "--search", "-1", "--out", out.toString())));
        first.start();
        assertThat(started.await(120, TimeUnit.SECONDS)).isTrue();
        Checkpoints.listen(null);
        CommandOutput second = run(out, "generation");
        release.countDown();
        join(first);
        assertThat(second.code()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(second.err()).contains(out.toAbsolutePath() + " (--out): another lab command is writing into this folder")
                .contains("process " + ProcessHandle.current().pid()).contains("lab gate");
        assertThat(second.err().lines().count()).isEqualTo(1);
        assertThat(firstCode.get()).isZero();
    }

    @Test
    void aLockLeftByAProcessThatIsGoneIsTakenOverWithANote(@TempDir Path dir) throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.writeString(out.resolve(RunLock.NAME), "pid 2147483646\ncommand lab run\nstarted 2020-01-01T00:00:00Z\n");
        CommandOutput r = run(out, "generation");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("took over the lock of " + out.toAbsolutePath()).contains("process 2147483646")
                .contains("no longer running");
        assertThat(out.resolve(RunLock.NAME)).as("released: emptied, not deleted").isEmptyFile();
    }

    private static void join(Thread t) {
        try {
            t.join(TimeUnit.MINUTES.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
