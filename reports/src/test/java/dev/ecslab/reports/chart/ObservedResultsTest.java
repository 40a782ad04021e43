package dev.ecslab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Chart 1 draws each strategy's own write cost: a mutate-all run in which nobody observed the
 * component (the strategy hears nothing, so it costs what {@code none} costs) must not
 * stand in for it, while files from before the {@code observed} parameter (all observed) still count.
 */
class ObservedResultsTest {
    private static BenchmarkResult result(Map<String, String> params, double score) {
        return new BenchmarkResult("ChangeTrackingBenchmark", "mutateAll", params, "avgt", score, 0.1, "us/op", score, List.of(),
                Path.of("change.json"), BenchmarkResult.Settings.UNKNOWN, false);
    }

    @Test
    void anUnobservedRunIsNotAStrategysCost() {
        BenchmarkResult observed = result(Map.of("strategy", "generation", "entities", "100000", "observed", "true"), 380);
        BenchmarkResult unobserved = result(Map.of("strategy", "generation", "entities", "100000", "observed", "false"), 104);
        BenchmarkResult older = result(Map.of("strategy", "generation", "entities", "100000"), 235);
        assertThat(BenchmarkCharts.observed(List.of(observed, unobserved, older))).containsExactly(observed, older);
    }
}
