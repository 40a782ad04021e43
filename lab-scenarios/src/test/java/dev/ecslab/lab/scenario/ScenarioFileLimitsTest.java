package dev.ecslab.lab.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.ecslab.ecs.input.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small scenario file cannot ask for minutes or gigabytes, and a bad one is refused in one line with
 * the file, the line, the path and the problem in words: each limit names itself and its property,
 * names with control characters are refused, Jackson's own messages never leak.
 */
class ScenarioFileLimitsTest {
    private static final Duration BOUND = Duration.ofSeconds(30);      // "does not hang", not a timing
    private static final Pattern JAVA_NAME = Pattern.compile("(java|com|dev|org)\\.[a-z]+\\.|Exception|`");

    private static final String HEAD = """
            {
              "name": "limits",
              "entities": [ { "label": "e0", "components": { "A": 0 } } ],
            """;

    private static String scenario(String stages, int frames, String edits) {
        return HEAD + "  \"stages\": " + stages + ",\n  \"frames\": " + frames + ",\n  \"edits\": " + edits + "\n}\n";
    }

    private static final String ONE_STAGE = "[ { \"name\": \"update\", \"systems\": [ { \"name\": \"w\", \"writes\": [\"A\"] } ] } ]";

    private static ScenarioException refused(String json) {
        ScenarioException e = assertTimeoutPreemptively(BOUND, () -> catchThrowableOfType(ScenarioException.class,
                () -> ScenarioJson.read(json, "hostile.json")));
        assertThat(e).as("refused").isNotNull();
        assertThat(e.getMessage()).startsWith("hostile.json").doesNotContain("\n");
        assertThat(JAVA_NAME.matcher(e.getMessage()).find()).as("Java names in %s", e.getMessage()).isFalse();
        return e;
    }

    @Test
    void aHundredThousandFramesOfEightIterationsAreRefusedUpFront() {
        String stages = "[ { \"name\": \"loop\", \"iterations\": 8, \"systems\": [ { \"name\": \"w\", \"writes\": [\"A\"] } ] } ]";
        ScenarioException e = refused(scenario(stages, 100_000, "[]"));
        assertThat(e.location()).isEqualTo("line 5, column 13, frames");
        assertThat(e.problem()).isEqualTo("the scenario file asks for 100002 frames x 8 iteration(s) x 1 system(s) = 800016"
                + " system runs (the last 2 frames are the quiet ones the lab adds); the limit is 100000 system runs"
                + " (set with -Decslab.limit.systemRuns=N)");
    }

    @Test
    void entitiesSystemsAndEditsHaveLimitsThatNameThemselves() {
        String group = HEAD.replace("\"entities\"", "\"groups\": [ { \"label\": \"g\", \"count\": 1000000, \"components\":"
                + " { \"A\": 0 } } ],\n  \"entities\"");
        ScenarioException entities = assertTimeoutPreemptively(BOUND, () -> catchThrowableOfType(ScenarioException.class,
                () -> ScenarioJson.read(group + "  \"stages\": " + ONE_STAGE + ", \"frames\": 1 }", "hostile.json")));
        assertThat(entities.problem()).isEqualTo("the scenario file asks for 1000001 entities (single, grouped and spawned);"
                + " the limit is 100000 entities (set with -Decslab.limit.entities=N)");
        StringBuilder systems = new StringBuilder("[ { \"name\": \"update\", \"systems\": [");
        for (int i = 0; i < 1001; i++) {
            systems.append(i == 0 ? "" : ", ").append("{ \"name\": \"s").append(i).append("\" }");
        }
        assertThat(refused(scenario(systems + "] } ]", 1, "[]")).problem()).isEqualTo("the scenario file has 1001 systems;"
                + " the limit is 1000 systems (set with -Decslab.limit.scenarioSystems=N)");
        String spawn = "{ \"frame\": 0, \"system\": \"w\", \"op\": \"SPAWN\", \"entity\": \"g%d\", \"data\": \"A\", \"count\": 60000,"
                + " \"every\": 1 }";
        assertThat(refused(scenario(ONE_STAGE, 1, "[ " + String.format(spawn, 1) + ", " + String.format(spawn, 2) + " ]"))
                .problem()).startsWith("the scenario file asks for 120001 entities");
        System.setProperty(ScenarioLimits.EDITS.property(), "3");
        try {
            String four = "[ " + String.join(", ", java.util.Collections.nCopies(4,
                    "{ \"frame\": 0, \"system\": \"w\", \"op\": \"SET\", \"entity\": \"e0\", \"data\": \"A\", \"value\": 1 }")) + " ]";
            ScenarioException e = refused(scenario(ONE_STAGE, 1, four));
            assertThat(e.location()).startsWith("line ").endsWith(", edits");
            assertThat(e.problem()).isEqualTo("the scenario file asks for 4 edits (a bulk edit counts each member); the limit"
                    + " is 3 edits (set with -Decslab.limit.edits=N)");
        } finally {
            System.clearProperty(ScenarioLimits.EDITS.property());
        }
    }

