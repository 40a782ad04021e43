package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Paths mean what the user typed, in the directory the command was started in: a child {@code lab} started
 * in a folder outside the checkout writes {@code --junit gate.xml --out gate-out} there (not into the
 * checkout), names both with absolute paths, and {@code lab replay} reads a relative path from there. The
 * lab's own files (the default output folder) are found in the checkout, which the script passes as
 * {@code ecslab.home}.
 */
class RelativePathsTest {

    static Process lab(Path workingDirectory, Path log, String... args) throws Exception {
        String[] command = new String[4 + args.length];
        command[0] = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        command[1] = "-cp";
        command[2] = System.getProperty("java.class.path");
        command[3] = LabMain.class.getName();
        System.arraycopy(args, 0, command, 4, args.length);
        return new ProcessBuilder(command).directory(workingDirectory.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
    }

    @Test
    void relativePathsAreTakenFromWhereTheCommandWasStarted(@TempDir Path elsewhere) throws Exception {
        Path log = elsewhere.resolve("gate.log");
        Process gate = lab(elsewhere, log, "gate", "--strategy", "flags", "--executor", "serial", "--tries", "0",
                "--no-memory", "--quiet", "--search", "-1", "--junit", "gate.xml", "--out", "gate-out");
        assertThat(gate.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String said = Files.readString(log);
        assertThat(gate.exitValue()).as(said).isEqualTo(1);
        Path abs = elsewhere.toRealPath();
        assertThat(abs.resolve("gate.xml")).exists();
        assertThat(abs.resolve("gate-out").resolve("matrix.md")).exists();
        assertThat(said).contains("JUnit XML: " + abs.resolve("gate.xml"))
                .contains("replay files: " + abs.resolve("gate-out").resolve("counterexamples"));

        String relative;
        try (Stream<Path> files = Files.list(abs.resolve("gate-out").resolve("counterexamples"))) {
            relative = "gate-out/counterexamples/" + files.sorted().findFirst().orElseThrow().getFileName();
        }
        Path replayLog = elsewhere.resolve("replay.log");
        Process replay = lab(elsewhere, replayLog, "replay", relative);
        assertThat(replay.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(replay.exitValue()).as(Files.readString(replayLog)).isEqualTo(1);
        assertThat(Files.readString(replayLog)).contains("the same verdict");
    }

    @Test
    void theLabsOwnFilesAreFoundInTheCheckout(@TempDir Path elsewhere) {
        String before = System.getProperty(RepositoryRoot.PROPERTY);
        try {
            System.setProperty(RepositoryRoot.PROPERTY, elsewhere.toString());
            assertThat(RepositoryRoot.find()).isEqualTo(elsewhere.toAbsolutePath());
            assertThat(RepositoryRoot.defaultOut("gate")).isEqualTo(elsewhere.toAbsolutePath().resolve("reports/out/gate"));
            System.clearProperty(RepositoryRoot.PROPERTY);
            // from the lab's own classes (reports/target/classes), whatever the working directory
            Path found = RepositoryRoot.find();
            assertThat(found.resolve("jcstress-tests")).isDirectory();
            assertThat(found.resolve("lab")).isRegularFile();
        } finally {
            if (before == null) {
                System.clearProperty(RepositoryRoot.PROPERTY);
            } else {
                System.setProperty(RepositoryRoot.PROPERTY, before);
            }
        }
    }
}
