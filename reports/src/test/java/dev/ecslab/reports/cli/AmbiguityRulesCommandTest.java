package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.ecslab.reports.ambiguity.AmbiguitySarif;
import dev.ecslab.reports.ambiguity.SarifSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab ambiguities} on what the analysis gained beyond Bevy's: pairs caused by run conditions in every
 * output form, and a Bevy export judged by a named Bevy's rules ({@code --bevy-version}), with its bad input.
 */
class AmbiguityRulesCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** ResMut<R> beside Query<EntityRef>, as Bevy 0.19 and later exports them: 1 pair by 0.19's rules, 0 by 0.18's. */
    private static final String EXPORT = """
            {"schedule_data": {"name": "Update",
              "systems": [
                {"name": "game::resmut_system", "apply_deferred": false, "exclusive": false, "deferred": false,
                 "filtered_accesses": [{"access": {"reads": [], "writes": [0], "reads_inverted": false, "writes_inverted": false,
                   "archetypal": []}, "filter_sets": [{"with": [0, 1], "without": []}]}]},
                {"name": "game::inspector", "apply_deferred": false, "exclusive": false, "deferred": false,
                 "filtered_accesses": [{"access": {"reads": [], "writes": [], "reads_inverted": true, "writes_inverted": false,
                   "archetypal": []}, "filter_sets": [{"with": [], "without": [1]}]}]},
                {"name": "game::editor", "apply_deferred": false, "exclusive": false, "deferred": false,
                 "filtered_accesses": [{"access": {"reads": [], "writes": [], "reads_inverted": true, "writes_inverted": true,
                   "archetypal": []}, "filter_sets": [{"with": [], "without": []}]}]}],
              "system_sets": [{"name": "Gameplay", "conditions": [{"name": "game::in_game"}]}],
              "hierarchy": [], "dependency": [],
              "components": [{"name": "game::Score", "required": []}, {"name": "bevy_ecs::resource::IsResource", "required": []}],
              "conflicts": [{"system_1": 0, "system_2": 2, "conflicting_access": {"Components": [0]}},
                            {"system_1": 1, "system_2": 2, "conflicting_access": "World"}]}}""";

    @Test
    void aBevyExportSaysWhichRulesJudgedIt(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("update.json");
        Files.writeString(file, EXPORT);
        CommandOutput detected = CommandOutput.run("ambiguities", "--from", "bevy", file.toString());
        assertThat(detected.code()).as(detected.err()).isZero();
        assertThat(detected.out()).contains("2 pairs of systems", "Bevy rules: Bevy 0.19 or later (detected: the export lists the"
                + " IsResource component", "game::in_game on set Gameplay (schedule Update)", "reported by Bevy only: 0\n");
        // by 0.18's rules the score is a resource: EntityMut (editor) no longer touches it
        CommandOutput old = CommandOutput.run("ambiguities", "--from", "bevy", "--bevy-version", "0.18", "--strict", file.toString());
        assertThat(old.out()).contains("1 pair of systems", "Bevy rules: Bevy 0.18 (--bevy-version)",
                "reported by Bevy only: 1 (1 on resources, which Bevy found by its own rules, 0.19 or later, not by the rules"
                        + " applied here)");
        assertThat(old.code()).as("the one pair left fails --strict; Bevy's pair by 0.19's rules does not").isEqualTo(1);
        assertThat(old.out()).doesNotContain("that Bevy reports are not found here");
        JsonNode json = JSON.readTree(CommandOutput.run("ambiguities", "--from", "bevy", "--bevy-version", "0.18", "--format", "json",
                file.toString()).out());
        assertThat(json.at("/bevy/resourcesAreComponents").asBoolean()).isFalse();
        assertThat(json.at("/bevy/sameRules").asBoolean()).isFalse();
        assertThat(json.at("/bevy/setConditions/0").asText()).startsWith("game::in_game on set Gameplay");
    }

    @Test
    void aBadBevyVersionOrOneWithoutABevyExportIsBadInput(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("update.json");
        Files.writeString(file, EXPORT);
        CommandOutput bad = CommandOutput.run("ambiguities", "--from", "bevy", "--bevy-version", "newest", file.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--bevy-version", "expected a Bevy version such as 0.18", "'newest'");
        CommandOutput alone = CommandOutput.run("ambiguities", "--bevy-version", "0.18", file.toString());
        assertThat(alone.code()).isEqualTo(2);
        assertThat(alone.err()).contains("--bevy-version", "add --from bevy");
    }

    @Test
    void aPairCausedByARunConditionIsNamedSoInEveryForm(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("conditions.json");
        Files.writeString(file, """
                {"sets": [{"name": "movement", "runIf": [{"name": "in_game", "access": {"readResources": ["State"]}}]}],
                 "stages": [{"name": "update", "systems": [
                   {"name": "pause_menu", "access": {"writeResources": ["State"]}},
                   {"name": "move", "sets": ["movement"], "access": {"queries": [{"write": ["Position"]}]}}]}]}""");
        CommandOutput text = CommandOutput.run("ambiguities", file.toString());
        assertThat(text.out()).contains("on resource State, read by a run condition (1 pair)",
                "run condition 'in_game' of set movement (on move) reads resource State, which pause_menu writes",
                "add \"before\": [\"movement\"] on pause_menu or \"after\": [\"movement\"] on pause_menu");
        JsonNode json = JSON.readTree(CommandOutput.run("ambiguities", "--format", "json", file.toString()).out());
        assertThat(json.at("/pairs/0/cause").asText()).isEqualTo("condition");
        assertThat(json.at("/pairs/0/condition/name").asText()).isEqualTo("in_game");
        assertThat(json.at("/pairs/0/condition/set").asText()).isEqualTo("movement");
        assertThat(json.at("/pairs/0/fixes/0/target").asText()).isEqualTo("movement");
        String sarif = CommandOutput.run("ambiguities", "--format", "sarif", file.toString()).out();
        SarifSchema.assertValid(sarif);
        JsonNode log = JSON.readTree(sarif);
        assertThat(log.at("/runs/0/results/0/ruleId").asText()).isEqualTo(AmbiguitySarif.CONDITION);
        assertThat(log.at("/runs/0/results/0/message/text").asText())
                .contains("run condition 'in_game' of set movement (on move) reads resource State, which pause_menu writes",
                        "\"before\": [\"movement\"] on pause_menu");
    }

    @Test
    void bevy019sAppDataIsRefusedSayingWhyNotPassed() {
        // an app_data.ron of Bevy 0.19.1's shape: no system records what it accesses
        Path file = Path.of("..", "ecs", "src", "test", "resources", "schedules", "bevy-app-data-v0.19.1.ron");
        CommandOutput r = CommandOutput.run("ambiguities", "--from", "bevy", file.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("bevy-app-data-v0.19.1.ron", "line ", "export of Bevy 0.19, which does not record what"
                + " systems access");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void underAnEarlierBevysRulesAPairOnlyBevyReportsOnAComponentStillFails(@TempDir Path dir) throws Exception {
        // Bevy's list claims inspector and resmut_system conflict on the world: not explained by resources
        Path file = dir.resolve("claims.json");
        Files.writeString(file, EXPORT.replace("\"conflicts\": [", "\"conflicts\": [{\"system_1\": 0, \"system_2\": 1,"
                + " \"conflicting_access\": \"World\"}, "));
        CommandOutput old = CommandOutput.run("ambiguities", "--from", "bevy", "--bevy-version", "0.18", "--strict", file.toString());
        assertThat(old.out()).contains("reported by Bevy only: 2 (1 on resources", "1 a disagreement: look at these",
                "1 pair(s) that Bevy reports are not found here: FAIL");
        assertThat(old.code()).isEqualTo(1);
    }
}
