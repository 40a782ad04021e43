package dev.ecslab.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.engine.EngineContract;
import dev.ecslab.lab.engine.EngineRunner;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.engine.Narrowed;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One engine judged on the catalogue and on a seeded campaign: every scenario its contract can express, run through
 * {@link EngineRunner} and judged by {@link Judge}, with the violations counted per criterion and the first
 * counterexample of each kept in words, so a test can assert the measured verdicts and print them. The oracle folds
 * the changes as the subject's contract declares ({@link EngineContract#coalescing()}); {@link #under} makes the same
 * engine with another fold declared, to judge it by a question it does not promise to answer.
 */
final class EngineSweep {
    /** The first campaign seed; the campaign takes the seeds from here on whose scenarios the engine can run narrowed. */
    static final long FIRST_SEED = 1;
    /** How many campaign seeds at most are drawn to find the runnable ones. */
    static final int MAX_SEEDS = 5_000;
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    final EngineSubject subject;
    /** Scenarios run, by origin ({@code catalogue}, {@code campaign}). */
    final Map<String, Integer> runs = new LinkedHashMap<>();
    /** Every scenario, in the order they ran (one engine instance each). */
    final List<Scenario> ran = new ArrayList<>();
    /** Scenarios with at least one violation of the criterion. */
    final Map<Criterion, Integer> failingScenarios = new EnumMap<>(Criterion.class);
    final Map<Criterion, Integer> violations = new EnumMap<>(Criterion.class);
    /** Runs in which the criterion was judged (its evidence was not 0). */
    final Map<Criterion, Integer> judged = new EnumMap<>(Criterion.class);
    /** The first counterexample of each criterion: the scenario's name and the violation. */
    final Map<Criterion, String> first = new EnumMap<>(Criterion.class);
    /** Every scenario name with a violation of the criterion. */
    final Map<Criterion, List<String>> failing = new EnumMap<>(Criterion.class);
    int seedsDrawn;

    private EngineSweep(EngineSubject subject) {
        this.subject = subject;
    }

    /** The same engine with {@code fold} declared in a copy of its contract, every other promise kept. */
    static EngineSubject under(EngineSubject subject, EngineContract.Coalescing fold) {
        EngineContract c = subject.contract();
        EngineContract copy = new EngineContract(c.id(), c.name(), c.source(), c.components(), c.resources(), c.ownWrites(),
                c.equalWritesCount(), c.delayFrames(), c.features(), fold, c.sets());
        return new EngineSubject(copy, subject.provider(), null);
    }

    /**
     * The engine on every catalogue scenario (as written where its contract can express it, else {@link Narrowed}),
     * then on the first {@code campaign} seeds' scenarios that it can run once narrowed.
     */
    static EngineSweep of(EngineSubject subject, int campaign) {
        EngineSweep sweep = new EngineSweep(subject);
        for (Scenario s : Catalogue.all()) {
            boolean asWritten = subject.contract().cannotExpress(s).isEmpty();
            Narrowed.to(subject.contract(), s).ifPresent(n -> sweep.judge(asWritten ? "catalogue" : "catalogue, narrowed", n));
        }
        long seed = FIRST_SEED;
        int taken = 0;
        while (taken < campaign && seed < FIRST_SEED + MAX_SEEDS) {
            Scenario s = ScenarioGenerator.generate("seed-" + seed, Choices.seeded(seed));
            seed++;
            boolean asDrawn = subject.contract().cannotExpress(s).isEmpty();
            var n = Narrowed.to(subject.contract(), s);
            if (n.isPresent()) {
                sweep.judge(asDrawn ? "campaign" : "campaign, narrowed", n.get());
                taken++;
            }
        }
        sweep.seedsDrawn = (int) (seed - FIRST_SEED);
        return sweep;
    }

