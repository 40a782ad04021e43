package dev.ecslab.lab.classify;

import java.util.List;

/**
 * The lab's result: a row per strategy and executor, the ambiguity-detection verdicts (criterion A is
 * a property of schedules, not of strategies), and what was run.
 *
 * @param ambiguity   one line per scenario whose ambiguity report differs from the oracle (empty: pass)
 * @param scenarios   how many distinct scenarios were judged (catalogue and campaign)
 * @param seconds     wall time of the run
 */
public record Matrix(List<Row> rows, List<String> ambiguity, int ambiguityScenarios, int scenarios, int tries,
        List<Long> catalogueSeeds, long campaignSeed, double seconds) {
    public Matrix {
        rows = List.copyOf(rows);
        ambiguity = List.copyOf(ambiguity);
        catalogueSeeds = List.copyOf(catalogueSeeds);
    }

    public Row row(String strategy, String executor) {
        for (Row r : rows) {
            if (r.strategy().equals(strategy) && r.executor().equals(executor)) {
                return r;
            }
        }
        throw new IllegalArgumentException("no row " + strategy + " / " + executor);
    }
}
