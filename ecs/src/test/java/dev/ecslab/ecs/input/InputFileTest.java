package dev.ecslab.ecs.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every way a file given from outside can be unusable ends in one {@link BadInputException} naming the
 * file and the problem, at once: no hang on a FIFO, no heap filled by {@code /dev/zero}, no silent
 * replacement of bytes that are not UTF-8.
 */
class InputFileTest {
    /** A limit of its own, so that no test changes a property another test reads. */
    private static final InputLimit SMALL = new InputLimit("ecslab.test.inputFileTest.bytes", 64, "bytes");
    private static final Duration AT_ONCE = Duration.ofSeconds(20);   // generous: "does not hang", not a timing

    @Test
    void aRegularUtf8FileIsReadWithoutItsByteOrderMark(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("ok.json");
        Files.write(file, ("\uFEFF{\"name\": \"é→\"}").getBytes(StandardCharsets.UTF_8));
        assertThat(InputFile.readUtf8(file)).isEqualTo("{\"name\": \"é→\"}");
    }

    @Test
    void aMissingFileADirectoryAndAnUnreadableOneAreNamed(@TempDir Path dir) throws IOException {
        assertThatThrownBy(() -> InputFile.readUtf8(dir.resolve("nope.json")))
                .isInstanceOf(BadInputException.class).hasMessage(dir.resolve("nope.json") + ": no such file");
        assertThatThrownBy(() -> InputFile.readUtf8(dir))
                .isInstanceOf(BadInputException.class).hasMessage(dir + ": is a directory, not a file");
        Path locked = Files.writeString(dir.resolve("locked.json"), "{}");
        assumeThat(locked.toFile().setReadable(false)).isTrue();
        assumeThat(Files.isReadable(locked)).as("not running as a user who reads everything").isFalse();
        assertThatThrownBy(() -> InputFile.readUtf8(locked)).isInstanceOf(BadInputException.class)
                .hasMessage(locked + ": permission denied");
    }

    @Test
    void aFifoIsRefusedBeforeItIsOpened(@TempDir Path dir) throws Exception {
        Path fifo = dir.resolve("pipe.json");
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assumeThat(p.waitFor()).as("mkfifo is available").isZero();
        BadInputException e = assertTimeoutPreemptively(AT_ONCE,
                () -> org.assertj.core.api.Assertions.catchThrowableOfType(BadInputException.class,
                        () -> InputFile.readUtf8(fifo)));
        assertThat(e).hasMessageStartingWith(fifo + ": is not a regular file (a FIFO, device or socket)");
    }

    @Test
    void aDeviceIsRefusedAtOnce() {
        Path zero = Path.of("/dev/zero");
        assumeThat(Files.exists(zero)).isTrue();
        BadInputException e = assertTimeoutPreemptively(AT_ONCE,
                () -> org.assertj.core.api.Assertions.catchThrowableOfType(BadInputException.class,
                        () -> InputFile.readUtf8(zero)));
        assertThat(e.source()).isEqualTo("/dev/zero");
        assertThat(e.problem()).startsWith("is not a regular file");
    }

    @Test
    void aFileAboveTheLimitIsRefusedNamingTheLimitAndItsProperty(@TempDir Path dir) throws IOException {
        Path big = Files.writeString(dir.resolve("big.json"), "x".repeat(65));
        assertThatThrownBy(() -> InputFile.readUtf8(big, SMALL)).isInstanceOf(BadInputException.class)
                .hasMessage(big + ": the file has 65 bytes; the limit is 64 bytes (set with -Decslab.test.inputFileTest.bytes=N)");
        Path exact = Files.writeString(dir.resolve("exact.json"), "x".repeat(64));
        assertThat(InputFile.readUtf8(exact, SMALL)).hasSize(64);
    }

    @Test
    void theLimitFollowsItsSystemProperty(@TempDir Path dir) throws IOException {
        InputLimit limit = new InputLimit("ecslab.test.inputFileTest.property", 4, "bytes");
        Path file = Files.writeString(dir.resolve("five.json"), "12345");
        assertThatThrownBy(() -> InputFile.readUtf8(file, limit)).isInstanceOf(BadInputException.class);
        System.setProperty(limit.property(), "5");
        try {
            assertThat(InputFile.readUtf8(file, limit)).isEqualTo("12345");
            System.setProperty(limit.property(), "five");
            assertThatThrownBy(() -> InputFile.readUtf8(file, limit)).isInstanceOf(BadInputException.class)
                    .hasMessage("system property ecslab.test.inputFileTest.property: expected a positive whole number"
                            + " (bytes), found \"five\"");
        } finally {
            System.clearProperty(limit.property());
        }
    }

    @Test
    void theLargestLimitStillReadsAFile(@TempDir Path dir) throws IOException {
        // Long.MAX_VALUE + 1 overflowed into an empty buffer, and the read loop never ended
        InputLimit limit = new InputLimit("ecslab.test.inputFileTest.largest", Long.MAX_VALUE, "bytes");
        Path file = Files.writeString(dir.resolve("two.json"), "{}");
        assertThat(assertTimeoutPreemptively(Duration.ofSeconds(10), () -> InputFile.readUtf8(file, limit))).isEqualTo("{}");
    }

    @Test
    void bytesThatAreNotUtf8AreRefusedWithTheirOffsetAndLine(@TempDir Path dir) throws IOException {
        Path latin1 = dir.resolve("latin1.json");
        Files.write(latin1, "{\n  \"name\": \"caf\u00e9\"\n}".getBytes(StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> InputFile.readUtf8(latin1)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("byte offset 16, line 2");
            assertThat(e.problem()).startsWith("not UTF-8: the byte(s) 0xe9 do not form a UTF-8 character");
        });
        Path cut = dir.resolve("cut.json");
        byte[] arrow = "→".getBytes(StandardCharsets.UTF_8);
        Files.write(cut, new byte[] {'"', arrow[0], arrow[1]});
        assertThatThrownBy(() -> InputFile.readUtf8(cut)).isInstanceOfSatisfying(BadInputException.class, e -> {
            assertThat(e.location()).isEqualTo("byte offset 1, line 1");
            assertThat(e.problem()).isEqualTo("not UTF-8: the file ends inside a multi-byte character (0xe2 0x86)");
        });
        Path overlong = dir.resolve("overlong.json");
        Files.write(overlong, new byte[] {'a', (byte) 0xC0, (byte) 0xAF});        // an overlong '/', never valid
        assertThatThrownBy(() -> InputFile.readUtf8(overlong)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("byte offset 1").hasMessageContaining("not UTF-8");
    }
}
