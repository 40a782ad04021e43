package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.measure.MemoryRun;
import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.criteria.AmbiguityCheck;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.ScenarioBuilder;
import dev.ecslab.lab.scenario.StageSpec;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Criterion A against the compiler and against a filter-blind mutant; criterion 6 on generation and a leak. */
class AmbiguityAndMemoryChecksTest {

    static Scenario disjointWriters() {
        ScenarioBuilder b = Scenario.builder("disjoint filters")
                .entity("e0", java.util.Map.of(Data.A, 0, Data.B, 0))
                .stage("update", st -> st
                        .system("withB", s -> s.writes(Data.A).with(Data.B))
                        .system("withoutB", s -> s.writes(Data.A).without(Data.B))
                        .system("reader", s -> s.watch(Data.A, dev.ecslab.lab.scenario.WatchKind.CHANGED)))
                .frames(1);
        return b.build();
    }

    /**
     * A detector that ignores filters, and only filters: the oracle's pairs of the same scenario with every
     * {@code With}/{@code Without} taken off the writes. It can only name more pairs than the oracle, never miss
     * one, so each difference it causes is one for its own reason.
     */
    static Set<String> ignoringFilters(Scenario s) {
        List<StageSpec> stages = s.stages().stream().map(st -> new StageSpec(st.name(), st.iterations(),
                st.systems().stream().map(x -> x.withFilters(Set.of(), Set.of())).toList())).toList();
        return ScenarioAccess.ambiguousPairs(s.with(s.entities(), s.groups(), stages, s.frames(), s.edits(), s.clockJumps()));
    }

    @Test
    void theCompilersReportMatchesTheOracleAndAFilterBlindDetectorIsCaught() {
        Scenario s = disjointWriters();
        assertThat(AmbiguityCheck.check(s, ScenarioRunner::reportedAmbiguities)).isEmpty();
        assertThat(ScenarioRunner.reportedAmbiguities(s)).containsExactlyInAnyOrder("update: reader | withB",
                "update: reader | withoutB");
        assertThat(AmbiguityCheck.check(s, AmbiguityAndMemoryChecksTest::ignoringFilters))
                .containsExactly("disjoint filters: the report names update: withB | withoutB, which the oracle does not find"
                        + " ambiguous");
        // The compiler on 300 random scenarios; the filter-blind detector on 3 000 (two writers of one component
        // that filters make disjoint, and that nothing orders, are rare: about 1 scenario in 200).
        int caught = 0;
        for (long seed = 0; seed < 3_000; seed++) {
            Scenario r = ScenarioGenerator.generate("r" + seed, Choices.seeded(seed));
            if (seed < 300) {
                assertThat(AmbiguityCheck.check(r, ScenarioRunner::reportedAmbiguities)).as(r.name()).isEmpty();
            }
            List<String> blind = AmbiguityCheck.check(r, AmbiguityAndMemoryChecksTest::ignoringFilters);
            // Caught for its own reason: it names pairs whose filters make them disjoint, and misses none.
            assertThat(blind).as(r.name()).allSatisfy(v -> assertThat(v).startsWith(r.name() + ": the report names ")
                    .endsWith(", which the oracle does not find ambiguous"));
            if (!blind.isEmpty()) {
                caught++;
            }
        }
        System.out.println("AmbiguityAndMemoryChecksTest: the filter-blind detector was caught on " + caught + " of 3 000"
                + " random scenarios");
        assertThat(caught).as("scenarios where the filter-blind detector names a false pair").isGreaterThanOrEqualTo(5);
    }

    @Test
    void generationStaysBoundedAndALeakIsCaught() {
        MemoryBound.Result ok = MemoryRun.measure(TrackerSubject.find("generation", getClass().getClassLoader()));
        System.out.println("AmbiguityAndMemoryChecksTest: generation " + ok.describe());
        assertThat(ok.passes()).as(ok.describe()).isTrue();
        TrackerSubject leak = Mutants.trackers().stream().filter(m -> m.subject().id().equals("mutant:leaks-removals"))
                .findFirst().orElseThrow().subject();
        MemoryBound.Result bad = MemoryRun.measure(leak);
        System.out.println("AmbiguityAndMemoryChecksTest: leak " + bad.describe());
        assertThat(bad.failure()).as(bad.describe()).startsWith("the tracking state keeps growing");
    }
}
