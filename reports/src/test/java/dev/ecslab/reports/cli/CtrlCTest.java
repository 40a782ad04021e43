package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

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
        Path err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName(),
                "run", "--tries", "5000", "--executor", "dynamic", "--strategy", "generation", "--no-memory",
                "--out", out.toString())
                .redirectError(err.toFile()).redirectOutput(dir.resolve("out.txt").toFile()).start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline && !Files.readString(err).contains("/")) {
            Thread.sleep(100);              // wait until the progress bar shows the campaign under way
        }
        Thread.sleep(1500);
        assertThat(p.isAlive()).as("still running when stopped").isTrue();
        p.destroy();                        // SIGTERM: the JVM runs its shutdown hooks, as on Ctrl-C (SIGINT)
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isNotZero();
        assertThat(Files.readString(err)).contains("stopped; no partial report");
        if (Files.isDirectory(out)) {
            try (Stream<Path> files = Files.walk(out)) {
                List<String> names = files.map(f -> f.getFileName().toString()).toList();
                assertThat(names).noneMatch(n -> n.endsWith(".tmp"));
                assertThat(names).doesNotContain("index.html", "matrix.md");
            }
        }
    }
}
