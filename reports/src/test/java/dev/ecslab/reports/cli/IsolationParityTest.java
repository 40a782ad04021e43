package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.ProviderJar;
import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.lab.replay.Replay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Isolation changes where a plug-in's code runs, never what the lab concludes: the same gate on the same seed,
 * once with the jar's code in child JVMs (the default) and once in the lab's JVM ({@code --no-isolate}), gives
 * the same exit status, the same checks, and counterexamples of the same scenarios from the same seeds: for an
 * exact strategy under the serial executor, and for one that reports changes twice under the dynamic executor, whose
 * controlled runs cross the process boundary with their decisions and the catalogue's exhaustive search.
 */
class IsolationParityTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} under {1}")
    @CsvSource({"exact, serial", "flags, dynamic"})
    void theVerdictIsTheSameInAChildJvmAndInTheLabs(String kind, String executor) throws Exception {
        // "flags" keeps a change visible for a whole frame: it reports changes twice to a looping stage
        String tracker = kind.equals("flags") ? "new FlagTracker(FlagTracker.Mode.FLAGS)" : "new GenerationTracker()";
        String cls = "Parity" + Character.toUpperCase(kind.charAt(0)) + kind.substring(1);
        Path jar = ProviderJar.build(dir.resolve(cls), ChangeTrackerProvider.class, cls, """
                package ext;

                import dev.ecslab.ecs.change.*;

                public final class %1$s implements ChangeTrackerProvider {
                    public String id() { return "ext-%2$s"; }
                    public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.EXACT; }
                    public String description() { return "a generation tracker, %2$s"; }
                    public ChangeTracker create() {
                        return new ForwardingChangeTracker(%3$s) { };
                    }
                }
                """.formatted(cls, kind, tracker));
        CommandOutput isolated = gate(jar, kind, executor, "isolated");
        CommandOutput inLab = gate(jar, kind, executor, "in-lab", "--no-isolate");
        assertThat(isolated.code()).as(isolated.out() + isolated.err()).isEqualTo(kind.equals("exact") ? 0 : 1);
        assertThat(isolated.code()).isEqualTo(inLab.code());
        assertThat(checks(isolated)).as("the checks, isolated").isEqualTo(checks(inLab)).isNotEmpty();
        assertThat(counterexamples(dir.resolve("isolated"))).isEqualTo(counterexamples(dir.resolve("in-lab")));
        if (kind.equals("flags")) {
            assertThat(counterexamples(dir.resolve("isolated"))).isNotEmpty();
        }
    }

    private CommandOutput gate(Path jar, String kind, String executor, String out, String... more) {
        String[] base = {"gate", "--strategy-jar", jar.toString(), "--strategy", "ext-" + kind, "--executor", executor,
            "--tries", "6", "--no-memory", "--quiet", "--jobs", "1", "--out", dir.resolve(out).toString()};
        return CommandOutput.run(Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new));
    }

    /** The gate's check lines, without the paths of its files. */
    private static List<String> checks(CommandOutput r) {
        return r.out().lines().filter(l -> l.startsWith("gate ") || l.matches("\\s*(FAIL|ok|off)\\s.*"))
                .map(l -> l.replaceAll("/\\S*", "")).toList();
    }

    /** Each counterexample file's scenario, seed and strategy, by file name. */
    private static List<String> counterexamples(Path out) throws IOException {
        Path dir = out.resolve("counterexamples");
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().map(f -> {
                Replay.Saved s = Replay.load(f);
                return f.getFileName() + ": " + dev.ecslab.lab.scenario.ScenarioJson.write(s.scenario()) + " seed "
                        + s.trace().config().seed() + " " + s.trace().config().strategy() + " runs " + s.trace().runs().size()
                        + " changes " + s.trace().changes().size() + " detections " + s.trace().detections().size();
            }).toList();
        }
    }
}
