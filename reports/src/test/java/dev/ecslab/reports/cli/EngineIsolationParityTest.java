package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.ProviderJar;
import dev.ecslab.lab.engine.EngineProvider;
import dev.ecslab.lab.replay.Replay;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Isolation changes where an engine jar's code runs, never what the lab concludes: the same engine gate on the same
 * seed, once with the jar in a child JVM (the default) and once in the lab's JVM ({@code --no-isolate}), gives the
 * same exit status, the same check lines and counterexamples of the same scenarios from the same seeds, each recording
 * the jar (never a driver's command line); and a replay of the isolated gate's counterexample reproduces it. The
 * engine prints a line from its code: it reaches the lab's standard output only when it ran in the lab's JVM, so the
 * test fails if isolation were bypassed.
 */
class EngineIsolationParityTest {
    @TempDir
    Path dir;

    /** A reference engine that is exact ({@code keeps}), or loses the first entity of every Removed answer. */
    private static String engine(String kind) {
        return """
                package ext;

                import dev.ecslab.lab.engine.*;
                import java.util.*;

                public final class Parity implements EngineProvider {
                    public EngineContract contract() {
                        EngineContract c = ReferenceEngine.CONTRACT;
                        return new EngineContract("ext-%1$s", "a reference engine: %1$s", "the parity test", c.components(),
                                c.resources(), c.ownWrites(), c.equalWritesCount(), c.delayFrames(), c.features());
                    }
                    public Engine create() {
                        System.out.println("engine code ran in the lab's JVM");
                        return new ReferenceEngine() {
                            @Override
                            public List<String> report(String system, int watch) {
                                List<String> out = new ArrayList<>(super.report(system, watch));
                                if ("%1$s".equals("drops") && declared(system, watch).kind().equals("REMOVED")
                                        && !declared(system, watch).resource() && !out.isEmpty()) {
                                    out.remove(0);
                                }
                                return out;
                            }
                        };
                    }
                }
                """.formatted(kind);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"keeps", "drops"})
    void theVerdictIsTheSameInAChildJvmAndInTheLabs(String kind) throws Exception {
        Path jar = ProviderJar.build(dir.resolve(kind), EngineProvider.class, "Parity", engine(kind));
        CommandOutput isolated = gate(jar, kind, "isolated");
        CommandOutput inLab = gate(jar, kind, "in-lab", "--no-isolate");
        assertThat(isolated.code()).as(isolated.out() + isolated.err()).isEqualTo(kind.equals("keeps") ? 0 : 1);
        assertThat(inLab.code()).as(inLab.out() + inLab.err()).isEqualTo(isolated.code());
        assertThat(inLab.out()).as("the engine's code ran in the lab's JVM with --no-isolate").contains("engine code ran");
        assertThat(isolated.out()).as("the engine's code ran in a child JVM by default").doesNotContain("engine code ran");
        assertThat(checks(isolated)).as("the checks, isolated").isEqualTo(checks(inLab)).isNotEmpty();
        List<String> found = counterexamples(dir.resolve("isolated"));
        assertThat(found).isEqualTo(counterexamples(dir.resolve("in-lab")));
        if (kind.equals("drops")) {
            assertThat(found).isNotEmpty().allMatch(c -> c.contains("role=engine") && c.contains("driver null"));
            Path file = dir.resolve("isolated/ext-drops/criterion-1.json");
            String saved = Files.readString(file);
            assertThat(saved).contains("\"role\" : \"engine\"").doesNotContain("\"driver\" : {");
            CommandOutput replay = CommandOutput.run("replay", file.toString(), "--engine-jar", jar.toString());
            assertThat(replay.code()).as(replay.out() + replay.err()).isEqualTo(1);
            assertThat(replay.out()).contains("re-run on the engine: the same verdict").doesNotContain("engine code ran");
            CommandOutput inLabReplay = CommandOutput.run("replay", dir.resolve("in-lab/ext-drops/criterion-1.json").toString(),
                    "--engine-jar", jar.toString());
            assertThat(inLabReplay.code()).as(inLabReplay.out() + inLabReplay.err()).isEqualTo(1);
            assertThat(inLabReplay.out()).contains("re-run on the engine: the same verdict");
        }
    }

    private CommandOutput gate(Path jar, String kind, String out, String... more) {
        String[] base = {"gate", "--engine", "ext-" + kind, "--engine-jar", jar.toString(), "--expect", "exact",
            "--tries", "6", "--seed", "5", "--quiet", "--jobs", "1", "--out", dir.resolve(out).toString()};
        return CommandOutput.run(Stream.concat(Stream.of(base), Stream.of(more)).toArray(String[]::new));
    }

    /** The gate's check lines, without the paths of its files. */
    private static List<String> checks(CommandOutput r) {
        return r.out().lines().filter(l -> l.startsWith("gate ") || l.matches("\\s*(FAIL|ok|off|n/a|note)\\s.*"))
                .map(l -> l.replaceAll("/\\S*", "")).toList();
    }

    /** Each counterexample file's scenario, seed, engine and jar, by file name. */
    private static List<String> counterexamples(Path out) throws IOException {
        try (Stream<Path> files = Files.walk(out)) {
            return files.filter(f -> f.toString().endsWith(".json") && f.getFileName().toString().startsWith("criterion-"))
                    .sorted().map(f -> {
                        Replay.Saved s = Replay.load(f);
                        var c = s.trace().config();
                        return out.relativize(f) + ": " + dev.ecslab.lab.scenario.ScenarioJson.write(s.scenario()) + " seed "
                                + c.seed() + " engine " + c.strategy() + " jar " + c.plugins() + " driver " + c.driver()
                                + " detections " + s.trace().detections() + " crashes " + s.trace().crashes();
                    }).toList();
        }
    }
}
