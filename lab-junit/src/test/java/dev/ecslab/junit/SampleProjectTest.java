package dev.ecslab.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample project ({@code src/test/resources/sample-project}: an engine author's strategies, a correct one and one
 * that drops removals, listed in its {@code META-INF/services}, each with a test that gates it) behaves as its own
 * build would, checked in-process: its sources compiled with the system compiler, its tests run through the JUnit
 * Platform Launcher. The correct strategy's test passes; the broken one's fails with the replay command, and that
 * command, run as printed in a JVM of its own, replays the failure (exit code 1: "fails, reproduced"). The real Maven
 * build of the same project is {@link SampleProjectBuildTest} (the long profile).
 */
class SampleProjectTest {
    static final Pattern JAVA_REPLAY = Pattern.compile("java @(\\S+) replay (\\S+\\.json)");

    static Path sampleProject() {
        return DocExamplesTest.repository().resolve("lab-junit/src/test/resources/sample-project");
    }

    @Test
    void theCorrectStrategyPassesAndTheBrokenOneFailsWithAReplayThatReproducesIt(@TempDir Path dir)
            throws IOException, InterruptedException {
        Path project = sampleProject();
        List<String> sources = new ArrayList<>();
        try (Stream<Path> all = Files.walk(project.resolve("src"))) {
            for (Path f : all.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                sources.add(Files.readString(f));
            }
        }
        Map<String, String> resources = new LinkedHashMap<>();
        String services = "META-INF/services/dev.ecslab.ecs.change.ChangeTrackerProvider";
        resources.put(services, Files.readString(project.resolve("src/main/resources").resolve(services)));
        CompiledTests compiled = CompiledTests.compile(dir, sources, resources);

        CompiledTests.Outcome correct = compiled.run("com.example.tracking.CorrectTrackerTest").values().iterator().next();
        assertThat(correct.failure()).as("the correct strategy's gate").isNull();

        CompiledTests.Outcome broken = compiled.run("com.example.tracking.BrokenTrackerTest").values().iterator().next();
        assertThat(broken.failure()).as("the broken strategy's gate must fail").isInstanceOf(GateFailure.class);
        String message = broken.failure().getMessage();
        assertThat(message).contains("gate sample-drops-removals / serial: expected exact").contains("broken promise: ")
                .contains("seed 11").doesNotContain("is not listed in META-INF/services");
        Matcher replay = JAVA_REPLAY.matcher(message);
        assertThat(replay.find()).as("a java @ARGS replay FILE command in:\n" + message).isTrue();

        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "@" + replay.group(1), "replay", replay.group(2)).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as("lab replay's exit code (1: fails, reproduced):\n" + out).isEqualTo(1);
        assertThat(out).contains("sample-drops-removals").contains("the same verdict");
    }
}
