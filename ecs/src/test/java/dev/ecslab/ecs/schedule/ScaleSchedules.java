package dev.ecslab.ecs.schedule;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Schedule files of the shapes the lab is measured on at scale, as JSON text, so that the benchmarks and
 * the tests of every module that must hold at that scale (the ambiguity report, its SARIF log) read the
 * same files. Deterministic: the same arguments give the same text.
 */
public final class ScaleSchedules {
    private ScaleSchedules() {
    }

    /**
     * {@code n} systems in one stage {@code update} over {@code components} components and 8 resources, each
     * reading two components and writing one, a quarter with a {@code with} and a quarter with a
     * {@code without} filter, every system reading a resource and one in eight writing one, and about two
     * {@code after} constraints to earlier systems ({@code systems(10_000, 100, 42)} has about 3.8 million
     * ambiguous pairs).
     */
    public static String systems(int n, int components, long seed) {
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

    /** {@code n} unordered writers of {@code Position}, one a line, in one stage {@code update}: n(n-1)/2 pairs. */
    /**
     * {@code json} (from {@link #systems}) with run conditions: every other system has one reading a resource
     * and a component, and each system joins one of four sets, each with a condition reading a resource.
     */
    public static String withConditions(String json, long seed) {
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

    public static String writers(int n) {
        return "{\"stages\": [\n" + writers("update", "Position", n, ",\n") + "]}";
    }

    /** Stage {@code stage} of {@code n} systems {@code stage_0}, {@code stage_1}, ... that all write {@code component}. */
    public static String writers(String stage, String component, int n) {
        return writers(stage, component, n, ", ");
    }

    private static String writers(String stage, String component, int n, String separator) {
        StringBuilder b = new StringBuilder("{\"name\": \"" + stage + "\", \"systems\": [");
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : separator).append("{\"name\": \"").append(stage).append('_').append(i)
                    .append("\", \"access\": {\"queries\": [{\"write\": [\"").append(component).append("\"]}]}}");
        }
        return b.append("]}").toString();
    }
}
