package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.ProviderJar;
import dev.ecslab.lab.engine.EngineProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An engine jar whose engine attacks the JVM it runs in, gated by {@code lab gate --engine} in this test's own JVM
 * (isolation on, the default; a bypass would end the test run): each attack ends in a crash verdict that names what
 * happened, exit 1 (never a pass and never "bad input"), the JUnit XML has a failure, no process with the jar on its
 * command line is left, and {@code lab replay} of its counterexample with the jar reproduces the crash (exit 1, the
 * same verdict). In the lab's own JVM, {@code Runtime.halt(0)} would have ended the gate with 0, and the native crash
 * and the out-of-memory error would have ended it with no verdict at all.
 */
class HostileEngineTest {
    /** The attacks, each done at the end of a run's third frame: what the engine does and what the verdict says. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "exit    | System.exit(0);                                   | ended with status 0",
        "halt    | Runtime.getRuntime().halt(0);                     | ended with status 0",
        "native  | NativeCrash.now();                                | crashed in native code",
        "memory  | java.util.List<long[]> hog = new java.util.ArrayList<>(); while (true) { hog.add(new long[1 << 20]); } | ran out of memory",
        "hang    | while (true) { java.util.concurrent.locks.LockSupport.park(); } | did not end its run within",
    })
    void anAttackOnTheJvmIsACrashOfTheEngine(String name, String attack, String said, @TempDir Path dir) throws Exception {
        String cls = "Hostile" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        Path jar = ProviderJar.build(dir.resolve(cls), EngineProvider.class, cls, """
                package ext;

                import dev.ecslab.lab.engine.*;

                public final class %1$s implements EngineProvider {
                    public EngineContract contract() {
                        EngineContract c = ReferenceEngine.CONTRACT;
                        return new EngineContract("ext-%2$s", "attacks its JVM at the third frame's end: %2$s", "a test",
                                c.components(), c.resources(), c.ownWrites(), c.equalWritesCount(), c.delayFrames(), c.features());
                    }
                    public Engine create() {
                        return new ReferenceEngine() {
                            int frames;
                            @Override public void endFrame(long frame) {
                                super.endFrame(frame);
                                if (++frames == 3) { %3$s }
                            }
                        };
                    }
                }
                """.formatted(cls, name, attack) + HostilePluginTest.NATIVE_CRASH);
        Path out = dir.resolve("out");
        Path junit = dir.resolve("gate.xml");
        CommandOutput gate = lab("gate", "--engine", "ext-" + name, "--engine-jar", jar.toString(), "--expect", "exact",
                "--tries", "2", "--quiet", "--run-timeout", "3", "--jobs", "1", "--out", out.toString(), "--junit", junit.toString());
        System.out.println(name + ": " + gate.out().lines().filter(l -> l.contains("X no crash")).toList());
        assertThat(gate.code()).as("exit status; stdout:%n%s%nstderr:%n%s", gate.out(), gate.err()).isEqualTo(1);
        assertThat(gate.out()).contains("FAIL").doesNotContain(": PASS");
        String everything = gate.out() + Files.readString(out.resolve("engines.md"), StandardCharsets.UTF_8);
        assertThat(everything).as("the verdict says what happened").contains(said);
        assertThat(Files.readString(junit)).contains("<failure");
        if (name.equals("native")) {
            assertThat(gate.err()).as("the JVM's crash report is named").containsPattern("wrote its crash report: .*hs_err_pid\\d+\\.log");
        }
        assertThat(HostilePluginTest.processesWith(jar)).as("processes left running with the engine jar").isEmpty();
        if (!name.equals("hang")) {                  // a hang's replay would wait out the replay's own run timeout
            Path file;
            try (Stream<Path> files = Files.walk(out)) {
                file = files.filter(f -> f.getFileName().toString().startsWith("criterion-")).sorted().findFirst().orElseThrow();
            }
            CommandOutput replay = lab("replay", file.toString(), "--engine-jar", jar.toString());
            assertThat(replay.code()).as("replay's exit status (1: fails, reproduced)%n%s%s", replay.out(), replay.err())
                    .isEqualTo(1);
            assertThat(replay.out()).contains("re-run on the engine: the same verdict").contains(said);
        }
    }

    /**
     * {@code lab ARGS} in this test's own JVM, as a user's CI would call it (were the engine's code run here, its halt
     * would end the test run), with children whose heap the attacks fill quickly.
     */
    private static CommandOutput lab(String... args) {
        return HostilePluginTest.withSmallChildren(() -> CommandOutput.run(args));
    }
}
