package dev.ecslab.lab.classify;

import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.criteria.AmbiguityCheck;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.ScenarioAccess;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs the criteria over strategies × executors and builds the {@link Matrix}: every catalogue
 * scenario under each catalogue seed, then a random campaign of {@code tries} generated scenarios
 * (the same scenarios for every row, so rows compare), criterion 6 once per strategy, criterion 8
 * against a serial reference run, and criterion A once per scenario. The first failure of each
 * criterion and scope in a row is shrunk (campaign scenarios) and kept as its counterexample with the
 * seed and the trace.
 */
public final class Lab {
    /**
     * @param tries          random scenarios per row
     * @param catalogueSeeds seeds each catalogue scenario runs under (the executors' seeded choices)
     * @param campaignSeed   the first campaign seed; try {@code i} uses {@code campaignSeed + i}
     * @param shrinkAttempts scenario runs the shrinker may spend per counterexample
     * @param memory         whether to run criterion 6 (10 000 frames per strategy)
     */
    public record Options(int tries, List<Long> catalogueSeeds, long campaignSeed, int shrinkAttempts, boolean memory,
            Progress progress) {
        public Options {
            catalogueSeeds = List.copyOf(catalogueSeeds);
            Objects.requireNonNull(progress, "progress");
        }

        public static Options defaults() {
            return new Options(200, List.of(1L, 2L), 1_000L, 150, true, Progress.NONE);
        }

        public Options withTries(int n) {
            return new Options(n, catalogueSeeds, campaignSeed, shrinkAttempts, memory, progress);
        }

        public Options withProgress(Progress p) {
            return new Options(tries, catalogueSeeds, campaignSeed, shrinkAttempts, memory, p);
        }

        public Options withMemory(boolean m) {
            return new Options(tries, catalogueSeeds, campaignSeed, shrinkAttempts, m, progress);
        }

        public Options withCampaignSeed(long seed) {
            return new Options(tries, catalogueSeeds, seed, shrinkAttempts, memory, progress);
        }
    }

    /** Receives progress: {@code done} of {@code total} scenario runs, and what is running. */
    @FunctionalInterface
    public interface Progress {
        Progress NONE = (done, total, what) -> { };

        void update(long done, long total, String what);
    }

