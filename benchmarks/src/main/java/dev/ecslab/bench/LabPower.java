package dev.ecslab.bench;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.explore.ExhaustiveSearch;
import dev.ecslab.lab.explore.Exploration;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The lab's power: for each in-repo mutant, in how many of N campaign seeds the default campaign (the
 * catalogue, then 200 random scenarios) kills it, and how many scenario runs it takes, under three
 * explorations: random (the catalogue under the seed, random turns everywhere), PCT depth 3 (everywhere)
 * and exhaustive (the catalogue searched with one deviation, then random). A mutant is killed by the
 * first run with a violation of a criterion it must fail (its {@code killedBy}). Tracker mutants run under
 * the dynamic executor, executor mutants with {@code generation}.
 *
 * <p>Not a JMH benchmark: it counts runs, not time. Usage:
 * {@code java -cp benchmarks/target/benchmarks.jar dev.ecslab.bench.LabPower [seeds] [tries]}.
 */
public final class LabPower {
    private LabPower() {
    }

    enum Mode { RANDOM, PCT, EXHAUSTIVE }

    public static void main(String[] args) {
        int seeds = args.length > 0 ? Integer.parseInt(args[0]) : 100;
        int tries = args.length > 1 ? Integer.parseInt(args[1]) : 200;
        TrackerSubject generation = TrackerSubject.find("generation", LabPower.class.getClassLoader());
        ExecutorSubject dynamic = ExecutorSubject.of("dynamic");
        System.out.println("| mutant | random: killed / median runs | PCT depth 3 | exhaustive catalogue + random |");
        System.out.println("|---|---|---|---|");
        for (Mutants.TrackerMutant m : Mutants.trackers()) {
            if (m.killedBy().contains(Criterion.BOUNDED_MEMORY)) {
                continue;                                  // criterion 6 is one fixed 10 000-frame run, not a search
            }
            row(m.subject().id(), Set.copyOf(m.killedBy()), m.subject(), dynamic, seeds, tries);
        }
        for (Mutants.ExecutorMutant m : Mutants.executors()) {
            row(m.subject().id(), Set.copyOf(m.killedBy()), generation, m.subject(), seeds, tries);
        }
    }

    private static void row(String id, Set<Criterion> killedBy, TrackerSubject t, ExecutorSubject e, int seeds, int tries) {
        StringBuilder line = new StringBuilder("| `" + id + "` |");
        for (Mode mode : Mode.values()) {
            int killed = 0;
            List<Integer> runs = new ArrayList<>();
            for (int s = 0; s < seeds; s++) {
                int n = runsToKill(mode, killedBy, t, e, 1_000L * (s + 1), tries);
                if (n > 0) {
                    killed++;
                    runs.add(n);
                }
            }
            Collections.sort(runs);
            line.append(String.format(Locale.ROOT, " %d / %d, median %s |", killed, seeds,
                    runs.isEmpty() ? "-" : Integer.toString(runs.get(runs.size() / 2))));
        }
        System.out.println(line);
    }

    /** The number of scenario runs until the first kill, or 0 when the campaign does not kill it. */
    static int runsToKill(Mode mode, Set<Criterion> killedBy, TrackerSubject t, ExecutorSubject e, long seed, int tries) {
        int[] runs = {0};
        for (Scenario s : Catalogue.all()) {
            Predicate<Trace> kills = trace -> Judge.judge(s, trace).violations().stream()
                    .anyMatch(v -> killedBy.contains(v.criterion()));
            LabConfig config = new LabConfig(t, e, seed);
            if (mode == Mode.EXHAUSTIVE) {
                ExhaustiveSearch.Result r = ExhaustiveSearch.search(x -> ScenarioRunner.run(s, config.withExploration(x)), 1,
                        48, kills, trace -> runs[0]++);
                if (r.stopped()) {
                    return runs[0];
                }
            } else {
                for (long k = 0; k < 2; k++) {
                    runs[0]++;
                    if (kills.test(ScenarioRunner.run(s, config.withSeed(seed + k).withExploration(exploration(mode))))) {
                        return runs[0];
                    }
                }
            }
        }
        for (int i = 0; i < tries; i++) {
            Scenario s = ScenarioGenerator.generate("random #" + i, Choices.seeded(seed + i));
            runs[0]++;
            LabConfig config = new LabConfig(t, e, seed + i).withExploration(mode == Mode.PCT ? exploration(mode)
                    : Exploration.RANDOM);
            if (Judge.judge(s, ScenarioRunner.run(s, config)).violations().stream().anyMatch(v -> killedBy.contains(v.criterion()))) {
                return runs[0];
            }
        }
        return 0;
    }

    private static Exploration exploration(Mode mode) {
        return mode == Mode.PCT ? new Exploration.Pct(3) : Exploration.RANDOM;
    }
}
