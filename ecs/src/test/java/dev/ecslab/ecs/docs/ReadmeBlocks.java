package dev.ecslab.ecs.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks that the README shows exactly the code a docs test compiles and runs. */
final class ReadmeBlocks {
    private ReadmeBlocks() {
    }

    /**
     * Asserts that the code between {@code // MARKER-BEGIN} and {@code // MARKER-END} in the test's
     * source is the README's java block marked {@code <!-- example: PATH -->}.
     */
    static void assertReadmeShows(String testSource, String marker) throws IOException {
        String source = Files.readString(Path.of(testSource));
        Matcher region = Pattern.compile("// " + marker + "-BEGIN\\n(.*?)\\n\\s*// " + marker + "-END", Pattern.DOTALL)
                .matcher(source);
        assertThat(region.find()).as("%s must contain the %s region", testSource, marker).isTrue();
        String readme = Files.readString(Path.of("../README.md"));
        Matcher block = Pattern.compile("<!-- example: ecs/" + Pattern.quote(testSource) + " -->\\s*```java\\n(.*?)```",
                Pattern.DOTALL).matcher(readme);
        assertThat(block.find()).as("README.md must contain the example block marked with %s", testSource).isTrue();
        assertThat(normalize(block.group(1))).isEqualTo(normalize(region.group(1)));
    }

    /** Drops the common indentation and blank lines, so only the code itself is compared. */
    static List<String> normalize(String code) {
        List<String> lines = code.lines().map(String::stripTrailing).filter(l -> !l.isEmpty()).toList();
        int indent = lines.stream().mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        return lines.stream().map(l -> l.substring(indent)).toList();
    }
}
