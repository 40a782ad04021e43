package dev.ecslab.ecs.input;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Names that could forge or hide a line of output are refused, in words. */
class InputNamesTest {
    @Test
    void ordinaryNamesPass() {
        assertThat(InputNames.problem("movement")).isNull();
        assertThat(InputNames.problem("bevy_transform::propagate<Transform>")).isNull();
        assertThat(InputNames.problem("Größe · 位置")).isNull();
    }

    @Test
    void controlCharactersSeparatorsAndBidiControlsAreRefused() {
        assertThat(InputNames.problem("a\nFAIL b")).isEqualTo(
                "a name may not contain a line break (U+000A) (found at character 2 of \"a\\u000aFAIL b\")");
        assertThat(InputNames.problem("a\rb")).contains("a carriage return (U+000D)");
        assertThat(InputNames.problem("tab\there")).contains("a tab (U+0009)");
        assertThat(InputNames.problem("\u001B[31mred")).contains("an escape character (U+001B)");
        assertThat(InputNames.problem("x\u2028y")).contains("a line or paragraph separator (U+2028)");
        assertThat(InputNames.problem("abc\u202Edef")).contains("a bidirectional text control (U+202E)");
        assertThat(InputNames.problem("nul\u0000")).contains("the control character U+0000");
    }

    @Test
    void overlongNamesAreRefusedNamingTheLimitAndAreShownCut() {
        String problem = InputNames.problem("n".repeat(1001));
        assertThat(problem).isEqualTo("a name of 1001 characters; the limit is 1000 characters"
                + " (set with -Decslab.limit.nameLength=N)");
        assertThat(InputNames.shown("n".repeat(1001))).isEqualTo("\"" + "n".repeat(60) + "...\" (1001 characters)");
        assertThat(InputNames.shown("a\nb")).isEqualTo("\"a\\u000ab\"");
    }
}
