package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ecslab.reports.ambiguity.GitHubSarifLimits;
import dev.ecslab.reports.ambiguity.SarifSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab ambiguities --format json|sarif}, {@code --limit} and {@code --summary}: every form says the
 * same counts, positions point at the systems' names in the file (checked against the text, not the
 * parser), SARIF carries what the 2.1.0 specification requires of a log, a run, a tool and a result (and
 * GitHub code scanning of an upload), one result per group of pairs, and the levels follow the schedule.
 */
class AmbiguityFormatsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Six writers of Position (15 pairs), one writer of Time beside a reader (1 pair). */
    private static String schedule(String level) {
        List<String> systems = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            systems.add("      {\"name\": \"mover" + i + "\", \"access\": {\"queries\": [{\"write\": [\"Position\"]}]}}");
        }
        systems.add("      {\"name\": \"clock\", \"access\": {\"writeResources\": [\"Time\"]}}");
        systems.add("      {\"name\": \"timer\", \"access\": {\"readResources\": [\"Time\"]}}");
        return "{\n  \"ambiguity\": \"" + level + "\",\n  \"stages\": [\n    {\"name\": \"update\", \"systems\": [\n"
                + String.join(",\n", systems) + "\n    ]}\n  ]\n}\n";
    }

    private static Path write(Path dir, String level) throws Exception {
        Path file = dir.resolve("game.json");
        Files.writeString(file, schedule(level));
        return file;
    }

    /** The line and column of {@code "name"} as a string value in {@code text}. */
    private static int[] positionOf(String text, String name) {
        int index = text.indexOf("\"name\": \"" + name + "\"") + "\"name\": ".length();
        int line = 1 + (int) text.substring(0, index).chars().filter(c -> c == '\n').count();
        return new int[] {line, index - text.lastIndexOf('\n', index - 1)};
    }

    /**
     * {@code lab ambiguities --format sarif ARGS}; what it prints must be a valid SARIF 2.1.0 log that GitHub code
     * scanning takes.
     */
    private static CommandOutput sarif(String... args) {
        List<String> line = new ArrayList<>(List.of("ambiguities", "--format", "sarif"));
        line.addAll(List.of(args));
        CommandOutput r = CommandOutput.run(line.toArray(String[]::new));
        SarifSchema.assertValid(r.out());
        GitHubSarifLimits.assertAccepted(r.out());
        return r;
    }

    @Test
    void jsonCountsEveryPairAndPlacesEachSystem(@TempDir Path dir) throws Exception {
        Path file = write(dir, "WARN");
        CommandOutput r = CommandOutput.run("ambiguities", "--format", "json", file.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode root = JSON.readTree(r.out());
        assertThat(root.get("format").asText()).isEqualTo("ecslab-ambiguities");
        assertThat(root.get("total").asLong()).isEqualTo(16);
        assertThat(root.get("listed").asInt()).isEqualTo(16);
        assertThat(root.get("fails").asBoolean()).isFalse();
        assertThat(root.at("/summary/byData/Position").asLong()).isEqualTo(15);
        assertThat(root.at("/summary/byData").path("resource Time").asLong()).isEqualTo(1);
        assertThat(root.at("/summary/busiestSystems/0/pairs").asLong()).isEqualTo(5);
        String text = Files.readString(file);
        for (JsonNode pair : root.get("pairs")) {
            for (String side : List.of("first", "second")) {
                int[] expected = positionOf(text, pair.get(side).asText());
                assertThat(pair.get(side + "At").get("line").asInt()).isEqualTo(expected[0]);
                assertThat(pair.get(side + "At").get("column").asInt()).isEqualTo(expected[1]);
            }
            assertThat(pair.get("fixes")).hasSize(3);
        }
        CommandOutput limited = CommandOutput.run("ambiguities", "--format", "json", "--limit", "4", file.toString());
        JsonNode l = JSON.readTree(limited.out());
        assertThat(l.get("listed").asInt()).isEqualTo(4);
        assertThat(l.get("pairs")).hasSize(4);
        assertThat(l.get("total").asLong()).isEqualTo(16);
        CommandOutput summary = CommandOutput.run("ambiguities", "--format", "json", "--summary", file.toString());
        assertThat(JSON.readTree(summary.out()).has("pairs")).isFalse();
    }

    @Test
    void sarifHasWhatTheSpecificationRequiresAndAResultPerGroupPointingAtItsSystems(@TempDir Path dir) throws Exception {
        Path file = write(dir, "ERROR");
        CommandOutput r = sarif(file.toString());
        assertThat(r.code()).as("an ERROR schedule with pairs fails in every format").isEqualTo(1);
        JsonNode log = JSON.readTree(r.out());
        // sarifLog: version and runs are required (SARIF 2.1.0, 3.13)
        assertThat(log.get("version").asText()).isEqualTo("2.1.0");
        assertThat(log.get("runs")).hasSize(1);
        JsonNode run = log.get("runs").get(0);
        // run: tool is required (3.14); tool: driver (3.18); toolComponent: name (3.19.8)
        assertThat(run.at("/tool/driver/name").asText()).isEqualTo("ecslab");
        Set<String> rules = new HashSet<>();
        run.at("/tool/driver/rules").forEach(rule -> rules.add(rule.get("id").asText()));
        JsonNode results = run.get("results");
        assertThat(results).as("the 15 pairs on Position, then the pair on Time").hasSize(2);
        String text = Files.readString(file);
        Set<String> fingerprints = new HashSet<>();
        for (JsonNode result : results) {
            // result: message is required (3.27.11), with text or id (3.11.7)
            assertThat(result.at("/message/text").asText()).contains("with no order between them", "\"before\"");
            assertThat(rules).contains(result.get("ruleId").asText());
            assertThat(result.get("level").asText()).isEqualTo("error");
            assertThat(result.at("/locations/0/physicalLocation/artifactLocation/uri").asText()).endsWith("game.json");
            for (JsonNode related : result.get("relatedLocations")) {
                String system = related.at("/message/text").asText().split("'")[1];
                assertThat(new int[] {related.at("/physicalLocation/region/startLine").asInt(),
                    related.at("/physicalLocation/region/startColumn").asInt()}).isEqualTo(positionOf(text, system));
            }
            fingerprints.add(result.at("/partialFingerprints").toString());
        }
        assertThat(fingerprints).as("one fingerprint per group").hasSize(2);
        JsonNode movers = results.get(0);
        assertThat(movers.at("/message/text").asText()).isEqualTo("6 systems of stage update conflict on Position with no"
                + " order between them: 15 pairs. Each pair needs an order or an exemption: for 'mover0' and 'mover1', to"
                + " order them, add \"before\": [\"mover1\"] on mover0 or \"after\": [\"mover0\"] on mover1; if either"
                + " order is right, add \"ambiguousWith\": [\"mover1\"] on mover0. Systems: [mover0](1), [mover1](2),"
                + " [mover2](3), [mover3](4), [mover4](5), [mover5](6).");
        JsonNode at = movers.at("/locations/0/physicalLocation/region");
        assertThat(new int[] {at.get("startLine").asInt(), at.get("startColumn").asInt()}).isEqualTo(positionOf(text, "mover0"));
        assertThat(movers.get("relatedLocations")).hasSize(6);
        assertThat(movers.at("/properties/pairs").asLong()).isEqualTo(15);
        assertThat(movers.at("/properties/byConflict/0/listedPairs")).hasSize(15);
        // a group of one pair reads as the pair did: the two systems, the data and the fix
        JsonNode time = results.get(1);
        assertThat(time.at("/message/text").asText()).isEqualTo("'clock' and 'timer' (stage update) conflict on resource"
                + " Time with no order between them; to order them, add \"before\": [\"timer\"] on clock or \"after\":"
                + " [\"clock\"] on timer; if either order is right, add \"ambiguousWith\": [\"timer\"] on clock.");
        at = time.at("/locations/0/physicalLocation/region");
        assertThat(new int[] {at.get("startLine").asInt(), at.get("startColumn").asInt()}).isEqualTo(positionOf(text, "clock"));
        assertThat(time.at("/relatedLocations/0/message/text").asText()).isEqualTo("'timer', the other system of the pair");
        assertThat(run.at("/invocations/0/executionSuccessful").asBoolean()).isTrue();
        assertThat(run.at("/invocations/0/toolExecutionNotifications").isMissingNode()).isTrue();
    }

    @Test
    void sarifLevelsFollowTheScheduleAndAShortLogCountsWhatItDoesNotList(@TempDir Path dir) throws Exception {
        Path warn = write(dir, "WARN");
        CommandOutput r = sarif("--limit", "5", warn.toString());
        assertThat(r.code()).isZero();
        JsonNode run = JSON.readTree(r.out()).get("runs").get(0);
        assertThat(run.get("results")).as("every group has its result, listed or not").hasSize(2);
        run.get("results").forEach(x -> assertThat(x.get("level").asText()).isEqualTo("warning"));
        assertThat(run.at("/results/0/message/text").asText()).startsWith("15 pairs of systems of stage update conflict on"
                + " Position with no order between them; 5 of them listed here, the others counted.");
        assertThat(run.at("/results/0/properties/byConflict/0/listedPairs")).hasSize(5);
        assertThat(run.at("/results/1/message/text").asText()).startsWith("'clock' and 'timer' (stage update)");
        assertThat(run.at("/invocations/0/toolExecutionNotifications/0/message/text").asText())
                .startsWith("11 of the 16 ambiguous pairs are counted in their results but not listed in them: this log lists 5");
        CommandOutput strict = sarif("--strict", warn.toString());
        assertThat(strict.code()).isEqualTo(1);
        assertThat(JSON.readTree(strict.out()).at("/runs/0/results/0/level").asText()).isEqualTo("error");
        Path ignore = dir.resolve("quiet.json");
        Files.writeString(ignore, schedule("IGNORE"));
        CommandOutput quiet = sarif(ignore.toString());
        assertThat(quiet.code()).isZero();
        assertThat(JSON.readTree(quiet.out()).at("/runs/0/results/0/level").asText()).isEqualTo("note");
    }

    @Test
    void textListsTheLimitAndTheSummaryCountsEverything(@TempDir Path dir) throws Exception {
        Path file = write(dir, "WARN");
        CommandOutput r = CommandOutput.run("ambiguities", "--limit", "2", file.toString());
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("16 pairs of systems with conflicting data access have no order between them.\n")
                .contains("  by stage: update 16\n", "  data in the most pairs: Position 15; resource Time 1\n",
                        "the first 2 pairs", "  on Position (2 pairs):\n");
        assertThat(r.out().lines().filter(l -> l.startsWith("    -- "))).hasSize(2);
        CommandOutput summary = CommandOutput.run("ambiguities", "--summary", file.toString());
        assertThat(summary.out()).contains("summary:").doesNotContain("    -- ");
    }

    @Test
    void badOptionsAreBadInput(@TempDir Path dir) throws Exception {
        Path file = write(dir, "WARN");
        CommandOutput negative = CommandOutput.run("ambiguities", "--limit", "-1", file.toString());
        assertThat(negative.code()).isEqualTo(2);
        assertThat(negative.err()).contains("--limit");
        CommandOutput sarifSummary = CommandOutput.run("ambiguities", "--format", "sarif", "--summary", file.toString());
        assertThat(sarifSummary.code()).isEqualTo(2);
        assertThat(sarifSummary.err()).contains("--summary");
        CommandOutput xml = CommandOutput.run("ambiguities", "--format", "xml", file.toString());
        assertThat(xml.code()).isEqualTo(2);
        assertThat(xml.err()).contains("xml");
    }

    private static final Path BEVY = Path.of("..", "ecs", "src", "test", "resources", "schedules", "bevy-brp-update.json");

    @Test
    void aBevyExportIsReportedInBevysTermsAndComparedWithBevysOwnPairs() {
        CommandOutput r = CommandOutput.run("ambiguities", "--from", "bevy", BEVY.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("game::draw.before(game::optional_position)", ".ambiguous_with(",
                "compared with Bevy's own conflicts in the export:", "  reported by both: 3\n",
                "  reported here only: 1 (", "-- game::move_enemies and game::optional_position", "  reported by Bevy only: 0\n");
    }

    @Test
    void aPairOnlyBevyReportsIsADisagreementShownInEveryForm(@TempDir Path dir) throws Exception {
        // Bevy's list claims move_players and move_enemies conflict; their filters keep them apart here
        String text = Files.readString(BEVY).replace("\"conflicts\": [", "\"conflicts\": [\n"
                + "        {\"system_1\": 2, \"system_2\": 3, \"conflicting_access\": {\"Components\": [2]}},");
        Path file = dir.resolve("claims.json");
        Files.writeString(file, text);
        CommandOutput r = CommandOutput.run("ambiguities", "--from", "bevy", file.toString());
        assertThat(r.out()).contains("  reported by Bevy only: 1 (a disagreement: look at these)",
                "-- game::move_players and game::move_enemies (stage Update) on game::Position");
        assertThat(r.code()).as("at the WARN level a disagreement is reported, not failed").isZero();
        CommandOutput strict = CommandOutput.run("ambiguities", "--from", "bevy", "--strict", file.toString());
        assertThat(strict.code()).as("--strict fails on a pair Bevy reports and the analysis misses").isEqualTo(1);
        assertThat(strict.out()).contains("1 pair(s) that Bevy reports are not found here: FAIL");
        JsonNode json = JSON.readTree(CommandOutput.run("ambiguities", "--from", "bevy", "--format", "json", file.toString()).out());
        assertThat(json.at("/bevy/bevyOnly/0/first").asText()).isEqualTo("game::move_players");
        assertThat(json.at("/bevy/both").asInt()).isEqualTo(3);
        JsonNode sarif = JSON.readTree(sarif("--from", "bevy", file.toString()).out());
        assertThat(sarif.at("/runs/0/results/0/locations/0/physicalLocation/region/startLine").asInt()).isPositive();
    }

    @Test
    void anEcslabScheduleReadAsABevyExportIsBadInput(@TempDir Path dir) throws Exception {
        Path file = write(dir, "WARN");
        CommandOutput r = CommandOutput.run("ambiguities", "--from", "bevy", file.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("not a Bevy schedule export");
    }
}
