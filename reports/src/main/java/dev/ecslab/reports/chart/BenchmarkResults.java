package dev.ecslab.reports.chart;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every benchmark figure the report can chart: the JMH JSON result files ({@code -rf json}) and the
 * tracking-memory files ({@code TrackingMemoryReport --json}) found in some directories.
 *
 * <p>The contract:
 * <ul>
 *   <li>Every {@code *.json} file directly in each directory is read; a directory that does not
 *       exist is skipped (a fresh checkout has no {@code reports/out/bench/}).</li>
 *   <li>When the same measurement appears in several files, the newest file wins: latest
 *       modification time, then the greater file name (so {@code change-…-c.json} beats
 *       {@code -b} when a checkout gave them one time). The same measurement means the same
 *       benchmark method, mode, parameters and fork JVM arguments: a run under another garbage
 *       collector is a different measurement, not a newer one. For memory: the same strategy and
 *       size, or the same strategy, frame count and workload.</li>
 *   <li>A file that cannot be read or parsed, or whose content is neither format, never stops the
 *       report: it gives a {@linkplain #warnings() warning} naming the file (and the line and column
 *       when Jackson reports them), and its figures are left out. A single malformed result inside
 *       a file skips that result only, with a warning.</li>
 * </ul>
 */
public final class BenchmarkResults {
    /** The {@code kind} of a {@code TrackingMemoryReport --json} file. */
    static final String MEMORY_KIND = "ecslab-tracking-memory";

    private static final ObjectMapper JSON = new ObjectMapper();

    private final List<BenchmarkResult> results;
    private final List<TrackingMemory.PerEntity> perEntity;
    private final List<TrackingMemory.OverFrames> overFrames;
    private final List<String> warnings;
    private final List<Path> files;
    private final LabPowerTable power;

    private BenchmarkResults(List<BenchmarkResult> results, List<TrackingMemory.PerEntity> perEntity,
            List<TrackingMemory.OverFrames> overFrames, List<String> warnings, List<Path> files, LabPowerTable power) {
        this.power = power;
        this.results = List.copyOf(results);
        this.perEntity = List.copyOf(perEntity);
        this.overFrames = List.copyOf(overFrames);
        this.warnings = List.copyOf(warnings);
        this.files = List.copyOf(files);
    }

