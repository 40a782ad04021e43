package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.scenario.Data;
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
    void idleFramesReadWriteAndAreCheckedWithTheirPath() {
        String idle = GOOD.replace("\"frames\": 2,", "\"frames\": 2, \"clockJumps\": [ { \"beforeFrame\": 1, \"ticks\": 0,"
                + " \"idleFrames\": 1000000000 } ],");
        Scenario s = ScenarioJson.read(idle, "idle.json");
        assertThat(s.clockJumps().get(0).idleFrames()).isEqualTo(1_000_000_000L);
        assertThat(s.idleFramesBetween(0, 1)).isEqualTo(1_000_000_000L);
        assertThat(ScenarioJson.read(ScenarioJson.write(s), "again")).isEqualTo(s);
        assertThat(ScenarioJson.write(ScenarioJson.read(GOOD, "mini.json"))).doesNotContain("idleFrames");
        assertThatThrownBy(() -> ScenarioJson.read(idle.replace("1000000000", "0"), "idle.json"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("clockJumps[0]").hasMessageContaining("does nothing");
        assertThatThrownBy(() -> ScenarioJson.read(idle.replace("1000000000", "-3"), "idle.json"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("clockJumps[0].idleFrames");
    }

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

    /**
     * Every error of a scenario file now comes from the one JSON reader, so a value of the wrong type, an
     * unknown enum value, a missing field and a rule broken after binding all say the line and the column
     * where the culprit begins (before, only syntax errors had a column).
     */
    @Test
    void valueErrorsNameTheLineTheColumnAndThePath() {
        assertThat(refused(GOOD.replace("\"frames\": 2", "\"frames\": \"two\""))).satisfies(e -> {
            assertThat(e.location()).isEqualTo("line 7, column 13, frames");
            assertThat(e.problem()).isEqualTo("expected a whole number, found the string \"two\"");
        });
        String modified = GOOD.replace("\"CHANGED\"", "\"MODIFIED\"");
        assertThat(refused(modified).location())
                .isEqualTo("line 6, column " + column(modified, 6, "\"MODIFIED\"") + ", stages[0].systems[1].watches[0].kind");
        String misspelt = GOOD.replace("\"system\": \"writer\", \"op\"", "\"system\": \"writre\", \"op\"");
        assertThat(refused(misspelt).location()).isEqualTo("line 9, column " + column(misspelt, 9, "\"writre\"")
                + ", edits[0].system");
        String noOp = GOOD.replace("\"op\": \"SET\", ", "");
        ScenarioException missing = refused(noOp);
        assertThat(missing.location()).as("the object that lacks it")
                .isEqualTo("line 9, column " + column(noOp, 9, "{") + ", edits[0].op");
        assertThat(missing.problem()).isEqualTo("missing field \"op\" (it is required)");
    }

    /**
     * A watch's query built in a run, and a world that observes everything: read, written back the same way,
     * and left out when they are the defaults (a file written before they existed reads as it did, and a
     * scenario without them writes what it wrote then).
     */
    @Test
    void aQueryBuiltInARunAndAWorldThatObservesEverythingRoundTripAndDefaultsAreNotWritten() {
        Scenario plain = ScenarioJson.read(GOOD, "mini.json");
        assertThat(plain.observeEverything()).isFalse();
        assertThat(plain.system("detector").watches().get(0).builtInRun()).isFalse();
        assertThat(ScenarioJson.write(plain)).doesNotContain("built").doesNotContain("observeEverything");
        String inRun = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"CHANGED\", \"from\": 1, \"built\": \"IN_RUN\" }")
                .replace("\"frames\": 2,", "\"frames\": 2, \"observeEverything\": true,");
        Scenario s = ScenarioJson.read(inRun, "mini.json");
        assertThat(s.system("detector").watches().get(0).builtInRun()).isTrue();
        assertThat(s.observeEverything()).isTrue();
        assertThat(ScenarioJson.read(ScenarioJson.write(s), "again")).isEqualTo(s);
        String between = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"CHANGED\", \"built\": \"BETWEEN_FRAMES\" }");
        assertThat(ScenarioJson.read(between, "mini.json")).as("the default, spelt out").isEqualTo(plain);
    }

    @Test
    void onlyAComponentQueryCanBeBuiltInARun() {
        String removed = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"REMOVED\", \"built\": \"IN_RUN\" }");
        assertThat(refused(removed).location()).endsWith("stages[0].systems[1].watches[0].built");
        String unknown = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"CHANGED\", \"built\": \"LATER\" }");
        assertThat(refused(unknown).location()).endsWith("stages[0].systems[1].watches[0].built");
    }

    @Test
    void aWatchOverASetRoundTripsAndABadSetIsRefusedWithWhere() {
        Scenario plain = ScenarioJson.read(GOOD, "mini.json");
        assertThat(ScenarioJson.write(plain)).doesNotContain("\"with\" : [ \"");
        String set = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"CHANGED\", \"with\": [\"S\", \"B\"] }");
        Scenario s = ScenarioJson.read(set, "mini.json");
        assertThat(s.system("detector").watches().get(0).with()).as("kept sorted").containsExactly(Data.B, Data.S);
        assertThat(s.system("detector").watches().get(0).toString()).isEqualTo("Changed<A>, With<B>, With<S>");
        assertThat(ScenarioJson.read(ScenarioJson.write(s), "again")).isEqualTo(s);
        String where = "stages[0].systems[1].watches[0].with";
        String removed = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"REMOVED\", \"with\": [\"B\"] }");
        assertThat(refused(removed).location()).endsWith(where);
        assertThat(refused(removed).getMessage()).contains("only a component's Added, Mutated or Changed");
        String resource = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"CHANGED\", \"with\": [\"R\"] }");
        assertThat(refused(resource).getMessage()).contains(where).contains("R, a resource");
        String itself = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"CHANGED\", \"with\": [\"A\"] }");
        assertThat(refused(itself).getMessage()).contains("the watched component itself");
        String twice = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"CHANGED\", \"with\": [\"B\", \"B\"] }");
        assertThat(refused(twice).getMessage()).contains("B twice");
        String unknown = GOOD.replace("\"kind\": \"CHANGED\" }", "\"kind\": \"CHANGED\", \"with\": [\"C\"] }");
        assertThat(refused(unknown).location()).contains("with");
    }

    /** The 1-based column where {@code token} starts on line {@code line} of {@code json}. */
    private static int column(String json, int line, String token) {
        return json.lines().skip(line - 1).findFirst().orElseThrow().indexOf(token) + 1;
    }

    private static ScenarioException refused(String json) {
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> ScenarioJson.read(json, "mini.json"));
        assertThat(e).as("refused").isNotNull();
        assertThat(e.getMessage()).startsWith("mini.json (" + e.location() + "): ");
        return e;
    }

    @Test
    void aCycleOfConstraintsIsBadInputNamingTheCycleInOrderAndTheLine() {
        String cyclic = GOOD.replace("{ \"name\": \"detector\",", "{ \"name\": \"detector\", \"before\": [\"writer\"],");
        assertThatThrownBy(() -> ScenarioJson.read(cyclic, "cyclic.json")).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("cyclic.json (line 4, ").hasMessageContaining("stages[0]")
                .hasMessageContaining("writer -> detector -> writer");
    }
}
