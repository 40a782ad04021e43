package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lab ambiguities FILE} on the ecs test schedules: the report, the levels, the errors. */
class AmbiguitiesCommandTest {
    private static final Path SCHEDULES = Path.of("..", "ecs", "src", "test", "resources", "schedules");

    @Test
    void aWarnLevelScheduleReportsAndPassesUnlessStrict() {
        CommandOutput r = CommandOutput.run("ambiguities", SCHEDULES.resolve("platformer.json").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("ambiguous pair(s)").contains("WARN");
        CommandOutput strict = CommandOutput.run("ambiguities", "--strict", SCHEDULES.resolve("platformer.json").toString());
        assertThat(strict.code()).isEqualTo(1);
        assertThat(strict.out()).isEqualTo(r.out().replace(" (use --strict to fail on any)", "; --strict fails on any: FAIL"));
    }

    @Test
    void anErrorLevelScheduleFails(@TempDir Path dir) throws Exception {
        String json = Files.readString(SCHEDULES.resolve("platformer.json")).replace("\"ambiguity\": \"WARN\"", "\"ambiguity\": \"ERROR\"");
        Path file = dir.resolve("strict.json");
        Files.writeString(file, json);
        CommandOutput r = CommandOutput.run("ambiguities", file.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.out()).contains("\"ambiguity\": \"ERROR\": FAIL");
    }

    @Test
    void aCycleAMalformedFileAndAMissingFileAreBadInput(@TempDir Path dir) throws Exception {
        CommandOutput cycle = CommandOutput.run("ambiguities", SCHEDULES.resolve("cycle.json").toString());
        assertThat(cycle.code()).isEqualTo(2);
        assertThat(cycle.err()).contains("gather").contains("decide").contains("act");
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\n  \"stages\": [\n    {\"name\": \"update\" \"systems\": []}\n  ]\n}\n");
        CommandOutput malformed = CommandOutput.run("ambiguities", broken.toString());
        assertThat(malformed.code()).isEqualTo(2);
        assertThat(malformed.err()).contains("line 3");
        CommandOutput missing = CommandOutput.run("ambiguities", dir.resolve("nope.json").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file");
    }

    /**
     * Bevy's {@code app_data.ron} (the ecs fixture, written by hand to the output of ron 0.12, not produced by
     * a running Bevy) is read as it is: the same report as the same data in JSON, SARIF places in the RON
     * text, and a malformed RON file is bad input with its line and column.
     */
    @Test
    void bevysAppDataRonReportsAsTheSameDataInJson(@TempDir Path dir) throws Exception {
        Path ron = SCHEDULES.resolve("bevy-app-data.ron");
        CommandOutput fromRon = CommandOutput.run("ambiguities", "--from", "bevy", ron.toString());
        CommandOutput fromJson = CommandOutput.run("ambiguities", "--from", "bevy", SCHEDULES.resolve("bevy-brp-update.json").toString());
        assertThat(fromRon.code()).as(fromRon.err()).isZero();
        assertThat(fromRon.out()).isEqualTo(fromJson.out()).contains("4 ambiguous pair(s)", "  reported by both: 3\n");
        JsonNode sarif = new ObjectMapper().readTree(
                CommandOutput.run("ambiguities", "--from", "bevy", "--format", "sarif", ron.toString()).out());
        JsonNode region = sarif.at("/runs/0/results/0/locations/0/physicalLocation/region");
        String line = Files.readAllLines(ron).get(region.get("startLine").asInt() - 1);
        assertThat(line).startsWith("                    name: ");
        assertThat(line.substring(region.get("startColumn").asInt() - 1)).as("the place of the name").startsWith("\"game::");
        Path broken = dir.resolve("app_data.ron");
        Files.writeString(broken, Files.readString(ron).replace("            systems: [", "            systems ["));
        CommandOutput malformed = CommandOutput.run("ambiguities", "--from", "bevy", broken.toString());
        assertThat(malformed.code()).isEqualTo(2);
        assertThat(malformed.err()).contains(broken + " (line 5, column 21, $.schedules[0].systems): expected ':' after field"
                + " name \"systems\", found '['");
    }
}