    @Test
    void controlCharactersInNamesAreRefusedWithTheirPath() {
        ScenarioException system = refused(scenario("[ { \"name\": \"update\", \"systems\": [ { \"name\": \"w\\nFAIL\" } ] } ]", 1, "[]"));
        assertThat(system.location()).isEqualTo("line 4, column 58, stages[0].systems[0].name");
        assertThat(system.problem()).startsWith("a name may not contain a line break (U+000A)");
        refused(HEAD.replace("\"e0\"", "\"e\\u001b[31m0\"") + "  \"stages\": " + ONE_STAGE + ", \"frames\": 1 }");
        refused(scenario(ONE_STAGE.replace("\"update\"", "\"up\\u202edate\""), 1, "[]"));
        refused(scenario(ONE_STAGE, 1, "[ { \"frame\": 0, \"system\": \"w\", \"op\": \"SPAWN\", \"entity\": \"x\\ty\","
                + " \"data\": \"A\", \"value\": 1 } ]"));
    }

    @Test
    void manyClockJumpsAreCheckedWithoutComparingEveryPairOfFrames() {
        StringBuilder jumps = new StringBuilder("[");
        for (int f = 0; f < 99_990; f++) {                         // 99 992 system runs: within the limit
            jumps.append(f == 0 ? "" : ",").append("{\"beforeFrame\":").append(f).append(",\"ticks\":1}");
        }
        String json = HEAD + "  \"stages\": " + ONE_STAGE + ", \"frames\": 99990, \"edits\": [], \"clockJumps\": " + jumps + "] }";
        Scenario s = assertTimeoutPreemptively(BOUND, () -> ScenarioJson.read(json, "jumps.json"));
        assertThat(s.clockJumps()).hasSize(99_990);
        String tooClose = json.replace("{\"beforeFrame\":7,\"ticks\":1}", "{\"beforeFrame\":7,\"ticks\":" + (ClockJump.MAX_AGE - 9) + "}");
        assertThat(refused(tooClose).problem()).startsWith("the jumps before frames 0..7 add up to " + (ClockJump.MAX_AGE - 2)
                + " ticks, within 2^24 below the maximum change age");
    }

    @Test
    void jacksonMistakesAreWorded() {
        assertThat(refused(scenario(ONE_STAGE, 1, "[]").replace("\"frames\": 1", "\"frames\": \"one\"")).problem())
                .isEqualTo("expected a whole number, found the string \"one\"");
        assertThat(refused(scenario(ONE_STAGE, 1, "[]").replace("\"frames\": 1", "\"frames\": 1.5")).problem())
                .startsWith("expected a whole number");
        assertThat(refused(scenario(ONE_STAGE, 1, "[]").replace("\"frames\": 1", "\"frames\": 99999999999")).problem())
                .startsWith("the number \"99999999999\" is out of range");
        assertThat(refused(scenario(ONE_STAGE, 1, "[]").replace("\"frames\": 1", "\"frames\": null")).problem())
                .isEqualTo("must not be null (a value is required here)");
        assertThat(refused(scenario(ONE_STAGE, 1, "[]").replace("\"writes\": [\"A\"]", "\"writes\": [\"Z\"]")).problem())
                .isEqualTo("unknown value \"Z\"; expected one of A, B, S, R, Q");
        assertThat(refused(scenario(ONE_STAGE, 1, "[]").replace("\"writes\": [\"A\"]", "\"writes\": [0]")).problem())
                .isEqualTo("unknown value \"0\"; expected one of A, B, S, R, Q");
        ScenarioException duplicate = refused(scenario(ONE_STAGE, 1, "[]").replace("\"name\": \"limits\",",
                "\"name\": \"limits\", \"name\": \"x\","));
        assertThat(duplicate.problem()).isEqualTo("duplicate field \"name\" (first at line 2, column 3)");
        assertThat(duplicate.location()).isEqualTo("line 2, column 21, name");
        assertThat(refused(scenario(ONE_STAGE, 1, "[]") + "{}").problem())
                .isEqualTo("unexpected content after the end of the top-level object");
        // The reader builds the whole tree before anything is bound: the depth bound stops deep nesting anywhere.
        assertThat(refused(scenario(ONE_STAGE, 1, "[]").replace("\"edits\": []", "\"extra\": " + "[".repeat(100_000)))
                .problem()).isEqualTo("objects and arrays nest more than 64 levels deep here; the limit is 64 levels"
                        + " (set with -Decslab.limit.jsonDepth=N)");
        assertThat(refused(scenario(ONE_STAGE, 1, "[]").replace("\"edits\": []", "\"edits\": " + "[".repeat(5000))).problem())
                .startsWith("objects and arrays nest more than 64 levels deep here");
        assertThat(refused("{\"name\": \"x\", \"stages\": []}").problem()).isEqualTo("missing field \"frames\" (it is required)");
    }

    @Test
    void aFileIsReadOnlyIfItIsARegularUtf8File(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, scenario(ONE_STAGE, 1, "[]").replace("limits", "d\u00e9j\u00e0").getBytes(StandardCharsets.ISO_8859_1));
        BadInputException e = catchThrowableOfType(BadInputException.class, () -> ScenarioJson.read(latin1));
        assertThat(e.location()).isEqualTo("byte offset 14, line 2");
        assertThat(e.problem()).startsWith("not UTF-8");
        assertThat(catchThrowableOfType(BadInputException.class, () -> ScenarioJson.read(dir)).problem())
                .isEqualTo("is a directory, not a file");
    }
}
