package dev.ecslab.lab.classify;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.Features;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.explore.ExhaustiveSearch;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.LabLayout;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.witness.WitnessFinder;
import dev.ecslab.lab.witness.Witnesses;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs the criteria over strategies × executors and builds the {@link Matrix}: every catalogue
 * scenario explored by a bounded {@link ExhaustiveSearch} of its schedules (or, with
 * {@link LabOptions#catalogueDeviations()} negative, under each catalogue seed), then a random campaign of
 * {@code tries} generated scenarios (the same scenarios for every row, so rows compare), criterion 6 once per strategy, and criterion A
 * once per scenario, and (when asked for) the ambiguity witnesses of the catalogue and the campaign's
 * first scenarios. Every run is judged by {@link Judge} (crashes, 1, 2 and 3 in every scenario
 * class, O and 8 from the lab's own evidence and model); what a run judged counts as evidence, so a
 * cell no run judged stays "not judged". The first failure of each criterion and scope in a row is
 * shrunk (campaign scenarios) and kept as its counterexample with the seed, the trace and a shrink
 * record ({@link Shrinking}: the steps, the runs spent, the scenario first found and its trace); each
 * scenario class of criteria 1 and 2 keeps its first counterexample too, as found, and every
 * counterexample that is not shrunk says why. A configuration whose run
 * hangs past its timeout is recorded as crashed and the rest of its scenarios are skipped.
 *
 * <p>This class plans and orchestrates; the work is done by its package: {@link UnitRunner} runs units (and
 * criterion 6 and the witnesses), {@link RowFold} folds them into rows in order, {@link Counterexamples} makes
 * and shrinks counterexamples, and {@link Shards} writes and merges shards.
 */
public final class Lab {
    /** Receives progress: {@code done} of {@code total} scenario runs, and what is running. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (done, total, what) -> { };

        void update(long done, long total, String what);
    }

    /**
     * Units per block: the time budget is decided per block of a row (a block runs whole or not at all), and a shard
     * sums its passing runs per block. So a budget always stops a row at a block's start, and a merge can cut every
     * shard there.
     */
    public static final int BLOCK = 256;

    private final LabOptions options;
    private final AtomicLong done = new AtomicLong();
    private volatile long total;
    private int jobs = 1;
    private Shard shard = Shard.ALL;
    private long deadline = Long.MAX_VALUE;
    private LabLayout layout = LabLayout.MIXED;
    private volatile boolean budgetRanOut;
    private final Object progressLock = new Object();

    public Lab(LabOptions options) {
        this.options = Objects.requireNonNull(options, "options");
    }

    /**
     * Runs up to {@code n} scenario runs at once. The matrix is the same for every {@code n}: runs are judged in
     * parallel, but each row records them in the campaign's order, and only the first failure of a criterion
     * and scope (in that order) is shrunk, so the counterexamples, their shrinking and every figure are those
     * of a serial run.
     */
    public Lab withJobs(int n) {
        if (n < 1) {
            throw new IllegalArgumentException("--jobs must be at least 1, was " + n);
        }
        this.jobs = n;
        return this;
    }

    /**
     * On which value layout each scenario runs (default {@link LabLayout#MIXED}: the catalogue as written, the
     * campaign half on each). It changes what runs, so it is part of a shard's identity.
     */
    public Lab withLayout(LabLayout l) {
        this.layout = Objects.requireNonNull(l, "layout");
        return this;
    }

    /** Runs only the share {@code s} of the campaign ({@link #runShard}). */
    public Lab withShard(Shard s) {
        this.shard = Objects.requireNonNull(s, "shard");
        return this;
    }

    /**
     * Starts no scenario after {@code limit} from now: each row then records what ran before, in order, and
     * says that the rest was not run (a gate fails on that: its campaign is not complete). A counterexample
     * found after the limit is kept as found, not shrunk. Which scenarios fit in the budget depends on the
     * machine; nothing else does.
     */
    public Lab withTimeBudget(Duration limit) {
        if (limit.isNegative() || limit.isZero()) {
            throw new IllegalArgumentException("--time-budget must be positive, was " + limit);
        }
        this.deadline = System.nanoTime() + limit.toNanos();
        return this;
    }

    /** True when the time budget ran out before every scenario had started. */
    public boolean budgetRanOut() {
        return budgetRanOut;
    }

    LabOptions options() {
        return options;
    }

    int jobs() {
        return jobs;
    }

    Shard shard() {
        return shard;
    }

    LabLayout layout() {
        return layout;
    }

    /** Counts {@code n} scenario runs done, for the progress figure. */
    void ran(long n) {
        done.addAndGet(n);
    }

    /** True (and remembered) once the time budget has run out: no unit or shrink starts after it. */
    boolean pastDeadline() {
        if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0) {
            budgetRanOut = true;
            return true;
        }
        return false;
    }

    void progress(String what) {
        synchronized (progressLock) {
            options.progress().update(done.get(), total, what);
        }
    }

    /** The campaign's scenario number {@code i}. */
    Scenario campaignScenario(int i) {
        return campaignScenario(options.campaignSeed(), layout, i);
    }

    /** Scenario number {@code i} of the campaign from {@code campaignSeed} on {@code layout}. */
    static Scenario campaignScenario(long campaignSeed, LabLayout layout, int i) {
        long seed = campaignSeed + i;
        return layout.campaign(ScenarioGenerator.generate("random #" + i + " (seed " + seed + ")", Choices.seeded(seed)));
    }

    public Matrix run(List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue) {
        if (shard.count() > 1) {
            throw new IllegalStateException("a shard's work is run with runShard, and merged with merge");
        }
        long start = System.nanoTime();
        Map<String, String> compiled = ScenarioRunner.ambiguityReports(catalogue);
        catalogue = layout.catalogue(catalogue);
        List<Scenario> witnessed = new ArrayList<>();
        if (options.witnessTries() != LabOptions.NO_WITNESSES) {
            witnessed.addAll(catalogue);
            for (int i = 0; i < Math.min(options.witnessTries(), options.tries()); i++) {
                witnessed.add(campaignScenario(i));
            }
        }
        long witnessRuns = 2L * witnessed.stream().mapToInt(WitnessFinder::pairs).sum();
        plan(trackers.size(), executors.size(), catalogue.size(), witnessRuns);
        RowFold.Folded folded;
        try (UnitRunner source = new UnitRunner(this, trackers, executors, catalogue)) {
            folded = new RowFold(this).fold(trackers, executors, catalogue, source, null);
        }
        Witnesses witnesses = UnitRunner.witnesses(this, witnessed, witnessed.size() - catalogue.size());
        progress("done");
        return new Matrix(folded.rows(), folded.ambiguity(), folded.scenarios(), options.tries(), options.catalogueSeeds(),
                options.campaignSeed(), (System.nanoTime() - start) / 1e9, witnesses, layout,
                reach(campaignRun(folded, catalogue.size(), options.tries())), compiled);
    }

    /**
     * How many campaign scenarios ran: the ones criterion A judged past the catalogue (every row runs the
     * campaign in order, and a time budget or a hang stops it at a block's start), at most {@code tries}. A
     * campaign of a million scenarios cut by a time budget after a few hundred counts a few hundred.
     */
    static int campaignRun(RowFold.Folded folded, int catalogue, int tries) {
        return Math.max(0, Math.min(tries, folded.scenarios() - catalogue));
    }

    /**
     * How many of the campaign's first {@code n} scenarios (those that ran, {@link #campaignRun}) have each
     * feature ({@link Features}): the reach the report's coverage page shows. The scenarios are drawn again from
     * their seeds (no run), so every shard and a merge count the campaign alike.
     */
    Map<String, Integer> reach(int n) {
        return reach(options.campaignSeed(), layout, n);
    }

    /** {@link #reach(int)} of the campaign from {@code campaignSeed} on {@code layout}. */
    static Map<String, Integer> reach(long campaignSeed, LabLayout layout, int n) {
        Map<String, Integer> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Features.of(campaignScenario(campaignSeed, layout, i)).forEach((name, has) -> out.merge(name, has ? 1 : 0,
                    Integer::sum));
        }
        return out;
    }

    /**
     * Runs this lab's share ({@link #withShard}) and answers the shard file's content: every unit the share owns,
     * in the fixed enumeration (row by row, catalogue then campaign), folded in order here too, so that each
     * failure that is the first of its scope in this share is shrunk here; a merge of every share then folds the
     * units exactly as one process would have. Ambiguity witnesses are not run in shards.
     *
     * @param identity what every shard of the campaign must share (the lab's version, the command, its options)
     */
    public ShardFile.Content runShard(List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue,
            List<String> identity) {
        return Shards.run(this, trackers, executors, catalogue, identity);
    }

    /**
     * The matrix of the whole campaign from the files of all its shards: the same rows, figures and counterexamples
     * as the unsharded run (witnesses aside, which shards do not run), with the wall time of the slowest shard.
     *
     * @param sources each content's file, for messages
     * @throws IllegalArgumentException naming the files when the shards do not make one campaign: another lab
     *         or other options, another shard count, a shard missing or given twice, a unit missing or not its
     *         shard's, a first failure without its counterexample
     */
    public static Matrix merge(List<ShardFile.Content> shards, List<String> sources, List<Scenario> catalogue) {
        return Shards.merge(shards, sources, catalogue);
    }

    /** Sets the progress figure's total: the runs this lab (or its shard) plans, and {@code extra} more. */
    void plan(int trackers, int executors, int catalogue, long extra) {
        long perCatalogueScenario = options.catalogueDeviations() >= 0 ? options.catalogueBudget()
                : options.catalogueSeeds().size();
        long all = (long) trackers * executors * ((long) catalogue * perCatalogueScenario + options.tries())
                + (options.memory() ? trackers * 50L : 0);
        total = (shard.count() == 1 ? all : (all + shard.count() - 1) / shard.count()) + extra;
    }
}
