package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two commands that read files, {@code lab ambiguities} and {@code lab replay}, end every class of
 * bad input (unreadable, not a regular file, not UTF-8, malformed, inconsistent, too large) with exit
 * code 2 and one line on standard error naming the file, the place and the problem: no stack trace, no
 * Java name, no hang.
 */
class ReaderBadInputTest {
    private static final Duration BOUND = Duration.ofSeconds(60);      // "does not hang", not a timing
    private static final Pattern JAVA_NAME = Pattern.compile("(java|com|dev|org)\\.[a-z]+\\.|Exception|\\tat ");

    private static CommandOutput refused(String command, Path file, String... expected) {
        CommandOutput r = assertTimeoutPreemptively(BOUND, () -> CommandOutput.run(command, file.toString()));
        assertThat(r.code()).as("exit code; stderr %s", r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines()).as("one line: %s", r.err()).hasSize(1);
        assertThat(r.err()).startsWith("lab " + command + ": " + file).contains(expected);
        assertThat(JAVA_NAME.matcher(r.err()).find()).as("Java names in %s", r.err()).isFalse();
        return r;
    }

    private static Path fifo(Path dir) throws Exception {
        Path fifo = dir.resolve("pipe.json");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeThat(p.waitFor()).as("mkfifo is available").isZero();
        return fifo;
    }

