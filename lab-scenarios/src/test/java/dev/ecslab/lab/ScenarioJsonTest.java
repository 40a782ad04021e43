package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import org.junit.jupiter.api.Test;

/** Scenarios survive a JSON round trip; bad files are refused with the line and the culprit. */
class ScenarioJsonTest {

    @Test
    void everyCatalogueScenarioAndRandomOnesRoundTrip() {
        for (Scenario s : Catalogue.all()) {
            assertThat(ScenarioJson.read(ScenarioJson.write(s), s.name())).isEqualTo(s);
        }
        for (long seed = 0; seed < 50; seed++) {
            Scenario s = ScenarioGenerator.generate("r" + seed, Choices.seeded(seed));
            assertThat(ScenarioJson.read(ScenarioJson.write(s), s.name())).isEqualTo(s);
        }
    }

    static final String GOOD = """
            {
              "name": "mini",
              "entities": [ { "label": "e0", "components": { "A": 0 } } ],
              "stages": [ { "name": "update", "systems": [
                  { "name": "writer", "writes": ["A"], "before": ["detector"] },
                  { "name": "detector", "watches": [ { "data": "A", "kind": "CHANGED" } ] } ] } ],
              "frames": 2,
              "edits": [
                { "frame": 0, "system": "writer", "op": "SET", "entity": "e0", "data": "A", "value": 1 } ]
            }
            """;

    @Test
    void aHandWrittenScenarioReadsWithDefaults() {
        Scenario s = ScenarioJson.read(GOOD, "mini.json");
        assertThat(s.stages().get(0).iterations()).isEqualTo(1);
        assertThat(s.system("writer").before()).containsExactly("detector");
        assertThat(s.edits().get(0).iteration()).isZero();
    }

    @Test
    void anUnknownSystemInAnEditNamesThePathAndTheLine() {
        String bad = GOOD.replace("\"system\": \"writer\", \"op\"", "\"system\": \"writre\", \"op\"");
        assertThatThrownBy(() -> ScenarioJson.read(bad, "mini.json")).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("mini.json (line 9, ")
                .hasMessageContaining("edits[0].system")
                .hasMessageContaining("unknown system 'writre'");
    }

    @Test
    void anUndeclaredWriteIsRefused() {
        String bad = GOOD.replace("\"writes\": [\"A\"], ", "");
        assertThatThrownBy(() -> ScenarioJson.read(bad, "mini.json"))
                .hasMessageContaining("writer writes A directly but does not declare the write");
    }

    @Test
    void syntaxErrorsAndUnknownFieldsNameTheLineAndColumn() {
        assertThatThrownBy(() -> ScenarioJson.read(GOOD.replace("\"frames\": 2,", "\"frames\": 2,,"), "mini.json"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("mini.json (line 7, column ");
        assertThatThrownBy(() -> ScenarioJson.read(GOOD.replace("\"frames\"", "\"frame_count\""), "mini.json"))
                .hasMessageContaining("mini.json (line 7, ").hasMessageContaining("frame_count");
        assertThatThrownBy(() -> ScenarioJson.read(GOOD.replace("\"CHANGED\"", "\"MODIFIED\""), "mini.json"))
                .hasMessageContaining("mini.json (line 6, ").hasMessageContaining("MODIFIED");
    }

    @Test
    void aCycleOfConstraintsIsBadInputNamingTheCycleInOrderAndTheLine() {
        String cyclic = GOOD.replace("{ \"name\": \"detector\",", "{ \"name\": \"detector\", \"before\": [\"writer\"],");
        assertThatThrownBy(() -> ScenarioJson.read(cyclic, "cyclic.json")).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("cyclic.json (line 4, ").hasMessageContaining("stages[0]")
                .hasMessageContaining("writer -> detector -> writer");
    }
}
