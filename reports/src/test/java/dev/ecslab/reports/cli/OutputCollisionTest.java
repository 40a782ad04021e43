package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An output that would land on one of the command's own files is refused before anything is written (exit 2):
 * {@code lab merge --out} into a shard's folder (its report would replace the shard it reads), {@code --junit}
 * naming an input shard or a file of the report {@code --out} gets (matrix.json would become JUnit XML), and
 * {@code --junit} naming a FIFO or a device (the JUnit file is moved into place and would replace it: as root,
 * {@code --junit /dev/null} would replace /dev/null).
 */
class OutputCollisionTest {
    @TempDir
    static Path shared;
    static Path one;
    static Path two;
    static byte[] oneBytes;

    @BeforeAll
    static void twoShards() throws Exception {
        one = shared.resolve("s1");
        two = shared.resolve("s2");
        for (Path p : new Path[] {one, two}) {
            CommandOutput r = CommandOutput.run("gate", "--strategy", "generation", "--executor", "serial", "--tries", "0",
                    "--no-memory", "--search", "-1", "--progress", "never", "--shard", (p == one ? "1" : "2") + "/2", "--out",
                    p.toString());
            assertThat(r.code()).as(r.err()).isZero();
        }
        oneBytes = Files.readAllBytes(one.resolve("shard.json"));
    }

    private static void refused(CommandOutput r, String... fragments) throws Exception {
        assertThat(r.code()).as(r.out() + r.err()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
        assertThat(r.err()).contains(fragments).doesNotContain("Exception");
        assertThat(Files.readAllBytes(one.resolve("shard.json"))).as("the input shard is untouched").isEqualTo(oneBytes);
    }

    @Test
    void aMergeIntoAShardsFolderIsRefusedAndTheShardKept() throws Exception {
        refused(CommandOutput.run("merge", one.toString(), two.toString(), "--out", one.toString()), "(--out)",
                "holds the shard");
        assertThat(one.resolve("matrix.json")).doesNotExist();
    }

    @Test
    void junitOnAnInputShardIsRefused(@TempDir Path dir) throws Exception {
        refused(CommandOutput.run("merge", one.toString(), two.toString(), "--out", dir.resolve("m").toString(), "--junit",
                one.resolve("shard.json").toString()), "(--junit)", "is an input of this command");
        assertThat(dir.resolve("m")).doesNotExist();
    }

    @Test
    void junitOnAFileOfTheReportIsRefused(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("m");
        refused(CommandOutput.run("merge", one.toString(), two.toString(), "--out", out.toString(), "--junit",
                out.resolve("matrix.json").toString()), "(--junit)", "is a file of the report");
        refused(CommandOutput.run("gate", "--strategy", "generation", "--executor", "serial", "--tries", "0", "--no-memory",
                "--search", "-1", "--progress", "never", "--out", out.toString(), "--junit", out.resolve("matrix.md")
                .toString()), "(--junit)", "is a file of the report");
        assertThat(out).doesNotExist();
        // beside the report, as docs/ci.md does, is fine
        CommandOutput ok = CommandOutput.run("merge", one.toString(), two.toString(), "--out", out.toString(), "--junit",
                out.resolve("junit.xml").toString());
        assertThat(ok.code()).as(ok.err()).isZero();
        assertThat(Files.readString(out.resolve("matrix.json"))).startsWith("{");
        assertThat(Files.readString(out.resolve("junit.xml"))).startsWith("<?xml");
    }

    @Test
    void junitOnAFifoIsRefusedAndTheFifoKept(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("fifo");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeTrue(p.waitFor() == 0, "mkfifo is available");
        refused(CommandOutput.run("merge", one.toString(), two.toString(), "--out", dir.resolve("m").toString(), "--junit",
                fifo.toString()), "(--junit)", "not a regular file");
        refused(CommandOutput.run("gate", "--strategy", "generation", "--executor", "serial", "--tries", "0", "--no-memory",
                "--search", "-1", "--progress", "never", "--out", dir.resolve("g").toString(), "--junit", fifo.toString()),
                "(--junit)", "not a regular file");
        assertThat(Files.isRegularFile(fifo)).as("still a FIFO").isFalse();
        assertThat(Files.exists(fifo)).isTrue();
    }
}