    private final Options options;
    private final Map<String, List<String>> referenceStates = new HashMap<>();
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
        total = (long) trackers.size() * executors.size()
                * ((long) catalogue.size() * options.catalogueSeeds().size() + campaign.size())
                + (options.memory() ? trackers.size() * 50L : 0);
        List<Row> rows = new ArrayList<>();
        for (TrackerSubject t : trackers) {
            MemoryBound.Result memory = null;
            if (options.memory()) {
                options.progress().update(done, total, t.label() + ": criterion 6 (" + MemoryBound.FRAMES + " frames)");
                memory = MemoryBound.measure(t);
                done += 50;
            }
            for (ExecutorSubject e : executors) {
                Row row = new Row(t, e.id());
                if (memory != null) {
                    recordMemory(row, memory);
                }
                for (Scenario s : catalogue) {
                    for (long seed : options.catalogueSeeds()) {
                        judgeOne(row, s, new LabConfig(t, e, seed), false);
                    }
                }
                for (int i = 0; i < campaign.size(); i++) {
                    judgeOne(row, campaign.get(i), new LabConfig(t, e, options.campaignSeed() + i), true);
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
        options.progress().update(total, total, "done");
        return new Matrix(rows, ambiguity, all.size(), all.size(), options.tries(), options.catalogueSeeds(),
                options.campaignSeed(), (System.nanoTime() - start) / 1e9);
    }

    /** Runs and judges one scenario under one configuration and records it in the row. */
    private void judgeOne(Row row, Scenario scenario, LabConfig config, boolean shrink) {
        options.progress().update(done, total, config.tracker().label() + " / " + config.executor().id() + ": "
                + scenario.name());
        Trace trace = ScenarioRunner.run(scenario, config);
        done++;
        Outcome outcome = Judge.judge(scenario, trace);
        List<Violation> violations = new ArrayList<>(outcome.violations());
        violations.addAll(pureFunction(scenario, trace));
        ScenarioClass cls = scenario.scenarioClass();
        for (Criterion c : judgedBy(cls)) {
            row.cell(c).judged();
        }
        Map<Criterion, Boolean> failedHere = new LinkedHashMap<>();
        for (Violation v : violations) {
            Cell cell = row.cell(v.criterion());
            if (failedHere.put(v.criterion(), true) == null) {
                cell.failedRun();
            }
            if (cell.hasFailure(v.scope())) {
                continue;
            }
            Scenario minimal = scenario;
            Trace minimalTrace = trace;
            String message = v.message();
            if (shrink) {
                Shrinker shrinker = new Shrinker(candidate -> failsLike(candidate, config, v), options.shrinkAttempts());
                minimal = shrinker.shrink(scenario);
                if (minimal != scenario) {
                    minimalTrace = ScenarioRunner.run(minimal, config);
                    Violation again = firstLike(minimal, minimalTrace, v);
                    if (again != null) {
                        message = again.message();
                    } else {
                        minimal = scenario;               // did not fail again on re-run: keep the original
                        minimalTrace = trace;
                    }
                }
            }
            cell.fail(new Counterexample(v.criterion(), v.scope(), message, minimal, scenario, config.seed(),
                    config.label(), minimalTrace));
        }
    }

    private static List<Criterion> judgedBy(ScenarioClass cls) {
        List<Criterion> out = new ArrayList<>(List.of(Criterion.ORDERING, Criterion.PURE_FUNCTION));
        switch (cls) {
            case REGULAR -> out.addAll(List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME));
            case PAUSING -> out.add(Criterion.NOT_LOST_WHEN_PAUSED);
            case LOOPING -> out.add(Criterion.LOOPING);
        }
        return out;
    }

    private boolean failsLike(Scenario candidate, LabConfig config, Violation v) {
        return firstLike(candidate, ScenarioRunner.run(candidate, config), v) != null;
    }

    private Violation firstLike(Scenario s, Trace t, Violation v) {
        List<Violation> all = new ArrayList<>(Judge.judge(s, t).violations());
        all.addAll(pureFunction(s, t));
        for (Violation x : all) {
            if (x.criterion() == v.criterion() && Objects.equals(x.scope(), v.scope())) {
                return x;
            }
        }
        return null;
    }

    /**
     * Criterion 8: an unambiguous scenario must end in the same state under every executor and seed
     * as under the serial executor with its compiled order.
     */
    private List<Violation> pureFunction(Scenario scenario, Trace trace) {
        if (!trace.errors().isEmpty() || !ScenarioAccess.ambiguousPairs(scenario).isEmpty()) {
            return List.of();
        }
        List<String> reference = referenceStates.get(scenario.name() + "#" + scenario.hashCode());
        if (reference == null) {
            TrackerSubject generation = TrackerSubject.find("generation", Lab.class.getClassLoader());
            Trace ref = ScenarioRunner.run(scenario, new LabConfig(generation,
                    new ExecutorSubject(SerialExecutor.ID, o -> new SerialExecutor()), 0));
            reference = ref.finalState();
            referenceStates.put(scenario.name() + "#" + scenario.hashCode(), reference);
        }
        if (reference.equals(trace.finalState())) {
            return List.of();
        }
        String diff = firstDifference(reference, trace.finalState());
        return List.of(new Violation(Criterion.PURE_FUNCTION, null, "the unambiguous scenario ended in another state than"
                + " under the serial executor: " + diff, null));
    }

    private static String firstDifference(List<String> expected, List<String> got) {
        for (int i = 0; i < Math.max(expected.size(), got.size()); i++) {
            String e = i < expected.size() ? expected.get(i) : "(nothing)";
            String g = i < got.size() ? got.get(i) : "(nothing)";
            if (!e.equals(g)) {
                return "expected '" + e + "', got '" + g + "'";
            }
        }
        return "(none)";
    }

    private static void recordMemory(Row row, MemoryBound.Result m) {
        Cell cell = row.cell(Criterion.BOUNDED_MEMORY);
        cell.judged();
        cell.note(m.describe());
        if (!m.passes()) {
            cell.failedRun();
            cell.fail(new Counterexample(Criterion.BOUNDED_MEMORY, null, m.describe(), m.scenario(), m.scenario(), 0,
                    row.strategy() + " / serial / seed 0", m.trace()));
        }
    }

}
