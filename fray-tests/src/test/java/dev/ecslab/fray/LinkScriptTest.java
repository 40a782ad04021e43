package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Fray lane is never skipped: {@code link-fray-jdk.sh}, which the build and {@code .ci/run} call, finds a
 * JDK 25 or fails with a message that says what it looked at and how to point it at one; a JDK named
 * explicitly that is not a 25 is refused, never passed over for another.
 */
class LinkScriptTest {
    @TempDir
    Path empty;

    record Result(int exit, String out, String err) {
    }

    private static Result find(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", "link-fray-jdk.sh", "--find"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().remove("ECSLAB_JDK25");
        pb.environment().remove("JDK25_HOME");
        pb.environment().remove("JAVA_HOME_25_X64");
        pb.environment().remove("JAVA_HOME_25_ARM64");
        pb.environment().putAll(env);
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the script answers").isTrue();
        return new Result(p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip(),
                new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void withoutAJdk25ItFailsNamingWhereItLookedAndHowToGiveOne() throws Exception {
        Result r = find(Map.of("ECSLAB_JDK_SEARCH", empty.toString()));
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).contains("no JDK 25 found").contains(empty.toString()).contains("ECSLAB_JDK25")
                .contains("-Decslab.jdk25");
    }

    @Test
    void aNamedJdkThatIsNot25IsRefusedNotPassedOver() throws Exception {
        Result r = find(Map.of("ECSLAB_JDK25", empty.toString()));
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.err()).contains(empty.toString()).contains("is not a JDK 25");
    }

    @Test
    void theJdkItFindsIsA25() throws Exception {
        Result r = find(Map.of());
        assertThat(r.exit()).as(r.err()).isZero();
        Process p = new ProcessBuilder(Path.of(r.out(), "bin", "java").toString(), "-version").redirectErrorStream(true).start();
        String version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(version).containsPattern("\"25[.\"]");
        assertThat(Files.isExecutable(Path.of(r.out(), "bin", "jlink"))).isTrue();
    }
}
