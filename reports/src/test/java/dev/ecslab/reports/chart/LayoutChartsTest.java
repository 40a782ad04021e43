package dev.ecslab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The two value layouts side by side: a small fixture measured in both (the {@code layout}
 * parameter of ChangeTrackingBenchmark, the columnar contenders of IterationBenchmark) is drawn with a
 * panel per layout whose title says which, while a file from before the parameter counts as the
 * references layout. (The committed results, which have no layout, are drawn as before:
 * {@link BenchmarkChartsTest#everyChartIsDrawnFromTheCommittedResults()}.)
 */
class LayoutChartsTest {
    static final Path FIXTURE = Path.of("src", "test", "resources", "dev", "ecslab", "reports", "chart", "layouts");

    private static Map<String, Chart> draw(Path dir, Path png) {
        return new BenchmarkCharts(BenchmarkResults.read(List.of(dir)), png).build().stream()
                .collect(Collectors.toMap(Chart::id, Function.identity()));
    }

    @Test
    void bothLayoutsGetAPanelThatSaysWhich(@TempDir Path png) throws Exception {
        BenchmarkResults results = BenchmarkResults.read(List.of(FIXTURE));
        assertThat(results.warnings()).isEmpty();
        Map<String, Chart> charts = draw(FIXTURE, png);

        Chart frame = charts.get(BenchmarkCharts.FRAME_TIME);
        assertThat(frame.panels()).extracting(Chart.Panel::facet).containsExactly(
                "writing every entity (mutateAll), references layout", "writing every entity (mutateAll), columnar layout",
                "writing chunk by chunk (mutateAllChunks), references layout",
                "writing chunk by chunk (mutateAllChunks), columnar layout",
                "frame-end pass (frameEnd)",
                "whole frame (mutateAll + frameEnd), references layout", "whole frame (mutateAll + frameEnd), columnar layout");
        for (Chart.Panel p : frame.panels()) {
            assertThat(BenchmarkChartsTest.description(p)).as(p.facet()).contains("none", "generation");
        }
        assertThat(frame.caption()).contains("Value layouts: references", "writeFloats", "generation (columnar)",
                "change-layouts-2026-11-27.json");

        Chart workload = charts.get(BenchmarkCharts.RUN_TIME_BY_WORKLOAD);
        assertThat(workload.panels()).extracting(Chart.Panel::facet)
                .containsExactly("1 % changed, references layout", "1 % changed, columnar layout");
        assertThat(BenchmarkChartsTest.description(workload.panels().get(1))).contains("none", "generation");
        assertThat(workload.caption()).contains("getFloat", "none (columnar)");

        Chart iteration = charts.get(BenchmarkCharts.ITERATION);
        assertThat(iteration.panels()).extracting(Chart.Panel::facet).containsExactly(
                "components as objects (references layout)", "components as primitive arrays (columnar layout)");
        assertThat(BenchmarkChartsTest.description(iteration.panels().get(0)))
                .contains("ecslab (forEachChunk)", "hand-written loop").doesNotContain("columnar", "primitive arrays");
        assertThat(BenchmarkChartsTest.description(iteration.panels().get(1))).contains("ecslab columnar (forEach)",
                "ecslab columnar (forEachChunk)", "hand-written loop over primitive arrays", "hand-written loop,");
        assertThat(iteration.caption()).contains("columnar layout, each component", "iteration-layouts-2026-11-27.json");
        assertThat(charts.values()).allSatisfy(c -> assertThat(c.noisy()).isEmpty());
    }

    @Test
    void aFileWithoutTheLayoutParameterIsTheReferencesLayout(@TempDir Path dir) throws IOException {
        // The committed mutate-all run (every strategy, no layout parameter) beside a newer columnar-only run.
        Path older = Files.copy(BenchmarkResultsTest.RESULTS.resolve("change-mutate-2026-11-26-8867a07.json"),
                dir.resolve("change-mutate-2026-11-26-8867a07.json"));
        Files.setLastModifiedTime(older, java.nio.file.attribute.FileTime.fromMillis(0));
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var runs = (com.fasterxml.jackson.databind.node.ArrayNode) mapper.readTree(
                FIXTURE.resolve("change-layouts-2026-11-27.json").toFile());
        var columnar = mapper.createArrayNode();
        runs.forEach(r -> {
            if ("columnar".equals(r.path("params").path("layout").asText())) {
                columnar.add(r);
            }
        });
        mapper.writeValue(dir.resolve("change-columnar-2026-11-27.json").toFile(), columnar);

        Chart frame = draw(dir, dir.resolve("png")).get(BenchmarkCharts.FRAME_TIME);
        assertThat(frame.panels()).extracting(Chart.Panel::facet).startsWith(
                "writing every entity (mutateAll), references layout", "writing every entity (mutateAll), columnar layout");
        assertThat(frame.caption()).contains("change-mutate-2026-11-26-8867a07.json", "flags (references)",
                "change-columnar-2026-11-27.json", "generation (columnar)");
    }
}