    /** Reads every {@code *.json} file in {@code directories}; see the class comment for the rules. */
    public static BenchmarkResults read(List<Path> directories) {
        List<String> warnings = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (Path dir : directories) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> listing = Files.list(dir)) {
                listing.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f)).forEach(files::add);
            } catch (IOException e) {
                warnings.add(dir + ": cannot list the directory (" + e.getMessage() + ")");
            }
        }
        files.sort(oldestFirst(warnings));

        // Later (newer) files overwrite earlier entries of the same key; the map keeps first-seen order.
        Map<List<Object>, BenchmarkResult> results = new LinkedHashMap<>();
        Map<List<Object>, TrackingMemory.PerEntity> perEntity = new LinkedHashMap<>();
        Map<List<Object>, TrackingMemory.OverFrames> overFrames = new LinkedHashMap<>();
        LabPowerTable power = null;
        for (Path file : files) {
            JsonNode root;
            try {
                root = JSON.readTree(file.toFile());
            } catch (JsonProcessingException e) {
                warnings.add(file + where(e.getLocation()) + ": malformed JSON, file skipped: " + e.getOriginalMessage());
                continue;
            } catch (IOException e) {
                warnings.add(file + ": cannot read, file skipped (" + e.getMessage() + ")");
                continue;
            }
            if (root == null || root.isMissingNode()) {
                warnings.add(file + ": empty file, skipped");
            } else if (root.isArray()) {
                readJmh(file, root, results, warnings);
            } else if (root.isObject() && MEMORY_KIND.equals(root.path("kind").asText())) {
                readMemory(file, root, perEntity, overFrames, warnings);
            } else if (root.isObject() && LabPowerTable.KIND.equals(root.path("kind").asText())) {
                LabPowerTable read = LabPowerTable.read(root, warnings, file.toString());
                power = read != null ? read : power;                          // the newest readable file wins
            } else {
                warnings.add(file + ": neither a JMH result array (-rf json) nor a " + MEMORY_KIND + " or "
                        + LabPowerTable.KIND + " object, skipped");
            }
        }
        return new BenchmarkResults(new ArrayList<>(results.values()), new ArrayList<>(perEntity.values()),
                new ArrayList<>(overFrames.values()), warnings, files, power);
    }

    private static Comparator<Path> oldestFirst(List<String> warnings) {
        Map<Path, FileTime> times = new LinkedHashMap<>();
        return Comparator.<Path, FileTime>comparing(f -> times.computeIfAbsent(f, g -> {
            try {
                return Files.getLastModifiedTime(g);
            } catch (IOException e) {
                warnings.add(g + ": no modification time (" + e.getMessage() + "), treated as oldest");
                return FileTime.fromMillis(0);
            }
        })).thenComparing(f -> f.getFileName().toString());
    }

    private static String where(JsonLocation at) {
        if (at == null || at.getLineNr() <= 0) {
            return "";
        }
        return " line " + at.getLineNr() + (at.getColumnNr() > 0 ? " column " + at.getColumnNr() : "");
    }

    private static void readJmh(Path file, JsonNode root, Map<List<Object>, BenchmarkResult> into, List<String> warnings) {
        int index = 0;
        for (JsonNode b : root) {
            index++;
            String benchmark = b.path("benchmark").asText("");
            JsonNode metric = b.path("primaryMetric");
            int dot = benchmark.lastIndexOf('.');
            if (dot <= 0 || !metric.path("score").isNumber() || !metric.path("scoreUnit").isTextual()) {
                warnings.add(file + ": result " + index + " has no benchmark name, score or unit, skipped");
                continue;
            }
            String qualifiedClass = benchmark.substring(0, dot);
            String simpleClass = qualifiedClass.substring(qualifiedClass.lastIndexOf('.') + 1);
            Map<String, String> params = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = b.path("params").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> p = it.next();
                params.put(p.getKey(), p.getValue().asText());
            }
            List<String> jvmArgs = new ArrayList<>();
            b.path("jvmArgs").forEach(a -> jvmArgs.add(a.asText()));
            JsonNode median = metric.path("scorePercentiles").path("50.0");
            double error = metric.path("scoreError").isNumber() ? metric.path("scoreError").asDouble() : Double.NaN;
            BenchmarkResult r = new BenchmarkResult(simpleClass, benchmark.substring(dot + 1), params,
                    b.path("mode").asText("?"), metric.path("score").asDouble(), error, metric.path("scoreUnit").asText(),
                    median.isNumber() ? median.asDouble() : Double.NaN, jvmArgs, file);
            into.remove(key(r));            // re-insert, so iteration order follows the winning file
            into.put(key(r), r);
        }
    }

    private static List<Object> key(BenchmarkResult r) {
        return List.of(r.benchmarkClass(), r.method(), r.mode(), new TreeMap<>(r.params()), r.jvmArgs());
    }

    private static void readMemory(Path file, JsonNode root, Map<List<Object>, TrackingMemory.PerEntity> perEntity,
            Map<List<Object>, TrackingMemory.OverFrames> overFrames, List<String> warnings) {
        JsonNode world = root.path("world");
        int worldEntities = world.path("entities").asInt(-1);
        int detectors = world.path("detectors").asInt(-1);
        for (JsonNode row : root.path("perEntity")) {
            if (!row.path("strategy").isTextual() || !row.path("entities").isInt() || !row.path("bytesPerEntity").isNumber()) {
                warnings.add(file + ": a perEntity row without strategy, entities or bytesPerEntity, skipped: " + row);
                continue;
            }
            var m = new TrackingMemory.PerEntity(row.get("strategy").asText(), row.get("entities").asInt(),
                    row.get("bytesPerEntity").asDouble(), file);
            List<Object> k = List.of(m.strategy(), m.entities());
            perEntity.remove(k);
            perEntity.put(k, m);
        }
        for (JsonNode row : root.path("overFrames")) {
            if (!row.path("strategy").isTextual() || !row.path("frames").isInt() || !row.path("bytes").canConvertToLong()) {
                warnings.add(file + ": an overFrames row without strategy, frames or bytes, skipped: " + row);
                continue;
            }
            var m = new TrackingMemory.OverFrames(row.get("strategy").asText(), row.get("frames").asInt(),
                    row.get("bytes").asLong(), worldEntities, detectors, file);
            List<Object> k = List.of(m.strategy(), m.frames(), worldEntities, detectors);
            overFrames.remove(k);
            overFrames.put(k, m);
        }
    }

    /** Every JMH result kept (the newest of each measurement), in reading order. */
    public List<BenchmarkResult> results() {
        return results;
    }

    /** Every per-entity memory figure kept. */
    public List<TrackingMemory.PerEntity> memoryPerEntity() {
        return perEntity;
    }

    /** Every memory-over-frames figure kept. */
    public List<TrackingMemory.OverFrames> memoryOverFrames() {
        return overFrames;
    }

    /** The lab's power table ({@code LabPower}'s newest file), if one was found. */
    public Optional<LabPowerTable> power() {
        return Optional.ofNullable(power);
    }

    /** Problems met while reading, one sentence each, naming the file; for the page to show. */
    public List<String> warnings() {
        return warnings;
    }

    /** The JSON files read (or tried), oldest first. */
    public List<Path> files() {
        return files;
    }

    /**
     * The results of {@code name} ({@code Class.method}, e.g. {@code ChangeTrackingBenchmark.changed})
     * whose params include all of {@code params}, newest file first.
     */
    public List<BenchmarkResult> select(String name, Map<String, String> params) {
        List<BenchmarkResult> out = new ArrayList<>();
        for (BenchmarkResult r : results) {
            if (r.name().equals(name) && r.params().entrySet().containsAll(params.entrySet())) {
                out.add(r);
            }
        }
        out.sort(Comparator.comparingInt((BenchmarkResult r) -> files.indexOf(r.source())).reversed());
        return out;
    }

    /** All results of {@code name}, newest file first. */
    public List<BenchmarkResult> select(String name) {
        return select(name, Map.of());
    }

    /**
     * The one result of {@code name} with exactly these {@code params} (all of the benchmark's
     * parameters). When it was measured under several JVM argument lists (say, once more under
     * ParallelGC), the newest file's result is returned; {@link #select} shows them all.
     */
    public Optional<BenchmarkResult> find(String name, Map<String, String> params) {
        return select(name, params).stream().filter(r -> r.params().equals(params)).findFirst();
    }

    /**
     * The score of {@link #find}, for the report's conclusions, e.g.
     * {@code score("ChangeTrackingBenchmark.changed", Map.of("strategy", "generation", "percentChanged", "1",
     * "spread", "random"))}. In the file's unit ({@link BenchmarkResult#unit()}).
     */
    public Optional<Double> score(String name, Map<String, String> params) {
        return find(name, params).map(BenchmarkResult::score);
    }
}
