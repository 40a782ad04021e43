package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The executable jar ({@code reports/target/ecslab-lab.jar}, made in {@code package}) works where engine authors
 * are: {@code java -jar} in a folder outside any ecslab checkout. It gates and writes its outputs there, replays
 * what it wrote, reads a schedule, names the commit the build embedded, refuses a bad option and the commands that
 * need a checkout with exit 2 and one line (never a stack trace), and carries every module's service providers. The
 * GitHub action's step that runs the jar (action.yml) builds commands the lab takes, and records what it did.
 *
 * <p>Run by failsafe in {@code integration-test} (after the jar is made); the build passes the jar, the commit it
 * embedded and the checkout as system properties. Each command is a child JVM on C1 alone: a few seconds in all.
 */
class LabJarIT {
    private static final Path JAR = Path.of(System.getProperty("ecslab.labJar", "target/ecslab-lab.jar")).toAbsolutePath();
    private static final Path CHECKOUT = Path.of(System.getProperty("ecslab.checkout", "..")).toAbsolutePath().normalize();
    private static final String STACK_FRAME = "\tat ";

    /** What one {@code java -jar} wrote and how it ended. */
    record Ran(int code, String out, String err) {
        String both() {
            return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
        }
    }

    /** How the action's step ended: its exit code, its log and what it wrote to {@code $GITHUB_OUTPUT}. */
    record StepRan(int code, String log, String outputs) {
        String both() {
            return "exit " + code + "\n--- log\n" + log + "\n--- outputs\n" + outputs;
        }
    }

    @TempDir
    Path here;

    @BeforeAll
    static void theJarIsBuilt() {
        assertThat(JAR).as("the executable jar (mvn package makes it)").isRegularFile();
    }

