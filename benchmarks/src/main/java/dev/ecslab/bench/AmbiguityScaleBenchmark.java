package dev.ecslab.bench;

import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.ScaleSchedules;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.StringReader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What {@code lab ambiguities --summary} does for a big schedule file, in one JVM whose heap is capped at
 * 1 GB: read the JSON text, compile the schedule and build the ambiguity report (every pair counted, the
 * first 10 000 listed). Two shapes (targets: the first in under 5 s and 1 GB, the second without running
 * out of memory):
 * <ul>
 *   <li>{@code systems10k}: 10 000 systems in one stage over 100 components and 8 resources, each reading
 *       two components and writing one, a quarter with a {@code with} and a quarter with a {@code without}
 *       filter, every system reading a resource and one in eight writing one, about two {@code after}
 *       constraints to earlier systems (fixed seed; 3 837 511 ambiguous pairs);</li>
 *   <li>{@code conditions10k}: the same systems, half of them with a run condition reading a resource and a
 *       component, in four sets each with a condition of its own (the cost of judging conditions);</li>
 *   <li>{@code writers20k}: 20 000 unordered writers of one component (199 990 000 pairs).</li>
 * </ul>
 * The files are written by {@link ScaleSchedules} (in the ecs test jar), which the report's tests read too.
 * Single shot: each measured call is one cold analysis of the file, as the command line does it (the
 * JVM's own start is not included; the command line adds about 0.4 s). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar AmbiguityScaleBenchmark}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 1, jvmArgsAppend = {"-Xmx1g"})
@Warmup(iterations = 2)
@Measurement(iterations = 5)
public class AmbiguityScaleBenchmark {
    @Param({"systems10k", "conditions10k", "writers20k"})
    public String shape;

    private String text;

    @Setup
    public void build() {
        text = switch (shape) {
            case "systems10k" -> ScaleSchedules.systems(10_000, 100, 42);
            case "conditions10k" -> ScaleSchedules.withConditions(ScaleSchedules.systems(10_000, 100, 42), 43);
            default -> ScaleSchedules.writers(20_000);
        };
    }

    @Benchmark
    public long analyse() {
        AmbiguityReport report = ScheduleJson.read(new StringReader(text), shape + ".json").ambiguities();
        return report.total() + report.summary().pairsByData().size();
    }
}
