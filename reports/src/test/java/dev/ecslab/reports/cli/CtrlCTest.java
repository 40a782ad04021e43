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

    @Test
    void sigintLeavesThePreviousReportAndTheUsersFilesUntouched(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Files.createDirectories(out.resolve("keep"));
        Files.writeString(out.resolve("important.tmp"), "mine");
        Files.writeString(out.resolve("keep").resolve("user-notes.tmp"), "mine too");
        CommandOutput previous = CommandOutput.run("run", "--strategy", "generation", "--executor", "serial", "--tries", "2",
                "--no-memory", "--witness-tries", "0", "--search", "-1", "--quiet", "--out", out.toString());
        assertThat(previous.code()).as(previous.err()).isZero();
        Map<String, String> before = report(out);

        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName(),
                "run", "--tries", "5000", "--executor", "dynamic", "--strategy", "flags", "--no-memory",
                "--search", "-1", "--progress", "always", "--out", out.toString())
                .redirectOutput(dir.resolve("out.txt").toFile()).start();
        StringBuilder err = new StringBuilder();
        Reader stderr = new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8);
        // Block on the run's own output until its progress bar shows the campaign under way ("n/total").
        int ch;
        while ((ch = stderr.read()) >= 0) {
            err.append((char) ch);
            if (ch == '/' && err.indexOf("[") >= 0) {
                break;
            }
        }
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

    private static Map<String, String> report(Path out) throws Exception {
        Map<String, String> files = new TreeMap<>();
        for (String f : StagedReport.previous(out)) {
            files.put(f, new String(Files.readAllBytes(out.resolve(f)), StandardCharsets.ISO_8859_1));   // PNGs too
        }
        return files;
    }
}
