package dev.ecslab.lab.classify;

import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
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
import dev.ecslab.lab.oracle.Obligation;
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

    private final Options options;
    private long done;
    private long total;

    public Lab(Options options) {
        this.options = options;
    }

    public Matrix run(List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue) {
        long start = System.nanoTime();
        List<Scenario> campaign = new ArrayList<>();
        for (int i = 0; i < options.tries(); i++) {
            long seed = options.campaignSeed() + i;
            campaign.add(ScenarioGenerator.generate("random #" + i + " (seed " + seed + ")", Choices.seeded(seed)));
        }
        long perCatalogueScenario = options.catalogueDeviations() >= 0 ? options.catalogueBudget()
                : options.catalogueSeeds().size();
        List<Scenario> witnessed = new ArrayList<>();
        if (options.witnessTries() != Options.NO_WITNESSES) {
            witnessed.addAll(catalogue);
            witnessed.addAll(campaign.subList(0, Math.min(options.witnessTries(), campaign.size())));
        }
        long witnessRuns = 2L * witnessed.stream().mapToInt(WitnessFinder::pairs).sum();
        total = (long) trackers.size() * executors.size()
                * ((long) catalogue.size() * perCatalogueScenario + campaign.size())
                + (options.memory() ? trackers.size() * 50L : 0) + witnessRuns;
        List<Row> rows = new ArrayList<>();
        for (TrackerSubject t : trackers) {
            MemoryBound.Result memory = null;
            if (options.memory()) {
                options.progress().update(done, total, t.label() + ": criterion 6 (" + MemoryBound.FRAMES + " frames)");
                memory = MemoryBound.measure(t, options.runTimeout().multipliedBy(10));
                done += 50;
            }
            for (ExecutorSubject e : executors) {
                Row row = new Row(t, e.id());
                for (Scenario s : catalogue) {
                    if (options.catalogueDeviations() >= 0) {
                        explore(row, s, new LabConfig(t, e, 1).withTimeout(options.runTimeout()));
                        continue;
                    }
                    Coverage coverage = new Coverage(s);
                    for (long seed : options.catalogueSeeds()) {
                        judgeOne(row, s, new LabConfig(t, e, seed).withTimeout(options.runTimeout()), false, coverage);
                    }
                    row.covered(coverage);
                }
                for (int i = 0; i < campaign.size(); i++) {
                    judgeOne(row, campaign.get(i), new LabConfig(t, e, options.campaignSeed() + i)
                            .withTimeout(options.runTimeout()).withExploration(options.campaign()), true, null);
                }
                if (memory != null) {
                    recordMemory(row, memory);                   // last: short counterexamples come first
                }
                rows.add(row);
            }
        }
        List<String> ambiguity = new ArrayList<>();
        List<Scenario> all = new ArrayList<>(catalogue);
        all.addAll(campaign);
        for (Scenario s : all) {
            ambiguity.addAll(AmbiguityCheck.check(s));
        }
        Witnesses witnesses = witnesses(witnessed, witnessed.size() - catalogue.size());
        options.progress().update(total, total, "done");
        return new Matrix(rows, ambiguity, all.size(), options.tries(), options.catalogueSeeds(),
                options.campaignSeed(), (System.nanoTime() - start) / 1e9, witnesses);
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
            options.progress().update(done, total, "ambiguity witnesses: " + s.name());
            for (Witness w : finder.find(s)) {
                pairs.add(w.verdict() == Witness.Verdict.COMMUTES ? w.withoutTraces() : w);   // no replay file: no trace kept
            }
            done += 2L * WitnessFinder.pairs(s);
        }
        return new Witnesses(pairs, scenarios.size(), Math.max(0, fromCampaign), (System.nanoTime() - start) / 1e9);
    }

    /**
     * Explores a catalogue scenario's schedules with the bounded exhaustive search, judging every run, until
     * the search is complete, reaches its budget, or a schedule fails (the first counterexample is what the
     * matrix keeps; more schedules of a failing scenario would only repeat it).
     */
    private void explore(Row row, Scenario scenario, LabConfig base) {
        Coverage coverage = new Coverage(scenario);
        long before = done;
        if (row.skipped() == null) {
            ExhaustiveSearch.Result r = ExhaustiveSearch.search(x -> {
                options.progress().update(done, total, base.tracker().label() + " / " + base.executor().id() + ": "
                        + scenario.name());
                done++;
                return ScenarioRunner.run(scenario, base.withExploration(x));
            }, options.catalogueDeviations(), options.catalogueBudget(), trace -> {
                Outcome outcome = Judge.judge(scenario, trace);
                record(row, outcome, base.withExploration(new Exploration.Script(trace.interleaving().choices())), false);
                timedOut(row, scenario, trace, base);
                return !outcome.passes() || row.skipped() != null;
            }, coverage::add);
            if (r.free()) {
                // An executor that ignores the control has no schedules to search: it gets the catalogue's
                // seeds, as before controlled runs, and its coverage says the runs were free.
                for (long seed : options.catalogueSeeds()) {
                    if (seed != base.seed() && !r.stopped()) {
                        judgeOne(row, scenario, base.withSeed(seed), false, coverage);
                    }
                }
            } else {
                coverage.searched(r);
            }
        }
        done = before + options.catalogueBudget();
        row.covered(coverage);
    }

    /** Runs and judges one scenario under one configuration and records it in the row. */
    private void judgeOne(Row row, Scenario scenario, LabConfig config, boolean shrink, Coverage coverage) {
        options.progress().update(done, total, config.tracker().label() + " / " + config.executor().id() + ": "
                + scenario.name());
        done++;
        if (row.skipped() != null) {
            return;
        }
        Trace trace = ScenarioRunner.run(scenario, config);
        if (coverage != null) {
            coverage.add(trace);
        }
        Outcome outcome = Judge.judge(scenario, trace);
        record(row, outcome, config, shrink);
        timedOut(row, scenario, trace, config);
    }

    private static void timedOut(Row row, Scenario scenario, Trace trace, LabConfig config) {
        if (trace.timedOut()) {
            row.skip("a run of this configuration did not finish within " + config.timeout().toSeconds()
                    + " s (scenario '" + scenario.name() + "'); the rest of its scenarios were not run");
        }
    }

    /** Records a judged run in the row's cells: evidence, delays, violations and counterexamples. */
    private void record(Row row, Outcome outcome, LabConfig config, boolean shrink) {
        record(row, outcome, config, shrink ? null : CATALOGUE);
    }

    /**
     * Records a judged run; its first failures are shrunk when {@code notShrunk} is null, else kept as found
     * for that reason.
     */
    private void record(Row row, Outcome outcome, LabConfig config, String notShrunk) {
        Set<Criterion> judgedHere = EnumSet.noneOf(Criterion.class);
        for (Criterion c : Criterion.values()) {
            int n = outcome.evidence(c);
            if (n > 0) {
                row.cell(c).judged(n);
                judgedHere.add(c);
            }
            outcome.evidence().getOrDefault(c, Map.of()).forEach((cls, k) -> row.cell(c).evidence(cls, k));
        }
        int paused = outcome.evidence().getOrDefault(Criterion.AT_LEAST_ONCE, Map.of()).getOrDefault(ScenarioClass.PAUSING, 0);
        if (paused > 0) {
            judgedHere.add(Criterion.NOT_LOST_WHEN_PAUSED);
            row.cell(Criterion.NOT_LOST_WHEN_PAUSED).judged(paused);
            row.cell(Criterion.NOT_LOST_WHEN_PAUSED).evidence(ScenarioClass.PAUSING, paused);
        }
        int looping = outcome.evidence().getOrDefault(Criterion.AT_LEAST_ONCE, Map.of()).getOrDefault(ScenarioClass.LOOPING, 0);
        if (looping > 0) {
            judgedHere.add(Criterion.LOOPING);
            row.cell(Criterion.LOOPING).judged(looping);
            row.cell(Criterion.LOOPING).evidence(ScenarioClass.LOOPING, looping);
        }
        for (Obligation o : outcome.obligations()) {
            row.cell(Criterion.AT_LEAST_ONCE).delays().add(o);
        }
        Set<Criterion> failedHere = EnumSet.noneOf(Criterion.class);
        Set<String> failedClassHere = new HashSet<>();
        for (Violation v : outcome.violations()) {
            if (v.criterion() == Criterion.AT_LEAST_ONCE && v.finding() != null
                    && v.finding().type() == dev.ecslab.lab.oracle.FindingType.DELAYED) {
                row.cell(Criterion.AT_LEAST_ONCE).delays().tooLate(v.classes());
            }
            List<Criterion> cells = cellsOf(v);
            boolean tallied = v.criterion() == Criterion.AT_LEAST_ONCE || v.criterion() == Criterion.AT_MOST_ONCE;
            boolean firstOfScope = cells.stream().anyMatch(c -> !row.cell(c).hasFailure(v.scope()));
            // One counterexample per violation, shared by every cell and class it counts in; shrunk when it
            // is the first of its criterion and scope (a class's first only is kept as found: shrinking
            // each class's too would multiply the cost of a failing row).
            Counterexample x = firstOfScope ? counterexample(v, outcome, config, notShrunk)
                    : new Counterexample(v.criterion(), v.scope(), v.message(), outcome.scenario(), outcome.scenario(),
                            config.seed(), config.label(), outcome.trace(), Shrinking.kept(notShrunk == null ? NOT_FIRST : notShrunk));
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

    /** The cells a violation counts in: its criterion's, and the class views 7 (pausing) and L (looping). */
    private static List<Criterion> cellsOf(Violation v) {
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

    /** Why a scenario is shown as found: catalogue scenarios are the seed's test plan, shown as written. */
    static final String CATALOGUE = "a catalogue scenario, shown as written";
    /** Why criterion 6's run is shown as found. */
    static final String MEMORY_SCENARIO = "criterion 6's fixed 10 000-frame scenario";
    /** Why a later failure is shown as found: only the first of a criterion and scope in a row is shrunk. */
    static final String NOT_FIRST = "not the first failure of its criterion and scope in this row (only those are"
            + " shrunk); kept as found";

    /** The counterexample of a first failure: shrunk for campaign scenarios, with its trace and how it was shrunk. */
    private Counterexample counterexample(Violation v, Outcome outcome, LabConfig config, String notShrunk) {
        Scenario scenario = outcome.scenario();
        String message = v.message();
        if (notShrunk != null) {
            return new Counterexample(v.criterion(), v.scope(), message, scenario, scenario, config.seed(), config.label(),
                    outcome.trace(), Shrinking.kept(notShrunk));
        }
        if (outcome.trace().timedOut()) {                         // never re-run what hung
            return new Counterexample(v.criterion(), v.scope(), message, scenario, scenario, config.seed(), config.label(),
                    outcome.trace(), Shrinking.kept("the run hung, and a hung run is never run again"));
        }
        if (options.shrinkAttempts() <= 0) {
            return new Counterexample(v.criterion(), v.scope(), message, scenario, scenario, config.seed(), config.label(),
                    outcome.trace(), Shrinking.kept("shrinking is off (a budget of 0 runs)"));
        }
        long[] lastSeed = {config.seed()};
        int[] runsLeft = {options.shrinkAttempts()};              // the budget counts runs, not candidates
        Shrinker shrinker = new Shrinker(candidate -> {
            Long s = failingSeed(candidate, config, v, runsLeft);
            if (s != null) {
                lastSeed[0] = s;                                  // the minimal scenario is the last accepted
            }
            return s != null;
        }, options.shrinkAttempts());
        Scenario minimal = shrinker.shrink(scenario);
        int runs = options.shrinkAttempts() - runsLeft[0];
        boolean budgetSpent = !shrinker.settled() || runsLeft[0] <= 0;
        if (minimal == scenario) {
            return new Counterexample(v.criterion(), v.scope(), message, scenario, scenario, config.seed(), config.label(),
                    outcome.trace(), Shrinking.kept(budgetSpent ? "no smaller scenario failed before the shrinking budget ran out"
                            : "none of the shrinker's one-step simplifications failed again", runs, budgetSpent));
        }
        LabConfig at = config.withSeed(lastSeed[0]);
        Trace minimalTrace = ScenarioRunner.run(minimal, at);
        runs++;
        Violation again = firstLike(minimal, minimalTrace, v);
        if (again == null) {                                      // did not fail again on re-run: keep the original
            return new Counterexample(v.criterion(), v.scope(), message, scenario, scenario, config.seed(), config.label(),
                    outcome.trace(), Shrinking.kept("the smallest failing scenario found did not fail again when it was run"
                            + " for its trace", runs, budgetSpent));
        }
        return new Counterexample(v.criterion(), v.scope(), again.message(), minimal, scenario, lastSeed[0], at.label(),
                minimalTrace, Shrinking.shrunk(shrinker.steps(), runs, budgetSpent, scenario, outcome.trace()));
    }

    /**
     * Seeds a shrink candidate is tried under: the failing run's, then others. A smaller scenario has other
     * decision points, so the failing run's seed no longer means the same schedule; a second seed keeps
     * shrinking from stopping early at a candidate that fails under another schedule (a candidate that
     * cannot fail costs both runs, so no more are tried).
     */
    static final int SHRINK_SEEDS = 2;

    /** The first seed under which {@code candidate} fails like {@code v}, or {@code null}. */
    private Long failingSeed(Scenario candidate, LabConfig config, Violation v, int[] runsLeft) {
        for (int k = 0; k < SHRINK_SEEDS && runsLeft[0] > 0; k++) {
            runsLeft[0]--;
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

    /** The first violation of the same criterion and scope, in (at least) the same classes. */
    private static Violation firstLike(Scenario s, Trace t, Violation v) {
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
    private void recordMemory(Row row, MemoryBound.Result m) {
        LabConfig serial = new LabConfig(row.subject(), new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0);
        record(row, Judge.judge(m.scenario(), m.trace()), serial, MEMORY_SCENARIO);
        Cell cell = row.cell(Criterion.BOUNDED_MEMORY);
        if (m.trace().crashed()) {
            cell.note("not judged: the 10 000-frame run crashed (criterion X)");
            return;
        }
        cell.judged(1);
        cell.note(m.describe());
        if (!m.passes()) {
            cell.failedRun();
            cell.fail(new Counterexample(Criterion.BOUNDED_MEMORY, null, m.describe(), m.scenario(), m.scenario(), 0,
                    serial.label(), m.trace(), Shrinking.kept(MEMORY_SCENARIO)));
        }
    }

}
