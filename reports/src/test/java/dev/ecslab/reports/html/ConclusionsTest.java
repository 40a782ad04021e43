package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** The conclusions compute from the scores they are given, and say so when there are none. */
class ConclusionsTest {

    private static Conclusions.Scores scores(Map<String, Double> byKey) {
        return (benchmark, params) -> {
            Double v = byKey.get(benchmark + new java.util.TreeMap<>(params));
            return v == null ? OptionalDouble.empty() : OptionalDouble.of(v);
        };
    }

    private static void query(Map<String, Double> m, String strategy, String percent, double micros) {
        m.put(Conclusions.CHANGE + "changed" + new java.util.TreeMap<>(Map.of("percentChanged", percent, "spread", "random",
                "strategy", strategy)), micros);
    }

    @Test
    void theBreakEvenWorkloadFollowsTheNumbers() {
        Map<String, Double> m = new HashMap<>();
        query(m, "none", "10", 3_000);
        query(m, "generation", "10", 12_000);      // detection costs 9 000 µs more than scanning
        query(m, "none", "1", 3_000);
        query(m, "generation", "1", 500);
        String fifth = Conclusions.fifth(scores(m));
        // w* = (12 000 - 3 000) / (0.9 * 10^6) = 0.01 µs per entity
        assertThat(fifth).contains("10 % changed: above 0.01 µs per entity").contains("1 % changed: always");
    }

    @Test
    void withoutResultsTheyNameTheRunThatWouldAnswer() {
        Conclusions.Scores none = (b, p) -> OptionalDouble.empty();
        assertThat(Conclusions.second(none)).contains("cannot be answered").contains("ChangeTrackingBenchmark");
        assertThat(Conclusions.fourth(none)).contains("were not found");
    }
}
