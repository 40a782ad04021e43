package dev.ecslab.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.ecslab.reports.cli.GateCampaign;
import dev.ecslab.reports.cli.LabMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/**
 * The API and {@code lab gate} give the same verdict on the same configuration and seed: the same headline, the same
 * checks with the same details, and the same counterexamples (the replay files byte for byte, and the matrix), for a
 * configuration that passes (generation under dynamic, exact) and one that fails (the mutant that ignores pausing,
 * under serial, held to exact). The command line runs in-process, as the reports module's tests run it.
 */
class SameVerdictAsTheCommandLineTest {
    private static final int TRIES = 6;
    private static final long SEED = 4242;

    @Test
    void aPassingConfigurationPassesBothWays(@TempDir Path dir) throws IOException {
        Compared c = compare(dir, "generation", "dynamic");
        assertThat(c.exitCode).as(c.cliOut).isZero();
        assertThat(c.api.passes()).as(c.api.report()).isTrue();
        assertThat(c.api.brokenChecks()).isEmpty();
    }

    @Test
    void aFailingConfigurationFailsBothWaysWithTheSameCounterexamples(@TempDir Path dir) throws IOException {
        Compared c = compare(dir, "mutant:ignores-pausing", "serial");
        assertThat(c.exitCode).as(c.cliOut).isEqualTo(1);
        assertThat(c.api.passes()).isFalse();
        assertThat(c.api.replayFiles()).isNotEmpty().allSatisfy(f -> assertThat(f).isRegularFile());
        assertThat(c.cliFiles.keySet()).anyMatch(f -> f.startsWith("counterexamples/"));

        // and assertHolds turns the same verdict into a JUnit failure that carries it
        AssertionFailedError failure = catchThrowableOfType(AssertionFailedError.class, () -> gate("mutant:ignores-pausing",
                "serial", dir.resolve("asserted")).assertHolds());
        assertThat(failure).isInstanceOf(GateFailure.class);
        assertThat(failure.getMessage()).contains("broken promise: 1 at least once [pausing]")
                .contains("seed " + SEED).contains("-Decslab.seed=" + SEED)
                .contains("./lab replay " + dir.resolve("asserted").toAbsolutePath().resolve("counterexamples"))
                .contains("java @").contains(" replay ")
                .contains("scenario 'System Pausing [component]'");
        assertThat(((GateFailure) failure).result().verdict().checks()).isEqualTo(c.api.verdict().checks());
    }

    /** The lab's exact reference engine under an id of this test's (listed in this module's test META-INF/services). */
    public static final class ReferenceEngineProvider implements dev.ecslab.lab.engine.EngineProvider {
        @Override
        public dev.ecslab.lab.engine.EngineContract contract() {
            return contract("junit-reference");
        }

        static dev.ecslab.lab.engine.EngineContract contract(String id) {
            var c = dev.ecslab.lab.engine.ReferenceEngine.CONTRACT;
            return new dev.ecslab.lab.engine.EngineContract(id, id, "the lab's reference engine, for lab-junit's tests",
                    c.components(), c.resources(), c.ownWrites(), c.equalWritesCount(), c.delayFrames(), c.features());
        }

        @Override
        public dev.ecslab.lab.engine.Engine create() {
            return new dev.ecslab.lab.engine.ReferenceEngine();
        }
    }

    /** The reference engine that loses the first entity of every answer about removed components: criterion 1. */
    public static final class DropsRemovalsEngineProvider implements dev.ecslab.lab.engine.EngineProvider {
        @Override
        public dev.ecslab.lab.engine.EngineContract contract() {
            return ReferenceEngineProvider.contract("junit-drops-removals");
        }

        @Override
        public dev.ecslab.lab.engine.Engine create() {
            return new dev.ecslab.lab.engine.ReferenceEngine() {
                @Override
                public List<String> report(String system, int watch) {
                    List<String> out = new java.util.ArrayList<>(super.report(system, watch));
                    if (declared(system, watch).kind().equals("REMOVED") && !declared(system, watch).resource()
                            && !out.isEmpty()) {
                        out.remove(0);
                    }
                    return out;
                }
            };
        }
    }

