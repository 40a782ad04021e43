package dev.ecslab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.reports.cli.LabMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lab run} end to end on a small configuration, and its errors. */
class LabRunCommandTest {

    @Test
    void runWritesTheMatrixAndReplayFiles(@TempDir Path out) throws Exception {
        int code = LabMain.execute("run", "--tries", "3", "--no-memory", "--quiet", "--executor", "serial",
                "--strategy", "flags", "--strategy", "generation", "--out", out.toString());
        assertThat(code).isZero();
        String md = Files.readString(out.resolve("matrix.md"));
        assertThat(md).contains("| strategy | claimed | measured | X | 1 | 2 | 3 | 6 | 7 | 8 | L | O |")
                .as("--no-memory: criterion 6 is not judged, and says so")
                .contains("| `generation` | exact | exact ✓ | pass | pass | pass | pass | not judged | pass | pass | pass | pass |")
                .containsPattern("\\| `flags` \\| flaky \\| (flaky ✓|[a-z-]+ ✗) \\|")
                .contains("### Measured class per scenario class (`serial`)")
                .contains("| `generation` | exact | exact | exact | exact | exact | exact |")
                .contains("### Timeliness of criterion 1 (`serial`)").containsPattern("\\| `generation` \\| none \\| [0-9]+ \\|")
                .contains("counterexamples/");
        assertThat(Files.readString(out.resolve("matrix.json"))).contains("\"measured\" : \"exact\"")
                .contains("\"measuredByClass\"").contains("\"delays\"").contains("\"status\" : \"not-judged\"");
        try (var files = Files.list(out.resolve("counterexamples"))) {
            assertThat(files.filter(p -> p.toString().endsWith(".json")).count()).isPositive();
        }
        try (var files = Files.list(out)) {
            assertThat(files.filter(p -> p.toString().endsWith(".tmp")).count()).isZero();
        }
        Path replayFile;
        try (var files = Files.list(out.resolve("counterexamples"))) {
            replayFile = files.filter(p -> p.toString().contains("flags")).sorted().findFirst().orElseThrow();
        }
        PrintStream stdout = System.out;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setOut(new PrintStream(buffer, true));
        try {
            assertThat(LabMain.execute("replay", replayFile.toString())).as("fails, reproduced").isEqualTo(1);
        } finally {
            System.setOut(stdout);
        }
        assertThat(buffer.toString()).contains("under flags / serial").contains("the same verdict")
                .as("each violation in words, and its timeline as text").contains("`detector`").contains("timeline:")
                .contains("legend:");
    }

    @Test
    void aStrategyJarIsLoadedAndClassifiedBesideTheBuiltIns(@TempDir Path dir) throws Exception {
        Path jar = dev.ecslab.ecs.change.StrategyJar.build(dir.resolve("proposal"), "MyProposal", "my-proposal");
        Path out = dir.resolve("out");
        int code = LabMain.execute("run", "--tries", "3", "--no-memory", "--quiet", "--executor", "serial",
                "--strategy-jar", jar.toString(), "--strategy", "my-proposal", "--strategy", "none", "--out", out.toString());
        assertThat(code).isZero();
        String md = Files.readString(out.resolve("matrix.md"));
        assertThat(md).contains("| `my-proposal` | exact | exact ✓ |").contains("| `none` | conservative | ");
    }

    @Test
    void anUnknownStrategyOrExecutorOrJarIsAClearError(@TempDir Path out) {
        PrintStream err = System.err;
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buffer, true));
        try {
            assertThat(LabMain.execute("run", "--strategy", "nope", "--out", out.toString())).isEqualTo(2);
            assertThat(LabMain.execute("run", "--executor", "turbo", "--out", out.toString())).isEqualTo(2);
            assertThat(LabMain.execute("run", "--strategy-jar", out.resolve("missing.jar").toString())).isEqualTo(2);
            assertThat(LabMain.execute("run", "--tries", "many")).isEqualTo(2);
            assertThat(LabMain.execute("run", "--mutant", "mutant:no-such", "--out", out.toString())).isEqualTo(2);
            assertThat(LabMain.execute("replay", out.resolve("nothing.json").toString())).isEqualTo(2);
        } finally {
            System.setErr(err);
        }
        String text = buffer.toString();
        assertThat(text).contains("no change-tracking strategy 'nope'").contains("no executor with id 'turbo'")
                .contains("missing.jar: no such file").contains("many").contains("nothing.json: no such file")
                .contains("--mutant mutant:no-such is not a mutant; the mutants are: ").contains("mutant:reports-twice");
        assertThat(out.resolve("matrix.md")).doesNotExist();
    }
}
