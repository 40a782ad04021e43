package dev.ecslab.ecs.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.ecs.input.InputLimit;
import dev.ecslab.ecs.json.JsonTree.Node;
import dev.ecslab.ecs.json.JsonTree.Num;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The RON reader: each form ron 0.12 writes (and a person editing the file would write) becomes the value
 * serde_json writes for the same data, every value keeps its place in the RON text, and each error names
 * its line, column, path and what was expected.
 */
class RonTreeTest {
    private static Node ron(String text) {
        return RonTree.parse(text, "t.ron", JsonTree.MAX_VALUES, Set.of("AppData", "Index"));
    }

    static Stream<Arguments> sameData() {
        return Stream.of(
                Arguments.of("()", "null"),
                Arguments.of("(3)", "3"),
                Arguments.of("(3,)", "[3]"),
                Arguments.of("(1, \"a\", true)", "[1, \"a\", true]"),
                Arguments.of("((0), System(2))", "[0, {\"System\": 2}]"),
                Arguments.of("World", "\"World\""),
                Arguments.of("Components([0, 1])", "{\"Components\": [0, 1]}"),
                Arguments.of("V(1, 2)", "{\"V\": [1, 2]}"),
                Arguments.of("V(a: 1)", "{\"V\": {\"a\": 1}}"),
                Arguments.of("V()", "{\"V\": []}"),
                Arguments.of("Some(4)", "4"),
                Arguments.of("Some(None)", "null"),
                Arguments.of("[Some(\"x\"), None]", "[\"x\", null]"),
                Arguments.of("{\"k\": 1, 2: true, false: \"x\", World: 0,}", "{\"k\": 1, \"2\": true, \"false\": \"x\", \"World\": 0}"),
                Arguments.of("[]", "[]"),
                Arguments.of("{}", "{}"),
                Arguments.of("r#\"a \"quoted\" \\ path\"#", "\"a \\\"quoted\\\" \\\\ path\""),
                Arguments.of("r\"plain\"", "\"plain\""),
                Arguments.of("\"tab\\there \\\"q\\\" \\'s\\' \\\\ \\0 \\u{1F600} \\xC3\\xA9 \\x41\"",
                        "\"tab\\there \\\"q\\\" 's' \\\\ \\u0000 \uD83D\uDE00 \u00E9 A\""),
                Arguments.of("\"two\nlines\"", "\"two\\nlines\""),
                Arguments.of("'x'", "\"x\""),
                Arguments.of("'\\''", "\"'\""),
                Arguments.of("[0x1F, 0o17, 0b101, 1_000_000, -42i64, +7, 255u8, -128i8]", "[31, 15, 5, 1000000, -42, 7, 255, -128]"),
                Arguments.of("[1.5, -0.25e-3, 2f32, 1e5, .5, 1., 007.50f64]", "[1.5, -0.25e-3, 2.0, 1e5, 0.5, 1.0, 7.5]"),
                Arguments.of("[inf, -inf, NaN, +NaN, inff32]", "[null, null, null, null, null]"),
                Arguments.of("(t: true, f: false)", "{\"t\": true, \"f\": false}"),
                Arguments.of("r#true", "\"true\""),
                Arguments.of("(r#type: 1)", "{\"type\": 1}"),
                Arguments.of("AppData(schedules: [Index(3)])", "{\"schedules\": [3]}"),
                Arguments.of("[AppData, AppData()]", "[null, {}]"),
                Arguments.of("#![enable(implicit_some)]\n#![enable(unwrap_newtypes, explicit_struct_names,)]\n// a comment\n"
                        + "/* a /* nested */ comment */ (a: /* here */ 1, // there\n b: 2,)", "{\"a\": 1, \"b\": 2}"),
                Arguments.of("\uFEFF(a: 1)", "{\"a\": 1}"),
                Arguments.of("(\r\n    a: 1,\u000B\u2028\r\n)", "{\"a\": 1}"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("sameData")
    void ronReadsAsSerdeJsonWritesTheSameData(String ron, String json) {
        assertThat(TreeValues.of(ron(ron))).isEqualTo(TreeValues.ofJson(json));
    }

    @Test
    void everyValueKnowsItsLineColumnAndPath() {
        String text = """
                (
                    name: "Update",
                    hierarchy: [
                        ((0), System(2)),
                    ],
                )""";
        Node root = ron(text);
        Node name = JsonTree.find(root, "$.name");
        assertThat(name.pos()).isEqualTo(new JsonTree.Pos(2, 11));
        assertThat(name.path()).isEqualTo("$.name");
        assertThat(((JsonTree.Obj) root).members().get(1).keyPos()).isEqualTo(new JsonTree.Pos(3, 5));
        // the newtype (0) is its value, with the path of the parentheses
        Node parent = JsonTree.find(root, "$.hierarchy[0][0]");
        assertThat(parent).isInstanceOf(Num.class);
        assertThat(parent.path()).isEqualTo("$.hierarchy[0][0]");
        assertThat(parent.pos()).isEqualTo(new JsonTree.Pos(4, 11));
        Node variant = JsonTree.find(root, "$.hierarchy[0][1]");
        assertThat(variant.pos()).isEqualTo(new JsonTree.Pos(4, 15));
        Node child = JsonTree.find(root, "$.hierarchy[0][1].System");
        assertThat(((Num) child).integer()).hasToString("2");
        assertThat(child.path()).isEqualTo("$.hierarchy[0][1].System");
        assertThat(child.pos()).isEqualTo(new JsonTree.Pos(4, 22));
    }

    @Test
    void limitsNameThemselves() {
        JsonInputException deep = catchThrowableOfType(JsonInputException.class, () -> ron("[".repeat(65) + "]".repeat(65)));
        assertThat(deep.column()).isEqualTo(65);
        assertThat(deep.problem()).isEqualTo("structs, tuples, lists, maps and variants nest more than 64 levels deep here;"
                + " the limit is 64 levels (set with -Decslab.limit.jsonDepth=N)");
        JsonInputException variants = catchThrowableOfType(JsonInputException.class,
                () -> ron("V(".repeat(40) + ")".repeat(40)));
        assertThat(variants.problem()).startsWith("structs, tuples, lists, maps and variants nest more than 64 levels");
        JsonInputException somes = catchThrowableOfType(JsonInputException.class, () -> ron("Some(".repeat(100_000)));
        assertThat(somes.problem()).startsWith("structs, tuples, lists, maps and variants nest more than 64 levels");
        InputLimit three = new InputLimit("ecslab.test.values", 3, "values");
        JsonInputException many = catchThrowableOfType(JsonInputException.class,
                () -> RonTree.parse("[1, 2, 3]", "m.ron", three));
        assertThat(many.getMessage()).isEqualTo("m.ron (line 1, column 8, $[2]): the file holds more than 3 RON values;"
                + " the limit is 3 values (set with -Decslab.test.values=N)");
        JsonInputException number = catchThrowableOfType(JsonInputException.class, () -> ron("[" + "9".repeat(1001) + "]"));
        assertThat(number.getMessage()).isEqualTo("t.ron (line 1, column 2, $[0]): a number of more than 1000 characters;"
                + " at most 1000 are read");
        JsonInputException hashes = catchThrowableOfType(JsonInputException.class, () -> ron("r" + "#".repeat(256) + "\"x\""));
        assertThat(hashes.problem()).isEqualTo("a raw string with 256 '#'; at most 255 are read");
    }

    static Stream<Arguments> errors() {
        return Stream.of(
                Arguments.of("(\n    systems [],\n)", "(line 2, column 13, $.systems): expected ':' after field name \"systems\", found '['"),
                Arguments.of("(\r\n    a: 1,\r\n    b 2,\r\n)", "(line 3, column 7, $.b): expected ':' after field name \"b\", found '2'"),
                Arguments.of("(a: 1 b: 2)", "(line 1, column 7, $): expected ',' or ')' after the value of field \"a\", found the name \"b\""),
                Arguments.of("(a: 1, 2)", "(line 1, column 8, $): expected a field name or ')', found '2'"),
                Arguments.of("(a: 1,", "(line 1, column 7, $): expected a field name or ')', found the end of the input"),
                Arguments.of("(a: 1, a: 2)", "(line 1, column 8, $.a): duplicate field \"a\" (first at line 1, column 2)"),
                Arguments.of("[1 2]", "(line 1, column 4, $): expected ',' or ']' after item 0 of a list, found '2'"),
                Arguments.of("[1,", "(line 1, column 4, $[1]): the input ends where a value was expected"),
                Arguments.of("(1 2)", "(line 1, column 4, $): expected ',' or ')' after item 0 of a tuple, found '2'"),
                Arguments.of("{\"a\" 1}", "(line 1, column 6, $.a): expected ':' after map key \"a\", found '1'"),
                Arguments.of("{\"a\": 1 \"b\": 2}", "(line 1, column 9, $): expected ',' or '}' after the value of map key \"a\","
                        + " found '\"'"),
                Arguments.of("{\"a\": 1, \"a\": 2}", "(line 1, column 10, $.a): duplicate map key \"a\" (first at line 1, column 2)"),
                Arguments.of("{(1, 2): 3}", "(line 1, column 2, $): a map key must be a string, a whole number, a boolean or a"
                        + " unit variant (JSON names fields with text), found an array"),
                Arguments.of("(a: \"abc)", "(line 1, column 5, $.a): a string that is never closed: no '\"' before the end of the input"),
                Arguments.of("\"a\\qb\"", "(line 1, column 3, $): unknown escape \\q; RON has \\\", \\', \\\\, \\n, \\r, \\t, \\0,"
                        + " \\xNN and \\u{N}"),
                Arguments.of("\"\\u{110000}\"", "(line 1, column 2, $): \\u{110000} is not a Unicode character"),
                Arguments.of("\"\\u{D800}\"", "(line 1, column 2, $): \\u{D800} is not a Unicode character"),
                Arguments.of("\"\\u1234\"", "(line 1, column 4, $): expected '{' after \\u: RON writes a Unicode escape as"
                        + " \\u{1F600}, found '1'"),
                Arguments.of("\"\\u{12\"", "(line 1, column 7, $): expected 1 to 6 hexadecimal digits and '}' in \\u{...}, found '\"'"),
                Arguments.of("\"\\xC3\"", "(line 1, column 6, $): \\xC3 starts a UTF-8 character of 2 bytes: expected 1 more"
                        + " \\xNN, found '\"'"),
                Arguments.of("\"\\xFF\"", "(line 1, column 2, $): \\xFF is not the first byte of a UTF-8 character"),
                Arguments.of("\"\\xE0\\x80\\x80\"", "(line 1, column 2, $): these \\xNN escapes do not form a UTF-8 character"),
                Arguments.of("\"\\xG0\"", "(line 1, column 4, $): expected two hexadecimal digits after \\x, found 'G'"),
                Arguments.of("'\\xC3'", "(line 1, column 2, $): \\xC3 is not an ASCII character (a character literal writes"
                        + " others as \\u{...})"),
                Arguments.of("r#\"abc\"", "(line 1, column 1, $): a raw string that is never closed: no '\"#' before the end of the input"),
                Arguments.of("r##x", "(line 1, column 4, $): expected '\"' to open the raw string r##\"...\", found the name \"x\""),
                Arguments.of("b\"bytes\"", "(line 1, column 1, $): a byte string or byte literal (b\"...\", b'x') is not read:"
                        + " expected a string, a number or a structure"),
                Arguments.of("''", "(line 1, column 1, $): a character literal holds one character, such as 'a' or '\\n', found ''"),
                Arguments.of("'ab'", "(line 1, column 3, $): expected ''' to end the character literal, found the name \"b\""),
                Arguments.of("0x", "(line 1, column 3, $): expected digits after 0x, found the end of the input"),
                Arguments.of("0x_1", "(line 1, column 3, $): the digits of a number may not start with '_'"),
                Arguments.of("0b102", "(line 1, column 5, $): '2' is not a digit in base 2"),
                Arguments.of("12abc", "(line 1, column 3, $): unexpected \"abc\" after the number 12: a number ends with a"
                        + " digit or a type suffix (i8, i16, i32, i64, i128, u8, u16, u32, u64, u128, f32, f64)"),
                Arguments.of("1.5u8", "(line 1, column 4, $): unexpected \"u8\" after the number 1.5: a number ends with a"
                        + " digit or a type suffix (f32, f64)"),
                Arguments.of("300u8", "(line 1, column 1, $): 300 does not fit in u8 (0 to 255)"),
                Arguments.of("-129i8", "(line 1, column 1, $): -129 does not fit in i8 (-128 to 127)"),
                Arguments.of("1.5e", "(line 1, column 5, $): expected the digits of the exponent, found the end of the input"),
                Arguments.of("1._5", "(line 1, column 3, $): a number's fraction may not start with '_'"),
                Arguments.of("[-]", "(line 1, column 3, $[0]): expected a digit after \"-\", found ']'"),
                Arguments.of("Some 1", "(line 1, column 6, $): expected '(' after Some, found '1'"),
                Arguments.of("Some(1", "(line 1, column 7, $): expected ')' to end Some(...), found the end of the input"),
                Arguments.of("(a: 1) x", "(line 1, column 8, $): expected the end of the input after the top-level value,"
                        + " found the name \"x\""),
                Arguments.of("", "(line 1, column 1, $): the input is empty; expected a RON value"),
                Arguments.of("  // only a comment", "(line 1, column 20, $): the input is empty; expected a RON value"),
                Arguments.of("(a: /* open", "(line 1, column 5, $.a): a comment that is never closed: no '*/' before the end of the input"),
                Arguments.of("(a: 1) / x", "(line 1, column 8, $): expected a comment ('//' or '/*') after '/', found ' '"),
                Arguments.of("#![enable(magic)]\n()", "(line 1, column 11, $): unknown extension \"magic\"; ron 0.12 has implicit_some,"
                        + " unwrap_newtypes, unwrap_variant_newtypes, explicit_struct_names"),
                Arguments.of("#![allow(x)]", "(line 1, column 4, $): expected 'enable' in an extension header #![enable(...)], found"
                        + " the name \"allow\""),
                Arguments.of("#![enable(implicit_some unwrap_newtypes)]", "(line 1, column 25, $): expected ',' or ')' after the"
                        + " extension \"implicit_some\", found the name \"unwrap_newtypes\""),
                Arguments.of("#![enable(implicit_some)\n()", "(line 2, column 1, $): expected ']' to end the extension header"
                        + " #![enable(...)], found '('"),
                Arguments.of("#![enable()]", "(line 1, column 11, $): expected the name of an extension in #![enable(...)], found ')'"),
                Arguments.of("(a: @)", "(line 1, column 5, $.a): expected a value (a struct (...), a list [...], a map {...}, a string,"
                        + " a number, true, false, None, Some(...) or an enum variant), found '@'"),
                Arguments.of("(a: \u0007)", "(line 1, column 5, $.a): expected a value (a struct (...), a list [...], a map {...},"
                        + " a string, a number, true, false, None, Some(...) or an enum variant), found U+0007"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @MethodSource("errors")
    void eachErrorSaysWhereAndWhatWasExpected(String ron, String message) {
        JsonInputException e = catchThrowableOfType(JsonInputException.class, () -> ron(ron));
        assertThat(e).as("an error for %s", ron).isNotNull();
        assertThat(e.getMessage()).isEqualTo("t.ron " + message);
    }
}
