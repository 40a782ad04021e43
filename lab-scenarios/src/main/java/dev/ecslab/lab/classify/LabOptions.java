package dev.ecslab.lab.classify;

import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.witness.WitnessFinder;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * What a {@link Lab} runs: the campaign's size and seeds, the catalogue's search, shrinking, criterion 6 and
 * the witnesses. Immutable; build one with {@link #builder()} (or change one with {@link #toBuilder()} or a
 * {@code with...} method). Every option that changes what runs is here, so two labs with equal options
 * and subjects produce the same matrix.
 *
 * @param tries          random scenarios per row
 * @param catalogueSeeds seeds each catalogue scenario runs under (the executors' seeded choices)
 * @param campaignSeed   the first campaign seed; try {@code i} uses {@code campaignSeed + i}
 * @param shrinkAttempts scenario runs the shrinker may spend per counterexample
 * @param memory         whether to run criterion 6 (10 000 frames per strategy)
 * @param runTimeout     how long one scenario run may take before it is abandoned as hung (a crash)
 * @param catalogueDeviations the deviation bound of the catalogue's exhaustive search; negative runs the
 *                       catalogue under {@code catalogueSeeds} with random exploration instead
 * @param catalogueBudget the most schedules the search runs per catalogue scenario and configuration (it
 *                       also stops at a scenario's first failing schedule)
 * @param campaign       how the random campaign's runs decide their interleavings (random or PCT)
 * @param witnessTries   ambiguity witnesses: {@code -1} none; {@code 0} for the catalogue's scenarios;
 *                       {@code n} for the catalogue's and the campaign's first {@code n} ({@link WitnessFinder})
 */
public record LabOptions(int tries, List<Long> catalogueSeeds, long campaignSeed, int shrinkAttempts, boolean memory,
        Lab.Progress progress, Duration runTimeout, int catalogueDeviations, int catalogueBudget, Exploration campaign,
        int witnessTries) {
    /** {@link #witnessTries} that looks for no witness. */
    public static final int NO_WITNESSES = -1;
    /** The catalogue's default deviation bound: each unordered pair of each stage iteration runs both ways. */
    public static final int DEFAULT_DEVIATIONS = 1;
    /** Schedules per catalogue scenario and configuration at most. */
    public static final int DEFAULT_BUDGET = 48;

    public LabOptions {
        catalogueSeeds = List.copyOf(catalogueSeeds);
        Objects.requireNonNull(progress, "progress");
        Objects.requireNonNull(runTimeout, "runTimeout");
        Objects.requireNonNull(campaign, "campaign");
        if (tries < 0) {
            throw new IllegalArgumentException("tries must be 0 or more, was " + tries);
        }
        if (runTimeout.isNegative() || runTimeout.isZero()) {
            throw new IllegalArgumentException("the run timeout must be positive, was " + runTimeout);
        }
        if (catalogueBudget < 1) {
            throw new IllegalArgumentException("the catalogue budget must be at least 1, was " + catalogueBudget);
        }
        if (witnessTries < NO_WITNESSES) {
            throw new IllegalArgumentException("witnessTries must be -1 (none), 0 (the catalogue) or more, was "
                    + witnessTries);
        }
    }

    /**
     * 200 random scenarios, the catalogue searched with one deviation (48 schedules at most), criterion 6,
     * no witnesses (a report, not a verdict: {@code lab run} asks for them).
     */
    public static LabOptions defaults() {
        return builder().build();
    }

    /** A builder holding {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.tries = tries;
        b.catalogueSeeds = catalogueSeeds;
        b.campaignSeed = campaignSeed;
        b.shrinkAttempts = shrinkAttempts;
        b.memory = memory;
        b.progress = progress;
        b.runTimeout = runTimeout;
        b.catalogueDeviations = catalogueDeviations;
        b.catalogueBudget = catalogueBudget;
        b.campaign = campaign;
        b.witnessTries = witnessTries;
        return b;
    }

    public LabOptions withTries(int n) {
        return toBuilder().tries(n).build();
    }

    public LabOptions withProgress(Lab.Progress p) {
        return toBuilder().progress(p).build();
    }

    /** At most {@code runs} scenario runs to shrink each counterexample (0: none, kept as found). */
    public LabOptions withShrinkAttempts(int runs) {
        return toBuilder().shrinkAttempts(runs).build();
    }

    public LabOptions withMemory(boolean m) {
        return toBuilder().memory(m).build();
    }

    public LabOptions withCampaignSeed(long seed) {
        return toBuilder().campaignSeed(seed).build();
    }

    /** How long one scenario run may take (the 10 000-frame run of criterion 6 gets ten times as long). */
    public LabOptions withRunTimeout(Duration timeout) {
        return toBuilder().runTimeout(timeout).build();
    }

    /** The catalogue explored exhaustively within {@code deviations} and {@code budget} schedules. */
    public LabOptions withCatalogueSearch(int deviations, int budget) {
        return toBuilder().catalogueSearch(deviations, budget).build();
    }

    /** How the random campaign decides interleavings. */
    public LabOptions withCampaignExploration(Exploration e) {
        return toBuilder().campaign(e).build();
    }

    /** Ambiguity witnesses for the catalogue and the campaign's first {@code n} scenarios ({@link #NO_WITNESSES}: none). */
    public LabOptions withWitnesses(int n) {
        return toBuilder().witnessTries(n).build();
    }

    /** Options set one at a time; starts from {@link #defaults()}, and {@link #build()} checks them together. */
    public static final class Builder {
        private int tries = 200;
        private List<Long> catalogueSeeds = List.of(1L, 2L);
        private long campaignSeed = 1_000L;
        private int shrinkAttempts = 150;
        private boolean memory = true;
        private Lab.Progress progress = Lab.Progress.NONE;
        private Duration runTimeout = LabConfig.DEFAULT_TIMEOUT;
        private int catalogueDeviations = DEFAULT_DEVIATIONS;
        private int catalogueBudget = DEFAULT_BUDGET;
        private Exploration campaign = Exploration.RANDOM;
        private int witnessTries = NO_WITNESSES;

        private Builder() {
        }

        public Builder tries(int n) {
            tries = n;
            return this;
        }

        public Builder catalogueSeeds(List<Long> seeds) {
            catalogueSeeds = seeds;
            return this;
        }

        public Builder campaignSeed(long seed) {
            campaignSeed = seed;
            return this;
        }

        public Builder shrinkAttempts(int runs) {
            shrinkAttempts = runs;
            return this;
        }

        public Builder memory(boolean m) {
            memory = m;
            return this;
        }

        public Builder progress(Lab.Progress p) {
            progress = p;
            return this;
        }

        public Builder runTimeout(Duration timeout) {
            runTimeout = timeout;
            return this;
        }

        public Builder catalogueSearch(int deviations, int budget) {
            catalogueDeviations = deviations;
            catalogueBudget = budget;
            return this;
        }

        public Builder campaign(Exploration e) {
            campaign = e;
            return this;
        }

        public Builder witnessTries(int n) {
            witnessTries = n;
            return this;
        }

        public LabOptions build() {
            return new LabOptions(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress, runTimeout,
                    catalogueDeviations, catalogueBudget, campaign, witnessTries);
        }
    }
}
