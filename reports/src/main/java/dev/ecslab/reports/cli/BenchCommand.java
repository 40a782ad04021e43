package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code lab bench}: the JMH suite, with JSON results into {@code reports/out/bench/}. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Runs the JMH benchmarks and draws their charts.",
    description = {
        "Runs the JMH benchmarks (benchmarks/target/benchmarks.jar in the ecslab checkout; ./lab bench builds it when"
            + " it is missing or older than its sources) with JSON output into --out, one file per benchmark class with"
            + " a run record beside it (NAME.run.json: date, commit, settings), then draws the charts there.",
        "--quick runs 1 fork, 2 short warm-up and 3 short measured iterations: minutes instead of hours, good for a"
            + " look, too noisy to quote. Its results go to --out/quick/, apart: the report shows them only where no"
            + " careful result exists, marked noisy (quick run), and never instead of careful ones. ./lab report"
            + " redraws the report with the new results without running the lab again.",
        "Each result file is written under a unique temporary name and moved into place when its class is done; Ctrl-C"
            + " removes only that temporary file and keeps the results already in --out."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:every benchmark class ran and its results were written", "1:a benchmark run failed (its log is"
            + " kept in --out)", LabMain.BAD_INPUT_LINE + ", or the jar is missing", LabMain.INTERNAL_LINE,
        LabMain.STOPPED_LINE})
final class BenchCommand implements Callable<Integer> {
    /** The suite, in the order of Bevy PR #1471's benchmark plan, then ecslab's own benchmarks. */
    static final List<String> SUITE = List.of("ChangeTrackingBenchmark", "ExecutorBenchmark", "ScheduleBuildBenchmark",
            "IterationBenchmark", "JobBenchmark");

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @picocli.CommandLine.Mixin
    ProgressDisplay.Options progress = new ProgressDisplay.Options();

    @Option(names = "--quick", description = "short runs (1 fork, 2 x 1 s warm-up, 3 x 1 s measured)")
    boolean quick;

    @Option(names = "--only", paramLabel = "CLASS", description = "only these benchmark classes (repeatable), e.g."
            + " JobBenchmark")
    List<String> only = new ArrayList<>();

    @Option(names = "--jar", paramLabel = "JAR", description = "the JMH jar (default: benchmarks/target/benchmarks.jar in"
            + " the ecslab checkout)")
    Path jar;

    @Option(names = "--out", paramLabel = "DIR", description = "output folder (default: reports/out/bench in the ecslab"
            + " checkout, ecslab-out/bench here without one: ${DEFAULT-VALUE})")
    Path out = RepositoryRoot.defaultOut("bench");

    /** The run record written beside a result file: when, at which commit, how ({@link dev.ecslab.reports.chart.BenchmarkResults}). */
    private String runRecord(String results, List<String> command) throws java.io.IOException {
        java.util.Map<String, Object> r = new java.util.LinkedHashMap<>();
        r.put("kind", dev.ecslab.reports.chart.BenchmarkResults.RUN_KIND);
        r.put("results", results);
        r.put("date", java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", java.util.Locale.ROOT)
                .withZone(java.time.ZoneOffset.UTC).format(java.time.Instant.now()));
        r.put("commit", LabVersion.commit());
        r.put("quick", quick);
        r.put("command", command.subList(1, command.size()));
        return dev.ecslab.lab.scenario.ScenarioJson.MAPPER.writeValueAsString(r);
    }

    @Override
    public Integer call() throws Exception {
        for (String b : only) {
            if (!SUITE.contains(b)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--only " + b
                        + ": not in the suite " + SUITE);
            }
        }
        if (jar == null) {
            jar = RepositoryRoot.required("lab bench", "the JMH jar built").resolve(Path.of("benchmarks", "target",
                    "benchmarks.jar"));
        }
        Path jmh = jar.toAbsolutePath().normalize();
        if (!Files.isRegularFile(jmh)) {
            throw new BadInputException(jmh.toString(), "--jar", "missing; ./lab bench builds it, or: mvn -B -q -pl benchmarks"
                    + " -am package -DskipTests");
        }
        List<String> classes = only.isEmpty() ? SUITE : only;
        Path dir;
        ProgressDisplay bar = null;
        try (RunLock lock = RunLock.acquire(out, "--out", "lab bench", LabMain::note);
                Interrupts stop = Interrupts.arm(null)) {
            bar = progress.display();
            stop.alsoOnStop(lock::ending);
            Path base = out.toAbsolutePath().normalize();
            dir = quick ? base.resolve(dev.ecslab.reports.chart.BenchmarkResults.QUICK) : base;
            Files.createDirectories(dir);
            for (int i = 0; i < classes.size(); i++) {
                String name = classes.get(i);
                bar.update(i, classes.size(), name);
                Path result = dir.resolve(name + ".json");
                Path log = dir.resolve(name + ".log");
                Path tmp = AtomicFiles.reserve(result);
                List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-jar", jmh.toString(), name + "\\.", "-rf", "json", "-rff", tmp.toString(),
                        "-foe", "true"));                        // JMH otherwise exits 0 when a benchmark throws
                if (quick) {
                    cmd.addAll(List.of("-f", "1", "-wi", "2", "-w", "1s", "-i", "3", "-r", "1s"));
                }
                Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
                stop.alsoOnStop(() -> ProcessTree.destroy(p));
                int code;
                try {
                    code = p.waitFor();
                } finally {
                    ProcessTree.destroy(p);
                }
                if (code != 0 || Files.size(tmp) == 0) {
                    AtomicFiles.discard(tmp);
                    System.err.println("lab bench: " + name + " failed (exit " + code + "); its log: " + log);
                    return 1;
                }
                AtomicFiles.publish(tmp, result);
                AtomicFiles.write(dir.resolve(name + ".run.json"), runRecord(name + ".json",
                        cmd.stream().map(a -> a.equals(tmp.toString()) ? result.toString() : a).toList()));
            }
            bar.update(classes.size(), classes.size(), "done");
        } finally {
            if (bar != null) {
                bar.finish();
            }
        }
        var data = dev.ecslab.reports.chart.BenchmarkResults.read(List.of(dir));
        var charts = Report.charts(data, dir.resolve("charts"));
        long drawn = charts.stream().filter(c -> c.missing().isEmpty()).count();
        System.out.println("wrote " + classes.size() + " result file(s) into " + dir + " (" + String.join(", ",
                classes.stream().map(c -> c + ".json").toList()) + ") and " + drawn + " of " + charts.size()
                + " charts into " + dir.resolve("charts") + "; ./lab report redraws the report with them"
                + (quick ? " (quick results: shown only where no careful result exists, marked noisy)" : ""));
        data.warnings().forEach(w -> System.err.println("lab bench: warning: " + w));
        return 0;
    }
}
