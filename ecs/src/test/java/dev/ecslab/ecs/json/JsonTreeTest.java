package dev.ecslab.ecs.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Num;
import dev.ecslab.ecs.json.JsonTree.Obj;
import dev.ecslab.ecs.json.JsonTree.Str;
import org.junit.jupiter.api.Test;

/** The one JSON reader: positions, lookups by the paths errors print, and limits that name themselves. */
class JsonTreeTest {
    private static final String TEXT = """
            {
              "stages": [ { "name": "update" },
                          { "name": "render", "odd key": 12 } ],
              "criteria": { "1": true }
            }
            """;

    @Test
    void everyValueKnowsItsLineColumnAndPath() {
        Node root = JsonTree.parse(TEXT, "t.json", JsonTree.MAX_VALUES);
        Node render = JsonTree.find(root, "$.stages[1].name");
        assertThat(render).isInstanceOf(Str.class);
        assertThat(((Str) render).value()).isEqualTo("render");
        assertThat(render.line()).isEqualTo(3);
        assertThat(render.column()).isEqualTo(TEXT.lines().skip(2).findFirst().orElseThrow().indexOf("\"render\"") + 1);
        assertThat(render.path()).isEqualTo("$.stages[1].name");
        Node odd = JsonTree.find(root, "stages[1][\"odd key\"]");
        assertThat(odd).isInstanceOf(Num.class);
        assertThat(odd.path()).isEqualTo("$.stages[1][\"odd key\"]");
        assertThat(JsonTree.find(root, "criteria.1").kind()).as("a segment after a dot is a field name").isEqualTo("a boolean");
    }

    @Test
    void aPathThatLeadsToNothingFindsTheDeepestValueOnTheWay() {
        Node root = JsonTree.parse(TEXT, "t.json", JsonTree.MAX_VALUES);
        assertThat(JsonTree.find(root, "stages[0].systems").path()).isEqualTo("$.stages[0]");
        assertThat(JsonTree.find(root, "stages[7].name").path()).isEqualTo("$.stages");
        assertThat(((Obj) root).get("frames")).isEmpty();
    }

    @Test
    void syntaxErrorsAndLimitsAreJsonInputExceptionsWithTheirPlace() {
        JsonInputException syntax = catchThrowableOfType(JsonInputException.class,
                () -> JsonTree.parse("{\"a\": [1, }", "s.json", JsonTree.MAX_VALUES));
        assertThat(syntax.getMessage()).startsWith("s.json (line 1, column 11, $.a): invalid JSON");
        InputLimit three = new InputLimit("ecslab.test.values", 3, "values");
        JsonInputException many = catchThrowableOfType(JsonInputException.class,
                () -> JsonTree.parse("[1, 2, 3]", "m.json", three));
        assertThat(many.path()).isEqualTo("$[2]");
        assertThat(many.problem()).isEqualTo("the file holds more than 3 JSON values; the limit is 3 values"
                + " (set with -Decslab.test.values=N)");
        JsonInputException duplicate = catchThrowableOfType(JsonInputException.class,
                () -> JsonTree.parse("{\"a\": 1,\n \"a\": 2}", "d.json", JsonTree.MAX_VALUES));
        assertThat(duplicate.getMessage()).isEqualTo("d.json (line 2, column 2, $.a): duplicate field \"a\""
                + " (first at line 1, column 2)");
    }
}