    /** Runs and judges one scenario; answers its outcome. */
    Outcome judge(String origin, Scenario s) {
        Trace trace = EngineRunner.run(s, subject, 1, TIMEOUT);
        Outcome o = Judge.judge(s, trace);
        runs.merge(origin, 1, Integer::sum);
        ran.add(s);
        for (Criterion c : Criterion.values()) {
            if (o.evidence(c) > 0 && subject.contract().applies(c)) {
                judged.merge(c, 1, Integer::sum);
            }
        }
        Map<Criterion, Integer> here = new EnumMap<>(Criterion.class);
        for (Violation v : o.violations()) {
            for (Criterion c : Judge.cellsOf(v.criterion(), v.classes())) {
                here.merge(c, 1, Integer::sum);
                first.putIfAbsent(c, "'" + s.name() + "' (" + origin + "): " + v);
            }
        }
        here.forEach((c, n) -> {
            violations.merge(c, n, Integer::sum);
            failingScenarios.merge(c, 1, Integer::sum);
            failing.computeIfAbsent(c, k -> new ArrayList<>()).add(s.name());
        });
        return o;
    }

    /** Every scenario's name, in the order they ran. */
    List<String> names() {
        return ran.stream().map(Scenario::name).toList();
    }

    /** How many scenarios were run in all. */
    int total() {
        return runs.values().stream().mapToInt(Integer::intValue).sum();
    }

    int failures(Criterion c) {
        return failingScenarios.getOrDefault(c, 0);
    }

    int judgedRuns(Criterion c) {
        return judged.getOrDefault(c, 0);
    }

    /**
     * Asserts that this sweep and {@code control}, the same engine under another fold, ran the same scenarios, that
     * neither crashed, and that criterion 8 held in both, judged by more than 50 runs each.
     */
    void assertSameScenariosRanCleanAs(EngineSweep control) {
        assertThat(control.names()).isEqualTo(names());
        for (EngineSweep each : List.of(this, control)) {
            assertThat(each.failures(Criterion.CRASH)).as(each.summary()).isZero();
            assertThat(each.judgedRuns(Criterion.PURE_FUNCTION)).as(each.summary()).isGreaterThan(50);
            assertThat(each.failures(Criterion.PURE_FUNCTION)).as(each.summary()).isZero();
        }
    }

    /**
     * Asserts that no criterion the contract makes meaningful was violated in any scenario, and that the sweep
     * reached them: criteria 1 and 2 judged by more than 150 runs, 3, 7, L and 8 by more than 50.
     */
    void assertExactOnEveryCriterion() {
        for (Criterion c : Criterion.values()) {
            if (subject.contract().applies(c)) {
                assertThat(failures(c)).as(c + "\n" + summary()).isZero();
            }
        }
        assertThat(first).as(summary()).isEmpty();
        for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE)) {
            assertThat(judgedRuns(c)).as(c + "\n" + summary()).isGreaterThan(150);
        }
        for (Criterion c : List.of(Criterion.SAME_FRAME, Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING,
                Criterion.PURE_FUNCTION)) {
            assertThat(judgedRuns(c)).as(c + "\n" + summary()).isGreaterThan(50);
        }
    }

    /** The summary, one line per criterion the contract makes meaningful, then each first counterexample. */
    String summary() {
        StringBuilder out = new StringBuilder();
        out.append("engine ").append(subject.id()).append(" (").append(subject.contract().coalescing().words())
                .append("): scenarios run ").append(runs).append(" (campaign seeds drawn: ").append(seedsDrawn).append(")\n");
        for (Criterion c : Criterion.values()) {
            if (!subject.contract().applies(c)) {
                out.append(String.format("  %-28s not applicable%n", c));
                continue;
            }
            out.append(String.format("  %-28s judged in %4d runs, failed in %4d scenarios (%d violations)%n", c,
                    judgedRuns(c), failures(c), violations.getOrDefault(c, 0)));
        }
        first.forEach((c, text) -> out.append("  first counterexample of ").append(c).append(": ").append(text).append('\n'));
        return out.toString();
    }
}
