package dev.ecslab.lab.classify;

import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.explore.Coverage;
import dev.ecslab.lab.explore.ExhaustiveSearch;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.criteria.AmbiguityCheck;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.measure.MemoryRun;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.lab.witness.Witness;
import dev.ecslab.lab.witness.WitnessFinder;
import dev.ecslab.lab.witness.Witnesses;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Units computed in this process, where the lab runs scenarios (with criterion 6's long run and the ambiguity
 * witnesses): units computed here: {@code lab.jobs()} threads run them, each row's ahead of its fold by a window, so a long
 * campaign never holds more than a window of results per row.
 */
final class UnitRunner implements UnitSource, AutoCloseable {
    private final Lab lab;
    private final LabOptions options;
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

    UnitRunner(Lab lab, List<TrackerSubject> trackers, List<ExecutorSubject> executors, List<Scenario> catalogue) {
        this.lab = lab;
        this.options = lab.options();
        this.trackers = trackers;
        this.executors = executors;
        this.catalogue = catalogue;
        this.units = catalogue.size() + options.tries();
        this.pool = lab.jobs() == 1 ? null : Executors.newFixedThreadPool(lab.jobs(), LabThreads.daemons("ecslab-lab-job-"));
        this.window = Math.max(4, lab.jobs() * 8);
        // Criterion 6 first, one strategy at a time and nothing else running: it weighs the heap.
        this.memory = new MemoryResult[trackers.size()];
        for (int t = 0; t < trackers.size(); t++) {
            if (options.memory() && lab.shard().owns(t) && !lab.pastDeadline()) {
                memory[t] = measureMemory(trackers.get(t));
            }
        }
    }

    @Override
    public MemoryResult memory(int tracker) {
        return memory[tracker];
    }

    private boolean owns(int row, int unit) {
        return lab.shard().owns((long) row * units + unit);
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
        UnitResult r = LabThreads.await(queue.poll());
        if (queue.isEmpty() && from >= units) {
            ahead.remove(row);
        }
        return r;
    }

    private UnitResult compute(int row, int unit) {
        if (!blockRuns.computeIfAbsent((long) row * (units / Lab.BLOCK + 1) + unit / Lab.BLOCK, k -> !lab.pastDeadline())) {
            return UnitResult.NOT_RUN;
        }
        TrackerSubject t = trackers.get(row / executors.size());
        ExecutorSubject e = executors.get(row % executors.size());
        Scenario s = unit < catalogue.size() ? catalogue.get(unit) : lab.campaignScenario(unit - catalogue.size());
        List<String> ambiguity = row == 0 ? AmbiguityCheck.check(s, ScenarioRunner::reportedAmbiguities) : List.of();
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

    /** Criterion 6 for one strategy, judged like any run. */
    private MemoryResult measureMemory(TrackerSubject t) {
        lab.progress(t.label() + ": criterion 6 (" + MemoryBound.FRAMES + " frames)");
        MemoryBound.Result m = MemoryRun.measure(t, options.runTimeout().multipliedBy(10));
        lab.ran(50);
        String label = serial(t).label();
        RunResult run = RunResult.of(Judge.judge(m.scenario(), m.trace()), 0, label, Counterexamples.MEMORY_SCENARIO, null);
        boolean crashed = m.trace().crashed();
        boolean passes = m.passes();
        return new MemoryResult(run, crashed, passes, m.describe(), crashed || passes ? null : m.scenario(),
                crashed || passes ? null : m.trace());
    }

    private static LabConfig serial(TrackerSubject t) {
        return new LabConfig(t, new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0);
    }

    /** Both orders of every unordered conflicting pair of the given scenarios, run and compared. */
    static Witnesses witnesses(Lab lab, List<Scenario> scenarios, int fromCampaign) {
        if (scenarios.isEmpty()) {
            return Witnesses.NONE;
        }
        long start = System.nanoTime();
        List<Witness> pairs = new ArrayList<>();
        WitnessFinder finder = new WitnessFinder();
        for (Scenario s : scenarios) {
            lab.progress("ambiguity witnesses: " + s.name());
            for (Witness w : finder.find(s)) {
                pairs.add(w.verdict() == Witness.Verdict.COMMUTES ? w.withoutTraces() : w);   // no replay file: no trace kept
            }
            lab.ran(2L * WitnessFinder.pairs(s));
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
            lab.progress(base.tracker().label() + " / " + base.executor().id() + ": " + scenario.name());
            lab.ran(1);
            counted[0]++;
            return ScenarioRunner.run(scenario, base.withExploration(x));
        }, options.catalogueDeviations(), options.catalogueBudget(), trace -> {
            Outcome outcome = Judge.judge(scenario, trace);
            LabConfig at = base.withExploration(new Exploration.Script(trace.interleaving().choices()));
            runs.add(new Judged(RunResult.of(outcome, at.seed(), at.label(), Counterexamples.CATALOGUE, hung(scenario, trace, at)), at));
            return !outcome.passes() || trace.timedOut();
        }, coverage::add);
        if (r.free()) {
            // An executor that ignores the control has no schedules to search: it gets the catalogue's
            // seeds, as before controlled runs, and its coverage says the runs were free.
            for (long seed : options.catalogueSeeds()) {
                if (seed != base.seed() && !r.stopped() && !hungLast(runs)) {
                    runOne(scenario, base.withSeed(seed), Counterexamples.CATALOGUE, coverage, runs);
                    counted[0]++;
                }
            }
        } else {
            coverage.searched(r);
        }
        lab.ran(Math.max(0, options.catalogueBudget() - counted[0]));
        return new UnitResult(true, runs, coverage, ambiguity);
    }

