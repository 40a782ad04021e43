package dev.ecslab.ecs.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks that the documentation shows exactly the code a docs test compiles and runs. An example block lives
 * in the README or in one of the pages under {@code docs/}; the block is found by its marker wherever it is.
 */
final class ReadmeBlocks {
    private ReadmeBlocks() {
    }

    /**
     * Asserts that the code between {@code // MARKER-BEGIN} and {@code // MARKER-END} in the test's
     * source is the java block marked {@code <!-- example: PATH -->} in the README or a page under {@code docs/}.
     */
    static void assertReadmeShows(String testSource, String marker) throws IOException {
        String source = Files.readString(Path.of(testSource));
        Matcher region = Pattern.compile("// " + marker + "-BEGIN\\n(.*?)\\n\\s*// " + marker + "-END", Pattern.DOTALL)
                .matcher(source);
        assertThat(region.find()).as("%s must contain the %s region", testSource, marker).isTrue();
        String readme = documentation();
        Matcher block = Pattern.compile("<!-- example: ecs/" + Pattern.quote(testSource) + " -->\\s*```java\\n(.*?)```",
                Pattern.DOTALL).matcher(readme);
        assertThat(block.find()).as("README.md or a page in docs/ must contain the example block marked with %s", testSource).isTrue();
        assertThat(normalize(block.group(1))).isEqualTo(normalize(region.group(1)));
    }

    /** The README and every Markdown page under {@code docs/}, one after the other, in name order. */
    static String documentation() throws IOException {
        StringBuilder all = new StringBuilder(Files.readString(Path.of("../README.md")));
        try (var pages = Files.list(Path.of("../docs"))) {
            for (Path page : pages.filter(f -> f.toString().endsWith(".md")).sorted().toList()) {
                all.append('\n').append(Files.readString(page));
            }
        }
        return all.toString();
    }

    /** Drops the common indentation and blank lines, so only the code itself is compared. */
    static List<String> normalize(String code) {
        List<String> lines = code.lines().map(String::stripTrailing).filter(l -> !l.isEmpty()).toList();
        int indent = lines.stream().mapToInt(l -> l.length() - l.stripLeading().length()).min().orElse(0);
        return lines.stream().map(l -> l.substring(indent)).toList();
    }
}
