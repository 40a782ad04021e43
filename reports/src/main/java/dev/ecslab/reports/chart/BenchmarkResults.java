package dev.ecslab.reports.chart;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.ecs.input.InputFile;
import dev.ecslab.ecs.json.JsonTree;
import dev.ecslab.lab.scenario.JsonDocument;
import dev.ecslab.lab.scenario.ScenarioException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Every benchmark figure the report can chart: the JMH JSON result files ({@code -rf json}) and the
 * tracking-memory files ({@code TrackingMemoryReport --json}) found in some directories, with where each
 * came from ({@link Origin}).
 *
 * <p>The contract:
 * <ul>
 *   <li>Every {@code *.json} file directly in each directory is read, and those in its {@value #QUICK}
 *       folder, which {@code lab bench --quick} writes: their results are <em>quick</em>. A result is quick
 *       too when its file's run record says so, or its own settings are a quick run's
 *       ({@link BenchmarkResult.Settings#quick()}). A directory that does not exist is skipped (a fresh
 *       checkout has no {@code reports/out/bench/}).</li>
 *   <li><b>Careful results before quick ones.</b> When the same measurement appears in several files, a
 *       careful result always wins over a quick one, whatever their dates: a quick result is kept only where
 *       no careful one exists, so a quick run never replaces careful figures. Among results of one kind the
 *       newest file wins: latest modification time, then the greater file name (so {@code change-…-c.json}
 *       beats {@code -b} when a checkout gave them one time). The same measurement means the same benchmark
 *       method, mode, parameters and fork JVM arguments: a run under another garbage collector is a
 *       different measurement, not a newer one. For memory: the same strategy and size, or the same
 *       strategy, frame count and workload.</li>
 *   <li>A file's {@link Origin}: when it was measured (the run record {@code lab bench} writes beside it,
 *       {@code NAME.run.json}; else a date in its name, {@code change-2026-11-22.json}; else its modification
 *       time, said as such), the commit of the lab that ran it (when recorded), and whether it is quick.</li>
 *   <li>A file that cannot be read or parsed, or whose content is none of the formats, never stops the
 *       report: it gives a {@linkplain #warnings() warning} naming the file (and the line and column
 *       when Jackson reports them), and its figures are left out. A single malformed result inside
 *       a file skips that result only, with a warning.</li>
 * </ul>
 */
public final class BenchmarkResults {
    /** The {@code kind} of a {@code TrackingMemoryReport --json} file. */
    static final String MEMORY_KIND = "ecslab-tracking-memory";
    /** The {@code kind} of the run record {@code lab bench} writes beside each result file. */
    public static final String RUN_KIND = "ecslab-bench-run";
    /** The folder, inside a results directory, of the results of quick runs. */
    public static final String QUICK = "quick";

    /**
     * A date in a file's name, and the commit after it when the name follows {@code benchmarks/results}'
     * convention {@code <name>-<date>-<commit>.json} (7 to 40 hex digits, then the end of the name).
     */
    private static final Pattern DATE_IN_NAME = Pattern.compile("(\\d{4}-\\d{2}-\\d{2})(?:-([0-9a-f]{7,40})\\.json$)?");

    /**
     * Where a result file came from.
     *
     * @param date     when it was measured, as precisely as known ({@code 2026-11-22}, {@code 2026-11-23 14:05 UTC})
     * @param dateFrom how the date is known: {@code "run record"}, {@code "file name"} or {@code "file modified"}
     * @param commit   the commit of the lab that ran it, or {@code "unknown"}
     * @param quick    whether the file holds a quick run's results
     */
    public record Origin(Path file, String date, String dateFrom, String commit, boolean quick) {
        /** {@code "change-2026-11-22-a.json, 2026-11-22 (file name), commit unknown"}. */
        public String describe() {
            return file.getFileName() + ", " + date + " (" + dateFrom + "), commit " + commit;
        }
    }

    private final List<BenchmarkResult> results;
    private final List<TrackingMemory.PerEntity> perEntity;
    private final List<TrackingMemory.OverFrames> overFrames;
    private final List<String> warnings;
    private final List<Path> files;
    private final LabPowerTable power;
    private final Map<Path, Origin> origins;

    private BenchmarkResults(List<BenchmarkResult> results, List<TrackingMemory.PerEntity> perEntity,
            List<TrackingMemory.OverFrames> overFrames, List<String> warnings, List<Path> files, LabPowerTable power,
            Map<Path, Origin> origins) {
        this.power = power;
        this.results = List.copyOf(results);
        this.perEntity = List.copyOf(perEntity);
        this.overFrames = List.copyOf(overFrames);
        this.warnings = List.copyOf(warnings);
        this.files = List.copyOf(files);
        this.origins = Map.copyOf(origins);
    }

    /** Reads every {@code *.json} file in {@code directories} and their quick folders; see the class comment. */
    public static BenchmarkResults read(List<Path> directories) {
        return read(directories, Preference.CAREFUL_FIRST);
    }

    /** Which of two results of one measurement is kept. */
    enum Preference {
        /** A careful result over a quick one, then the newer (the contract). */
        CAREFUL_FIRST,
        /** The newer, whatever it is: how results were read before quick runs were told apart (kept for a test). */
        NEWEST
    }

    static BenchmarkResults read(List<Path> directories, Preference preference) {
        List<String> warnings = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        Set<Path> quickFiles = new HashSet<>();
        for (Path dir : directories) {
            list(dir, files, warnings);
            Path quick = dir.resolve(QUICK);
            List<Path> inQuick = new ArrayList<>();
            list(quick, inQuick, warnings);
            files.addAll(inQuick);
            quickFiles.addAll(inQuick);
        }
        files.sort(oldestFirst(warnings));

        Map<Path, JsonNode> parsed = new LinkedHashMap<>();
        Map<Path, JsonNode> runRecords = new HashMap<>();
        for (Path file : files) {
            JsonNode root;
            try {
                root = JsonDocument.parse(InputFile.readUtf8(file), file.toString(), JsonTree.MAX_VALUES).jackson();
            } catch (ScenarioException e) {
                warnings.add(file + " (" + e.location() + "): malformed JSON, file skipped: " + e.problem());
                continue;
            } catch (BadInputException e) {
                warnings.add(e.getMessage() + "; file skipped");
                continue;
            }
            if (root != null && root.isObject() && RUN_KIND.equals(root.path("kind").asText())) {
                String of = root.path("results").asText("");
                if (of.isEmpty() || of.contains("/") || of.contains("\\")) {
                    warnings.add(file + ": a run record without the name of its results file, skipped");
                } else {
                    runRecords.put(file.resolveSibling(of), root);
                }
                continue;
            }
            parsed.put(file, root);
        }

        Map<Path, Origin> origins = new LinkedHashMap<>();
        Map<List<Object>, BenchmarkResult> results = new LinkedHashMap<>();
        Map<List<Object>, TrackingMemory.PerEntity> perEntity = new LinkedHashMap<>();
        Map<List<Object>, TrackingMemory.OverFrames> overFrames = new LinkedHashMap<>();
        LabPowerTable power = null;
        for (Map.Entry<Path, JsonNode> e : parsed.entrySet()) {
            Path file = e.getKey();
            JsonNode root = e.getValue();
            Origin origin = origin(file, runRecords.get(file), quickFiles.contains(file), warnings);
            origins.put(file, origin);
            if (root == null || root.isMissingNode()) {
                warnings.add(file + ": empty file, skipped");
            } else if (root.isArray()) {
                readJmh(file, root, origin.quick(), results, warnings, preference);
            } else if (root.isObject() && MEMORY_KIND.equals(root.path("kind").asText())) {
                readMemory(file, root, perEntity, overFrames, warnings);
            } else if (root.isObject() && LabPowerTable.KIND.equals(root.path("kind").asText())) {
                LabPowerTable read = LabPowerTable.read(root, warnings, file.toString());
                if (root.has("variant")) {
                    continue;           // an experiment (another executor, space or subset): read and checked, not the lab's power
                }
                power = read != null ? read : power;                          // the newest readable default file wins
            } else {
                warnings.add(file + ": neither a JMH result array (-rf json) nor a " + MEMORY_KIND + ", "
                        + LabPowerTable.KIND + " or " + RUN_KIND + " object, skipped");
            }
        }
        return new BenchmarkResults(new ArrayList<>(results.values()), new ArrayList<>(perEntity.values()),
                new ArrayList<>(overFrames.values()), warnings, new ArrayList<>(parsed.keySet()), power, origins);
    }

    private static void list(Path dir, List<Path> into, List<String> warnings) {
        if (!Files.isDirectory(dir)) {
            return;
        }
        try (Stream<Path> listing = Files.list(dir)) {
            listing.filter(f -> f.getFileName().toString().endsWith(".json") && Files.isRegularFile(f)).sorted().forEach(into::add);
        } catch (IOException e) {
            warnings.add(dir + ": cannot list the directory (" + e.getMessage() + ")");
        }
    }

    /**
     * Where {@code file} came from: its run record, else a date (and commit) in its name, else its
     * modification time.
     */
    private static Origin origin(Path file, JsonNode record, boolean inQuickFolder, List<String> warnings) {
        if (record != null) {
            String date = record.path("date").asText("");
            return new Origin(file, date.isEmpty() ? "date not recorded" : date, "run record",
                    record.path("commit").asText("unknown"), inQuickFolder || record.path("quick").asBoolean(false));
        }
        Matcher m = DATE_IN_NAME.matcher(file.getFileName().toString());
        if (m.find()) {
            return new Origin(file, m.group(1), "file name", m.group(2) != null ? m.group(2) : "unknown", inQuickFolder);
        }
        String modified;
        try {
            modified = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC)
                    .format(Files.getLastModifiedTime(file).toInstant());
        } catch (IOException e) {
            warnings.add(file + ": no modification time (" + e.getMessage() + ")");
            modified = "unknown";
        }
        return new Origin(file, modified, "file modified", "unknown", inQuickFolder);
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

    private static void readJmh(Path file, JsonNode root, boolean quickFile, Map<List<Object>, BenchmarkResult> into,
            List<String> warnings, Preference preference) {
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
            BenchmarkResult.Settings settings = new BenchmarkResult.Settings(b.path("forks").asInt(-1),
                    b.path("warmupIterations").asInt(-1), b.path("warmupTime").asText("?"),
                    b.path("measurementIterations").asInt(-1), b.path("measurementTime").asText("?"),
                    b.path("jdkVersion").asText("?"), b.path("jmhVersion").asText("?"));
            BenchmarkResult r = new BenchmarkResult(simpleClass, benchmark.substring(dot + 1), params,
                    b.path("mode").asText("?"), metric.path("score").asDouble(), error, metric.path("scoreUnit").asText(),
                    median.isNumber() ? median.asDouble() : Double.NaN, jvmArgs, file, settings,
                    quickFile || settings.quick());
            BenchmarkResult kept = into.get(key(r));
            if (preference == Preference.CAREFUL_FIRST && kept != null && !kept.quick() && r.quick()) {
                continue;                   // a quick result never replaces a careful one
            }
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

    /**
     * The lab's power table: the newest {@code LabPower} file of a default measurement, if one was found. A file
     * with a {@code "variant"} (another executor, scenario space or subset of mutants) is an experiment and is
     * never shown as the lab's power.
     */
    public Optional<LabPowerTable> power() {
        return Optional.ofNullable(power);
    }

    /** Problems met while reading, one sentence each, naming the file; for the page to show. */
    public List<String> warnings() {
        return warnings;
    }

    /** The result files read (or tried; not the run records), oldest first. */
    public List<Path> files() {
        return files;
    }

    /** Where a file read here came from (its date, commit, and whether it is quick). */
    public Origin origin(Path file) {
        Origin o = origins.get(file);
        return o != null ? o : new Origin(file, "unknown", "not read", "unknown", false);
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
