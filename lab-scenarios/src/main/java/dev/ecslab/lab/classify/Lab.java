package dev.ecslab.lab.classify;

import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.Features;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.scenario.LabLayout;
import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.explore.ExhaustiveSearch;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.criteria.AmbiguityCheck;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.lab.witness.Witness;
import dev.ecslab.lab.witness.WitnessFinder;
import dev.ecslab.lab.witness.Witnesses;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs the criteria over strategies × executors and builds the {@link Matrix}: every catalogue
 * scenario explored by a bounded {@link ExhaustiveSearch} of its schedules (or, with
 * {@link Options#catalogueDeviations()} negative, under each catalogue seed), then a random campaign of
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
 */
public final class Lab {
    /**
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
    public record Options(int tries, List<Long> catalogueSeeds, long campaignSeed, int shrinkAttempts, boolean memory,
            Progress progress, Duration runTimeout, int catalogueDeviations, int catalogueBudget, Exploration campaign,
            int witnessTries) {
        /** {@link #witnessTries} that looks for no witness. */
        public static final int NO_WITNESSES = -1;
        /** The catalogue's default deviation bound: each unordered pair of each stage iteration runs both ways. */
        public static final int DEFAULT_DEVIATIONS = 1;
        /** Schedules per catalogue scenario and configuration at most. */
        public static final int DEFAULT_BUDGET = 48;

        public Options {
            catalogueSeeds = List.copyOf(catalogueSeeds);
            Objects.requireNonNull(progress, "progress");
            Objects.requireNonNull(runTimeout, "runTimeout");
            Objects.requireNonNull(campaign, "campaign");
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

        public Options(int tries, List<Long> catalogueSeeds, long campaignSeed, int shrinkAttempts, boolean memory,
                Progress progress, Duration runTimeout) {
            this(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress, runTimeout, DEFAULT_DEVIATIONS,
                    DEFAULT_BUDGET, Exploration.RANDOM, NO_WITNESSES);
        }

        public Options(int tries, List<Long> catalogueSeeds, long campaignSeed, int shrinkAttempts, boolean memory,
                Progress progress) {
            this(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress, LabConfig.DEFAULT_TIMEOUT);
        }

        /**
         * 200 random scenarios, the catalogue searched with one deviation (48 schedules at most), criterion 6,
         * no witnesses (a report, not a verdict: {@code lab run} asks for them).
         */
        public static Options defaults() {
            return new Options(200, List.of(1L, 2L), 1_000L, 150, true, Progress.NONE, LabConfig.DEFAULT_TIMEOUT);
        }

        public Options withTries(int n) {
            return new Options(n, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress, runTimeout,
                    catalogueDeviations, catalogueBudget, campaign, witnessTries);
        }

        public Options withProgress(Progress p) {
            return new Options(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, p, runTimeout,
                    catalogueDeviations, catalogueBudget, campaign, witnessTries);
        }

        /** At most {@code runs} scenario runs to shrink each counterexample (0: none, kept as found). */
        public Options withShrinkAttempts(int runs) {
            return new Options(tries, catalogueSeeds, campaignSeed, runs, memory, progress, runTimeout,
                    catalogueDeviations, catalogueBudget, campaign, witnessTries);
        }

        public Options withMemory(boolean m) {
            return new Options(tries, catalogueSeeds, campaignSeed, shrinkAttempts, m, progress, runTimeout,
                    catalogueDeviations, catalogueBudget, campaign, witnessTries);
        }

        public Options withCampaignSeed(long seed) {
            return new Options(tries, catalogueSeeds, seed, shrinkAttempts, memory, progress, runTimeout,
                    catalogueDeviations, catalogueBudget, campaign, witnessTries);
        }

        /** How long one scenario run may take (the 10 000-frame run of criterion 6 gets ten times as long). */
        public Options withRunTimeout(Duration timeout) {
            return new Options(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress, timeout,
                    catalogueDeviations, catalogueBudget, campaign, witnessTries);
        }

        /** The catalogue explored exhaustively within {@code deviations} and {@code budget} schedules. */
        public Options withCatalogueSearch(int deviations, int budget) {
            return new Options(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress, runTimeout, deviations,
                    budget, campaign, witnessTries);
        }

        /** How the random campaign decides interleavings. */
        public Options withCampaignExploration(Exploration e) {
            return new Options(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress, runTimeout,
                    catalogueDeviations, catalogueBudget, e, witnessTries);
        }

        /** Ambiguity witnesses for the catalogue and the campaign's first {@code n} scenarios ({@link #NO_WITNESSES}: none). */
        public Options withWitnesses(int n) {
            return new Options(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress, runTimeout,
                    catalogueDeviations, catalogueBudget, campaign, n);
        }
    }

    /** Receives progress: {@code done} of {@code total} scenario runs, and what is running. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (done, total, what) -> { };

        void update(long done, long total, String what);
    }

    /** The share of a campaign one process runs: the {@code index}-th (from 1) of {@code count}. */
    public record Shard(int index, int count) {
        /** The whole campaign. */
        public static final Shard ALL = new Shard(1, 1);

        public Shard {
            if (count < 1 || index < 1 || index > count) {
                throw new IllegalArgumentException("a shard is K/N with 1 <= K <= N, was " + index + "/" + count);
            }
        }

        /** {@code K/N}, as {@code --shard} takes it. */
        public static Shard parse(String text) {
            String[] parts = text.split("/", -1);
            if (parts.length == 2) {
                try {
                    return new Shard(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
                } catch (NumberFormatException e) {
                    // falls through
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("--shard " + text + ": " + e.getMessage());
                }
            }
            throw new IllegalArgumentException("--shard must be K/N (the K-th of N shares, 1 <= K <= N), was '" + text + "'");
        }

        /** Whether this shard runs work item {@code item} of a campaign's fixed enumeration. */
        public boolean owns(long item) {
            return item % count == index - 1;
        }

        @Override
        public String toString() {
            return index + "/" + count;
        }
    }

    /**
     * What one unit of a row produced: a catalogue scenario's runs (with its coverage) or a campaign scenario's
     * run, or nothing when the time budget ran out before it started.
     *
     * @param ambiguity criterion A's lines for the unit's scenario (computed once per scenario, with the first row)
     */
    record UnitResult(boolean ran, List<Judged> runs, Coverage coverage, List<String> ambiguity) {
        static final UnitResult NOT_RUN = new UnitResult(false, List.of(), null, List.of());
    }

    /**
     * A judged run and, for each of its failures, the counterexample made when it was the first of its scope
     * (filled by the fold that shrank it; a shard's file carries them to the merge).
     *
     * @param config the configuration that ran it, to shrink with; {@code null} when read from a shard
     */
    record Judged(RunResult result, LabConfig config, Counterexample[] firsts) {
        Judged(RunResult result, LabConfig config) {
            this(result, config, new Counterexample[result.failures().size()]);
        }
    }

    /** Criterion 6 for one strategy: the long run's figures, judged like any run, and the measurement. */
    record MemoryResult(RunResult run, boolean crashed, boolean passes, String describe, Scenario scenario, Trace trace) {
    }

    /**
     * Units per block: the time budget is decided per block of a row (a block runs whole or not at all), and a shard
     * sums its passing runs per block. So a budget always stops a row at a block's start, and a merge can cut every
     * shard there.
     */
    public static final int BLOCK = 256;

    /** Where a fold takes its units from: computed in this process, or read from shard files. */
    interface UnitSource {
        /**
         * Called when the fold has passed the last unit of a block of a row it has not skipped; answers how many units
         * of the block it added there (summed passing runs of a shard).
         */
        default int blockEnd(int row, int block, Row target) {
            return 0;
        }

        /** Row {@code row}'s unit {@code unit}; {@code null} when this source does not hold it (another shard's). */
        UnitResult unit(int row, int unit) throws InterruptedException;

        /** Tracker {@code tracker}'s criterion 6, or {@code null} when it was not run (or is another shard's). */
        MemoryResult memory(int tracker);
    }

    private final Options options;
    private final AtomicLong done = new AtomicLong();
    private volatile long total;
    private int jobs = 1;
    private Shard shard = Shard.ALL;
    private long deadline = Long.MAX_VALUE;
    private LabLayout layout = LabLayout.MIXED;
    private volatile boolean budgetRanOut;
    private final Object progressLock = new Object();

    public Lab(Options options) {
        this.options = options;
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

    private boolean pastDeadline() {
        if (deadline != Long.MAX_VALUE && System.nanoTime() - deadline > 0) {
            budgetRanOut = true;
            return true;
        }
        return false;
    }

    private void progress(String what) {
        synchronized (progressLock) {
            options.progress().update(done.get(), total, what);
        }
    }

    /** The campaign's scenario number {@code i}. */
    Scenario campaignScenario(int i) {
        long seed = options.campaignSeed() + i;
        return layout.campaign(ScenarioGenerator.generate("random #" + i + " (seed " + seed + ")", Choices.seeded(seed)));
    }

    public Matrix run(List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue) {
        if (shard.count() > 1) {
            throw new IllegalStateException("a shard's work is run with runShard, and merged with merge");
        }
        long start = System.nanoTime();
        catalogue = layout.catalogue(catalogue);
        List<Scenario> witnessed = new ArrayList<>();
        if (options.witnessTries() != Options.NO_WITNESSES) {
            witnessed.addAll(catalogue);
            for (int i = 0; i < Math.min(options.witnessTries(), options.tries()); i++) {
                witnessed.add(campaignScenario(i));
            }
        }
        long witnessRuns = 2L * witnessed.stream().mapToInt(WitnessFinder::pairs).sum();
        total = plannedRuns(trackers.size(), executors.size(), catalogue.size()) + witnessRuns;
        Folded folded;
        try (Computed source = new Computed(trackers, executors, catalogue)) {
            folded = fold(trackers, executors, catalogue, source, null);
        }
        Witnesses witnesses = witnesses(witnessed, witnessed.size() - catalogue.size());
        progress("done");
        return new Matrix(folded.rows, folded.ambiguity, folded.scenarios, options.tries(), options.catalogueSeeds(),
                options.campaignSeed(), (System.nanoTime() - start) / 1e9, witnesses, layout,
                reach(campaignRun(folded, catalogue.size(), options.tries())));
    }

    /**
     * How many campaign scenarios ran: the ones criterion A judged past the catalogue (every row runs the
     * campaign in order, and a time budget or a hang stops it at a block's start), at most {@code tries}. A
     * campaign of a million scenarios cut by a time budget after a few hundred counts a few hundred.
     */
    static int campaignRun(Folded folded, int catalogue, int tries) {
        return Math.max(0, Math.min(tries, folded.scenarios() - catalogue));
    }

    /**
     * How many of the campaign's first {@code n} scenarios (those that ran, {@link #campaignRun}) have each
     * feature ({@link Features}): the reach the report's coverage page shows. The scenarios are drawn again from
     * their seeds (no run), so every shard and a merge count the campaign alike.
     */
    Map<String, Integer> reach(int n) {
        Map<String, Integer> out = new java.util.LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            Features.of(campaignScenario(i)).forEach((name, has) -> out.merge(name, has ? 1 : 0, Integer::sum));
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
        if (options.witnessTries() != Options.NO_WITNESSES) {
            throw new IllegalArgumentException("ambiguity witnesses are not run in shards");
        }
        long start = System.nanoTime();
        catalogue = layout.catalogue(catalogue);
        total = plannedRuns(trackers.size(), executors.size(), catalogue.size());
        java.util.concurrent.ConcurrentLinkedQueue<ShardFile.UnitEntry> entries = new java.util.concurrent.ConcurrentLinkedQueue<>();
        int units = catalogue.size() + options.tries();
        int rowCount = trackers.size() * executors.size();
        int[] stops = new int[rowCount];
        java.util.Arrays.fill(stops, Integer.MAX_VALUE);
        Map<Long, Row> sums = new ConcurrentHashMap<>();
        Map<Long, Integer> summed = new ConcurrentHashMap<>();
        long blocks = units / BLOCK + 1;
        List<ShardFile.MemoryEntry> memory = new ArrayList<>();
        try (Computed source = new Computed(trackers, executors, catalogue)) {
            // Each row is folded by one thread, so a row's stop and its blocks' sums are only touched by that thread.
            fold(trackers, executors, catalogue, source, (r, u, result) -> {
                if (!result.ran()) {
                    stops[r] = Math.min(stops[r], u / BLOCK);
                } else if (passingOnly(result)) {
                    long key = r * blocks + u / BLOCK;
                    Row scratch = sums.computeIfAbsent(key, k -> new Row(trackers.get(r / executors.size()),
                            executors.get(r % executors.size()).id()));
                    for (Judged j : result.runs()) {
                        record(scratch, j);
                    }
                    summed.merge(key, 1, Integer::sum);
                } else {
                    entries.add(entry(r, u, result));
                }
            });
            for (int t = 0; t < trackers.size(); t++) {
                MemoryResult m = source.memory(t);
                if (m != null) {
                    memory.add(new ShardFile.MemoryEntry(t, m.run(), m.crashed(), m.passes(), m.describe(), m.scenario(), m.trace()));
                }
            }
        }
        List<ShardFile.SegmentEntry> segments = new ArrayList<>();
        sums.keySet().stream().sorted().forEach(key -> segments.add(new ShardFile.SegmentEntry((int) (key / blocks),
                (int) (key % blocks), summed.get(key), sumsOf(sums.get(key)))));
        List<ShardFile.RowStop> rowStops = new ArrayList<>();
        for (int r = 0; r < rowCount; r++) {
            if (stops[r] != Integer.MAX_VALUE) {
                rowStops.add(new ShardFile.RowStop(r, stops[r]));
            }
        }
        List<ShardFile.UnitEntry> sorted = new ArrayList<>(entries);
        sorted.sort(java.util.Comparator.comparingInt(ShardFile.UnitEntry::row).thenComparingInt(ShardFile.UnitEntry::unit));
        List<ShardFile.RowHead> rows = new ArrayList<>();
        for (TrackerSubject t : trackers) {
            for (ExecutorSubject e : executors) {
                rows.add(ShardFile.head(t, e));
            }
        }
        progress("done");
        return new ShardFile.Content(ShardFile.FORMAT, ShardFile.VERSION, List.copyOf(identity), shard.toString(),
                new ShardFile.Settings(options.tries(), options.catalogueSeeds(), options.campaignSeed(), options.memory(),
                        executors.size(), layout), rows, catalogue.size() + options.tries(), sorted, segments, rowStops, memory,
                budgetRanOut, (System.nanoTime() - start) / 1e9);
    }

    /** A campaign unit whose runs all passed and none hung: all it adds to a row are counts. */
    private static boolean passingOnly(UnitResult r) {
        if (r.coverage() != null || !r.ambiguity().isEmpty()) {
            return false;
        }
        for (Judged j : r.runs()) {
            if (!j.result().passes() || j.result().timedOut() != null) {
                return false;
            }
        }
        return true;
    }

    /** What passing runs added to a scratch row, cell by cell. */
    private static List<ShardFile.CellSums> sumsOf(Row scratch) {
        List<ShardFile.CellSums> out = new ArrayList<>();
        for (Criterion c : Criterion.values()) {
            Cell cell = scratch.cell(c);
            Map<ScenarioClass, Integer> classes = new java.util.EnumMap<>(ScenarioClass.class);
            cell.classes().forEach((cls, t) -> classes.put(cls, t.evidence()));
            List<ShardFile.DelayFigures> delays = new ArrayList<>();
            if (cell.delays().all().obligations() > 0 || !cell.delays().byClass().isEmpty()) {
                delays.add(ShardFile.DelayFigures.of(null, cell.delays().all()));
                cell.delays().byClass().forEach((cls, f) -> delays.add(ShardFile.DelayFigures.of(cls, f)));
            }
            if (cell.judgedRuns() > 0 || cell.evidence() > 0 || !classes.isEmpty() || !delays.isEmpty()) {
                out.add(new ShardFile.CellSums(c, cell.judgedRuns(), cell.evidence(), classes, delays));
            }
        }
        return out;
    }

    /** Adds a shard's summed passing runs to a row. */
    private static void addSums(Row row, ShardFile.SegmentEntry segment) {
        for (ShardFile.CellSums s : segment.cells()) {
            Cell cell = row.cell(s.criterion());
            cell.judgedRuns(s.judgedRuns(), s.evidence());
            if (s.classes() != null) {
                s.classes().forEach(cell::evidence);
            }
            if (s.delays() != null) {
                for (ShardFile.DelayFigures d : s.delays()) {
                    cell.delays().add(d.cls(), d.figures());
                }
            }
        }
    }

    private static ShardFile.UnitEntry entry(int row, int unit, UnitResult r) {
        List<ShardFile.RunEntry> runs = new ArrayList<>(r.runs().size());
        for (Judged j : r.runs()) {
            runs.add(new ShardFile.RunEntry(j.result(), java.util.Arrays.asList(j.firsts().clone())));
        }
        return new ShardFile.UnitEntry(row, unit, runs, r.coverage() == null ? null
                : ShardFile.CoverageEntry.of(r.coverage()), r.ambiguity());
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
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("no shard to merge");
        }
        ShardFile.Content first = shards.get(0);
        int count = Shard.parse(first.shard()).count();
        ShardFile.Content[] byIndex = new ShardFile.Content[count + 1];
        for (int i = 0; i < shards.size(); i++) {
            ShardFile.Content c = shards.get(i);
            String where = sources.get(i);
            if (!c.identity().equals(first.identity())) {
                throw new IllegalArgumentException(where + " comes from another campaign than " + sources.get(0) + ": "
                        + difference(c.identity(), first.identity()) + " (shards merge only when made by the same lab"
                        + " commit with the same command and options)");
            }
            if (!c.settings().equals(first.settings()) || !c.rows().equals(first.rows()) || c.units() != first.units()) {
                throw new IllegalArgumentException(where + " has other lab settings or rows than " + sources.get(0));
            }
            Shard s;
            try {
                s = Shard.parse(c.shard());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": shard " + e.getMessage());
            }
            if (s.count() != count) {
                throw new IllegalArgumentException(where + " is shard " + s + " but " + sources.get(0) + " is shard "
                        + first.shard() + ": shards of one merge split the campaign the same way");
            }
            if (byIndex[s.index()] != null) {
                throw new IllegalArgumentException("shard " + s + " is given twice (" + where + ")");
            }
            byIndex[s.index()] = c;
        }
        List<String> missing = new ArrayList<>();
        for (int k = 1; k <= count; k++) {
            if (byIndex[k] == null) {
                missing.add(k + "/" + count);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("shard" + (missing.size() == 1 ? " " : "s ") + String.join(", ", missing)
                    + (missing.size() == 1 ? " is" : " are") + " missing; a merge needs all " + count
                    + " (a missing shard's scenarios would simply not be judged)");
        }
        ShardFile.Settings settings = first.settings();
        catalogue = settings.layoutOrDefault().catalogue(catalogue);
        if (first.units() != catalogue.size() + settings.tries() || settings.executors() < 1
                || first.rows().size() % settings.executors() != 0) {
            throw new IllegalArgumentException(sources.get(0) + " was made with another scenario catalogue than this lab's");
        }
        int units = first.units();
        int rows = first.rows().size();
        long blocks = units / BLOCK + 1;
        Map<Long, UnitResult> all = new java.util.HashMap<>();
        Map<Long, List<ShardFile.SegmentEntry>> segments = new java.util.HashMap<>();
        int[] stop = new int[rows];
        java.util.Arrays.fill(stop, Integer.MAX_VALUE);
        MemoryResult[] memory = new MemoryResult[rows / settings.executors()];
        for (int k = 1; k <= count; k++) {
            Shard s = new Shard(k, count);
            String where = sources.get(shards.indexOf(byIndex[k]));
            int[] shardStop = new int[rows];
            java.util.Arrays.fill(shardStop, Integer.MAX_VALUE);
            for (ShardFile.RowStop st : byIndex[k].stops()) {
                if (st.row() < 0 || st.row() >= rows || st.block() < 0 || st.block() >= blocks) {
                    throw new IllegalArgumentException(where + ": a stop at block " + st.block() + " of row " + st.row()
                            + " is out of range");
                }
                shardStop[st.row()] = Math.min(shardStop[st.row()], st.block());
                stop[st.row()] = Math.min(stop[st.row()], st.block());
            }
            Map<Long, Integer> accounted = new java.util.HashMap<>();
            for (ShardFile.UnitEntry e : byIndex[k].results()) {
                long key = (long) e.row() * units + e.unit();
                if (e.row() < 0 || e.row() >= rows || e.unit() < 0 || e.unit() >= units || !s.owns(key)
                        || all.containsKey(key)) {
                    throw new IllegalArgumentException(where + ": unit " + e.unit() + " of row " + e.row()
                            + " is not shard " + s + "'s, or is given twice");
                }
                all.put(key, unit(e, e.unit() < catalogue.size() ? catalogue.get(e.unit()) : null, where));
                accounted.merge(e.row() * blocks + e.unit() / BLOCK, 1, Integer::sum);
            }
            for (ShardFile.SegmentEntry g : byIndex[k].segments()) {
                if (g.row() < 0 || g.row() >= rows || g.block() < 0 || g.block() >= blocks || g.units() < 1
                        || g.cells() == null) {
                    throw new IllegalArgumentException(where + ": a summed block " + g.block() + " of row " + g.row()
                            + " is out of range or empty");
                }
                segments.computeIfAbsent(g.row() * blocks + g.block(), x -> new ArrayList<>()).add(g);
                accounted.merge(g.row() * blocks + g.block(), g.units(), Integer::sum);
            }
            for (int r = 0; r < rows; r++) {
                for (int b = 0; (long) b * BLOCK < units; b++) {
                    int owned = 0;
                    for (int u = b * BLOCK; u < Math.min(units, (b + 1) * BLOCK); u++) {
                        owned += s.owns((long) r * units + u) ? 1 : 0;
                    }
                    int expected = b < shardStop[r] ? owned : 0;
                    int got = accounted.getOrDefault(r * blocks + b, 0);
                    if (got != expected) {
                        throw new IllegalArgumentException(where + " accounts for " + got + " of the " + expected
                                + " units of block " + b + " of row " + r + " that shard " + s + " owns: the file is"
                                + " incomplete or inconsistent");
                    }
                }
            }
            for (ShardFile.MemoryEntry m : byIndex[k].memory()) {
                if (m.tracker() < 0 || m.tracker() >= memory.length || !s.owns(m.tracker()) || m.run() == null) {
                    throw new IllegalArgumentException(where + ": criterion 6 of strategy " + m.tracker() + " is not shard "
                            + s + "'s");
                }
                memory[m.tracker()] = new MemoryResult(m.run(), m.crashed(), m.passes(), m.describe(), m.scenario(), m.trace());
            }
        }
        List<TrackerSubject> trackers = new ArrayList<>();
        List<ExecutorSubject> executors = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            ShardFile.RowHead h = first.rows().get(r);
            if (r % settings.executors() == 0) {
                trackers.add(ShardFile.subject(h));
            }
            if (r < settings.executors()) {
                executors.add(new ExecutorSubject(h.executor(), o -> {
                    throw new IllegalStateException("an executor read from a shard file does not run");
                }, h.executorJar()));
            }
        }
        Lab lab = new Lab(new Options(settings.tries(), settings.catalogueSeeds(), settings.campaignSeed(), 0,
                settings.memory(), Progress.NONE)).withLayout(settings.layoutOrDefault());
        UnitSource source = new UnitSource() {
            @Override
            public UnitResult unit(int row, int unit) {
                return unit / BLOCK >= stop[row] ? UnitResult.NOT_RUN : all.get((long) row * units + unit);
            }

            @Override
            public int blockEnd(int row, int block, Row target) {
                int n = 0;
                for (ShardFile.SegmentEntry g : segments.getOrDefault(row * blocks + block, List.of())) {
                    addSums(target, g);
                    n += g.units();
                }
                return n;
            }

            @Override
            public MemoryResult memory(int tracker) {
                return memory[tracker];
            }
        };
        Folded folded = lab.fold(trackers, executors, catalogue, source, null);
        double seconds = shards.stream().mapToDouble(ShardFile.Content::seconds).max().orElse(0);
        return new Matrix(folded.rows, folded.ambiguity, folded.scenarios, settings.tries(), settings.catalogueSeeds(),
                settings.campaignSeed(), seconds, Witnesses.NONE, settings.layoutOrDefault(),
                lab.reach(campaignRun(folded, catalogue.size(), settings.tries())));
    }

    private static UnitResult unit(ShardFile.UnitEntry e, Scenario catalogueScenario, String where) {
        List<Judged> runs = new ArrayList<>();
        for (ShardFile.RunEntry r : e.runs() == null ? List.<ShardFile.RunEntry>of() : e.runs()) {
            if (r.result() == null || r.firsts() == null || r.firsts().size() != r.result().failures().size()
                    || !r.result().passes() && (r.result().scenario() == null || r.result().trace() == null)) {
                throw new IllegalArgumentException(where + ": a run of unit " + e.unit() + " of row " + e.row()
                        + " is incomplete (its failures, their counterexamples, its scenario or its trace)");
            }
            runs.add(new Judged(r.result(), null, r.firsts().toArray(new Counterexample[0])));
        }
        if (catalogueScenario != null && e.coverage() == null) {
            throw new IllegalArgumentException(where + ": catalogue unit " + e.unit() + " of row " + e.row()
                    + " has no coverage");
        }
        return new UnitResult(true, runs, catalogueScenario == null ? null : e.coverage().coverage(catalogueScenario),
                e.ambiguity() == null ? List.of() : e.ambiguity());
    }

    private static String difference(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            if (!a.get(i).equals(b.get(i))) {
                return "'" + a.get(i) + "' where it has '" + b.get(i) + "'";
            }
        }
        return a.size() > b.size() ? "it also has '" + a.get(b.size()) + "'" : "it lacks '" + b.get(a.size()) + "'";
    }

    private long plannedRuns(int trackers, int executors, int catalogue) {
        long perCatalogueScenario = options.catalogueDeviations() >= 0 ? options.catalogueBudget()
                : options.catalogueSeeds().size();
        long all = (long) trackers * executors * ((long) catalogue * perCatalogueScenario + options.tries())
                + (options.memory() ? trackers * 50L : 0);
        return shard.count() == 1 ? all : (all + shard.count() - 1) / shard.count();
    }

    /** What a fold gives: the rows, criterion A's lines in scenario order, and how many scenarios A judged. */
    record Folded(List<Row> rows, List<String> ambiguity, int scenarios) {
    }

    /**
     * Folds every row's units in the campaign's order (rows in parallel when {@code --jobs} allows, each row
     * alone on one thread). {@code kept} receives every unit folded, with its counterexamples (a shard
     * writes them), or is null.
     */
    Folded fold(List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue,
            UnitSource source, UnitSink kept) {
        int units = catalogue.size() + options.tries();
        List<Row> rows = new ArrayList<>();
        for (TrackerSubject t : trackers) {
            for (ExecutorSubject e : executors) {
                rows.add(new Row(t, e.id()));
            }
        }
        @SuppressWarnings("unchecked")
        List<String>[] ambiguity = new List[units];
        int folders = Math.min(jobs, Math.max(1, rows.size()));
        AtomicInteger next = new AtomicInteger();
        int[] summedFirstRow = {0};                // row 0's units a source summed: criterion A found nothing in them
        Callable<Void> folder = () -> {
            for (int r = next.getAndIncrement(); r < rows.size(); r = next.getAndIncrement()) {
                Row row = rows.get(r);
                for (int u = 0; u < units; u++) {
                    if (u > 0 && u % BLOCK == 0 && row.skipped() == null) {
                        int n = source.blockEnd(r, u / BLOCK - 1, row);
                        if (r == 0) {
                            summedFirstRow[0] += n;
                        }
                    }
                    UnitResult result = source.unit(r, u);
                    if (result == null) {
                        continue;                                  // another shard's, or summed in a block
                    }
                    if (r == 0 && result.ran()) {
                        ambiguity[u] = result.ambiguity();
                    }
                    Scenario s = u < catalogue.size() ? catalogue.get(u) : null;
                    foldUnit(row, u, units, s, result);
                    if (kept != null) {
                        kept.unit(r, u, result);
                    }
                }
                if (units > 0 && row.skipped() == null) {
                    int n = source.blockEnd(r, (units - 1) / BLOCK, row);
                    if (r == 0) {
                        summedFirstRow[0] += n;
                    }
                }
                MemoryResult m = source.memory(r / Math.max(1, executors.size()));
                if (m != null) {
                    recordMemory(row, m);                          // last: short counterexamples come first
                }
            }
            return null;
        };
        if (folders == 1) {
            call(folder);
        } else {
            ExecutorService pool = Executors.newFixedThreadPool(folders, daemons("ecslab-lab-fold-"));
            try {
                List<Future<Void>> all = new ArrayList<>();
                for (int i = 0; i < folders; i++) {
                    all.add(pool.submit(folder));
                }
                for (Future<Void> f : all) {
                    join(f);
                }
            } finally {
                pool.shutdownNow();
            }
        }
        if (rows.isEmpty()) {                                       // no row: criterion A still judges every scenario
            for (int u = 0; u < units; u++) {
                ambiguity[u] = AmbiguityCheck.check(u < catalogue.size() ? catalogue.get(u) : campaignScenario(u - catalogue.size()));
            }
        }
        List<String> lines = new ArrayList<>();
        int scenarios = summedFirstRow[0];
        for (List<String> a : ambiguity) {
            if (a != null) {
                lines.addAll(a);
                scenarios++;
            }
        }
        return new Folded(rows, lines, scenarios);
    }

    /** Receives each unit a fold recorded. */
    interface UnitSink {
        void unit(int row, int unit, UnitResult result);
    }

    /** The start of the sentence a row keeps when the time budget stopped it. */
    static final String BUDGET = "the time budget ran out";

    /**
     * Records one unit in its row, as the serial lab did: nothing once the row is skipped (an empty coverage for a
     * catalogue scenario), else every run in order; a run that hung skips the rest of the row, and so does a unit
     * the time budget left unrun.
     */
    private void foldUnit(Row row, int unit, int units, Scenario catalogueScenario, UnitResult result) {
        if (!result.ran() && row.skipped() == null) {
            row.skip(BUDGET + " after " + unit + " of this configuration's " + units + " scenarios (the catalogue's and"
                    + " the campaign's, in order); the rest were not run");
        }
        if (row.skipped() != null) {
            if (catalogueScenario != null) {
                row.covered(new Coverage(catalogueScenario));
            }
            return;
        }
        for (Judged j : result.runs()) {
            record(row, j);
            if (j.result().timedOut() != null) {
                row.skip(j.result().timedOut());
            }
        }
        if (catalogueScenario != null) {
            row.covered(result.coverage());
        }
    }

    /**
     * Units computed here: {@code jobs} threads run them, each row's ahead of its fold by a window, so a long
     * campaign never holds more than a window of results per row.
     */
    private final class Computed implements UnitSource, AutoCloseable {
        private final List<TrackerSubject> trackers;
        private final List<ExecutorSubject> executors;
        private final List<Scenario> catalogue;
        private final int units;
        private final ExecutorService pool;
        private final int window;
        private final Map<Integer, ArrayDeque<Future<UnitResult>>> ahead = new ConcurrentHashMap<>();
        private final Map<Integer, Integer> submitted = new ConcurrentHashMap<>();
        private final MemoryResult[] memory;
        /** Per row and block: whether it runs (decided once, at its first unit, against the time budget). */
        private final Map<Long, Boolean> blockRuns = new ConcurrentHashMap<>();
        /**
         * Rows in which a run hung. The fold skips the rest of such a row, so its later units are not run: each
         * would hang too and keep a thread spinning (a hung run's thread is abandoned, not stopped). A unit is
         * dequeued in order, so every unit before the hung one has started before the row is marked.
         */
        private final Set<Integer> hungRows = ConcurrentHashMap.newKeySet();

        Computed(List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue) {
            this.trackers = trackers;
            this.executors = executors;
            this.catalogue = catalogue;
            this.units = catalogue.size() + options.tries();
            this.pool = jobs == 1 ? null : Executors.newFixedThreadPool(jobs, daemons("ecslab-lab-job-"));
            this.window = Math.max(4, jobs * 8);
            // Criterion 6 first, one strategy at a time and nothing else running: it weighs the heap.
            this.memory = new MemoryResult[trackers.size()];
            for (int t = 0; t < trackers.size(); t++) {
                if (options.memory() && shard.owns(t) && !pastDeadline()) {
                    memory[t] = measureMemory(trackers.get(t));
                }
            }
        }

        @Override
        public MemoryResult memory(int tracker) {
            return memory[tracker];
        }

        private boolean owns(int row, int unit) {
            return shard.owns((long) row * units + unit);
        }

        @Override
        public UnitResult unit(int row, int unit) throws InterruptedException {
            if (!owns(row, unit)) {
                return null;
            }
            if (pool == null) {
                return compute(row, unit);
            }
            ArrayDeque<Future<UnitResult>> queue = ahead.computeIfAbsent(row, k -> new ArrayDeque<>());
            int from = submitted.getOrDefault(row, unit);
            while (queue.size() < window && from < units) {
                if (owns(row, from)) {
                    int u = from;
                    queue.add(pool.submit(() -> compute(row, u)));
                }
                from++;
            }
            submitted.put(row, from);
            UnitResult r = await(queue.poll());
            if (queue.isEmpty() && from >= units) {
                ahead.remove(row);
            }
            return r;
        }

        private UnitResult compute(int row, int unit) {
            if (!blockRuns.computeIfAbsent((long) row * (units / BLOCK + 1) + unit / BLOCK, k -> !pastDeadline())) {
                return UnitResult.NOT_RUN;
            }
            TrackerSubject t = trackers.get(row / executors.size());
            ExecutorSubject e = executors.get(row % executors.size());
            Scenario s = unit < catalogue.size() ? catalogue.get(unit) : campaignScenario(unit - catalogue.size());
            List<String> ambiguity = row == 0 ? AmbiguityCheck.check(s) : List.of();
            if (hungRows.contains(row)) {                     // after a hang: the fold skips it; criterion A still judges
                return new UnitResult(true, List.of(), unit < catalogue.size() ? new Coverage(s) : null, ambiguity);
            }
            UnitResult result;
            if (unit < catalogue.size()) {
                result = options.catalogueDeviations() >= 0
                        ? explore(s, new LabConfig(t, e, 1).withTimeout(options.runTimeout()), ambiguity)
                        : seeded(s, t, e, ambiguity);
            } else {
                int i = unit - catalogue.size();
                LabConfig config = new LabConfig(t, e, options.campaignSeed() + i).withTimeout(options.runTimeout())
                        .withExploration(options.campaign());
                List<Judged> runs = new ArrayList<>(1);
                runOne(s, config, null, null, runs);
                result = new UnitResult(true, runs, null, ambiguity);
            }
            if (hungLast(result.runs())) {
                hungRows.add(row);
            }
            return result;
        }

        @Override
        public void close() {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    private static <T> T await(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(c);
        }
    }

    private static void call(Callable<Void> c) {
        try {
            c.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the lab was interrupted", e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static void join(Future<Void> f) {
        try {
            await(f);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the lab was interrupted", e);
        }
    }

    /** Criterion 6 for one strategy, judged like any run. */
    private MemoryResult measureMemory(TrackerSubject t) {
        progress(t.label() + ": criterion 6 (" + MemoryBound.FRAMES + " frames)");
        MemoryBound.Result m = MemoryBound.measure(t, options.runTimeout().multipliedBy(10));
        done.addAndGet(50);
        String label = serial(t).label();
        RunResult run = RunResult.of(Judge.judge(m.scenario(), m.trace()), 0, label, MEMORY_SCENARIO, null);
        boolean crashed = m.trace().crashed();
        boolean passes = m.passes();
        return new MemoryResult(run, crashed, passes, m.describe(), crashed || passes ? null : m.scenario(),
                crashed || passes ? null : m.trace());
    }

    private static LabConfig serial(TrackerSubject t) {
        return new LabConfig(t, new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0);
    }

    /** Both orders of every unordered conflicting pair of the given scenarios, run and compared. */
    private Witnesses witnesses(List<Scenario> scenarios, int fromCampaign) {
        if (scenarios.isEmpty()) {
            return Witnesses.NONE;
        }
        long start = System.nanoTime();
        List<Witness> pairs = new ArrayList<>();
        WitnessFinder finder = new WitnessFinder();
        for (Scenario s : scenarios) {
            progress("ambiguity witnesses: " + s.name());
            for (Witness w : finder.find(s)) {
                pairs.add(w.verdict() == Witness.Verdict.COMMUTES ? w.withoutTraces() : w);   // no replay file: no trace kept
            }
            done.addAndGet(2L * WitnessFinder.pairs(s));
        }
        return new Witnesses(pairs, scenarios.size(), Math.max(0, fromCampaign), (System.nanoTime() - start) / 1e9);
    }

    /**
     * Explores a catalogue scenario's schedules with the bounded exhaustive search, judging every run, until
     * the search is complete, reaches its budget, or a schedule fails (the first counterexample is what the
     * matrix keeps; more schedules of a failing scenario would only repeat it) or hangs.
     */
    private UnitResult explore(Scenario scenario, LabConfig base, List<String> ambiguity) {
        Coverage coverage = new Coverage(scenario);
        List<Judged> runs = new ArrayList<>();
        long[] counted = {0};
        ExhaustiveSearch.Result r = ExhaustiveSearch.search(x -> {
            progress(base.tracker().label() + " / " + base.executor().id() + ": " + scenario.name());
            done.incrementAndGet();
            counted[0]++;
            return ScenarioRunner.run(scenario, base.withExploration(x));
        }, options.catalogueDeviations(), options.catalogueBudget(), trace -> {
            Outcome outcome = Judge.judge(scenario, trace);
            LabConfig at = base.withExploration(new Exploration.Script(trace.interleaving().choices()));
            runs.add(new Judged(RunResult.of(outcome, at.seed(), at.label(), CATALOGUE, hung(scenario, trace, at)), at));
            return !outcome.passes() || trace.timedOut();
        }, coverage::add);
        if (r.free()) {
            // An executor that ignores the control has no schedules to search: it gets the catalogue's
            // seeds, as before controlled runs, and its coverage says the runs were free.
            for (long seed : options.catalogueSeeds()) {
                if (seed != base.seed() && !r.stopped() && !hungLast(runs)) {
                    runOne(scenario, base.withSeed(seed), CATALOGUE, coverage, runs);
                    counted[0]++;
                }
            }
        } else {
            coverage.searched(r);
        }
        done.addAndGet(Math.max(0, options.catalogueBudget() - counted[0]));
        return new UnitResult(true, runs, coverage, ambiguity);
    }

    /** A catalogue scenario under each catalogue seed (random exploration), stopping after a run that hung. */
    private UnitResult seeded(Scenario s, TrackerSubject t, ExecutorSubject e, List<String> ambiguity) {
        Coverage coverage = new Coverage(s);
        List<Judged> runs = new ArrayList<>();
        for (long seed : options.catalogueSeeds()) {
            if (hungLast(runs)) {
                done.incrementAndGet();
                continue;
            }
            runOne(s, new LabConfig(t, e, seed).withTimeout(options.runTimeout()), CATALOGUE, coverage, runs);
        }
        return new UnitResult(true, runs, coverage, ambiguity);
    }

    private static boolean hungLast(List<Judged> runs) {
        return !runs.isEmpty() && runs.get(runs.size() - 1).result().timedOut() != null;
    }

    /** Runs and judges one scenario under one configuration. */
    private void runOne(Scenario scenario, LabConfig config, String notShrunk, Coverage coverage, List<Judged> runs) {
        progress(config.tracker().label() + " / " + config.executor().id() + ": " + scenario.name());
        done.incrementAndGet();
        Trace trace = ScenarioRunner.run(scenario, config);
        if (coverage != null) {
            coverage.add(trace);
        }
        Outcome outcome = Judge.judge(scenario, trace);
        runs.add(new Judged(RunResult.of(outcome, config.seed(), config.label(), notShrunk, hung(scenario, trace, config)),
                config));
    }

    /** The sentence a row keeps when a run hung, or null. */
    private static String hung(Scenario scenario, Trace trace, LabConfig config) {
        return trace.timedOut() ? "a run of this configuration did not finish within " + config.timeout().toSeconds()
                + " s (scenario '" + scenario.name() + "'); the rest of its scenarios were not run" : null;
    }

    /** Records a judged run in the row's cells: evidence, delays, violations and counterexamples. */
    private void record(Row row, Judged j) {
        RunResult run = j.result();
        if (run.pastHorizon() != null) {
            row.pastHorizon(new Row.PastHorizon(1, run.pastHorizon().changes(), run.pastHorizon().first()));
        }
        Set<Criterion> judgedHere = EnumSet.noneOf(Criterion.class);
        for (Criterion c : Criterion.values()) {
            int n = run.evidence(c);
            if (n > 0) {
                row.cell(c).judged(n);
                judgedHere.add(c);
            }
            run.evidence().getOrDefault(c, Map.of()).forEach((cls, k) -> row.cell(c).evidence(cls, k));
        }
        int paused = run.evidence().getOrDefault(Criterion.AT_LEAST_ONCE, Map.of()).getOrDefault(ScenarioClass.PAUSING, 0);
        if (paused > 0) {
            judgedHere.add(Criterion.NOT_LOST_WHEN_PAUSED);
            row.cell(Criterion.NOT_LOST_WHEN_PAUSED).judged(paused);
            row.cell(Criterion.NOT_LOST_WHEN_PAUSED).evidence(ScenarioClass.PAUSING, paused);
        }
        int looping = run.evidence().getOrDefault(Criterion.AT_LEAST_ONCE, Map.of()).getOrDefault(ScenarioClass.LOOPING, 0);
        if (looping > 0) {
            judgedHere.add(Criterion.LOOPING);
            row.cell(Criterion.LOOPING).judged(looping);
            row.cell(Criterion.LOOPING).evidence(ScenarioClass.LOOPING, looping);
        }
        for (RunResult.Delay d : run.delays()) {
            row.cell(Criterion.AT_LEAST_ONCE).delays().add(d);
        }
        Set<Criterion> failedHere = EnumSet.noneOf(Criterion.class);
        Set<String> failedClassHere = new HashSet<>();
        for (int k = 0; k < run.failures().size(); k++) {
            RunResult.Failure v = run.failures().get(k);
            if (v.delayed()) {
                row.cell(Criterion.AT_LEAST_ONCE).delays().tooLate(v.classes());
            }
            List<Criterion> cells = cellsOf(v);
            boolean tallied = v.criterion() == Criterion.AT_LEAST_ONCE || v.criterion() == Criterion.AT_MOST_ONCE;
            boolean firstOfScope = cells.stream().anyMatch(c -> !row.cell(c).hasFailure(v.scope()));
            // One counterexample per violation, shared by every cell and class it counts in; shrunk when it
            // is the first of its criterion and scope (a class's first only is kept as found: shrinking
            // each class's too would multiply the cost of a failing row).
            Counterexample x = firstOfScope ? first(j, k) : asFound(v, run, run.notShrunk() == null ? NOT_FIRST : run.notShrunk());
            for (Criterion c : cells) {
                Cell cell = row.cell(c);
                if (failedHere.add(c)) {
                    cell.failedRun();
                }
                if (!cell.hasFailure(v.scope())) {
                    cell.fail(x);
                }
                if (tallied || c.isClassView()) {
                    for (ScenarioClass cls : v.classes()) {
                        if (failedClassHere.add(c + "|" + cls)) {
                            cell.failedRunIn(cls);
                        }
                        cell.failIn(cls, x);
                    }
                }
            }
        }
        for (Criterion c : failedHere) {
            if (!judgedHere.contains(c)) {
                row.cell(c).judged(0);            // a run that violated c judged it, even with nothing to count
            }
        }
    }

    /** The counterexample of a first failure: made (and shrunk) once, or as a shard made it. */
    private Counterexample first(Judged j, int k) {
        if (j.firsts()[k] == null) {
            if (j.config() == null && j.result().notShrunk() == null) {
                throw new IllegalArgumentException("a shard file lacks the counterexample of a failure that is the first"
                        + " of its scope in the campaign (" + j.result().failures().get(k).criterion() + ", "
                        + j.result().config() + "): the file does not come from this lab's fold");
            }
            j.firsts()[k] = counterexample(j.result().failures().get(k), j.result(), j.config());
        }
        return j.firsts()[k];
    }

    private static Counterexample asFound(RunResult.Failure v, RunResult run, String why) {
        return new Counterexample(v.criterion(), v.scope(), v.message(), run.scenario(), run.scenario(), run.seed(),
                run.config(), run.trace(), Shrinking.kept(why));
    }

    /** The cells a violation counts in: its criterion's, and the class views 7 (pausing) and L (looping). */
    private static List<Criterion> cellsOf(RunResult.Failure v) {
        List<Criterion> out = new ArrayList<>(List.of(v.criterion()));
        boolean detection = v.criterion() == Criterion.AT_LEAST_ONCE || v.criterion() == Criterion.AT_MOST_ONCE;
        if (v.criterion() == Criterion.AT_LEAST_ONCE && v.classes().contains(ScenarioClass.PAUSING)) {
            out.add(Criterion.NOT_LOST_WHEN_PAUSED);
        }
        if (detection && v.classes().contains(ScenarioClass.LOOPING)) {
            out.add(Criterion.LOOPING);
        }
        return out;
    }

    /** Why a scenario is shown as found: catalogue scenarios are Bevy PR #1471's test plan, shown as written. */
    static final String CATALOGUE = "a catalogue scenario, shown as written";
    /** Why criterion 6's run is shown as found. */
    static final String MEMORY_SCENARIO = "criterion 6's fixed 10 000-frame scenario";
    /** Why a later failure is shown as found: only the first of a criterion and scope in a row is shrunk. */
    static final String NOT_FIRST = "not the first failure of its criterion and scope in this row (only those are"
            + " shrunk); kept as found";

    /** The counterexample of a first failure: shrunk for campaign scenarios, with its trace and how it was shrunk. */
    private Counterexample counterexample(RunResult.Failure v, RunResult run, LabConfig config) {
        String notShrunk = run.notShrunk();
        if (notShrunk != null) {
            return asFound(v, run, notShrunk);
        }
        if (run.trace().timedOut()) {                             // never re-run what hung
            return asFound(v, run, "the run hung, and a hung run is never run again");
        }
        if (options.shrinkAttempts() <= 0) {
            return asFound(v, run, "shrinking is off (a budget of 0 runs)");
        }
        if (pastDeadline()) {
            return asFound(v, run, "the time budget ran out before it could be shrunk");
        }
        Scenario scenario = run.scenario();
        long[] lastSeed = {config.seed()};
        // the budget counts runs (a big world's at its cost, shrinkCost), not candidates; [1] counts the runs made
        int[] runsLeft = {options.shrinkAttempts(), 0};
        Shrinker shrinker = new Shrinker(candidate -> {
            Long s = failingSeed(candidate, config, v, runsLeft);
            if (s != null) {
                lastSeed[0] = s;                                  // the minimal scenario is the last accepted
            }
            return s != null;
        }, options.shrinkAttempts());
        Scenario minimal = shrinker.shrink(scenario);
        int runs = runsLeft[1];
        boolean budgetSpent = !shrinker.settled() || runsLeft[0] <= 0;
        if (minimal == scenario) {
            return new Counterexample(v.criterion(), v.scope(), v.message(), scenario, scenario, run.seed(), run.config(),
                    run.trace(), Shrinking.kept(budgetSpent ? "no smaller scenario failed before the shrinking budget ran out"
                            : "none of the shrinker's one-step simplifications failed again", runs, budgetSpent));
        }
        LabConfig at = config.withSeed(lastSeed[0]);
        Trace minimalTrace = ScenarioRunner.run(minimal, at);
        runs++;
        Violation again = firstLike(minimal, minimalTrace, v);
        if (again == null) {                                      // did not fail again on re-run: keep the original
            return new Counterexample(v.criterion(), v.scope(), v.message(), scenario, scenario, run.seed(), run.config(),
                    run.trace(), Shrinking.kept("the smallest failing scenario found did not fail again when it was run"
                            + " for its trace", runs, budgetSpent));
        }
        return new Counterexample(v.criterion(), v.scope(), again.message(), minimal, scenario, lastSeed[0], at.label(),
                minimalTrace, Shrinking.shrunk(shrinker.steps(), runs, budgetSpent, scenario, run.trace()));
    }

    /**
     * Seeds a shrink candidate is tried under: the failing run's, then others. A smaller scenario has other
     * decision points, so the failing run's seed no longer means the same schedule; a second seed keeps
     * shrinking from stopping early at a candidate that fails under another schedule (a candidate that
     * cannot fail costs both runs, so no more are tried).
     */
    static final int SHRINK_SEEDS = 2;

    /** The first seed under which {@code candidate} fails like {@code v}, or {@code null}. */
    private Long failingSeed(Scenario candidate, LabConfig config, RunResult.Failure v, int[] runsLeft) {
        int cost = shrinkCost(candidate);
        for (int k = 0; k < SHRINK_SEEDS && runsLeft[0] > 0; k++) {
            runsLeft[0] -= cost;
            runsLeft[1]++;
            long seed = config.seed() + 7_919L * k;
            Trace t = ScenarioRunner.run(candidate, config.withSeed(seed));
            if (t.timedOut()) {
                return null;
            }
            if (firstLike(candidate, t, v) != null) {
                return seed;
            }
        }
        return null;
    }

    /**
     * What one run of {@code s} costs the shrinking budget, in runs of an ordinary scenario: 1, plus one per
     * 1 000 entities (padding included) and one per 16 systems. A big world's run costs as many small ones as
     * it takes time, so shrinking one (a table of 4 600 rows, a stage of 130 systems) stays within a few
     * seconds instead of minutes, and the budget is still a function of the scenario, never of the clock.
     */
    static int shrinkCost(Scenario s) {
        long entities = s.initialEntityCount() + (s.padding() == null ? 0
                : s.padding().kept() + (long) s.padding().recycled() * s.padding().generations());
        for (dev.ecslab.lab.scenario.Edit e : s.edits()) {
            entities += e.op() == dev.ecslab.lab.scenario.EditOp.SPAWN && e.isBulk() ? e.count() : 0;
        }
        return (int) Math.min(Integer.MAX_VALUE, 1 + entities / 1_000 + s.systems().size() / 16);
    }

    /** The first violation of the same criterion and scope, in (at least) the same classes. */
    private static Violation firstLike(Scenario s, Trace t, RunResult.Failure v) {
        for (Violation x : Judge.judge(s, t).violations()) {
            if (x.criterion() == v.criterion() && Objects.equals(x.scope(), v.scope()) && x.classes().containsAll(v.classes())) {
                return x;
            }
        }
        return null;
    }

    /**
     * Criterion 6, and the long run behind it judged like any other: a crash over 10 000 frames is a
     * crash (and leaves 6 not judged, never failed for it), and criteria 1, 2 and O are judged on the
     * long run too, so a strategy that goes wrong only after thousands of frames is caught. The run is
     * serial; its counterexamples say so.
     */
    private void recordMemory(Row row, MemoryResult m) {
        record(row, new Judged(m.run(), null));
        Cell cell = row.cell(Criterion.BOUNDED_MEMORY);
        if (m.crashed()) {
            cell.note("not judged: the 10 000-frame run crashed (criterion X)");
            return;
        }
        cell.judged(1);
        cell.note(m.describe());
        if (!m.passes()) {
            cell.failedRun();
            cell.fail(new Counterexample(Criterion.BOUNDED_MEMORY, null, m.describe(), m.scenario(), m.scenario(), 0,
                    m.run().config(), m.trace(), Shrinking.kept(MEMORY_SCENARIO)));
        }
    }

}
