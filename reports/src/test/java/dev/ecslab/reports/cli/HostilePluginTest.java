package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.ProviderJar;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A plug-in strategy that attacks the JVM it runs in, run by {@code lab gate} in this test's own JVM (isolation on,
 * the default; were the plug-in's code run here, the halt would end the test run): each attack ends in a crash
 * verdict that names what happened,
 * exit 1 (a failure, never a pass and never "bad input"), the JUnit XML says so, no process is left behind, and
 * {@code lab replay} of its counterexample reproduces the crash (exit 1), where it used to end with the plug-in.
 * In the lab's own JVM, {@code Runtime.halt(0)} would have ended the gate with 0 and the native crash and the
 * out-of-memory error would have ended it with no verdict at all.
 */
class HostilePluginTest {
    /** A class of the hostile jars whose {@code now()} crashes the JVM natively: a write to address 0 through Unsafe. */
    static final String NATIVE_CRASH = """
                final class NativeCrash {
                    static void now() {
                        try {
                            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                            f.setAccessible(true);
                            ((sun.misc.Unsafe) f.get(null)).putAddress(0L, 42L);
                        } catch (ReflectiveOperationException e) {
                            throw new IllegalStateException(e);
                        }
                    }
                }
                """;

    /** The attacks, each done at the third frame's end of a run: what the code does and what the verdict says. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "exit    | System.exit(0);                                   | ended with status 0",
        "halt    | Runtime.getRuntime().halt(0);                     | ended with status 0",
        "native  | NativeCrash.now();                                | crashed in native code",
        "memory  | java.util.List<long[]> hog = new java.util.ArrayList<>(); while (true) { hog.add(new long[1 << 20]); } | ran out of memory",
        "spin    | Spinner.start();                                  | a thread left spinning",
        "hang    | while (true) { java.util.concurrent.locks.LockSupport.park(); } | did not finish within",
    })
    void anAttackOnTheJvmIsACrashOfItsConfigurationAndTheLabGoesOn(String name, String attack, String said, @TempDir Path dir)
            throws Exception {
        String cls = "Hostile" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
        Path jar = ProviderJar.build(dir.resolve(cls), ChangeTrackerProvider.class, cls, """
                package ext;

                import dev.ecslab.ecs.change.*;

                public final class %1$s implements ChangeTrackerProvider {
                    public String id() { return "ext-%2$s"; }
                    public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.EXACT; }
                    public String description() { return "attacks its JVM at the third frame's end: %2$s"; }
                    public ChangeTracker create() {
                        return new ForwardingChangeTracker(new GenerationTracker()) {
                            int frames;
                            @Override public void onFrameEnded() {
                                super.onFrameEnded();
                                if (++frames == 3) { %3$s }
                            }
                        };
                    }
                }

                final class Spinner {
                    static void start() {
                        Thread t = new Thread(() -> { while (true) { Thread.onSpinWait(); } }, "spinner");
                        t.setDaemon(true);
                        t.start();
                    }
                }
                """.formatted(cls, name, attack) + NATIVE_CRASH);
        Path out = dir.resolve("out");
        Path junit = dir.resolve("gate.xml");
        // In the test's own JVM, as a user's CI would call the lab: isolation is what keeps this JVM alive. The
        // children's heap is kept small, so that the attack on memory ends soon.
        CommandOutput gate = withSmallChildren(() -> CommandOutput.run("gate", "--strategy-jar", jar.toString(), "--strategy",
                "ext-" + name, "--executor", "serial", "--expect", "exact", "--tries", "2", "--no-memory", "--quiet",
                "--run-timeout", "3", "--jobs", "1", "--out", out.toString(), "--junit", junit.toString()));
        System.out.println(name + ": " + gate.out().lines().filter(l -> l.contains("X no crash") || l.contains("campaign complete"))
                .toList());
        assertThat(gate.code()).as("exit status; stdout:%n%s%nstderr:%n%s", gate.out(), gate.err()).isEqualTo(1);
        assertThat(gate.out()).contains("FAIL").doesNotContain(": PASS");
        String everything = gate.out() + Files.readString(out.resolve("matrix.md"), StandardCharsets.UTF_8);
        assertThat(everything).as("the verdict says what happened").contains(said);
        assertThat(Files.readString(junit)).contains("<failure");
        if (name.equals("native")) {
            assertThat(gate.err()).as("the JVM's crash report is named")
                    .containsPattern("wrote its crash report: .*hs_err_pid\\d+\\.log");
        }
        assertThat(processesWith(jar)).as("processes left running with the plug-in jar").isEmpty();
        if (!name.equals("hang")) {                  // a hang's replay would wait out the default run timeout
            assertReplaysTheCrash(dir, jar, said);
        }
    }

    /** The processes whose command line names {@code jar}: none may be left once the lab has returned. */
    static List<ProcessHandle> processesWith(Path jar) {
        return ProcessHandle.allProcesses()
                .filter(h -> h.info().commandLine().map(c -> c.contains(jar.toString())).orElse(false)).toList();
    }

    /** {@code command}, with isolated JVMs whose heap an attack on memory fills quickly. */
    static CommandOutput withSmallChildren(java.util.function.Supplier<CommandOutput> command) {
        System.setProperty("ecslab.isolated.jvmOptions", "-Xmx96m");
        try {
            return command.get();
        } finally {
            System.clearProperty("ecslab.isolated.jvmOptions");
        }
    }

    /** The first counterexample, replayed as a user would with its jar: the same crash, exit 1, never a pass. */
    private static void assertReplaysTheCrash(Path dir, Path jar, String said) throws Exception {
        Path file;
        try (var files = Files.list(dir.resolve("out/counterexamples"))) {
            file = files.sorted().findFirst().orElseThrow();
        }
        CommandOutput replay = withSmallChildren(() -> CommandOutput.run("replay", file.toString(), "--strategy-jar",
                jar.toString()));
        assertThat(replay.code()).as("replay's exit status (1: fails, reproduced)%n%s%s", replay.out(), replay.err())
                .isEqualTo(1);
        assertThat(replay.out()).contains("the same verdict").contains(said);
        assertThat(processesWith(jar)).as("processes left running with the plug-in jar after the replay").isEmpty();
    }
}