    static Ran java(Path workingDirectory, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx512m", "-jar", JAR.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("lab-jar", ".out");
        Path err = Files.createTempFile("lab-jar", ".err");
        try {
            Process p = new ProcessBuilder(command).directory(workingDirectory.toFile()).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("java -jar " + String.join(" ", args) + " did not end within 5 minutes");
            }
            return new Ran(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    @Test
    void theFolderIsOutsideTheCheckout() {
        assertThat(here.toAbsolutePath().normalize().startsWith(CHECKOUT)).as("%s inside %s", here, CHECKOUT).isFalse();
    }

    @Test
    void versionNamesTheCommitTheBuildEmbedded() throws Exception {
        String built = System.getProperty("ecslab.builtCommit", "unknown");
        Ran v = java(here, "--version");
        assertThat(v.code()).as(v.both()).isZero();
        assertThat(v.out().strip()).isEqualTo("ecslab " + LabVersion.version() + " (commit " + built + ")");
        if (Files.exists(CHECKOUT.resolve(".git"))) {
            // built from a git checkout without -Decslab.commit: the jar names its HEAD, not "unknown"
            assertThat(built).as("the commit of a build in a git checkout").matches("[0-9a-f]{12}(\\+local-changes)?");
        }
    }

    @Test
    void aFailingGateExitsOneAndItsCounterexampleReplaysFromTheJar() throws Exception {
        Ran gate = java(here, "gate", "--strategy", "flags", "--executor", "serial", "--tries", "0", "--no-memory",
                "--search", "-1", "--out", "gate-out", "--quiet");
        assertThat(gate.code()).as(gate.both()).isEqualTo(1);
        String first;
        try (Stream<Path> files = Files.list(here.resolve("gate-out").resolve("counterexamples"))) {
            first = "gate-out/counterexamples/" + files.sorted().findFirst().orElseThrow().getFileName();
        }
        Ran replay = java(here, "replay", first);
        assertThat(replay.code()).as(replay.both()).isEqualTo(1);
        assertThat(replay.out()).contains("the same verdict");
    }

    @Test
    void aGatesShardsMergeIntoItsVerdictAndARunWritesItsReportHere() throws Exception {
        Ran shard = java(here, "gate", "--strategy", "generation", "--executor", "serial", "--tries", "1", "--no-memory",
                "--search", "-1", "--shard", "1/1", "--out", "shards/1", "--quiet");
        assertThat(shard.code()).as(shard.both()).isZero();
        Ran merge = java(here, "merge", "shards/1", "--junit", "gate.xml");
        assertThat(merge.code()).as(merge.both()).isZero();
        Path real = here.toRealPath();
        assertThat(real.resolve("gate.xml")).isRegularFile();
        assertThat(merge.out()).contains("JUnit XML: " + real.resolve("gate.xml"));
        assertThat(real.resolve(RepositoryRoot.STANDALONE_OUT).resolve("merged").resolve("matrix.json")).isRegularFile();

        Ran run = java(here, "run", "--strategy", "generation", "--executor", "serial", "--tries", "0", "--witness-tries", "0",
                "--no-memory", "--search", "-1", "--quiet");
        assertThat(run.code()).as(run.both()).isZero();
        assertThat(real.resolve(RepositoryRoot.STANDALONE_OUT).resolve("index.html")).isRegularFile();
    }

    @Test
    void theEnginesTheJarCarriesAreJudged() throws Exception {
        Ran engines = java(here, "engines", "--tries", "0");
        assertThat(engines.code()).as(engines.both()).isZero();
        assertThat(Files.readString(here.resolve(RepositoryRoot.STANDALONE_OUT).resolve("engines").resolve("engines.md")))
                .contains("artemis-odb").contains("zay-es").contains("reference");
    }

    @Test
    void theAmbiguityAnalysisReadsASchedule() throws Exception {
        Files.copy(CHECKOUT.resolve("ecs/src/test/resources/schedules/platformer.json"), here.resolve("schedule.json"));
        Ran sarif = java(here, "ambiguities", "--format", "sarif", "--strict", "schedule.json");
        assertThat(sarif.code()).as(sarif.both()).isEqualTo(1);
        assertThat(sarif.out()).contains("\"version\" : \"2.1.0\"").contains("schedule.json");
    }

    @Test
    void aBadOptionIsOneLineAndExitTwo() throws Exception {
        Ran bad = java(here, "gate", "--strategy", "generation", "--executr", "dynamic");
        assertThat(bad.code()).as(bad.both()).isEqualTo(2);
        assertThat(bad.err().strip()).doesNotContain("\n").contains("unknown option '--executr'")
                .contains("did you mean '--executor'?");
    }

    @Test
    void theCommandsThatNeedACheckoutSaySoWithExitTwo() throws Exception {
        for (String[] args : List.of(new String[] {"bench", "--quick"}, new String[] {"stress", "quick"},
                new String[] {"races", "quick"})) {
            Ran r = java(here, args);
            assertThat(r.code()).as(r.both()).isEqualTo(2);
            assertThat(r.err().strip()).as(r.both()).startsWith("lab " + args[0] + ": no ecslab checkout: ")
                    .contains("run ./lab " + args[0] + " in a clone").contains("-Decslab.home=DIR")
                    .doesNotContain("\n").doesNotContain(STACK_FRAME);
        }
        try (Stream<Path> left = Files.list(here)) {
            assertThat(left).as("a refused command writes nothing").isEmpty();
        }
    }

    /**
     * The action's "Run the lab" step (action.yml) as the runner runs it ({@code bash -eo pipefail}), with its inputs
     * in the environment: the lab command it builds from them parses, and it records the lab's exit code and files.
     */
    static StepRan actionStep(Path workingDirectory, Map<String, String> inputs) throws Exception {
        Map<?, ?> action = new Yaml(new SafeConstructor(new LoaderOptions())).load(Files.readString(CHECKOUT.resolve("action.yml")));
        String script = null;
        for (Object step : (List<?>) ((Map<?, ?>) action.get("runs")).get("steps")) {
            if ("lab".equals(((Map<?, ?>) step).get("id"))) {
                script = String.valueOf(((Map<?, ?>) step).get("run"));
            }
        }
        assertThat(script).as("action.yml's step 'lab'").isNotNull();
        Path file = workingDirectory.resolve("step.sh");
        Files.writeString(file, script);
        ProcessBuilder bash = new ProcessBuilder("bash", "--noprofile", "--norc", "-eo", "pipefail", file.toString())
                .directory(workingDirectory.toFile());
        Map<String, String> env = bash.environment();
        for (String name : List.of("COMMAND", "STRATEGY", "EXECUTOR", "ENGINE", "STRATEGY_JARS", "EXECUTOR_JARS",
                "ENGINE_JARS", "EXPECT", "JOBS", "TIME_BUDGET", "SCHEDULE", "STRICT")) {
            env.put(name, "");
        }
        env.putAll(Map.of("LAB_JAR", JAR.toString(), "GITHUB_OUTPUT", workingDirectory.resolve("github-output").toString(),
                "TRIES", "200", "SEED", "1000", "SCHEDULE_FORMAT", "ecslab", "OUT", "ecslab-out", "ANNOTATIONS", "true",
                "JAVA_OPTIONS", "-XX:TieredStopAtLevel=1 -Xmx512m"));
        env.putAll(inputs);
        Path out = workingDirectory.resolve("step.out");
        Process p = bash.redirectErrorStream(true).redirectOutput(out.toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("the action's step ends").isTrue();
        return new StepRan(p.exitValue(), Files.readString(out), Files.readString(workingDirectory.resolve("github-output")));
    }

    @Test
    void theActionsStepBuildsAGateTheLabParses() throws Exception {
        // every gate input given: a strategy that does not exist is refused only after the whole command parsed
        StepRan step = actionStep(here, Map.of("COMMAND", "gate", "STRATEGY", "nope", "EXECUTOR", "serial", "EXPECT", "exact",
                "JOBS", "1", "TIME_BUDGET", "5m", "TRIES", "2", "STRATEGY_JARS", ""));
        assertThat(step.code()).as(step.both()).isZero();
        assertThat(step.log()).as(step.both()).contains("lab gate: no change-tracking strategy 'nope'");
        assertThat(step.outputs()).contains("exit-code=2").contains("junit=ecslab-out/junit.xml");
    }

    @Test
    void theActionsStepAnalysesASchedule() throws Exception {
        Files.copy(CHECKOUT.resolve("ecs/src/test/resources/schedules/platformer.json"), here.resolve("schedule.json"));
        StepRan step = actionStep(here, Map.of("COMMAND", "ambiguities", "SCHEDULE", "schedule.json", "STRICT", "true"));
        assertThat(step.code()).as(step.both()).isZero();
        assertThat(step.outputs()).contains("exit-code=1").contains("sarif=ecslab-out/ambiguities.sarif");
        assertThat(Files.readString(here.resolve("ecslab-out/ambiguities.sarif"))).contains("\"version\" : \"2.1.0\"")
                .contains("schedule.json");
        assertThat(step.log()).as("the pairs in words, in the log").contains("ambiguous pair(s)");
    }

    @Test
    void everyModulesServiceProvidersAreInTheJarAndNoSignature() throws Exception {
        try (JarFile jar = new JarFile(JAR.toFile())) {
            assertThat(jar.getManifest().getMainAttributes().getValue("Main-Class")).isEqualTo(LabMain.class.getName());
            assertThat(jar.stream().map(e -> e.getName()))
                    .noneMatch(n -> n.matches("META-INF/[^/]+\\.(SF|DSA|RSA|EC)"));
            for (String module : List.of("ecs", "lab-scenarios", "engines")) {
                Path services = CHECKOUT.resolve(module).resolve("src/main/resources/META-INF/services");
                try (Stream<Path> files = Files.list(services)) {
                    for (Path f : files.toList()) {
                        var entry = jar.getJarEntry("META-INF/services/" + f.getFileName());
                        assertThat(entry).as("%s in the jar", f).isNotNull();
                        String merged = new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8);
                        for (String provider : Files.readAllLines(f)) {
                            if (!provider.isBlank() && !provider.startsWith("#")) {
                                assertThat(merged.lines()).as("the jar's %s", entry.getName()).contains(provider.strip());
                            }
                        }
                    }
                }
            }
        }
    }
}
