package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab bench} end to end against a stand-in for the JMH jar (a tiny program that answers the
 * command line as JMH does: writes its JSON to {@code -rff}, or fails), and the errors of
 * {@code lab bench} and {@code lab stress}.
 */
class BenchAndStressCommandTest {
    private static final String FAKE_JMH = """
            import java.nio.file.*;
            public final class FakeJmh {
                public static void main(String[] args) throws Exception {
                    String out = null;
                    for (int i = 0; i < args.length - 1; i++) {
                        if (args[i].equals("-rff")) {
                            out = args[i + 1];
                        }
                    }
                    if (args[0].startsWith("ExecutorBenchmark")) {
                        // As JMH does: a benchmark that throws is reported, and the run exits 0 with the
                        // other results unless it was asked to fail on error (-foe true).
                        System.err.println("simulated failure");
                        if (String.join(" ", args).contains("-foe true")) {
                            System.exit(1);
                        }
                        Files.writeString(Path.of(out), "[]");
                        return;
                    }
                    String quick = String.join(" ", args).contains("-f 1 -wi 2") ? "quick" : "full";
                    Files.writeString(Path.of(out), "[{\\"benchmark\\": \\"" + args[0] + "\\", \\"mode\\": \\"" + quick + "\\"}]");
                }
            }
            """;

    static Path fakeJmhJar(Path dir) throws Exception {
        Path src = dir.resolve("FakeJmh.java");
        Files.writeString(src, FAKE_JMH);
        Path classes = Files.createDirectories(dir.resolve("classes"));
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, System.err, "--release", "17", "-d",
                classes.toString(), src.toString());
        assertThat(status).isZero();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "FakeJmh");
        Path jar = dir.resolve("fake-benchmarks.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry("FakeJmh.class"));
            Files.copy(classes.resolve("FakeJmh.class"), out);
            out.closeEntry();
        }
        return jar;
    }

    @Test
    void benchWritesOneJsonFilePerBenchmarkClassAndNoTemporaryFile(@TempDir Path dir) throws Exception {
        Path jar = fakeJmhJar(dir);
        Path out = dir.resolve("bench");
        CommandOutput r = CommandOutput.run("bench", "--quick", "--jar", jar.toString(), "--out", out.toString(),
                "--only", "JobBenchmark", "--only", "IterationBenchmark");
        assertThat(r.code()).as(r.err()).isZero();
        Path quick = out.resolve("quick");
        assertThat(Files.readString(quick.resolve("JobBenchmark.json"))).contains("JobBenchmark").contains("quick");
        assertThat(quick.resolve("IterationBenchmark.json")).exists();
        assertThat(out.resolve("JobBenchmark.json")).as("a quick run is kept apart from careful results").doesNotExist();
        var record = dev.ecslab.lab.scenario.ScenarioJson.MAPPER.readTree(quick.resolve("JobBenchmark.run.json").toFile());
        assertThat(record.path("kind").asText()).isEqualTo(dev.ecslab.reports.chart.BenchmarkResults.RUN_KIND);
        assertThat(record.path("results").asText()).isEqualTo("JobBenchmark.json");
        assertThat(record.path("quick").asBoolean()).isTrue();
        assertThat(record.path("date").asText()).matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC");
        assertThat(record.path("commit").asText()).isNotEmpty();
        assertThat(record.path("command").toString()).contains("-rff", quick.resolve("JobBenchmark.json").toString())
                .doesNotContain("lab-tmp");
        try (var files = Files.walk(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp") || n.endsWith(".lab-tmp"));
        }
        assertThat(r.out()).contains("wrote").contains("./lab report redraws the report with them").contains("marked noisy");

        CommandOutput careful = CommandOutput.run("bench", "--jar", jar.toString(), "--out", out.toString(), "--only",
                "JobBenchmark");
        assertThat(careful.code()).as(careful.err()).isZero();
        assertThat(Files.readString(out.resolve("JobBenchmark.json"))).contains("full");
        assertThat(Files.readString(out.resolve("JobBenchmark.run.json"))).contains("\"quick\" : false");
        assertThat(Files.readString(quick.resolve("JobBenchmark.json"))).as("the quick run's file is left as it was")
                .contains("quick");
    }

    @Test
    void aFailingBenchmarkStopsWithItsLogAndLeavesNoFile(@TempDir Path dir) throws Exception {
        Path jar = fakeJmhJar(dir);
        Path out = dir.resolve("bench");
        CommandOutput r = CommandOutput.run("bench", "--jar", jar.toString(), "--out", out.toString(), "--only", "ExecutorBenchmark");
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("ExecutorBenchmark failed").contains("ExecutorBenchmark.log");
        assertThat(Files.readString(out.resolve("ExecutorBenchmark.log"))).contains("simulated failure");
        assertThat(out.resolve("ExecutorBenchmark.json")).doesNotExist();
    }

    @Test
    void benchAndStressRefuseBadInput(@TempDir Path dir) {
        CommandOutput noJar = CommandOutput.run("bench", "--jar", dir.resolve("none.jar").toString());
        assertThat(noJar.code()).isEqualTo(2);
        assertThat(noJar.err()).contains("none.jar").contains("mvn");
        CommandOutput unknown = CommandOutput.run("bench", "--jar", dir.toString(), "--only", "NoSuchBenchmark");
        assertThat(unknown.code()).isEqualTo(2);
        CommandOutput mode = CommandOutput.run("stress", "fastest");
        assertThat(mode.code()).isEqualTo(2);
        assertThat(mode.err()).contains("unknown mode 'fastest'");
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : new String[] {"run", "gate", "merge", "ambiguities", "replay", "bench", "stress", "report", "races"}) {
            CommandOutput r = CommandOutput.run(command, "--help");
            assertThat(r.code()).as(command).isZero();
            assertThat(r.out()).as(command).contains("Usage: lab " + command);
        }
    }
}