    @Test
    void anEngineGetsTheSameVerdictBothWays(@TempDir Path dir) throws IOException {
        Compared pass = compare(dir.resolve("pass"), List.of("--engine", "junit-reference"),
                LabGate.forEngine(ReferenceEngineProvider::new).expect(Expectation.EXACT).tries(TRIES).seed(SEED), true);
        assertThat(pass.exitCode).as(pass.cliOut).isZero();
        assertThat(pass.api.passes()).as(pass.api.report()).isTrue();

        Compared fail = compare(dir.resolve("fail"), List.of("--engine", "junit-drops-removals"),
                LabGate.forEngine(new DropsRemovalsEngineProvider()).expect(Expectation.EXACT).tries(TRIES).seed(SEED), true);
        assertThat(fail.exitCode).as(fail.cliOut).isEqualTo(1);
        assertThat(fail.api.passes()).isFalse();
        assertThat(fail.api.report()).contains("broken promise: 1 at least once").contains("replay:");
        assertThat(fail.api.replayFiles()).isNotEmpty().allSatisfy(f -> assertThat(f).isRegularFile());
    }

    private static LabGate gate(String strategy, String executor, Path out) {
        return LabGate.forStrategy(strategy).executor(executor).expect(Expectation.EXACT).tries(TRIES).seed(SEED).noMemory()
                .out(out);
    }

    private record Compared(int exitCode, String cliOut, GateResult api, Map<String, String> cliFiles) {
    }

    private static Compared compare(Path dir, String strategy, String executor) throws IOException {
        return compare(dir, List.of("--strategy", strategy, "--executor", executor), gate(strategy, executor, dir.resolve("api")),
                false);
    }

    private static Compared compare(Path dir, List<String> subject, LabGate gate, boolean engine) throws IOException {
        Path cliDir = dir.resolve("cli");
        Path apiDir = dir.resolve("api");
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        int code;
        System.setOut(new PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            List<String> args = new java.util.ArrayList<>(List.of("gate"));
            args.addAll(subject);
            args.addAll(List.of("--expect", "exact", "--tries", String.valueOf(TRIES), "--seed", String.valueOf(SEED),
                    "--progress", "never", "--out", cliDir.toString()));
            if (!engine) {
                args.add("--no-memory");
            }
            code = LabMain.execute(args.toArray(String[]::new));
        } finally {
            System.setOut(stdout);
        }
        String cliOut = captured.toString(java.nio.charset.StandardCharsets.UTF_8);
        System.out.print(cliOut);
        GateResult api = gate.out(apiDir).run();

        // the verdict: the command line's lines are the API's verdict printed the command line's way
        List<String> expected = new java.util.ArrayList<>();
        expected.add(GateCampaign.headline(api.verdict(), engine));
        expected.addAll(GateCampaign.checkLines(api.verdict(), engine ? "n/a" : "off",
                f -> "./lab replay " + cliDir.toAbsolutePath().normalize().resolve(f)));
        List<String> printed = cliOut.lines().dropWhile(l -> !l.startsWith("gate "))
                .takeWhile(l -> !l.startsWith("replay files:") && !l.startsWith("wrote ")).toList();
        assertThat(printed).as("lab gate's verdict and checks").containsExactlyElementsOf(expected);

        // the counterexamples and the matrix: the same files with the same bytes
        Map<String, String> cliFiles = files(cliDir);
        Map<String, String> apiFiles = files(apiDir);
        apiFiles.remove(ReplayCommand.ARGS_FILE);
        assertThat(apiFiles.keySet()).as("the files both gates wrote").isEqualTo(cliFiles.keySet());
        for (String f : cliFiles.keySet()) {
            assertThat(apiFiles.get(f)).as(f).isEqualTo(cliFiles.get(f));
        }
        return new Compared(code, cliOut, api, cliFiles);
    }

    /** The text with the campaign's duration (the one thing two runs of one campaign do not share) blanked out. */
    private static String withoutDurations(String text) {
        return text.replaceAll("\"seconds\" : [0-9.E-]+", "\"seconds\" : _")
                .replaceAll("\\), [0-9.]+ s; ", "), _ s; ");
    }

    /** The report's files under {@code dir} by relative path, with their text (the lab's own lock and manifest left out). */
    private static Map<String, String> files(Path dir) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                String rel = dir.relativize(p).toString().replace('\\', '/');
                if (!rel.startsWith(".lab")) {
                    out.put(rel, withoutDurations(Files.readString(p)));
                }
            }
        }
        return out;
    }
}