    @Test
    void ambiguitiesRefusesEveryClassOfBadInputWithExitTwo(@TempDir Path dir) throws Exception {
        refused("ambiguities", dir.resolve("missing.json"), "no such file");
        refused("ambiguities", dir, "is a folder");
        refused("ambiguities", fifo(dir), "is not a regular file");
        if (Files.exists(Path.of("/dev/zero"))) {
            refused("ambiguities", Path.of("/dev/zero"), "is not a regular file");
        }
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\"stages\": [{\"name\": \"D\u00e9part\", \"systems\": []}]}".getBytes(StandardCharsets.ISO_8859_1));
        refused("ambiguities", latin1, "(byte offset 23, line 1): not UTF-8");
        Path syntax = Files.writeString(dir.resolve("syntax.json"), "{\"stages\": [}");
        refused("ambiguities", syntax, "(line 1, column 13, $.stages): invalid JSON");
        Path deep = Files.writeString(dir.resolve("deep.json"), "{\"stages\": " + "[".repeat(200_000));
        refused("ambiguities", deep, "nest more than 64 levels", "ecslab.limit.jsonDepth");
        Path control = Files.writeString(dir.resolve("control.json"),
                "{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"a\\n-- forged\"}]}]}");
        refused("ambiguities", control, "$.stages[0].systems[0].name", "line break");
        Path huge = Files.writeString(dir.resolve("huge.json"), "{\"stages\": [{\"name\": \"" + "s".repeat(100_000) + "\"}]}");
        refused("ambiguities", huge, "a name of 100000 characters", "ecslab.limit.nameLength");
        Path unknown = Files.writeString(dir.resolve("unknown.json"),
                "{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"movement\"}, {\"name\": \"b\", \"after\": [\"movment\"]}]}]}");
        refused("ambiguities", unknown, "did you mean \"movement\"");
    }

    /**
     * An ecslab schedule with no stage, or no system, is refused as a Bevy export with nothing in it is: an
     * analysis that judged nothing must not pass a CI check, {@code --strict} or not (it exited 0).
     */
    @Test
    void ambiguitiesRefusesAScheduleThatJudgesNothing(@TempDir Path dir) throws Exception {
        Path noStage = Files.writeString(dir.resolve("no-stage.json"), "{\"stages\": []}");
        refused("ambiguities", noStage, "(line 1, column 12, $.stages): lists no stage", "judges nothing");
        Path noSystem = Files.writeString(dir.resolve("no-system.json"),
                "{\"stages\": [{\"name\": \"update\", \"systems\": []}, {\"name\": \"late\", \"systems\": []}]}");
        refused("ambiguities", noSystem, "$.stages): holds no system in any of its 2 stage(s)", "judges nothing");
        for (Path file : new Path[] {noStage, noSystem}) {
            CommandOutput strict = CommandOutput.run("ambiguities", "--strict", file.toString());
            assertThat(strict.code()).as("--strict on %s; stderr %s", file, strict.err()).isEqualTo(2);
            assertThat(strict.err()).contains("judges nothing");
        }
        Path bevy = Files.writeString(dir.resolve("bevy.json"), "{\"schedules\": []}");
        CommandOutput fromBevy = CommandOutput.run("ambiguities", "--from", "bevy", "--strict", bevy.toString());
        assertThat(fromBevy.code()).as("the Bevy reader, the same; stderr %s", fromBevy.err()).isEqualTo(2);
        assertThat(fromBevy.err()).contains("judges nothing");
    }

    @Test
    void replayRefusesEveryClassOfBadInputWithExitTwo(@TempDir Path dir) throws Exception {
        refused("replay", dir.resolve("missing.json"), "no such file");
        refused("replay", fifo(dir), "is not a regular file");
        if (Files.exists(Path.of("/dev/zero"))) {
            refused("replay", Path.of("/dev/zero"), "is not a regular file");
        }
        Path binary = dir.resolve("binary.json");
        Files.write(binary, new byte[] {'{', (byte) 0xFF, '}'});
        refused("replay", binary, "(byte offset 1, line 1): not UTF-8");

        Scenario s = Catalogue.atLeastOnce(Target.COMPONENT);
        Path good = dir.resolve("good.json");
        Replay.save(good, s, ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("flags",
                ReaderBadInputTest.class.getClassLoader()), ExecutorSubject.of("serial"), 1)));
        ObjectNode json = (ObjectNode) ScenarioJson.MAPPER.readTree(good.toFile());

        ObjectNode unknownRun = json.deepCopy();
        ((ObjectNode) unknownRun.get("trace").get("detections").get(0)).put("run", 9999);
        refused("replay", write(dir, "unknown-run.json", unknownRun), "trace.detections[0].run", "names run 9999");

        ObjectNode noStart = json.deepCopy();
        ((ObjectNode) noStart.get("trace").get("runs").get(1)).remove("startSeq");
        refused("replay", write(dir, "no-start.json", noStart), "trace.runs[1].startSeq", "missing field \"startSeq\"");

        ObjectNode flavor = json.deepCopy();
        ((ObjectNode) flavor.get("trace").get("config")).put("flavor", "SOMETIMES");
        refused("replay", write(dir, "flavor.json", flavor), "trace.config.flavor", "unknown flavor");

        ObjectNode big = json.deepCopy();
        ((ObjectNode) big.get("scenario")).put("frames", 100_000);
        ((ObjectNode) big.get("scenario").get("stages").get(0)).put("iterations", 8);
        refused("replay", write(dir, "big.json", big), "scenario.frames", "the replay file asks for 100002 frames x 8",
                "ecslab.limit.systemRuns");
    }

    /** A null component value or a run without its thread was an internal error (exit 70) once the file was judged. */
    @Test
    void replayRefusesANullComponentValueAndARunWithoutItsThread(@TempDir Path dir) throws Exception {
        Scenario s = Catalogue.atLeastOnce(Target.COMPONENT);
        Path good = dir.resolve("good.json");
        Replay.save(good, s, ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("flags",
                ReaderBadInputTest.class.getClassLoader()), ExecutorSubject.of("serial"), 1)));
        ObjectNode json = (ObjectNode) ScenarioJson.MAPPER.readTree(good.toFile());

        ObjectNode nullValue = json.deepCopy();
        ObjectNode components = (ObjectNode) nullValue.get("scenario").get("entities").get(0).get("components");
        String component = components.fieldNames().next();
        components.putNull(component);
        refused("replay", write(dir, "null-value.json", nullValue), "scenario.entities[0].components." + component,
                "has no value");

        ObjectNode noThread = json.deepCopy();
        ((ObjectNode) noThread.get("trace").get("runs").get(0)).remove("thread");
        refused("replay", write(dir, "no-thread.json", noThread), "trace.runs[0].thread", "is missing");
    }

    private static Path write(Path dir, String name, ObjectNode json) throws Exception {
        return Files.writeString(dir.resolve(name), ScenarioJson.MAPPER.writeValueAsString(json));
    }
}
