package dev.ecslab.reports.ambiguity;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.json.LoadedSchedule;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How {@link AmbiguitySarif} groups pairs into results: by stage, datum and kind; where it places each result;
 * how it links and escapes system names; and that a result's fingerprint is its group's, from run to run.
 * Every log is checked against the SARIF schema and GitHub's limits.
 */
class AmbiguitySarifTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A stage {@code update} of these systems, each {@code name: [written data]}, one a line. */
    private static LoadedSchedule schedule(String... systems) {
        List<String> lines = new ArrayList<>();
        for (String s : systems) {
            String[] parts = s.split(": ");
            lines.add("    {\"name\": \"" + parts[0] + "\", \"access\": {\"queries\": [{\"write\": [\""
                    + String.join("\", \"", parts[1].split(", ")) + "\"]}]}}");
        }
        return ScheduleJson.read(new StringReader("{\"stages\": [{\"name\": \"update\", \"systems\": [\n"
                + String.join(",\n", lines) + "\n]}]}\n"), "game.json");
    }

    private static JsonNode results(LoadedSchedule loaded, AmbiguityReport report) throws Exception {
        String text = AmbiguitySarif.format(new ReportedSchedule(Path.of("game.json"), loaded, report, false,
                Integer.MAX_VALUE), "test");
        SarifSchema.assertValid(text);
        GitHubSarifLimits.assertAccepted(text);
        return JSON.readTree(text).at("/runs/0/results");
    }

    private static JsonNode results(LoadedSchedule loaded) throws Exception {
        return results(loaded, loaded.ambiguities());
    }

    private static int lineOf(JsonNode location) {
        return location.at("/physicalLocation/region/startLine").asInt();
    }

    @Test
    void aPairOnSeveralDataIsInTheGroupOfTheFirstWhichCountsItApart() throws Exception {
        // a, b and c write Position; b and c also write Velocity: (b, c) conflicts on both
        JsonNode results = results(schedule("a: Position", "b: Position, Velocity", "c: Position, Velocity"));
        assertThat(results).hasSize(1);
        JsonNode position = results.get(0);
        assertThat(position.at("/message/text").asText()).startsWith("3 systems of stage update conflict on Position"
                + " (1 of the pairs on other data too) with no order between them: 3 pairs.");
        assertThat(position.at("/properties/data").asText()).isEqualTo("Position");
        assertThat(position.at("/properties/byConflict/0/conflicts").toString()).isEqualTo("[\"Position\"]");
        assertThat(position.at("/properties/byConflict/0/pairs").asLong()).isEqualTo(2);
        assertThat(position.at("/properties/byConflict/1/conflicts").toString()).isEqualTo("[\"Position\",\"Velocity\"]");
        assertThat(position.at("/properties/byConflict/1/listedPairs").toString()).isEqualTo("[[\"b\",\"c\"]]");
    }

    @Test
    void groupsWhoseFirstSystemIsTheSameArePlacedAtDifferentSystems() throws Exception {
        // a writes Position and Velocity; b writes Position, c Velocity: two groups whose first system is a
        JsonNode results = results(schedule("a: Position, Velocity", "b: Position", "c: Velocity"));
        assertThat(results).hasSize(2);
        assertThat(lineOf(results.get(0).at("/locations/0"))).isEqualTo(2);
        assertThat(results.get(1).at("/message/text").asText()).startsWith("'a' and 'c' (stage update) conflict on Velocity");
        assertThat(lineOf(results.get(1).at("/locations/0"))).as("at c, a being the first result's line").isEqualTo(4);
        assertThat(results.get(1).at("/relatedLocations/0/message/text").asText()).isEqualTo("'a', the other system of the pair");
        assertThat(lineOf(results.get(1).at("/relatedLocations/0"))).isEqualTo(2);
    }

    @Test
    void undecidedPairsAreResultsOfTheirOwnRule() throws Exception {
        LoadedSchedule loaded = schedule("a: Position", "b: Position", "c: Position");
        AmbiguityReport report = new AmbiguityReport(List.of(new Ambiguity("update", "a", "b", List.of("Position")),
                new Ambiguity("update", "a", "c", List.of("Position"), true),
                new Ambiguity("update", "b", "c", List.of("Position"), true)));
        JsonNode results = results(loaded, report);
        assertThat(results).hasSize(2);
        JsonNode undecided = results.get(0);
        assertThat(undecided.get("ruleId").asText()).isEqualTo(AmbiguitySarif.UNDECIDED);
        assertThat(undecided.get("ruleIndex").asInt()).isOne();
        assertThat(undecided.at("/message/text").asText()).startsWith("3 systems of stage update may conflict (undecided:"
                + " their filters were too large to compare) on Position with no order between them: 2 pairs.");
        assertThat(results.get(1).get("ruleId").asText()).isEqualTo(AmbiguitySarif.AMBIGUOUS);
        assertThat(results.get(1).at("/partialFingerprints").toString()).isNotEqualTo(undecided.at("/partialFingerprints").toString());
    }

    @Test
    void namesWithSquareBracketsAreEscapedInTheirLinks() throws Exception {
        JsonNode results = results(schedule("move[0]: Position", "move[1]: Position", "draw\\\\: Position"));
        assertThat(results.get(0).at("/message/text").asText())
                .endsWith("Systems: [move\\[0\\]](1), [move\\[1\\]](2), [draw\\\\](3).");
        assertThat(AmbiguitySarif.linkText("a\\[b]")).isEqualTo("a\\\\\\[b\\]");
    }

    @Test
    void aResultKeepsItsFingerprintWhenLinesMoveAndSystemsJoin() throws Exception {
        JsonNode before = results(schedule("a: Position", "b: Position", "clock: Time", "timer: Time"));
        JsonNode after = results(schedule("timer: Time", "x: Sprite", "clock: Time", "b: Position", "a: Position",
                "c: Position"));
        assertThat(after).hasSize(2);
        for (int i = 0; i < 2; i++) {
            assertThat(after.get(i).at("/message/text").asText()).isNotEqualTo(before.get(i).at("/message/text").asText());
        }
        // Position (3 pairs now) stays first; Time stays second
        assertThat(after.get(0).at("/partialFingerprints")).isEqualTo(before.get(0).at("/partialFingerprints"));
        assertThat(after.get(1).at("/partialFingerprints")).isEqualTo(before.get(1).at("/partialFingerprints"));
        assertThat(before.get(0).at("/partialFingerprints")).isNotEqualTo(before.get(1).at("/partialFingerprints"));
    }
}
