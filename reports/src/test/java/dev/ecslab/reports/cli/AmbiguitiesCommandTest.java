package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lab ambiguities FILE.json} on the ecs test schedules: the report, the levels, the errors. */
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
}
