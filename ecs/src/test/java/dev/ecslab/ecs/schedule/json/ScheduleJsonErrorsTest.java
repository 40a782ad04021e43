package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.EcsException;
import dev.ecslab.ecs.input.BadInputException;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of malformed input raises {@link ScheduleJsonException} with the source name, the line
 * and column of the offending token (checked against the position of a marker in the text, computed
 * independently of Jackson) and its JSON path.
 */
class ScheduleJsonErrorsTest {
    private static final String SOURCE = "other-engine.json";

    /** Reads {@code json}, expects a failure at the first occurrence of {@code marker}, returns the exception. */
    private static ScheduleJsonException failsAt(String json, String marker, String path) {
        return failsAt(json, marker, 0, path);
    }

    /** As {@link #failsAt(String, String, String)}, the expected column being {@code shift} past the marker. */
    private static ScheduleJsonException failsAt(String json, String marker, int shift, String path) {
        int index = json.indexOf(marker);
        assertThat(index).as("marker %s in test input", marker).isNotNegative();
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < index; i++) {
            if (json.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = index - lineStart + 1 + shift;
        Throwable t = org.assertj.core.api.Assertions.catchThrowable(
                () -> ScheduleJson.read(new StringReader(json), SOURCE));
        assertThat(t).isInstanceOf(ScheduleJsonException.class).isInstanceOf(BadInputException.class)
                .isInstanceOf(EcsException.class);
        ScheduleJsonException e = (ScheduleJsonException) t;
        assertThat(e.sourceName()).isEqualTo(SOURCE);
        assertThat(e.line()).as("line of %s", e.getMessage()).isEqualTo(line);
        assertThat(e.column()).as("column of %s", e.getMessage()).isEqualTo(column);
        assertThat(e.path()).isEqualTo(path);
        assertThat(e.getMessage()).startsWith(SOURCE + " (line " + line + ", column " + column + ", " + path + "): ");
        assertThat(e.getMessage()).doesNotContain("\n");
        return e;
    }

    @Test
    void unknownFieldIsRejectedAtItsName() {
        String json = """
                {
                  "stages": [
                    {"name": "update", "systems": [
                      {"name": "movement", "acess": {"readResources": ["Time"]}}
                    ]}
                  ]
                }
                """;
        ScheduleJsonException e = failsAt(json, "\"acess\"", "$.stages[0].systems[0].acess");
        assertThat(e.problem()).contains("unknown field \"acess\"", "did you mean \"access\"?");
    }

    @Test
    void unknownFieldInAQueryIsRejected() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "movement", "access": {"queries": [{"reads": ["Velocity"]}]}}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"reads\"", "$.stages[0].systems[0].access.queries[0].reads");
        assertThat(e.problem()).contains("unknown field \"reads\"", "read, write, readAll, writeAll, filter");
    }

    /** A schedule with nothing in it judges nothing: no stage, or stages without a system, is refused at "stages". */
    @Test
    void aScheduleWithNoStageOrNoSystemIsRefused() {
        String none = "{\"components\": [\"A\"], \"stages\": []}";
        assertThat(failsAt(none, "[]", "$.stages").problem())
                .isEqualTo("lists no stage: a schedule with nothing in it judges nothing (was the wrong file exported, or an"
                        + " empty list?)");
        String idle = """
                {"stages": [{"name": "update", "systems": []}]}""";
        assertThat(failsAt(idle, "[{", "$.stages").problem())
                .isEqualTo("holds no system in any of its 1 stage(s): a schedule with nothing in it judges nothing");
        // one system anywhere is something to judge
        assertThat(ScheduleJson.read(new StringReader("""
                {"stages": [{"name": "update", "systems": []}, {"name": "late", "systems": [{"name": "a"}]}]}"""), SOURCE)
                .ambiguities().pairs()).isEmpty();
    }

    @Test
    void unknownTopLevelFieldIsRejected() {
        String json = """
                {"stages": [], "ambiguities": "ERROR"}
                """;
        ScheduleJsonException e = failsAt(json, "\"ambiguities\"", "$.ambiguities");
        assertThat(e.problem()).contains("did you mean \"ambiguity\"?");
    }

    @Test
    void wrongTypeIsRejectedAtTheValue() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a"},
                  {"name": "b", "ambiguousWithAll": "yes"}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"yes\"", "$.stages[0].systems[1].ambiguousWithAll");
        assertThat(e.problem()).isEqualTo("expected a boolean (true or false), found the string \"yes\"");
    }

    @Test
    void aStringWhereAnArrayBelongsIsRejected() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "labels": "physics"}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"physics\"", "$.stages[0].systems[0].labels");
        assertThat(e.problem()).isEqualTo("expected an array, found the string \"physics\"");
    }

    @Test
    void aNumberWhereANameBelongsIsRejected() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "access": {"queries": [{"read": ["Position", 42]}]}}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "42", "$.stages[0].systems[0].access.queries[0].read[1]");
        assertThat(e.problem()).contains("expected a string (component name), found the number 42");
    }

    @Test
    void unknownEnumValueIsRejectedWithTheChoices() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "kind": "PARALLEL"}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"PARALLEL\"", "$.stages[0].systems[0].kind");
        assertThat(e.problem()).contains("unknown system kind \"PARALLEL\"",
                "NORMAL, EXCLUSIVE, MAIN_THREAD, SYNC_POINT");
    }

    @Test
    void unknownAmbiguitySettingIsRejected() {
        String json = """
                {"ambiguity": "warn", "stages": []}
                """;
        ScheduleJsonException e = failsAt(json, "\"warn\"", "$.ambiguity");
        assertThat(e.problem()).contains("IGNORE, WARN, ERROR", "did you mean \"WARN\"?");
    }

    @Test
    void unknownFilterOperatorIsRejected() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "access": {"queries": [
                    {"write": ["Position"], "filter": {"and": [{"with": "Player"}, {"withot": "Frozen"}]}}]}}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"withot\"",
                "$.stages[0].systems[0].access.queries[0].filter.and[1].withot");
        assertThat(e.problem()).contains("unknown filter operator \"withot\"",
                "with, without, and, or, not, xor", "did you mean \"without\"?");
    }

    @Test
    void aFilterWithTwoOperatorsIsRejected() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "access": {"queries": [{"filter": {"with": "A", "without": "B"}}]}}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"without\"", "$.stages[0].systems[0].access.queries[0].filter.without");
        assertThat(e.problem()).contains("exactly one operator");
    }

    @Test
    void anEmptyFilterIsRejected() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "access": {"queries": [{"filter": {}}]}}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "{}", "$.stages[0].systems[0].access.queries[0].filter");
        assertThat(e.problem()).contains("found none");
    }

    @Test
    void anEmptyXorIsRejected() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "access": {"queries": [{"read": ["A"], "filter": {"not": {"xor": []}}}]}}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "[]}}", "$.stages[0].systems[0].access.queries[0].filter.not.xor");
        assertThat(e.problem()).isEqualTo("\"xor\" takes exactly two filters, found 0");
    }

    @Test
    void syntaxErrorCarriesJacksonsLocationAndTheEnclosingPath() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a", "before": ["b",]}]}]}
                """;
        ScheduleJsonException e = failsAt(json, ",]", 1, "$.stages[0].systems[0].before");
        assertThat(e.problem()).startsWith("invalid JSON: ");
        assertThat(e.getCause()).isInstanceOf(com.fasterxml.jackson.core.JsonProcessingException.class);
    }

    @Test
    void missingCommaIsASyntaxError() {
        String json = """
                {
                  "ordering": "EXPLICIT"
                  "stages": []
                }
                """;
        ScheduleJsonException e = failsAt(json, "\"stages\"", "$");
        assertThat(e.problem()).contains("was expecting comma");
    }

    @Test
    void truncatedInputIsASyntaxError() {
        String json = "{\"stages\": [{\"name\": \"update\", \"systems\": [";
        ScheduleJsonException e = failsAt(json, "[", json.length() - json.indexOf('[') , "$.stages[0].systems");
        assertThat(e.problem()).contains("end-of-input");
    }

    @Test
    void trailingContentIsRejected() {
        String json = """
                {"stages": []}
                [1]
                """;
        ScheduleJsonException e = failsAt(json, "[1]", "$");
        assertThat(e.problem()).contains("after the end of the top-level object");
    }

    @Test
    void aSystemWithoutANameIsRejectedAtTheSystem() {
        String json = """
                {"stages": [{"name": "update", "systems": [
                  {"name": "a"},
                  {"kind": "EXCLUSIVE", "after": ["a"]}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "{\"kind\"", "$.stages[0].systems[1]");
        assertThat(e.problem()).contains("a system needs a \"name\"");
    }

    @Test
    void aBlankSystemNameIsRejected() {
        String json = """
                {"stages": [{"name": "update", "systems": [{"name": "  "}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"  \"", "$.stages[0].systems[0].name");
        assertThat(e.problem()).contains("must not be blank");
    }

    @Test
    void aStageWithoutANameIsRejected() {
        String json = """
                {"stages": [{"systems": []}]}
                """;
        failsAt(json, "{\"systems\"", "$.stages[0]");
    }

    @Test
    void missingStagesIsRejected() {
        String json = """
                {"ordering": "EXPLICIT"}
                """;
        ScheduleJsonException e = failsAt(json, "{", "$");
        assertThat(e.problem()).contains("missing field \"stages\"");
    }

    @Test
    void theTopLevelMustBeAnObject() {
        String json = """
                [{"stages": []}]
                """;
        ScheduleJsonException e = failsAt(json, "[", "$");
        assertThat(e.problem()).contains("expected an object (the schedule), found an array");
    }

    @Test
    void emptyInputIsRejected() {
        ScheduleJsonException e = failsAt("  ", "  ", 2, "$");
        assertThat(e.problem()).contains("empty");
    }

    @Test
    void aDuplicateFieldIsRejectedAtTheSecondOccurrence() {
        String json = """
                {"stages": [{"name": "update", "systems": [{"name": "a", "kind": "NORMAL", "name": "b"}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"name\": \"b\"", "$.stages[0].systems[0].name");
        assertThat(e.problem()).contains("duplicate field \"name\"", "column 45");
    }

    @Test
    void aSetDeclaredTwiceIsRejected() {
        String json = """
                {"sets": [{"name": "physics"}, {"name": "physics", "criterion": "fixed"}], "stages": []}
                """;
        failsAt(json, "\"physics\", \"criterion\"", "$.sets[1].name");
    }

    @Test
    void anIgnoredNameThatIsNoDataIsRejected() {
        String json = """
                {"ignoreAmbiguitiesOn": ["Tiem"],
                 "stages": [{"name": "s", "systems": [{"name": "a", "access": {"readResources": ["Time"]}}]}]}
                """;
        ScheduleJsonException e = failsAt(json, "\"Tiem\"", "$.ignoreAmbiguitiesOn[0]");
        assertThat(e.problem()).contains("no component or resource", "did you mean \"Time\"?");
    }

    @Test
    void worldAccessCannotBeCombinedWithParts() {
        String json = """
                {"stages": [{"name": "s", "systems": [
                  {"name": "a", "access": {"readResources": ["Time"], "world": true}}]}]}
                """;
        failsAt(json, "\"world\"", "$.stages[0].systems[0].access.world");
    }

    @Test
    void aNonPositiveIterationBoundIsRejected() {
        String json = """
                {"maxStageIterations": 0, "stages": []}
                """;
        failsAt(json, "0", "$.maxStageIterations");
    }

    @Test
    void anOddKeyIsQuotedInThePath() {
        String json = """
                {"stages": [], "my field": 1}
                """;
        failsAt(json, "\"my field\"", "$[\"my field\"]");
    }

    @Test
    void aMalformedFileIsNamedByItsPath(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("broken.json");
        Files.writeString(file, "{\n  \"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": 3}]}]\n}\n");

        assertThatThrownBy(() -> ScheduleJson.read(file)).isInstanceOfSatisfying(ScheduleJsonException.class, e -> {
            assertThat(e.sourceName()).isEqualTo(file.toString());
            assertThat(e.getMessage()).startsWith(file + " (line 2, column 49, $.stages[0].systems[0].name): ");
        });
    }

    @Test
    void aMissingFileIsBadInputNamingTheFile(@TempDir Path dir) {
        assertThatThrownBy(() -> ScheduleJson.read(dir.resolve("missing.json")))
                .isInstanceOf(BadInputException.class).hasMessage(dir.resolve("missing.json") + ": no such file");
    }
}
