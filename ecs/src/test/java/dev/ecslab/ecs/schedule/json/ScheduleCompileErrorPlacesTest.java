package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.schedule.ScheduleBuildException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/**
 * Every rule the compiler checks points into the file: the message starts with the source, the line,
 * column and JSON path of the first culprit, and names where the other culprits are. Positions are
 * checked against markers in the text, computed independently of the parser.
 */
class ScheduleCompileErrorPlacesTest {
    private static final String SOURCE = "engine.json";

    private static ScheduleBuildException compileFails(String json) {
        LoadedSchedule loaded = ScheduleJson.read(new StringReader(json), SOURCE);
        ScheduleBuildException e = catchThrowableOfType(loaded::ambiguities, ScheduleBuildException.class);
        assertThat(e).as("compiling must fail").isNotNull();
        assertThat(e.getMessage()).doesNotContain("\n");
        return e;
    }

    /** "(line L, column C, PATH)" of the n-th occurrence (from 0) of {@code marker}. */
    private static String at(String json, String marker, int occurrence, String path) {
        int index = -1;
        for (int k = 0; k <= occurrence; k++) {
            index = json.indexOf(marker, index + 1);
            assertThat(index).as("marker %s #%s", marker, k).isNotNegative();
        }
        int line = 1 + (int) json.substring(0, index).chars().filter(c -> c == '\n').count();
        int column = index - (json.lastIndexOf('\n', index - 1) + 1) + 1;
        return "line " + line + ", column " + column + ", " + path;
    }

    private static String lineAndColumn(String json, String marker, int occurrence) {
        String full = at(json, marker, occurrence, "");
        return full.substring(0, full.lastIndexOf(", "));
    }

    @Test
    void anUnknownTargetPointsAtTheConstraintAndSuggestsTheNearestName() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "movement"},
                  {"name": "render", "after": ["input", "movment"]},
                  {"name": "input"}
                ]}]}""";
        ScheduleBuildException e = compileFails(json);
        assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.UNKNOWN_TARGET);
        assertThat(e.getMessage()).startsWith(SOURCE + " (" + at(json, "\"movment\"", 0, "$.stages[0].systems[1].after[1]") + "): ")
                .contains("did you mean \"movement\"?");
    }

    @Test
    void aCyclePointsAtEachConstraintThatFormsIt() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "before": ["b"]},
                  {"name": "b", "labels": ["middle"]},
                  {"name": "c", "after": ["middle"], "before": ["a"]}
                ]}]}""";
        ScheduleBuildException e = compileFails(json);
        assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.CYCLE);
        assertThat(e.getMessage()).startsWith(SOURCE + " (" + at(json, "\"b\"]", 0, "$.stages[0].systems[0].before[0]") + "): ")
                .contains("a -> b -> c -> a")
                .contains("then $.stages[0].systems[2].after[0] (" + lineAndColumn(json, "\"middle\"]", 1) + ")")
                .contains("$.stages[0].systems[2].before[0] (" + lineAndColumn(json, "\"a\"]", 0) + ")");
        assertThat(e.places()).containsExactly("stages[0].systems[0].before[0]", "stages[0].systems[2].after[0]",
                "stages[0].systems[2].before[0]");
    }

    @Test
    void aDuplicateSystemNamePointsAtBothNames() {
        String json = """
                {"stages": [
                  {"name": "first", "systems": [{"name": "move"}]},
                  {"name": "second", "systems": [{"name": "draw"}, {"name": "move"}]}
                ]}""";
        ScheduleBuildException e = compileFails(json);
        assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.DUPLICATE_NAME);
        assertThat(e.getMessage()).startsWith(SOURCE + " (" + at(json, "\"move\"", 1, "$.stages[1].systems[1].name") + "): ")
                .contains("also at $.stages[0].systems[0].name (line 2");
    }

    @Test
    void aDuplicateStagePointsAtBothStages() {
        String json = """
                {"stages": [
                  {"name": "update", "systems": [{"name": "a"}]},
                  {"name": "update", "systems": [{"name": "b"}]}
                ]}""";
        ScheduleBuildException e = compileFails(json);
        assertThat(e.getMessage()).startsWith(SOURCE + " (" + at(json, "\"update\"", 1, "$.stages[1].name") + "): ");
    }

    @Test
    void aConstraintAgainstTheStageOrderPointsAtTheConstraint() {
        String json = """
                {"stages": [
                  {"name": "first", "systems": [{"name": "early", "after": ["late"]}]},
                  {"name": "second", "systems": [{"name": "late"}]}
                ]}""";
        ScheduleBuildException e = compileFails(json);
        assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.CROSS_STAGE);
        assertThat(e.getMessage()).startsWith(SOURCE + " (" + at(json, "\"late\"]", 0, "$.stages[0].systems[0].after[0]") + "): ");
    }

    @Test
    void anExclusiveSystemWithAPartialAccessPointsAtTheAccess() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "spawn", "kind": "EXCLUSIVE", "access": {"readResources": ["Time"]}}
                ]}]}""";
        ScheduleBuildException e = compileFails(json);
        assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.EXCLUSIVE_ACCESS);
        assertThat(e.getMessage()).startsWith(SOURCE + " (" + at(json, "{\"readResources\"", 0, "$.stages[0].systems[0].access") + "): ")
                .contains("also at $.stages[0].systems[0].kind");
    }

    @Test
    void aCycleThroughASetRulePointsAtTheRule() {
        String json = """
                {"sets": [{"name": "physics", "before": ["render"]}],
                 "stages": [{"name": "update", "systems": [
                   {"name": "gravity", "sets": ["physics"]},
                   {"name": "render", "before": ["gravity"]}
                 ]}]}""";
        ScheduleBuildException e = compileFails(json);
        assertThat(e.kind()).isEqualTo(ScheduleBuildException.Kind.CYCLE);
        assertThat(e.places()).containsExactly("sets[0].before[0]", "stages[0].systems[1].before[0]");
        assertThat(e.getMessage()).startsWith(SOURCE + " (" + at(json, "\"render\"]", 0, "$.sets[0].before[0]") + "): ");
    }
}
