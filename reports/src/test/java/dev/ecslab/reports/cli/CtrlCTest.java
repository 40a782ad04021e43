package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C for real: a child {@code lab run} gets SIGINT (what a terminal sends) part-way through its
 * campaign. Its shutdown hook must leave the previous report byte for byte, the user's {@code x.tmp}
 * files (top level and nested) where they were, no temporary file or staging folder, say so truthfully,
 * and the process must exit 130.
 */
class CtrlCTest {
    /**
     * Runs the rest of the command with SIGINT's default disposition. A shell that starts a job in the background
     * (`nohup mvn -B verify &`, as some CI agents do) starts it with SIGINT ignored, every child inherits that,
     * and a JVM started so keeps ignoring it: the child would finish its campaign and exit 0. What the child
     * sees is the test's precondition, so the test sets it (perl is part of every Debian and macOS system).
     */
    static final List<String> SIGINT_DEFAULT = List.of("perl", "-e", "$SIG{INT} = 'DEFAULT'; exec @ARGV or die \"exec: $!\"");
    /** What a background job of a non-interactive shell does to its children: SIGINT ignored. */
    static final List<String> SIGINT_IGNORED = List.of("perl", "-e", "$SIG{INT} = 'IGNORE'; exec @ARGV or die \"exec: $!\"");

    @Test
    void sigintLeavesThePreviousReportAndTheUsersFilesUntouched(@TempDir Path dir) throws Exception {
        stopPartWay(dir, List.of());
    }

    /** The same when the test itself runs with SIGINT ignored, as under `nohup mvn -B verify &`. */
    @Test
    void theTestHoldsWhenItsOwnParentIgnoresSigint(@TempDir Path dir) throws Exception {
        stopPartWay(dir, SIGINT_IGNORED);
    }

    /**
     * Why the test resets SIGINT: a child that inherits it ignored goes on after Ctrl-C (it would finish its
     * campaign and exit 0, and the test above would fail for a reason that is not the lab's).
     */
    @Test
    void aChildThatInheritsSigintIgnoredGoesOn(@TempDir Path dir) throws Exception {
        Process p = longRun(dir, SIGINT_IGNORED, dir.resolve("out"));
        try {
            awaitProgress(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8), new StringBuilder());
            Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
            assertThat(kill.waitFor(30, TimeUnit.SECONDS)).isTrue();
            // 5 000 scenarios take minutes: a child that honoured SIGINT would have exited within these seconds
            assertThat(p.waitFor(5, TimeUnit.SECONDS)).as("a child with SIGINT ignored is still running").isFalse();
        } finally {
            p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static void stopPartWay(Path dir, List<String> startedBy) throws Exception {
        Path out = dir.resolve("out");
        Files.createDirectories(out.resolve("keep"));
        Files.writeString(out.resolve("important.tmp"), "mine");
        Files.writeString(out.resolve("keep").resolve("user-notes.tmp"), "mine too");
        CommandOutput previous = CommandOutput.run("run", "--strategy", "generation", "--executor", "serial", "--tries", "2",
                "--no-memory", "--witness-tries", "0", "--search", "-1", "--quiet", "--out", out.toString());
        assertThat(previous.code()).as(previous.err()).isZero();
        Map<String, String> before = report(out);

        List<String> prefix = new java.util.ArrayList<>(startedBy);
        prefix.addAll(SIGINT_DEFAULT);
        Process p = longRun(dir, prefix, out);
        StringBuilder err = new StringBuilder();
        Reader stderr = new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8);
        awaitProgress(stderr, err);
        int ch;
        assertThat(p.isAlive()).as("still running when stopped; stderr so far: %s", err).isTrue();
        Process kill = new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).inheritIO().start();
        assertThat(kill.waitFor(30, TimeUnit.SECONDS)).isTrue();
        while ((ch = stderr.read()) >= 0) { // the rest, up to the exit
            err.append((char) ch);
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(err.toString()).isEqualTo(LabMain.STOPPED);
        assertThat(err.toString()).contains("lab: stopped; the previous report in " + out.toAbsolutePath() + " is untouched");
        assertThat(report(out)).as("the previous report, byte for byte").isEqualTo(before);
        assertThat(out.resolve("important.tmp")).hasContent("mine");
        assertThat(out.resolve("keep").resolve("user-notes.tmp")).hasContent("mine too");
        try (Stream<Path> files = Files.walk(out)) {
            List<String> names = files.map(f -> f.getFileName().toString()).toList();
            assertThat(names).noneMatch(n -> n.endsWith(AtomicFiles.TMP_SUFFIX) || n.startsWith(StagedReport.STAGING_PREFIX));
        }
        assertThat(out.resolve(RunLock.NAME)).as("the next run will not take this for a crash").isEmptyFile();
    }

    /** A child {@code lab run} of 5 000 scenarios (minutes of work), started through {@code prefix}. */
    private static Process longRun(Path dir, List<String> prefix, Path out) throws java.io.IOException {
        List<String> command = new java.util.ArrayList<>(prefix);
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName(),
                "run", "--tries", "5000", "--executor", "dynamic", "--strategy", "flags", "--no-memory",
                "--search", "-1", "--progress", "always", "--out", out.toString()));
        return new ProcessBuilder(command).redirectOutput(dir.resolve("out.txt").toFile()).start();
    }

    /** Blocks on the run's own output until its progress bar shows the campaign under way ("n/total"). */
    private static void awaitProgress(Reader stderr, StringBuilder err) throws java.io.IOException {
        int ch;
        while ((ch = stderr.read()) >= 0) {
            err.append((char) ch);
            if (ch == '/' && err.indexOf("[") >= 0) {
                return;
            }
        }
    }

    private static Map<String, String> report(Path out) throws Exception {
        Map<String, String> files = new TreeMap<>();
        for (String f : StagedReport.previous(out)) {
            files.put(f, new String(Files.readAllBytes(out.resolve(f)), StandardCharsets.ISO_8859_1));   // PNGs too
        }
        return files;
    }
}
