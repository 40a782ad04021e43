package dev.ecslab.bench;

import dev.ecslab.ecs.schedule.AmbiguityReport;
import dev.ecslab.ecs.schedule.json.ScheduleJson;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.Set;
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
            case "systems10k" -> systems(10_000, 100, 42);
            case "conditions10k" -> withConditions(systems(10_000, 100, 42), 43);
            default -> writers(20_000);
        };
    }

    /** The 10 000-system schedule as JSON text (the generator of the command-line timings in RESULTS.md). */
    static String systems(int n, int components, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> systems = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String filter = switch (r.nextInt(4)) {
                case 0 -> ", \"filter\": {\"with\": \"C" + r.nextInt(components) + "\"}";
                case 1 -> ", \"filter\": {\"without\": \"C" + r.nextInt(components) + "\"}";
                default -> "";
            };
            String query = "{\"read\": [\"C" + r.nextInt(components) + "\", \"C" + r.nextInt(components) + "\"], \"write\": [\"C"
                    + r.nextInt(components) + "\"]" + filter + "}";
            String writes = r.nextInt(8) == 0 ? ", \"writeResources\": [\"R" + r.nextInt(8) + "\"]" : "";
            StringBuilder s = new StringBuilder("{\"name\": \"system" + i + "\", \"access\": {\"queries\": [" + query
                    + "], \"readResources\": [\"R" + r.nextInt(8) + "\"]" + writes + "}");
            if (i > 0) {
                Set<String> after = new LinkedHashSet<>();
                for (int k = 0; k < 2; k++) {
                    after.add("\"system" + r.nextInt(i) + "\"");
                }
                s.append(", \"after\": [").append(String.join(", ", after)).append("]");
            }
            systems.add(s.append("}").toString());
        }
        return "{\"stages\": [{\"name\": \"update\", \"systems\": [\n" + String.join(",\n", systems) + "]}]}";
    }

    /** {@code json} (from {@link #systems}) with run conditions on every other system and on four sets. */
    static String withConditions(String json, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        StringBuilder out = new StringBuilder();
        int at = 0;
        int system = 0;
        String marker = "{\"name\": \"system";
        for (int i = json.indexOf(marker); i >= 0; i = json.indexOf(marker, i + 1)) {
            out.append(json, at, i);
            String condition = system % 2 == 0 ? "\"runIf\": [{\"name\": \"c" + system + "\", \"access\": {\"readResources\": [\"R"
                    + r.nextInt(8) + "\"], \"queries\": [{\"read\": [\"C" + r.nextInt(100) + "\"]}]}}], " : "";
            out.append("{").append(condition).append("\"sets\": [\"S").append(system % 4).append("\"], ");
            at = i + 1;
            system++;
        }
        out.append(json.substring(at));
        StringBuilder sets = new StringBuilder("{\"sets\": [");
        for (int k = 0; k < 4; k++) {
            sets.append(k > 0 ? ", " : "").append("{\"name\": \"S").append(k).append("\", \"runIf\": [{\"name\": \"s").append(k)
                    .append("\", \"access\": {\"readResources\": [\"R").append(k).append("\"]}}]}");
        }
        return sets.append("], ").append(out.substring(1)).toString();
    }

    static String writers(int n) {
        List<String> systems = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            systems.add("{\"name\": \"w" + i + "\", \"access\": {\"queries\": [{\"write\": [\"Position\"]}]}}");
        }
        return "{\"stages\": [{\"name\": \"update\", \"systems\": [\n" + String.join(",\n", systems) + "]}]}";
    }

    @Benchmark
    public long analyse() {
        AmbiguityReport report = ScheduleJson.read(new StringReader(text), shape + ".json").ambiguities();
        return report.total() + report.summary().pairsByData().size();
    }
}
