package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.ProviderJar;
import dev.ecslab.lab.engine.EngineProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bad engine jar is refused the same way whether its code is loaded in a child JVM (the default) or in the lab's
 * ({@code --no-isolate}): the same exit status (2) and message for a file that is not a jar, a jar without engines and a
 * provider that throws stating its contract; a provider that halts its JVM while it is loaded is a crash (exit 1),
 * which in the lab's own JVM would have ended the gate with 0.
 */
class BadEngineJarTest {
    @TempDir
    Path dir;

    private static String provider(String cls, String contract) {
        return """
                package ext;

                import dev.ecslab.lab.engine.*;

                public final class %s implements EngineProvider {
                    public EngineContract contract() { %s }
                    public Engine create() { return new ReferenceEngine(); }
                }
                """.formatted(cls, contract);
    }

    private CommandOutput gate(Path jar, String... more) {
        String[] base = {"gate", "--engine", "ext-bad", "--engine-jar", jar.toString(), "--expect", "exact", "--tries", "0",
            "--out", dir.resolve("out").toString()};
        return CommandOutput.run(java.util.stream.Stream.concat(java.util.stream.Stream.of(base),
                java.util.stream.Stream.of(more)).toArray(String[]::new));
    }

    private void refusedAlike(Path jar, String says) {
        CommandOutput isolated = gate(jar);
        CommandOutput inLab = gate(jar, "--no-isolate");
        assertThat(isolated.code()).as(isolated.err()).isEqualTo(2);
        assertThat(inLab.code()).as(inLab.err()).isEqualTo(2);
        assertThat(isolated.err()).contains(says).isEqualTo(inLab.err());
    }

    @Test
    void aBadJarIsRefusedWithTheSameMessageInAChildJvmAndInTheLabs() throws Exception {
        Path notAJar = Files.writeString(dir.resolve("not-a.jar"), "not a zip");
        refusedAlike(notAJar, "no engine 'ext-bad'");
        Path throwing = ProviderJar.build(dir.resolve("throws"), EngineProvider.class, "Throws",
                provider("Throws", "throw new IllegalStateException(\"no contract today\");"));
        refusedAlike(throwing, "engine provider ext.Throws failed to state its contract: java.lang.IllegalStateException:"
                + " no contract today");
    }

    @Test
    void aProviderThatEndsItsJvmWhileLoadedIsACrash() throws Exception {
        Path halts = ProviderJar.build(dir.resolve("halts"), EngineProvider.class, "Halts",
                provider("Halts", "Runtime.getRuntime().halt(0); return null;"));
        CommandOutput isolated = gate(halts);
        assertThat(isolated.code()).as(isolated.err()).isEqualTo(1);
        assertThat(isolated.err()).contains("FAIL").contains("ended with status 0");
    }
}
