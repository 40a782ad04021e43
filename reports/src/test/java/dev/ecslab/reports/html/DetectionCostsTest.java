package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The cost model quotes Position stored as objects and observed, from the newest runs that say so: a run
 * that names {@code observed} and {@code layout} wins over an older file that names
 * neither, and a columnar or unobserved figure is never taken for it.
 */
class DetectionCostsTest {
    private final Map<String, Double> byKey = new HashMap<>();

    private void put(String method, Map<String, String> params, double micros) {
        byKey.put(DetectionCosts.CHANGE + method + new TreeMap<>(params), micros);
    }

    private DetectionCosts costs() {
        return new DetectionCosts((benchmark, params) -> {
            Double v = byKey.get(benchmark + new TreeMap<>(params));
            return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
        });
    }

    @Test
    void anOlderFileWithoutTheNewParametersIsStillRead() {
        put("mutateAll", Map.of("entities", "1000000", "strategy", "generation"), 7000);
        put("frameEnd", Map.of("entities", "1000000", "strategy", "generation"), 1);
        put("changed", Map.of("percentChanged", "1", "spread", "random", "strategy", "generation"), 900);
        put("fullScan", Map.of(), 2300);

        assertGenerationQuoted(7000, 1, 900, 2300);
    }

    /** The four figures the model takes for {@code generation} at 1 % changed. */
    private void assertGenerationQuoted(double mutate, double frameEnd, double query, double fullScan) {
        DetectionCosts dc = costs();
        assertThat(dc.mutate("generation")).hasValue(mutate);
        assertThat(dc.frameEnd("generation")).hasValue(frameEnd);
        assertThat(dc.query("generation", "1")).hasValue(query);
        assertThat(dc.fullScan()).hasValue(fullScan);
    }

    @Test
    void theNewestParametersWinAndOnlyTheReferencesLayoutObservedIsQuoted() {
        put("mutateAll", Map.of("entities", "1000000", "strategy", "generation"), 7000);
        put("mutateAll", Map.of("entities", "1000000", "strategy", "generation", "observed", "true"), 6800);
        put("mutateAll", Map.of("entities", "1000000", "strategy", "generation", "observed", "false"), 5000);
        put("mutateAll", Map.of("entities", "1000000", "strategy", "generation", "observed", "true", "layout", "references"),
                6500);
        put("mutateAll", Map.of("entities", "1000000", "strategy", "generation", "observed", "true", "layout", "columnar"),
                900);
        put("frameEnd", Map.of("entities", "1000000", "strategy", "generation"), 2);
        put("frameEnd", Map.of("entities", "1000000", "strategy", "generation", "observed", "true"), 1);
        put("changed", Map.of("percentChanged", "1", "spread", "random", "strategy", "generation", "layout", "columnar"), 300);
        put("changed", Map.of("percentChanged", "1", "spread", "random", "strategy", "generation", "layout", "references"),
                850);
        put("fullScan", Map.of("layout", "columnar"), 800);
        put("fullScan", Map.of("layout", "references"), 2200);

        assertGenerationQuoted(6500, 1, 850, 2200);
    }

    @Test
    void aColumnarFigureAloneIsNoFigure() {
        put("mutateAll", Map.of("entities", "1000000", "strategy", "none", "observed", "true", "layout", "columnar"), 900);
        put("changed", Map.of("percentChanged", "1", "spread", "random", "strategy", "none", "layout", "columnar"), 300);

        DetectionCosts dc = costs();
        assertThat(dc.mutate("none")).isEmpty();
        assertThat(dc.query("none", "1")).isEmpty();
    }
}
