package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.schedule.ScheduleBuildException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile schedule files end in one line of {@link BadInputException} naming the file, the place and
 * the problem, quickly and within memory: bytes that are not UTF-8, deep nesting, huge names and values,
 * control characters in names, too many systems, endless input. No message carries a Java class name.
 */
class ScheduleJsonLimitsTest {
    private static final Duration BOUND = Duration.ofSeconds(30);      // "does not hang", not a timing
    private static final Pattern JAVA_NAME = Pattern.compile("(java|com|dev|org)\\.[a-z]+\\.|Exception|`");

    private static BadInputException fails(String json) {
        BadInputException e = assertTimeoutPreemptively(BOUND, () -> catchThrowableOfType(BadInputException.class,
                () -> ScheduleJson.read(new StringReader(json), "hostile.json")));
        assertThat(e).as("a BadInputException").isNotNull();
        assertThat(e.getMessage()).startsWith("hostile.json").doesNotContain("\n");
        assertThat(JAVA_NAME.matcher(e.getMessage()).find()).as("Java names in %s", e.getMessage()).isFalse();
        return e;
    }

    @Test
    void aFileThatIsNotUtf8IsRefusedWithTheByteOffset(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("latin1.json");
        Files.write(file, "{\"stages\": [{\"name\": \"D\u00e9part\", \"systems\": []}]}".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> ScheduleJson.read(file)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith(file + " (byte offset 23, line 1): not UTF-8");
    }

    @Test
    void deepNestingIsRefusedAtTheLimitWithoutOverflowingTheStack() {
        String filter = "{\"not\": ".repeat(100_000) + "{\"with\": \"A\"}" + "}".repeat(100_000);
        BadInputException e = fails("{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"a\", \"access\":"
                + " {\"queries\": [{\"read\": [\"A\"], \"filter\": " + filter + "}]}}]}]}");
        assertThat(e.problem()).isEqualTo("objects and arrays nest more than 64 levels deep here; the limit is 64 levels"
                + " (set with -Decslab.limit.jsonDepth=N)");
        assertThat(e.location()).startsWith("line 1, column ").contains("$.stages[0].systems[0].access.queries[0].filter.not.not");
        fails("[".repeat(1_000_000));
    }

    @Test
    void aHugeNameIsRefusedByItsLengthAndShownCut() {
        BadInputException e = fails("{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"" + "n".repeat(100_000)
                + "\"}]}]}");
        assertThat(e.problem()).isEqualTo("a system name: a name of 100000 characters; the limit is 1000 characters"
                + " (set with -Decslab.limit.nameLength=N)");
        BadInputException kind = fails("{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"a\", \"kind\": \""
                + "K".repeat(500) + "\"}]}]}");
        assertThat(kind.getMessage().length()).isLessThan(400);
        BadInputException field = fails("{\"stages\": [], \"" + "f".repeat(10_000) + "\": 1}");
        assertThat(field.problem()).startsWith("unknown field \"" + "f".repeat(60) + "...\" (10000 characters); expected one of");
        BadInputException value = fails("{\"stages\": [], \"maxStageIterations\": \"" + "v".repeat(1_000_000) + "\"}");
        assertThat(value.getMessage().length()).isLessThan(400);
    }

    @Test
    void controlCharactersInNamesAreRefusedAtTheName() {
        String json = "{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"ok\"},"
                + " {\"name\": \"a\\nstage evil:\\n  -- x and y\"}]}]}";
        BadInputException e = fails(json);
        assertThat(e.location()).isEqualTo("line 1, column " + (json.indexOf("\"a\\n") + 1) + ", $.stages[0].systems[1].name");
        assertThat(e.problem()).startsWith("a system name: a name may not contain a line break (U+000A)");
        fails("{\"components\": [\"Pos\\u001b[2J\"], \"stages\": []}");
        fails("{\"stages\": [{\"name\": \"s\\u202e\", \"systems\": []}]}");
        fails("{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"a\", \"before\": [\"b\\r\"]}]}]}");
    }

    @Test
    void hugeNumbersAreRefusedInWords() {
        BadInputException e = fails("{\"stages\": [], \"maxStageIterations\": 1" + "0".repeat(5000) + "}");
        assertThat(e.problem()).contains("a number of 5001 characters");
        BadInputException big = fails("{\"stages\": [], \"maxStageIterations\": 99999999999999999999}");
        assertThat(big.problem()).startsWith("expected a positive integer of at most 2147483647, found 99999999999999999999");
        fails("{\"stages\": [], \"maxStageIterations\": 1e999999999}");
    }

    @Test
    void tooManySystemsAreRefusedNamingTheLimit() {
        System.setProperty(ScheduleJson.MAX_SYSTEMS.property(), "3");
        try {
            BadInputException e = fails("{\"stages\": [{\"name\": \"s\", \"systems\": [{\"name\": \"a\"}, {\"name\": \"b\"},"
                    + " {\"name\": \"c\"}, {\"name\": \"d\"}]}]}");
            assertThat(e.location()).endsWith("$.stages[0].systems[3]");
            assertThat(e.problem()).isEqualTo("the schedule has more than 3 systems; the limit is 3 systems"
                    + " (set with -Decslab.limit.scheduleSystems=N)");
        } finally {
            System.clearProperty(ScheduleJson.MAX_SYSTEMS.property());
        }
    }

    @Test
    void anEndlessReaderIsCutAtTheSizeLimit() {
        System.setProperty("ecslab.limit.fileBytes", "1000");
        try {
            Reader endless = new Reader() {
                @Override
                public int read(char[] buffer, int off, int len) {
                    java.util.Arrays.fill(buffer, off, off + len, ' ');
                    return len;
                }

                @Override
                public void close() {
                }
            };
            BadInputException e = assertTimeoutPreemptively(BOUND, () -> catchThrowableOfType(BadInputException.class,
                    () -> ScheduleJson.read(endless, "stdin")));
            assertThat(e).hasMessage("stdin ($): the input has more than 1000 characters; the limit is 1000 bytes"
                    + " (set with -Decslab.limit.fileBytes=N)");
        } finally {
            System.clearProperty("ecslab.limit.fileBytes");
        }
    }

    @Test
    void syntaxErrorsNameNoParserInternals() {
        BadInputException e = fails("{\"stages\": [{\"name\": \"s\", \"systems\": [");
        assertThat(e.problem()).startsWith("invalid JSON: Unexpected end-of-input");
        fails("{\"stages\": [] /* comment */}");
        fails("{\"stages\": [],}");
        fails("\u0000");
    }

    @Test
    void anUnknownConstraintTargetSuggestsTheNearestName() {
        LoadedSchedule loaded = ScheduleJson.read(new StringReader("{\"stages\": [{\"name\": \"s\", \"systems\": ["
                + "{\"name\": \"movement\"}, {\"name\": \"render\", \"after\": [\"movment\"]}]}]}"), "t.json");
        assertThatThrownBy(loaded::compile).isInstanceOf(ScheduleBuildException.class)
                .hasMessageEndingWith("no system, label, set or system type is called 'movment' (did you mean \"movement\"?)");
    }
}
