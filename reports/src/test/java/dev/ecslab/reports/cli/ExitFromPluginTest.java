package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.ProviderJar;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code --no-isolate} a plug-in runs in the lab's JVM, so a strategy that calls {@code System.exit(0)}
 * part-way through a campaign used to end {@code lab gate} with exit 0, what a CI job reads as a pass, with no
 * verdict printed (a gate that judged nothing). In a real process ({@link LabMain#main}) the gate then halts with
 * 1, says why, and writes no report. (Isolated, the default, the exit ends only a child JVM and is judged a crash:
 * {@link HostilePluginTest}.)
 */
class ExitFromPluginTest {

    @Test
    void aStrategyThatCallsSystemExitZeroFailsTheGate(@TempDir Path dir) throws Exception {
        Path jar = ProviderJar.build(dir.resolve("ExitsZero"), ChangeTrackerProvider.class, "ExitsZero", """
                package ext;

                import dev.ecslab.ecs.change.*;

                public final class ExitsZero implements ChangeTrackerProvider {
                    public String id() { return "ext-exits-zero"; }
                    public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.EXACT; }
                    public String description() { return "ends the JVM with status 0 on its world's third frame end"; }
                    public ChangeTracker create() {
                        return new ForwardingChangeTracker(new GenerationTracker()) {
                            int frames;
                            @Override public void onFrameEnded() {
                                super.onFrameEnded();
                                if (++frames == 3) { System.exit(0); }
                            }
                        };
                    }
                }
                """);
        Path out = dir.resolve("out");
        Path junit = dir.resolve("gate.xml");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName(),
                "gate", "--no-isolate", "--strategy-jar", jar.toString(), "--strategy", "ext-exits-zero", "--executor", "serial",
                "--expect", "exact", "--tries", "2", "--no-memory", "--quiet", "--out", out.toString(),
                "--junit", junit.toString())
                .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String err = Files.readString(dir.resolve("stderr.txt"), StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(err).isEqualTo(1);
        assertThat(err).contains("the code under test ended the JVM");
        assertThat(Files.readString(dir.resolve("stdout.txt"))).doesNotContain("PASS");
        assertThat(Files.readString(junit)).contains("errors=\"1\"");
    }
}
