package dev.ecslab.reports.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lab bench}: the JMH suite, with JSON results into {@code reports/out/bench/}. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = {
    "Runs the JMH benchmarks (benchmarks/target/benchmarks.jar; ./lab builds it) with JSON output into",
    "--out, one file per benchmark class, then draws the charts there. --quick runs 1 fork, 2 short warm-up",
    "and 3 short measured iterations: minutes instead of hours, good for a look, too noisy to quote.",
    "Exit codes: 0 done, 1 a benchmark run failed, 2 bad input or the jar is missing."})
final class BenchCommand implements Callable<Integer> {
    /** The suite, in the order of the seed's benchmark plan. */
    static final List<String> SUITE = List.of("ChangeTrackingBenchmark", "ExecutorBenchmark", "ScheduleBuildBenchmark",
            "IterationBenchmark", "JobBenchmark");

    @Option(names = "--quick", description = "short runs (1 fork, 2 x 1 s warm-up, 3 x 1 s measured)")
    boolean quick;

    @Option(names = "--only", description = "only these benchmark classes (repeatable), e.g. JobBenchmark")
    List<String> only = new ArrayList<>();

    @Option(names = "--jar", description = "the JMH jar (default ${DEFAULT-VALUE})")
    Path jar = Path.of("benchmarks", "target", "benchmarks.jar");

    @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
    Path out = Path.of("reports", "out", "bench");

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(jar)) {
            System.err.println("lab bench: " + jar + " is missing; build it with mvn -B -q -pl benchmarks -am package -DskipTests");
            return 2;
        }
        for (String b : only) {
            if (!SUITE.contains(b)) {
                System.err.println("lab bench: --only " + b + ": not in the suite " + SUITE);
                return 2;
            }
        }
        List<String> classes = only.isEmpty() ? SUITE : only;
        Files.createDirectories(out);
        ProgressBar bar = new ProgressBar(System.err);
        try (var stop = Interrupts.cleanUpOnCtrlC(out)) {
            for (int i = 0; i < classes.size(); i++) {
                String name = classes.get(i);
                bar.update(i, classes.size(), name);
                Path result = out.resolve(name + ".json");
                Path tmp = out.resolve(name + ".json" + AtomicFiles.TMP);
                List<String> cmd = new ArrayList<>(List.of("java", "-jar", jar.toString(), name + "\\.",
                        "-rf", "json", "-rff", tmp.toString()));
                if (quick) {
                    cmd.addAll(List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "3", "-r", "1s"));
                }
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                        .redirectOutput(out.resolve(name + ".log").toFile()).start();
                int code;
                try {
                    code = p.waitFor();
                } finally {
                    p.destroy();
                }
                if (code != 0 || !Files.isRegularFile(tmp)) {
                    System.err.println("\nlab bench: " + name + " failed (exit " + code + "); see " + out.resolve(name + ".log"));
                    Files.deleteIfExists(tmp);
                    return 1;
                }
                Files.move(tmp, result, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            bar.update(classes.size(), classes.size(), "done");
        } catch (IOException e) {
            System.err.println("lab bench: " + e.getMessage());
            return 1;
        } finally {
            bar.finish();
        }
        var data = dev.ecslab.reports.chart.BenchmarkResults.read(List.of(out));
        var charts = Report.charts(data, out.resolve("charts"));
        long drawn = charts.stream().filter(c -> c.missing().isEmpty()).count();
        System.out.println("wrote " + out + " (" + classes.size() + " result files) and " + drawn + " of " + charts.size()
                + " charts into " + out.resolve("charts") + "; ./lab run puts them in the report");
        data.warnings().forEach(w -> System.err.println("lab bench: warning: " + w));
        return 0;
    }
}
