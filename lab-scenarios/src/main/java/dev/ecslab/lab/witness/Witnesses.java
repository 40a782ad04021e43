package dev.ecslab.lab.witness;

import java.util.List;

/**
 * The ambiguity witnesses of a lab run: every unordered conflicting pair of the scenarios that were
 * witnessed, and what it cost.
 *
 * @param pairs             one witness per pair, catalogue scenarios first (those that commute without
 *                          their traces: they get no replay file)
 * @param scenarios         how many scenarios were witnessed (catalogue and campaign)
 * @param campaignScenarios how many of them came from the random campaign (its first ones)
 * @param seconds           wall time spent on witnesses
 */
public record Witnesses(List<Witness> pairs, int scenarios, int campaignScenarios, double seconds) {
    /** No witness was looked for. */
    public static final Witnesses NONE = new Witnesses(List.of(), 0, 0, 0);

    public Witnesses {
        pairs = List.copyOf(pairs);
    }

    public boolean ran() {
        return scenarios > 0;
    }

    /** How many pairs got {@code verdict}. */
    public long count(Witness.Verdict verdict) {
        return pairs.stream().filter(w -> w.verdict() == verdict).count();
    }
}
