package dev.ecslab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples of {@code docs/junit.md} are real: every fenced Java block is compiled (as its own compilation unit,
 * warnings as errors) against this module's test class path, and every test class among them is run through the JUnit
 * Platform Launcher. The examples that promise to pass pass; {@code DropsRemovalsTest}, which the page says fails, fails
 * with a {@link GateFailure} whose message has the replay command. The README's example is one of the page's.
 */
class DocExamplesTest {
    private static final Pattern JAVA = Pattern.compile("(?ms)^```java\\n(.*?)^```");

    static Path repository() {
        Path here = Path.of("").toAbsolutePath();
        return Files.isRegularFile(here.resolve("docs/junit.md")) ? here : here.getParent();
    }

    static List<String> javaBlocks(String markdown) {
        List<String> out = new ArrayList<>();
        Matcher m = JAVA.matcher(markdown);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    @Test
    void everyExampleCompilesAndRunsAsThePageSays(@TempDir Path dir) throws IOException {
        List<String> blocks = javaBlocks(Files.readString(repository().resolve("docs/junit.md")));
        assertThat(blocks).as("the page's Java examples").hasSizeGreaterThanOrEqualTo(5);
        CompiledTests compiled = CompiledTests.compile(dir, blocks, Map.of());

        List<String> tests = blocks.stream().filter(b -> b.contains("@Test")).map(CompiledTests::typeName).toList();
        assertThat(tests).containsExactly("MyTrackerTest", "DropsRemovalsTest", "MyExecutorTest");
        for (String test : tests) {
            Map<String, CompiledTests.Outcome> outcomes = compiled.run(test);
            for (CompiledTests.Outcome o : outcomes.values()) {
                if (test.equals("DropsRemovalsTest")) {
                    assertThat(o.failure()).as(test + " must fail: the page says so").isInstanceOf(GateFailure.class);
                    assertThat(o.failure().getMessage()).contains("gate drops-removals / serial: expected exact")
                            .contains("broken promise: ").contains("seed 42").contains("-Decslab.seed=42")
                            .containsPattern("\\./lab replay \\S+/counterexamples/\\S+\\.json")
                            .containsPattern("java @\\S+/lab\\.args replay \\S+\\.json")
                            .contains("the strategy 'drops-removals' (DropsRemovalsProvider) is not listed in"
                                    + " META-INF/services/dev.ecslab.ecs.change.ChangeTrackerProvider")
                            .contains("the same gate from the command line: ./lab gate --strategy drops-removals"
                                    + " --executor serial --expect exact --tries 20 --seed 42 --no-memory");
                } else {
                    assertThat(o.failure()).as(test + "." + o.test() + " must pass").isNull();
                }
            }
        }
    }

    @Test
    void theReadmeExampleIsOneOfThePagesExamples() throws IOException {
        String readme = Files.readString(repository().resolve("README.md"));
        int section = readme.indexOf("### The gate in a JUnit test");
        assertThat(section).as("README's section on lab-junit").isNotNegative();
        List<String> readmeBlocks = javaBlocks(readme.substring(section));
        assertThat(readmeBlocks).isNotEmpty();
        String page = Files.readString(repository().resolve("docs/junit.md"));
        assertThat(javaBlocks(page)).as("the README's first example after its JUnit heading, on docs/junit.md")
                .contains(readmeBlocks.get(0));
    }
}