    /** A catalogue scenario under each catalogue seed (random exploration), stopping after a run that hung. */
    private UnitResult seeded(Scenario s, TrackerSubject t, ExecutorSubject e, List<String> ambiguity) {
        Coverage coverage = new Coverage(s);
        List<Judged> runs = new ArrayList<>();
        for (long seed : options.catalogueSeeds()) {
            if (hungLast(runs)) {
                lab.ran(1);
                continue;
            }
            runOne(s, new LabConfig(t, e, seed).withTimeout(options.runTimeout()), Counterexamples.CATALOGUE, coverage, runs);
        }
        return new UnitResult(true, runs, coverage, ambiguity);
    }

    static boolean hungLast(List<Judged> runs) {
        return !runs.isEmpty() && runs.get(runs.size() - 1).result().timedOut() != null;
    }

    /** Runs and judges one scenario under one configuration. */
    private void runOne(Scenario scenario, LabConfig config, String notShrunk, Coverage coverage, List<Judged> runs) {
        lab.progress(config.tracker().label() + " / " + config.executor().id() + ": " + scenario.name());
        lab.ran(1);
        Trace trace = ScenarioRunner.run(scenario, config);
        if (coverage != null) {
            coverage.add(trace);
        }
        Outcome outcome = Judge.judge(scenario, trace);
        runs.add(new Judged(RunResult.of(outcome, config.seed(), config.label(), notShrunk, hung(scenario, trace, config)),
                config));
    }

    /**
     * The sentence a row keeps when a run hung, ended the isolated JVM it ran in, or left a thread running (the
     * configuration has crashed each way, and each further run would hang, start a JVM only to end it, or leave one
     * more thread spinning), or null.
     */
    static String hung(Scenario scenario, Trace trace, LabConfig config) {
        if (dev.ecslab.lab.run.RunHost.ended(trace)) {
            return "a run of this configuration ended its isolated JVM (scenario '" + scenario.name() + "'); the rest of"
                    + " its scenarios were not run";
        }
        if (!trace.timedOut() && ScenarioRunner.leftThreads(trace)) {
            return "a run of this configuration left a thread running after it ended (scenario '" + scenario.name()
                    + "'); the rest of its scenarios were not run";
        }
        return trace.timedOut() ? "a run of this configuration did not finish within " + config.timeout().toSeconds()
                + " s (scenario '" + scenario.name() + "'); the rest of its scenarios were not run" : null;
    }
}
