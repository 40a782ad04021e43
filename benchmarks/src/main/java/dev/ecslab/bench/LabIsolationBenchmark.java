package dev.ecslab.bench;

import dev.ecslab.ecs.change.ChangeTrackerProvider;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.isolate.IsolatedPlugins;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.TrackerSubject;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What running a plug-in strategy in its own JVM costs: one gate campaign (the catalogue searched, 6 schedules per
 * scenario at most, and 120 random scenarios, criterion 6 off, one job) of a strategy from a jar, with the jar's
 * code in the lab's JVM ({@code isolate=false}, as {@code --no-isolate}) and in a child JVM ({@code isolate=true},
 * the default), side by side. The child is started once per trial and kept, as the lab keeps it for a command, so
 * a shot measures the steady cost per run (a request, the scenario and the trace as JSON across a pipe); the
 * child's start (a JVM and the jar's providers) is timed apart and printed at the end of the fork.
 *
 * <p>The jar holds a generation tracker behind a provider compiled at set-up, as a user would ship one.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar LabIsolationBenchmark}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5)
@Measurement(iterations = 5)
@State(Scope.Benchmark)
public class LabIsolationBenchmark {
    @Param({"false", "true"})
    public boolean isolate;

    @Param({"serial", "dynamic"})
    public String executor;

    private Path dir;
    private PluginJars inLab;
    private IsolatedPlugins isolated;
    private TrackerSubject strategy;
    private ExecutorSubject exec;
    private long startNanos;

    @Setup(Level.Trial)
    public void setup() throws IOException {
        dir = Files.createTempDirectory("ecslab-isolation-bench");
        Path jar = providerJar(dir);
        long start = System.nanoTime();
        if (isolate) {
            isolated = IsolatedPlugins.open(List.of(jar), List.of());
            strategy = isolated.strategies().get(0);
        } else {
            inLab = PluginJars.open(List.of(jar), List.of());
            strategy = TrackerSubject.find("bench-generation", inLab.loader());
        }
        startNanos = System.nanoTime() - start;
        exec = ExecutorSubject.of(executor);
    }

    @Benchmark
    public Matrix gate() {
        return new Lab(LabOptions.defaults().withTries(120).withMemory(false).withCatalogueSearch(1, 6))
                .withJobs(1).run(List.of(strategy), List.of(exec), Catalogue.all());
    }

    @TearDown(Level.Trial)
    public void close() throws IOException {
        System.out.printf("%n[LabIsolationBenchmark] isolate=%s: opening the jar took %.0f ms%s%n", isolate, startNanos / 1e6,
                isolate ? " (a child JVM started, the jar loaded there and its providers described)" : "");
        if (isolated != null) {
            isolated.close();
        }
        if (inLab != null) {
            inLab.close();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }

    /** A jar with one strategy provider (a generation tracker under the id bench-generation), compiled now. */
    static Path providerJar(Path dir) throws IOException {
        Path src = dir.resolve("src/bench/BenchGeneration.java");
        Path classes = dir.resolve("classes");
        Files.createDirectories(src.getParent());
        Files.createDirectories(classes);
        Files.writeString(src, """
                package bench;

                import dev.ecslab.ecs.change.*;

                public final class BenchGeneration implements ChangeTrackerProvider {
                    public String id() { return "bench-generation"; }
                    public ClaimedClass claimedClass(ChangeFlavor flavor) { return ClaimedClass.EXACT; }
                    public String description() { return "a generation tracker from a jar"; }
                    public ChangeTracker create() { return new ForwardingChangeTracker(new GenerationTracker()) { }; }
                }
                """);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null || javac.run(null, null, System.err, "--release", "17", "-classpath",
                System.getProperty("java.class.path"), "-d", classes.toString(), src.toString()) != 0) {
            throw new IllegalStateException("cannot compile the benchmark's provider (a JDK is needed, not a JRE)");
        }
        Path jar = dir.resolve("bench-generation.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file);
                Stream<Path> files = Files.walk(classes)) {
            for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
                Files.copy(f, out);
                out.closeEntry();
            }
            out.putNextEntry(new JarEntry("META-INF/services/" + ChangeTrackerProvider.class.getName()));
            out.write("bench.BenchGeneration\n".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }
}
