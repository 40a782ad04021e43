package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping {@code lab run} part-way (the signal Ctrl-C sends reaches the JVM the same way as the
 * termination signal used here: shutdown hooks run) leaves no half-written report: no temporary file,
 * and no index.html or matrix unless it is complete.
 */
class CtrlCTest {

    @Test
    void aStoppedRunLeavesNoHalfWrittenReport(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName(),
                "run", "--tries", "5000", "--executor", "dynamic", "--strategy", "generation", "--no-memory",
                "--out", out.toString())
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
        p.toHandle().destroy();             // SIGTERM (streams stay open): shutdown hooks run, as on Ctrl-C
        while ((ch = stderr.read()) >= 0) { // the rest, up to the exit
            err.append((char) ch);
        }
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isNotZero();
        assertThat(err.toString()).contains("stopped; no partial report");
        if (Files.isDirectory(out)) {
            try (Stream<Path> files = Files.walk(out)) {
                List<String> names = files.map(f -> f.getFileName().toString()).toList();
                assertThat(names).noneMatch(n -> n.endsWith(".tmp"));
                assertThat(names).doesNotContain("index.html", "matrix.md");
            }
        }
    }
}
