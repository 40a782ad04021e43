package dev.ecslab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkResultsTest {
    /** The committed results, relative to the reports module (Surefire's working directory). */
    static final Path RESULTS = Path.of("..", "benchmarks", "results");

    static final Map<String, String> GENERATION_1_RANDOM = Map.of("strategy", "generation", "percentChanged", "1", "spread", "random");

    @Test
    void readsEveryCommittedFileWithoutWarnings() {
        BenchmarkResults results = BenchmarkResults.read(List.of(RESULTS));

        assertThat(results.warnings()).isEmpty();
        assertThat(results.files()).extracting(f -> f.getFileName().toString())
                .contains("change-2026-11-22-a.json", "executors-2026-11-22.json", "memory-2026-11-22.json");
        BenchmarkResult move = results.find("IterationBenchmark.move", Map.of("ecs", "ECSLAB", "n", "1000000")).orElseThrow();
        assertThat(move.unit()).isEqualTo("us/op");
        assertThat(move.mode()).isEqualTo("avgt");
        assertThat(move.score(TimeUnit.MILLISECONDS)).isCloseTo(move.score() / 1000, within(1e-9));
        assertThat(move.medianIfPresent()).isPresent();
        assertThat(move.jvmArgs()).contains("-XX:+AlwaysPreTouch");
    }

    @Test
    void sameModificationTimeThenTheGreaterNameWins(@TempDir Path dir) throws IOException {
        // A checkout gives the three change runs one modification time; run c is the newest by name.
        // (Copies of the committed 2026-11-22 runs, so that later runs in the folder do not take over.)
        FileTime one = FileTime.from(Instant.parse("2026-11-22T00:00:00Z"));
        for (String run : List.of("a", "b", "c")) {
            Files.setLastModifiedTime(Files.copy(RESULTS.resolve("change-2026-11-22-" + run + ".json"),
                    dir.resolve("change-2026-11-22-" + run + ".json")), one);
        }
        BenchmarkResults results = BenchmarkResults.read(List.of(dir));

        BenchmarkResult r = results.find("ChangeTrackingBenchmark.changed", GENERATION_1_RANDOM).orElseThrow();
        assertThat(r.source().getFileName().toString()).isEqualTo("change-2026-11-22-c.json");
        assertThat(results.score("ChangeTrackingBenchmark.changed", GENERATION_1_RANDOM)).hasValueSatisfying(
                s -> assertThat(s).isCloseTo(886.98, within(0.01)));
        // Strategies only run a measured stay, from run a.
        assertThat(results.find("ChangeTrackingBenchmark.changed",
                Map.of("strategy", "flags", "percentChanged", "1", "spread", "random")).orElseThrow().source().getFileName())
                .hasToString("change-2026-11-22-a.json");
    }

    @Test
    void theNewestFileWinsForTheSameBenchmarkAndParams(@TempDir Path dir) throws IOException {
        Path a = Files.copy(RESULTS.resolve("change-2026-11-22-a.json"), dir.resolve("change-a.json"));
        Path c = Files.copy(RESULTS.resolve("change-2026-11-22-c.json"), dir.resolve("change-c.json"));
        Files.setLastModifiedTime(c, FileTime.from(Instant.parse("2026-11-22T10:00:00Z")));
        Files.setLastModifiedTime(a, FileTime.from(Instant.parse("2026-11-22T11:00:00Z")));   // a is newer now

        BenchmarkResults results = BenchmarkResults.read(List.of(dir));

        assertThat(results.score("ChangeTrackingBenchmark.changed", GENERATION_1_RANDOM)).hasValueSatisfying(
                s -> assertThat(s).isCloseTo(4381.58, within(0.01)));
        assertThat(results.select("ChangeTrackingBenchmark.changed", GENERATION_1_RANDOM)).hasSize(1);
        // Results only c has (clustered) are kept.
        assertThat(results.find("ChangeTrackingBenchmark.changed",
                Map.of("strategy", "generation", "percentChanged", "1", "spread", "clustered"))).isPresent();

        Files.setLastModifiedTime(c, FileTime.from(Instant.parse("2026-11-22T12:00:00Z")));
        assertThat(BenchmarkResults.read(List.of(dir)).score("ChangeTrackingBenchmark.changed", GENERATION_1_RANDOM))
                .hasValueSatisfying(s -> assertThat(s).isCloseTo(886.98, within(0.01)));
    }

    @Test
    void aRunUnderOtherJvmArgumentsIsKeptBesideTheDefaultOne(@TempDir Path dir) throws IOException {
        for (String file : List.of("core-2026-11-22.json", "spawn-parallelgc-2026-11-22.json")) {
            Files.copy(RESULTS.resolve(file), dir.resolve(file));       // the 2026-11-22 runs, whatever came later
        }
        BenchmarkResults results = BenchmarkResults.read(List.of(dir));

        List<BenchmarkResult> spawn = results.select("SpawnBenchmark.spawn", Map.of("ecs", "ECSLAB"));

        assertThat(spawn).hasSize(2);
        assertThat(spawn).extracting(BenchmarkResult::score).containsExactlyInAnyOrder(57.267248124999995, 33.92392987499999);
        assertThat(spawn).anySatisfy(r -> assertThat(r.jvmArgs()).contains("-XX:+UseParallelGC"));
    }

    // ------------------------------------------------------------------ quick runs never replace careful ones

    /**
     * A careful executors run (older) and a quick run of the same benchmarks (newer, every score ×10, plus one
     * executor the careful run lacks), as lab bench --quick leaves them: in the quick folder.
     */
    static Path carefulAndNewerQuick(Path dir) throws IOException {
        Path careful = Files.copy(RESULTS.resolve("executors-2026-11-22.json"), dir.resolve("executors-2026-11-22.json"));
        Files.setLastModifiedTime(careful, FileTime.from(Instant.parse("2026-11-22T10:00:00Z")));
        Path quickDir = Files.createDirectories(dir.resolve(BenchmarkResults.QUICK));
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var runs = (com.fasterxml.jackson.databind.node.ArrayNode) mapper.readTree(careful.toFile());
        for (var r : runs) {
            var metric = (com.fasterxml.jackson.databind.node.ObjectNode) r.path("primaryMetric");
            metric.put("score", metric.path("score").asDouble() * 10);
            ((com.fasterxml.jackson.databind.node.ObjectNode) r).put("forks", 1).put("measurementIterations", 3)
                    .put("warmupIterations", 2);
        }
        var extra = runs.get(0).deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) extra.path("params")).put("executor", "quick-only");
        runs.add(extra);
        Path quick = quickDir.resolve("ExecutorBenchmark.json");
        mapper.writeValue(quick.toFile(), runs);
        Files.setLastModifiedTime(quick, FileTime.from(Instant.parse("2026-11-23T10:00:00Z")));      // newer
        return dir;
    }

    /**
     * The check: every figure the careful file has is the careful file's, and a quick one appears only where no
     * careful one exists, marked quick.
     */
    static void assertQuickNeverReplacesCareful(BenchmarkResults results, Path carefulFile) {
        List<BenchmarkResult> all = results.select("ExecutorBenchmark.emptySystems");
        assertThat(all).hasSizeGreaterThan(1);
        for (BenchmarkResult r : all) {
            if (r.param("executor").equals("quick-only")) {
                assertThat(r.quick()).as("where no careful result exists, the quick one, marked").isTrue();
                continue;
            }
            assertThat(r.source()).as(r.params() + " comes from the careful file").isEqualTo(carefulFile);
            assertThat(r.quick()).as(r.params() + " is a careful result").isFalse();
        }
        assertThat(results.select("ExecutorBenchmark.emptySystems", Map.of("executor", "quick-only"))).hasSize(1);
    }

    @Test
    void aQuickRunNeverReplacesCarefulResultsWhateverItsDate(@TempDir Path dir) throws IOException {
        BenchmarkResults results = BenchmarkResults.read(List.of(carefulAndNewerQuick(dir)));
        assertQuickNeverReplacesCareful(results, dir.resolve("executors-2026-11-22.json"));
        BenchmarkResult quickOnly = results.select("ExecutorBenchmark.emptySystems", Map.of("executor", "quick-only")).get(0);
        assertThat(quickOnly.settings().describe()).startsWith("1 fork × 3 × 1 s measured after 2 × 1 s warm-up, JMH 1.37");
        assertThat(results.origin(quickOnly.source()).quick()).isTrue();
    }

    @Test
    void theCheckCatchesAReaderWhereTheNewestFileWins(@TempDir Path dir) throws IOException {
        BenchmarkResults newest = BenchmarkResults.read(List.of(carefulAndNewerQuick(dir)), BenchmarkResults.Preference.NEWEST);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> assertQuickNeverReplacesCareful(newest,
                dir.resolve("executors-2026-11-22.json")))
                .isInstanceOf(AssertionError.class);
    }

    @Test
    void aResultMeasuredWithQuickSettingsIsQuickWhereverItLies(@TempDir Path dir) throws IOException {
        carefulAndNewerQuick(dir);
        Path moved = Files.move(dir.resolve("quick/ExecutorBenchmark.json"), dir.resolve("copied-here.json"));
        Files.setLastModifiedTime(moved, FileTime.from(Instant.parse("2026-11-23T10:00:00Z")));
        assertQuickNeverReplacesCareful(BenchmarkResults.read(List.of(dir)), dir.resolve("executors-2026-11-22.json"));
    }

    @Test
    void eachFileSaysWhenItWasMeasuredAndHowThatIsKnown(@TempDir Path dir) throws IOException {
        Path named = Files.copy(RESULTS.resolve("jobs-2026-11-22.json"), dir.resolve("jobs-2026-11-22.json"));
        Path recorded = Files.copy(RESULTS.resolve("jobs-2026-11-22.json"), dir.resolve("JobBenchmark.json"));
        Files.writeString(dir.resolve("JobBenchmark.run.json"), "{\"kind\": \"" + BenchmarkResults.RUN_KIND + "\","
                + " \"results\": \"JobBenchmark.json\", \"date\": \"2026-11-24 09:30 UTC\", \"commit\": \"abc123def456\","
                + " \"quick\": false}");
        Path withCommit = Files.copy(RESULTS.resolve("jobs-2026-11-22.json"), dir.resolve("jobs-2026-11-26-9c5f9c1.json"));
        Path notACommit = Files.copy(RESULTS.resolve("jobs-2026-11-22.json"), dir.resolve("jobs-2026-11-23-b.json"));
        Path bare = Files.copy(RESULTS.resolve("jobs-2026-11-22.json"), dir.resolve("jobs.json"));
        Files.setLastModifiedTime(bare, FileTime.from(Instant.parse("2026-11-25T08:00:00Z")));
        BenchmarkResults results = BenchmarkResults.read(List.of(dir));
        assertThat(results.warnings()).isEmpty();
        assertThat(results.files()).as("a run record is not a result file").hasSize(5);
        assertThat(results.origin(named).describe()).isEqualTo("jobs-2026-11-22.json, 2026-11-22 (file name), commit unknown");
        assertThat(results.origin(withCommit).describe())
                .isEqualTo("jobs-2026-11-26-9c5f9c1.json, 2026-11-26 (file name), commit 9c5f9c1");
        assertThat(results.origin(notACommit).describe()).isEqualTo("jobs-2026-11-23-b.json, 2026-11-23 (file name), commit unknown");
        assertThat(results.origin(recorded).describe())
                .isEqualTo("JobBenchmark.json, 2026-11-24 09:30 UTC (run record), commit abc123def456");
        assertThat(results.origin(bare).describe()).isEqualTo("jobs.json, 2026-11-25 08:00 UTC (file modified), commit unknown");
    }

    @Test
    void readsTheTrackingMemoryFile() {
        BenchmarkResults results = BenchmarkResults.read(List.of(RESULTS));

        assertThat(results.memoryOverFrames()).hasSize(7 * 10);
        assertThat(results.memoryOverFrames()).filteredOn(m -> m.strategy().equals("system-data") && m.frames() == 10_000)
                .singleElement().satisfies(m -> {
                    assertThat(m.bytes()).isEqualTo(1_063_232);
                    assertThat(m.worldEntities()).isEqualTo(10_000);
                    assertThat(m.detectors()).isEqualTo(4);
                });
        assertThat(results.memoryPerEntity()).filteredOn(m -> m.strategy().equals("flags") && m.entities() == 1_000_000)
                .singleElement().satisfies(m -> assertThat(m.bytesPerEntity()).isCloseTo(12.58, within(0.01)));
    }

    @Test
    void aMalformedFileGivesAWarningNamingItAndTheOthersAreStillRead(@TempDir Path dir) throws IOException {
        Files.copy(RESULTS.resolve("executors-2026-11-22.json"), dir.resolve("executors.json"));
        Files.writeString(dir.resolve("broken.json"), "[\n  {\"benchmark\": \"dev.ecslab.bench.X.y\",\n    \"mode\": avgt\n");
        Files.writeString(dir.resolve("other.json"), "{\"hello\": 1}");
        Files.writeString(dir.resolve("notes.txt"), "not json, not read");

        BenchmarkResults results = BenchmarkResults.read(List.of(dir, dir.resolve("does-not-exist")));

        assertThat(results.warnings()).hasSize(2);
        assertThat(results.warnings()).anySatisfy(w -> assertThat(w).contains("broken.json").contains("line 3")
                .contains("malformed JSON"));
        assertThat(results.warnings()).anySatisfy(w -> assertThat(w).contains("other.json").contains("neither"));
        assertThat(results.select("ExecutorBenchmark.skewedLoad")).hasSize(3);
    }
}
