package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exit-code contract, per command and per class of bad input (unreadable, not UTF-8, malformed,
 * inconsistent, unwritable output, a busy output folder, a bad option): exit 2 and one line on standard
 * error naming the file, where and what, with no stack trace and no Java class name, and nothing written.
 * Outputs are checked before any work: a command refused for its output never starts its campaign (no
 * progress bar). {@code --debug} adds the stack trace; misspelt commands and options get a suggestion.
 */
class ExitCodeContractTest {
    @TempDir
    static Path shared;
    /** A counterexample of flags / serial, as lab gate wrote it (in a report folder with a manifest). */
    static Path replayFile;

    @BeforeAll
    static void aRealReplayFile() throws Exception {
        Path out = shared.resolve("gate-out");
        CommandOutput r = CommandOutput.run("gate", "--strategy", "flags", "--executor", "serial", "--tries", "0",
                "--no-memory", "--quiet", "--search", "-1", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        try (Stream<Path> files = Files.list(out.resolve("counterexamples"))) {
            replayFile = files.sorted().findFirst().orElseThrow();
        }
    }

    /** Exit 2, one line starting with the command's name and containing each fragment, no Java in it. */
    private static void badInput(CommandOutput r, String command, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(r.err().lines().toList()).as("one line: %s", r.err()).hasSize(1);
        assertThat(r.err()).startsWith(command + ": ").contains(fragments)
                .doesNotContain("Exception").doesNotContain("\tat ").doesNotContainPattern("java\\.|dev\\.ecslab\\.");
    }

    private static Path file(Path dir, String name, byte[] content) throws Exception {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.write(f, content);
        return f;
    }

    private static Path fifo(Path dir) throws Exception {
        Path f = dir.resolve("fifo");
        Process p = new ProcessBuilder("mkfifo", f.toString()).start();
        assumeTrue(p.waitFor() == 0, "mkfifo is available");
        return f;
    }

    private static final byte[] NOT_UTF8 = {'{', '"', 'n', 'a', 'm', 'e', '"', ':', ' ', '"', (byte) 0xff, (byte) 0xfe, '"', '}'};

    @Test
    void ambiguities(@TempDir Path dir) throws Exception {
        String cmd = "lab ambiguities";
        badInput(CommandOutput.run("ambiguities", dir.resolve("nope.json").toString()), cmd,
                dir.resolve("nope.json").toString(), "no such file");
        badInput(CommandOutput.run("ambiguities", dir.toString()), cmd, dir.toString(), "is a folder");
        badInput(CommandOutput.run("ambiguities", fifo(dir).toString()), cmd, "fifo", "not a regular file");
        badInput(CommandOutput.run("ambiguities", "/dev/zero"), cmd, "/dev/zero", "not a regular file");
        Path latin = file(dir, "latin.json", NOT_UTF8);
        badInput(CommandOutput.run("ambiguities", latin.toString()), cmd, latin.toString(), "UTF-8");
        Path malformed = file(dir, "broken.json", "{\n  \"stages\": [\n    {\"name\": \"update\" \"systems\": []}\n  ]\n}\n"
                .getBytes());
        badInput(CommandOutput.run("ambiguities", malformed.toString()), cmd, malformed.toString(), "line 3");
        Path cycle = Path.of("..", "ecs", "src", "test", "resources", "schedules", "cycle.json");
        badInput(CommandOutput.run("ambiguities", cycle.toString()), cmd, "gather", "decide", "act");
        Path forged = file(dir, "a\nlab ambiguities: all good.json", "{".getBytes());
        CommandOutput r = CommandOutput.run("ambiguities", forged.toString());
        badInput(r, cmd, "a\\u000alab ambiguities: all good.json");
    }

    @Test
    void replay(@TempDir Path dir) throws Exception {
        String cmd = "lab replay";
        badInput(CommandOutput.run("replay", dir.resolve("nope.json").toString()), cmd, "nope.json", "no such file");
        badInput(CommandOutput.run("replay", "/dev/zero"), cmd, "/dev/zero", "not a regular file");
        badInput(CommandOutput.run("replay", fifo(dir).toString()), cmd, "fifo", "not a regular file");
        Path latin = file(dir, "latin.json", NOT_UTF8);
        badInput(CommandOutput.run("replay", latin.toString()), cmd, latin.toString());
        Path malformed = file(dir, "broken.json", "{\"scenario\": {\n  \"name\": }".getBytes());
        badInput(CommandOutput.run("replay", malformed.toString()), cmd, malformed.toString(), "line ");

        ObjectMapper json = new ObjectMapper();
        JsonNode saved = json.readTree(replayFile.toFile());
        ((ObjectNode) saved.get("trace").get("detections").get(0)).put("run", 99999);
        Path inconsistent = file(dir, "inconsistent.json", json.writeValueAsBytes(saved));
        badInput(CommandOutput.run("replay", inconsistent.toString()), cmd, inconsistent.toString());

        // named for another configuration than the one it records, in a report folder: refused
        Path renamed = replayFile.resolveSibling("900-generation-serial-1.json");
        Files.copy(replayFile, renamed);
        badInput(CommandOutput.run("replay", renamed.toString()), cmd, renamed.toString(), "another configuration",
                "flags under serial");
        // the right name, but not part of the report beside it: a leftover
        Path leftover = replayFile.resolveSibling("901-flags-serial-1.json");
        Files.move(renamed, leftover);
        badInput(CommandOutput.run("replay", leftover.toString()), cmd, leftover.toString(), "not part of the report");
        Files.delete(leftover);
        // the same file copied out of the report folder replays (exit 1: it fails, reproduced)
        Path copy = Files.copy(replayFile, dir.resolve("mine.json"));
        assertThat(CommandOutput.run("replay", copy.toString()).code()).isEqualTo(1);
    }

    @Test
    void run(@TempDir Path dir) throws Exception {
        String cmd = "lab run";
        Path aFile = file(dir, "a-file", "x".getBytes());
        CommandOutput onFile = CommandOutput.run("run", "--strategy", "generation", "--out", aFile.toString());
        badInput(onFile, cmd, aFile + " (--out)", "is a file, not a folder");
        CommandOutput under = CommandOutput.run("run", "--strategy", "generation", "--out", aFile.resolve("out").toString());
        badInput(under, cmd, "(--out)", "cannot be created: " + aFile + " is a file");
        badInput(CommandOutput.run("run", "--tries", "-1", "--out", dir.resolve("o").toString()), cmd, "--tries");
        badInput(CommandOutput.run("run", "--strategy", "nope", "--out", dir.resolve("o").toString()), cmd, "nope");
        badInput(CommandOutput.run("run", "--strategy-jar", dir.resolve("none.jar").toString(), "--out",
                dir.resolve("o").toString()), cmd, "none.jar");
        badInput(CommandOutput.run("run", "--tries", "many"), cmd, "--tries", "many");
        Path busy = dir.resolve("busy");
        try (RunLock held = RunLock.acquire(busy, "--out", "lab run", n -> { })) {
            badInput(CommandOutput.run("run", "--strategy", "generation", "--out", busy.toString()), cmd,
                    "another lab command is writing into this folder", "process " + ProcessHandle.current().pid());
        }
        assertThat(dir.resolve("o")).doesNotExist();
    }

    @Test
    void gateChecksItsOutputsBeforeTheCampaign(@TempDir Path dir) throws Exception {
        String cmd = "lab gate";
        String[] base = {"gate", "--strategy", "generation", "--executor", "serial", "--tries", "1000"};
        Path aFile = file(dir, "a-file", "x".getBytes());
        CommandOutput junitIsFolder = CommandOutput.run(concat(base, "--junit", dir.toString(), "--out",
                dir.resolve("o").toString()));
        badInput(junitIsFolder, cmd, dir + " (--junit)", "is a folder");
        CommandOutput junitUnderFile = CommandOutput.run(concat(base, "--junit", aFile.resolve("j.xml").toString()));
        badInput(junitUnderFile, cmd, "(--junit)", aFile + " is a file");
        CommandOutput outIsFile = CommandOutput.run(concat(base, "--out", aFile.toString(), "--junit",
                dir.resolve("j.xml").toString()));
        badInput(outIsFile, cmd, aFile + " (--out)", "is a file");
        assertThat(dir.resolve("j.xml")).as("nothing written on bad input").doesNotExist();
        assertThat(dir.resolve("o")).doesNotExist();
        badInput(CommandOutput.run("gate", "--strategy", "generation", "--executor", "turbo"), cmd, "turbo");
        badInput(CommandOutput.run("gate", "--executor", "serial"), cmd, "--strategy");
    }

    @Test
    void bench(@TempDir Path dir) throws Exception {
        String cmd = "lab bench";
        badInput(CommandOutput.run("bench", "--jar", dir.resolve("none.jar").toString(), "--out", dir.resolve("o").toString()),
                cmd, "none.jar", "missing");
        badInput(CommandOutput.run("bench", "--only", "NoSuchBenchmark"), cmd, "NoSuchBenchmark");
        Path jar = BenchAndStressCommandTest.fakeJmhJar(dir);
        Path aFile = file(dir, "a-file", "x".getBytes());
        badInput(CommandOutput.run("bench", "--jar", jar.toString(), "--out", aFile.toString()), cmd, aFile + " (--out)");
        Path busy = dir.resolve("busy");
        try (RunLock held = RunLock.acquire(busy, "--out", "lab run", n -> { })) {
            badInput(CommandOutput.run("bench", "--jar", jar.toString(), "--out", busy.toString(), "--only", "JobBenchmark"),
                    cmd, "another lab command", "lab run");
        }
        assertThat(busy.resolve("JobBenchmark.json")).doesNotExist();
    }

    @Test
    void stress() {
        badInput(CommandOutput.run("stress", "fastest"), "lab stress", "unknown mode 'fastest'");
        badInput(CommandOutput.run("stress", "quick", "x", "y"), "lab stress", "'y'");
    }

    @Test
    void races(@TempDir Path dir) throws Exception {
        String cmd = "lab races";
        badInput(CommandOutput.run("races", "fastest", "--no-run"), cmd, "unknown mode 'fastest'");
        badInput(CommandOutput.run("races", "--runs", "0", "--no-run"), cmd, "--runs must be 1 or more");
        badInput(CommandOutput.run("races", "quick", "x"), cmd, "'x'");
        Path aFile = file(dir, "a-file", "x".getBytes());
        badInput(CommandOutput.run("races", "--no-run", "--doc", aFile.resolve("races.md").toString()), cmd,
                aFile.toString(), "--doc");
        badInput(CommandOutput.run("races", "--no-run", "--doc", dir.toString()), cmd, dir.toString(), "is a folder");
        Path latin1 = file(dir, "latin1.md", new byte[] {(byte) 0xe9, '\n'});
        badInput(CommandOutput.run("races", "--no-run", "--doc", latin1.toString()), cmd, latin1.toString(), "--doc",
                "UTF-8");
    }

    @Test
    void misspeltCommandsAndOptionsGetTheNearestName() {
        badInput(CommandOutput.run("rnu"), "lab", "unknown command 'rnu'", "did you mean 'run'?");
        badInput(CommandOutput.run("gate", "--strategy", "x", "--executor", "y", "--junti", "j.xml"), "lab gate",
                "unknown option '--junti'", "did you mean '--junit'?");
        badInput(CommandOutput.run("x".repeat(100_000)), "lab", "unknown command");
    }

    @Test
    void debugAddsTheStackTrace(@TempDir Path dir) {
        CommandOutput r = CommandOutput.run("--debug", "ambiguities", dir.resolve("nope.json").toString());
        assertThat(r.code()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(r.err()).contains("no such file").contains("\tat ");
        CommandOutput after = CommandOutput.run("ambiguities", "--debug", dir.toString());
        assertThat(after.code()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(after.err()).contains("is a folder").contains("\tat ");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
