package dev.ecslab.lab.explore;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The bounded exhaustive search: it completes, it tries every order of every unordered conflicting pair,
 * its reduction loses no outcome, and it finds an overlap bug in every scenario that has one to find.
 */
class ExhaustiveSearchTest {
    static final ClassLoader LOADER = ExhaustiveSearchTest.class.getClassLoader();
    static final TrackerSubject GENERATION = TrackerSubject.find("generation", LOADER);

    static ExhaustiveSearch.Result search(Scenario s, LabConfig config, int preemptions, int budget, boolean reduce,
            List<Trace> into) {
        return ExhaustiveSearch.search(e -> ScenarioRunner.run(s, config.withExploration(e)), preemptions, budget, reduce,
                t -> false, into::add);
    }

    /**
     * Two writers of different data that nothing orders, and a detector of A after them: the writes of A and
     * of B are independent steps, so interleaving them differently is the same schedule for the reduction.
     */
    static Scenario independentWriters() {
        return Scenario.builder("independent writers").describe("two unordered writers of different data")
                .entity("e0", Data.A, 0).entity("e1", Data.A, 0).entity("e2", Data.B, 0)
                .stage("update", st -> st
                        .system("wa", sys -> sys.writes(Data.A))
                        .system("wb", sys -> sys.writes(Data.B))
                        .system("d", sys -> sys.watch(Data.A, dev.ecslab.lab.scenario.WatchKind.CHANGED).after("wa", "wb")))
                .set(0, "wa", "e0", Data.A, 1).set(0, "wa", "e1", Data.A, 1)
                .set(0, "wb", "e2", Data.B, 1).set(0, "wb", "e2", Data.B, 2)   // direct writes of B: steps others can see
                .command(0, "wb", EditOp.INSERT, "e0", Data.B, 1)              // into wb's own buffer: no step
                .frames(1).build();
    }

    /** The outcome a schedule can change: who overlapped whom, in which order runs started, what was seen. */
    static String outcome(Trace t) {
        List<String> order = new ArrayList<>();
        for (RunRecord r : t.runs()) {
            order.add(r.system() + "@" + r.frame() + "." + r.iteration());
        }
        return order + " " + t.detections() + " " + t.finalState();
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void theReductionLosesNoOutcomeAndRunsFewerSchedules(String executor) {
        Scenario s = independentWriters();
        LabConfig config = new LabConfig(GENERATION, ExecutorSubject.of(executor), 1);
        List<Trace> reduced = new ArrayList<>();
        List<Trace> full = new ArrayList<>();
        ExhaustiveSearch.Result r = search(s, config, 3, 5_000, true, reduced);
        ExhaustiveSearch.Result f = search(s, config, 3, 5_000, false, full);
        System.out.println("ExhaustiveSearchTest: " + executor + ": " + r + " reduced, " + f + " without reduction");
        assertThat(r.complete()).isTrue();
        assertThat(f.complete()).isTrue();
        Set<String> a = new HashSet<>();
        reduced.forEach(t -> a.add(outcome(t)));
        Set<String> b = new HashSet<>();
        full.forEach(t -> b.add(outcome(t)));
        assertThat(a).isEqualTo(b);
        assertThat(r.schedules()).isLessThanOrEqualTo(f.schedules());
        if (!executor.equals("serial")) {
            assertThat(r.schedules()).as("schedules pruned").isLessThan(f.schedules());
        }
        for (Trace t : reduced) {
            assertThat(Judge.judge(s, t).violations()).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void everyUnorderedConflictingPairOfTheCatalogueRunsBothWays(String executor) {
        for (Scenario s : Catalogue.all()) {
            if (ScenarioAccess.racyPairs(s).isEmpty()) {
                continue;
            }
            LabConfig config = new LabConfig(GENERATION, ExecutorSubject.of(executor), 1);
            Coverage coverage = new Coverage(s);
            // the lab's own bound and budget: what `lab run` promises is what is checked
            ExhaustiveSearch.Result r = ExhaustiveSearch.search(e -> ScenarioRunner.run(s, config.withExploration(e)),
                    dev.ecslab.lab.classify.LabOptions.DEFAULT_DEVIATIONS, dev.ecslab.lab.classify.LabOptions.DEFAULT_BUDGET,
                    t -> false, coverage::add);
            coverage.searched(r);
            System.out.println("ExhaustiveSearchTest: " + s.name() + " / " + executor + ": " + coverage.describe());
            assertThat(coverage.pairsSeenOneWay()).as(s.name() + " under " + executor + ": " + coverage.pairs()).isEmpty();
            assertThat(coverage.pairs().values()).allSatisfy(v -> assertThat(v).doesNotContain(Coverage.Order.OVERLAPPING));
        }
    }

    static boolean hasRacyPairOfNormalSystems(Scenario s) {
        for (dev.ecslab.lab.scenario.StageSpec st : s.stages()) {
            for (dev.ecslab.lab.scenario.SystemSpec a : st.systems()) {
                for (dev.ecslab.lab.scenario.SystemSpec b : st.systems()) {
                    if (a != b && a.kind() == dev.ecslab.lab.scenario.SystemSpec.Kind.NORMAL
                            && b.kind() == dev.ecslab.lab.scenario.SystemSpec.Kind.NORMAL
                            && ScenarioAccess.racyPairs(s).contains(ScenarioAccess.pair(st.name(), a.name(), b.name()))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @Test
    void anExecutorThatIgnoresTheControlIsNeverReportedAsSearched() {
        // the dynamic executor built without the control: it runs free, by thread timing
        ExecutorSubject free = new ExecutorSubject("free-dynamic", o -> new dev.ecslab.ecs.executor.DynamicExecutor(
                new dev.ecslab.ecs.executor.ExecutorOptions(o.seed(), o.threads(), o.inlineThresholdNanos())));
        Scenario s = Catalogue.all().get(0);
        Coverage coverage = new Coverage(s);
        ExhaustiveSearch.Result r = ExhaustiveSearch.search(
                e -> ScenarioRunner.run(s, new LabConfig(GENERATION, free, 1).withExploration(e)), 1, 48, t -> false,
                coverage::add);
        coverage.searched(r);
        assertThat(r.free()).isTrue();
        assertThat(r.complete()).as("a free run searched nothing").isFalse();
        assertThat(r.schedules()).isEqualTo(1);
        assertThat(coverage.describe()).contains("free run").doesNotContain("exhaustive");
    }

    @Test
    void theSearchFindsTheOverlapOfTheConflictIgnoringExecutorWhereverThereIsOne() {
        ExecutorSubject mutant = Mutants.executors().stream().map(Mutants.ExecutorMutant::subject)
                .filter(e -> e.id().equals("mutant:ignores-one-conflict")).findFirst().orElseThrow();
        int found = 0;
        for (Scenario s : Catalogue.all()) {
            if (!hasRacyPairOfNormalSystems(s)) {
                continue;                                  // the mutant ignores a conflict between normal systems only
            }
            LabConfig config = new LabConfig(GENERATION, mutant, 1);
            List<Trace> traces = new ArrayList<>();
            ExhaustiveSearch.Result r = ExhaustiveSearch.search(e -> ScenarioRunner.run(s, config.withExploration(e)), 1,
                    400, t -> Judge.judge(s, t).violations().stream().anyMatch(v -> v.criterion() == Criterion.ORDERING),
                    traces::add);
            System.out.println("ExhaustiveSearchTest: " + s.name() + " / ignores-one-conflict: " + r.describe());
            assertThat(r.stopped()).as(s.name() + ": the search found the overlap").isTrue();
            found++;
        }
        assertThat(found).isPositive();
    }
}
