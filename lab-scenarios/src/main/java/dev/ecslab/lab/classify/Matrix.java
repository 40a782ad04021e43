package dev.ecslab.lab.classify;

import dev.ecslab.lab.scenario.LabLayout;
import dev.ecslab.lab.witness.Witnesses;
import java.util.List;

/**
 * The lab's result: a row per strategy and executor, the ambiguity-detection verdicts (criterion A is
 * a property of schedules, not of strategies), and what was run.
 *
 * @param ambiguity   one line per scenario whose ambiguity report differs from the oracle (empty: pass)
 * @param scenarios   how many distinct scenarios were judged (catalogue and campaign), by the strategy
 *                    rows and by the ambiguity check alike
 * @param seconds     wall time of the run
 * @param witnesses   the ambiguity witnesses (both orders of every unordered conflicting pair run and
 *                    compared), {@link Witnesses#NONE} when the run looked for none
 * @param layout      on which value layouts the scenarios ran ({@code --layout}); {@code null} for a matrix
 *                    recorded before layouts existed (everything then ran on references)
 * @param reach       how many of the campaign's scenarios that ran (its {@code tries}, fewer when a time budget
 *                    or a hang stopped it) cross each boundary the generator
 *                    promises to reach (the names of {@code campaign.Features}, in their order: a detector
 *                    absent 10 000 frames, a column of 1 024 rows, ...); empty for a matrix that does not say
 * @param compiledAmbiguities the schedule compiler's ambiguity report of each catalogue scenario, by name in
 *                    catalogue order ({@code ""}: none; a schedule that does not compile says so), made when the lab
 *                    ran, so a report redrawn later shows what that lab's compiler said; empty for a matrix that
 *                    does not say
 */
public record Matrix(List<Row> rows, List<String> ambiguity, int scenarios, int tries,
        List<Long> catalogueSeeds, long campaignSeed, double seconds, Witnesses witnesses, LabLayout layout,
        java.util.Map<String, Integer> reach, java.util.Map<String, String> compiledAmbiguities) {
    public Matrix {
        rows = List.copyOf(rows);
        ambiguity = List.copyOf(ambiguity);
        catalogueSeeds = List.copyOf(catalogueSeeds);
        witnesses = witnesses == null ? Witnesses.NONE : witnesses;
        reach = reach == null ? java.util.Map.of() : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(reach));
        compiledAmbiguities = compiledAmbiguities == null ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(compiledAmbiguities));
    }

    /** A matrix that does not record the catalogue's ambiguity reports. */
    public Matrix(List<Row> rows, List<String> ambiguity, int scenarios, int tries,
            List<Long> catalogueSeeds, long campaignSeed, double seconds, Witnesses witnesses, LabLayout layout,
            java.util.Map<String, Integer> reach) {
        this(rows, ambiguity, scenarios, tries, catalogueSeeds, campaignSeed, seconds, witnesses, layout, reach, null);
    }

    /** A matrix that does not say what its campaign reached. */
    public Matrix(List<Row> rows, List<String> ambiguity, int scenarios, int tries,
            List<Long> catalogueSeeds, long campaignSeed, double seconds, Witnesses witnesses, LabLayout layout) {
        this(rows, ambiguity, scenarios, tries, catalogueSeeds, campaignSeed, seconds, witnesses, layout, null, null);
    }

    /** A matrix that does not say which layouts it ran on. */
    public Matrix(List<Row> rows, List<String> ambiguity, int scenarios, int tries,
            List<Long> catalogueSeeds, long campaignSeed, double seconds, Witnesses witnesses) {
        this(rows, ambiguity, scenarios, tries, catalogueSeeds, campaignSeed, seconds, witnesses, null);
    }

    /** The layouts in words for a header, starting with "; ", or nothing for a matrix that does not say. */
    public String layoutWords() {
        return layout == null ? "" : "; " + layout.describe();
    }

    /** A matrix without witnesses. */
    public Matrix(List<Row> rows, List<String> ambiguity, int scenarios, int tries,
            List<Long> catalogueSeeds, long campaignSeed, double seconds) {
        this(rows, ambiguity, scenarios, tries, catalogueSeeds, campaignSeed, seconds, Witnesses.NONE);
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
