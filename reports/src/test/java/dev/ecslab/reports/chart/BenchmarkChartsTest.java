package dev.ecslab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class BenchmarkChartsTest {
    static final List<String> STRATEGIES = List.of("none", "flags", "double-buffer", "last-tick", "flag-doubling",
            "generation", "system-data");

    @TempDir
    static Path png;
    static Map<String, Chart> charts;

    @BeforeAll
    static void drawTheCommittedResults() {
        BenchmarkResults results = BenchmarkResults.read(List.of(BenchmarkResultsTest.RESULTS));
        List<Chart> list = new BenchmarkCharts(results, png).build();
        assertThat(list).extracting(Chart::id).containsExactly(BenchmarkCharts.FRAME_TIME, BenchmarkCharts.RUN_TIME_BY_WORKLOAD,
                BenchmarkCharts.MEMORY_OVER_FRAMES, BenchmarkCharts.EXECUTORS, BenchmarkCharts.ITERATION);
        charts = list.stream().collect(Collectors.toMap(Chart::id, Function.identity()));
    }

    @Test
    void everyChartIsDrawnFromTheCommittedResults() {
        assertThat(charts.values()).allSatisfy(c -> {
            assertThat(c.missing()).isEmpty();
            assertThat(c.panels()).isNotEmpty();
        });
        assertThat(charts.get(BenchmarkCharts.FRAME_TIME).panels()).extracting(Chart.Panel::facet).containsExactly(
                "writing every entity (mutateAll), references layout", "writing every entity (mutateAll), columnar layout",
                "writing chunk by chunk (mutateAllChunks), references layout",
                "writing chunk by chunk (mutateAllChunks), columnar layout", "frame-end pass (frameEnd)",
                "whole frame (mutateAll + frameEnd), references layout", "whole frame (mutateAll + frameEnd), columnar layout",
                "tracking memory per entity");
        assertThat(charts.get(BenchmarkCharts.RUN_TIME_BY_WORKLOAD).panels()).extracting(Chart.Panel::facet)
                .containsExactly("0.1 % changed, references layout", "0.1 % changed, columnar layout", "1 % changed, references layout",
                        "1 % changed, columnar layout", "10 % changed, references layout", "100 % changed, references layout");
        assertThat(charts.get(BenchmarkCharts.EXECUTORS).panels()).hasSize(2);
    }

    @Test
    void everySvgIsInlineXmlWithUniqueIdsAcrossThePage() throws Exception {
        Set<String> ids = new HashSet<>();
        for (Chart c : charts.values()) {
            for (Chart.Panel p : c.panels()) {
                assertThat(p.svg()).startsWith("<svg").doesNotContain("<?xml").doesNotContain("<!DOCTYPE");
                Document doc = parse(p.svg());
                NodeList all = doc.getElementsByTagName("*");
                for (int i = 0; i < all.getLength(); i++) {
                    String id = ((Element) all.item(i)).getAttribute("id");
                    if (!id.isEmpty()) {
                        assertThat(ids.add(id)).as("id %s is unique on the page", id).isTrue();
                    }
                }
                // Every clip-path reference points at an id of the same SVG.
                java.util.regex.Matcher refs = java.util.regex.Pattern.compile("url\\(#([^)]*)\\)").matcher(p.svg());
                while (refs.find()) {
                    assertThat(p.svg()).contains("id=\"" + refs.group(1) + "\"");
                }
            }
        }
    }

    @Test
    void axesCarryUnitsAndLegendsNameEverySeries() throws Exception {
        Chart frame = charts.get(BenchmarkCharts.FRAME_TIME);
        for (Chart.Panel p : frame.panels()) {
            String desc = description(p);
            assertThat(desc).contains("x axis: entities (count, log scale)");
            assertThat(desc).containsAnyOf("time per frame (µs, log scale)", "tracking memory (bytes per entity)");
            assertThat(desc).contains(STRATEGIES);
        }
        for (Chart.Panel p : charts.get(BenchmarkCharts.RUN_TIME_BY_WORKLOAD).panels()) {
            assertThat(description(p)).contains("work per changed entity (ns, log scale)", "run time per frame (ms, log scale)");
            if (p.facet().contains("columnar")) {
                // The committed columnar query run measured none and generation at 1 % random changes only.
                assertThat(description(p)).contains("none", "generation");
            } else {
                assertThat(description(p)).contains(STRATEGIES).contains("generation-scan");
            }
        }
        assertThat(charts.get(BenchmarkCharts.RUN_TIME_BY_WORKLOAD).panels()).extracting(Chart.Panel::facet)
                .anyMatch(f -> f.contains("columnar"));
        assertThat(description(charts.get(BenchmarkCharts.MEMORY_OVER_FRAMES).panels().get(0)))
                .contains("frames (count, log scale)", "tracking memory (KiB, log scale)").contains(STRATEGIES);
        List<Chart.Panel> executors = charts.get(BenchmarkCharts.EXECUTORS).panels();
        assertThat(description(executors.get(0))).contains("systems (count, log scale)", "time per frame (µs, log scale)",
                "serial", "staged", "dynamic");
        assertThat(description(executors.get(1))).contains("executor", "time per frame (ms)", "serial", "staged", "dynamic");
        assertThat(description(charts.get(BenchmarkCharts.ITERATION).panels().get(0)))
                .contains("entities (count, log scale)", "time per frame (µs, log scale)", "ecslab (forEach)",
                        "ecslab (forEachChunk)", "hand-written loop", "Dominion", "artemis-odb",
                        "ecslab (forEachChunk, chunk arrays)", "ecslab (chunk arrays, observed)")
                .as("the variants without a name stay in RESULTS.md").doesNotContain("ECSLAB_");
    }

    @Test
    void captionsSayWhatWasMeasuredAndFromWhichFiles() {
        Chart workload = charts.get(BenchmarkCharts.RUN_TIME_BY_WORKLOAD);
        assertThat(workload.caption()).contains("10^6 entities", "added computationally", "avgt",
                "change-2026-11-22-a.json", "change-query-2026-11-29-59bbbad.json");
        assertThat(charts.get(BenchmarkCharts.EXECUTORS).caption()).as("the newest run of the executors")
                .contains("scheduling-2026-11-29-59bbbad.json");
        assertThat(charts.get(BenchmarkCharts.MEMORY_OVER_FRAMES).caption()).contains("memory-2026-11-22.json", "10000 entities");
        assertThat(charts.get(BenchmarkCharts.ITERATION).caption()).contains("iteration-2026-11-29-59bbbad.json", "avgt");
    }

    @Test
    void everyCaptionSaysWhichRunItsDataCameFromWithDateSettingsAndCommit() {
        assertThat(charts.get(BenchmarkCharts.ITERATION).caption()).contains("iteration-2026-11-29-59bbbad.json, 2026-11-29 (file name),"
                + " commit 59bbbad, 1 fork × 5 × 1 s measured after 3 × 1 s warm-up, JMH 1.37, JDK 17.0.15: ecslab (forEach)");
        for (Chart c : charts.values()) {
            if (!c.id().equals(BenchmarkCharts.MEMORY_OVER_FRAMES)) {
                assertThat(c.caption()).as(c.id()).containsPattern("Data \\(JMH mode [a-z, ]+\\): [^ ]+\\.json, 2026-11-2[0-9]"
                        + " \\(file name\\), commit (unknown|[0-9a-f]{7,40}), [0-9]+ forks? × ");
            }
            assertThat(c.noisy()).as(c.id() + ": the committed results are careful").isEmpty();
            assertThat(c.caption()).doesNotContain(BenchmarkCharts.NOISY);
        }
        assertThat(charts.get(BenchmarkCharts.MEMORY_OVER_FRAMES).caption()).contains("memory-2026-11-22.json, 2026-11-22"
                + " (file name)").contains("no error bars");
    }

    @Test
    void timedPanelsDrawJmhsErrorAsBars(@TempDir Path dir) throws Exception {
        for (Chart.Panel p : charts.get(BenchmarkCharts.EXECUTORS).panels()) {
            assertThat(description(p)).contains(BenchmarkCharts.ERROR_BARS);
        }
        assertThat(description(charts.get(BenchmarkCharts.MEMORY_OVER_FRAMES).panels().get(0)))
                .doesNotContain("error bars");
        // The same figures without their error draw fewer strokes: the bars are really there.
        Path without = Files.createDirectories(dir.resolve("without"));
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var runs = (com.fasterxml.jackson.databind.node.ArrayNode) mapper.readTree(
                BenchmarkResultsTest.RESULTS.resolve("executors-2026-11-22.json").toFile());
        runs.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r.path("primaryMetric")).put("scoreError", 0.0));
        mapper.writeValue(without.resolve("executors.json").toFile(), runs);
        Path with = Files.createDirectories(dir.resolve("with"));
        Files.copy(BenchmarkResultsTest.RESULTS.resolve("executors-2026-11-22.json"), with.resolve("executors.json"));
        String bars = new BenchmarkCharts(BenchmarkResults.read(List.of(with)), dir.resolve("a")).build().get(3).panels().get(0).svg();
        String none = new BenchmarkCharts(BenchmarkResults.read(List.of(without)), dir.resolve("b")).build().get(3).panels().get(0)
                .svg();
        assertThat(count(bars, "<line")).as("a bar is a line and two caps").isGreaterThan(count(none, "<line"));
        assertThat(description(new BenchmarkCharts(BenchmarkResults.read(List.of(without)), dir.resolve("c")).build().get(3)
                .panels().get(0))).doesNotContain("error bars");
    }

    @Test
    void aQuickRunIsShownOnlyWhereNoCarefulResultExistsAndIsMarkedNoisy(@TempDir Path dir) throws Exception {
        BenchmarkResultsTest.carefulAndNewerQuick(dir);
        Chart both = new BenchmarkCharts(BenchmarkResults.read(List.of(dir)), dir.resolve("png")).build().get(3);
        assertThat(both.noisy()).isEqualTo(BenchmarkCharts.NOISY + ": quick-only");
        assertThat(both.caption()).contains("executors-2026-11-22.json, 2026-11-22 (file name), commit unknown, 2 forks × 10")
                .contains("ExecutorBenchmark.json").contains("1 fork × 3 × 1 s measured after 2 × 1 s warm-up, JMH 1.37, JDK"
                        + " 17.0.15 (" + BenchmarkCharts.NOISY + "): quick-only");

        Path onlyQuick = Files.createDirectories(dir.resolve("alone"));
        Files.move(dir.resolve("quick"), onlyQuick.resolve("quick"));
        Chart quick = new BenchmarkCharts(BenchmarkResults.read(List.of(onlyQuick)), dir.resolve("png2")).build().get(3);
        assertThat(quick.noisy()).startsWith(BenchmarkCharts.NOISY + ": serial, staged, dynamic");
    }

    @Test
    void anErrorAsLargeAsTheValueIsSaidAndDrawnWithinTheLogAxis(@TempDir Path dir) throws Exception {
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var runs = (com.fasterxml.jackson.databind.node.ArrayNode) mapper.readTree(
                BenchmarkResultsTest.RESULTS.resolve("executors-2026-11-22.json").toFile());
        runs.forEach(r -> {
            var m = (com.fasterxml.jackson.databind.node.ObjectNode) r.path("primaryMetric");
            m.put("scoreError", m.path("score").asDouble() * 6.7);                    // ±670 %, as a quick run gave
        });
        Path quick = Files.createDirectories(dir.resolve(BenchmarkResults.QUICK));
        mapper.writeValue(quick.resolve("ExecutorBenchmark.json").toFile(), runs);
        Chart c = new BenchmarkCharts(BenchmarkResults.read(List.of(dir)), dir.resolve("png")).build().get(3);
        assertThat(c.panels()).isNotEmpty();
        assertThat(c.caption()).contains("empty systems: frame overhead: the error is as large as the value (too noisy to"
                + " read) at serial at 10").contains("these bars stop at a tenth of the value");
        assertThat(c.noisy()).startsWith(BenchmarkCharts.NOISY);
    }

    @Test
    void aResultWithoutAnErrorIsSaidNotDrawnAsExactInLineAndBarPanels(@TempDir Path dir) throws Exception {
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var runs = (com.fasterxml.jackson.databind.node.ArrayNode) mapper.readTree(
                BenchmarkResultsTest.RESULTS.resolve("executors-2026-11-22.json").toFile());
        // JMH writes "NaN" when it measured a single iteration
        runs.forEach(r -> ((com.fasterxml.jackson.databind.node.ObjectNode) r.path("primaryMetric")).put("scoreError", "NaN"));
        Path in = Files.createDirectories(dir.resolve("in"));
        mapper.writeValue(in.resolve("executors.json").toFile(), runs);
        Chart c = new BenchmarkCharts(BenchmarkResults.read(List.of(in)), dir.resolve("png")).build().get(3);
        assertThat(c.caption()).as("the line panel")
                .contains("empty systems: frame overhead: no error recorded (drawn without a bar, not exact) at serial at 10");
        assertThat(c.caption()).as("the bar panel")
                .contains("skewed load: 1 slow + 16 quick systems: no error recorded (drawn without a bar, not exact) for ");
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void everyPanelHasANonEmptyPngOfTheChartSize() throws IOException {
        for (Chart c : charts.values()) {
            for (Chart.Panel p : c.panels()) {
                assertThat(p.png()).exists().isRegularFile();
                assertThat(Files.size(p.png())).isGreaterThan(1000);
                BufferedImage image = ImageIO.read(p.png().toFile());
                assertThat(image.getWidth()).isEqualTo(ChartStyle.WIDTH);
                assertThat(image.getHeight()).isEqualTo(ChartStyle.HEIGHT);
            }
        }
    }

    @Test
    void withoutDataEveryChartSaysWhichCommandProducesIt(@TempDir Path empty) {
        List<Chart> list = new BenchmarkCharts(BenchmarkResults.read(List.of(empty)), empty.resolve("png")).build();

        assertThat(list).hasSize(5).allSatisfy(c -> assertThat(c.panels()).isEmpty());
        Map<String, String> missing = list.stream().collect(Collectors.toMap(Chart::id, c -> c.missing().orElseThrow()));
        assertThat(missing.get(BenchmarkCharts.EXECUTORS))
                .contains("java -jar benchmarks/target/benchmarks.jar ExecutorBenchmark -rf json -rff reports/out/bench/ExecutorBenchmark.json");
        assertThat(missing.get(BenchmarkCharts.ITERATION))
                .contains("java -jar benchmarks/target/benchmarks.jar IterationBenchmark -rf json -rff reports/out/bench/IterationBenchmark.json");
        assertThat(missing.get(BenchmarkCharts.MEMORY_OVER_FRAMES))
                .contains("java -cp benchmarks/target/benchmarks.jar dev.ecslab.bench.TrackingMemoryReport --json reports/out/bench/memory.json");
        assertThat(missing.get(BenchmarkCharts.RUN_TIME_BY_WORKLOAD)).contains("'ChangeTrackingBenchmark\\.changed$'", "-rf json");
        assertThat(missing.get(BenchmarkCharts.FRAME_TIME)).contains("'ChangeTrackingBenchmark\\.(mutateAll|mutateAllChunks|frameEnd)$'");
        assertThat(missing.values()).allSatisfy(m -> assertThat(m).contains("mvn -B -q -pl benchmarks -am package -DskipTests"));
    }

    @Test
    void aPartOfTheDataDrawsWhatItCanAndNamesTheRest(@TempDir Path dir) throws IOException {
        Files.copy(BenchmarkResultsTest.RESULTS.resolve("executors-2026-11-22.json"), dir.resolve("executors.json"));
        List<Chart> list = new BenchmarkCharts(BenchmarkResults.read(List.of(dir)), dir.resolve("png")).build();

        List<String> drawn = new ArrayList<>();
        list.forEach(c -> {
            if (c.missing().isEmpty()) {
                drawn.add(c.id());
            }
        });
        assertThat(drawn).containsExactly(BenchmarkCharts.EXECUTORS);
        assertThat(Files.list(dir.resolve("png")).count()).isEqualTo(2);
    }

    static String description(Chart.Panel p) throws Exception {
        Document doc = parse(p.svg());
        return doc.getElementsByTagName("desc").item(0).getTextContent();
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }
}
