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
    void sameModificationTimeThenTheGreaterNameWins() {
        // A checkout gives the three change runs one modification time; run c is the newest by name.
        BenchmarkResults results = BenchmarkResults.read(List.of(RESULTS));

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
    void aRunUnderOtherJvmArgumentsIsKeptBesideTheDefaultOne() {
        BenchmarkResults results = BenchmarkResults.read(List.of(RESULTS));

        List<BenchmarkResult> spawn = results.select("SpawnBenchmark.spawn", Map.of("ecs", "ECSLAB"));

        assertThat(spawn).hasSize(2);
        assertThat(spawn).extracting(BenchmarkResult::score).containsExactlyInAnyOrder(57.267248124999995, 33.92392987499999);
        assertThat(spawn).anySatisfy(r -> assertThat(r.jvmArgs()).contains("-XX:+UseParallelGC"));
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
