package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.criteria.AmbiguityCheck;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioBuilder;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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

    /** A detector that ignores filters: every unordered pair touching common data with a write. */
    static Set<String> ignoringFilters(Scenario s) {
        Set<String> out = new TreeSet<>();
        for (StageSpec st : s.stages()) {
            List<SystemSpec> sys = st.systems();
            for (int i = 0; i < sys.size(); i++) {
                for (int j = i + 1; j < sys.size(); j++) {
                    SystemSpec a = sys.get(i);
                    SystemSpec b = sys.get(j);
                    boolean clash = a.writes().stream().anyMatch(d -> b.writes().contains(d) || b.reads().contains(d))
                            || b.writes().stream().anyMatch(d -> a.reads().contains(d));
                    if (clash) {
                        String x = a.name().compareTo(b.name()) < 0 ? a.name() + " | " + b.name() : b.name() + " | " + a.name();
                        out.add(st.name() + ": " + x);
                    }
                }
            }
        }
        return out;
    }

    @Test
    void theCompilersReportMatchesTheOracleAndAFilterBlindDetectorIsCaught() {
        Scenario s = disjointWriters();
        assertThat(AmbiguityCheck.check(s)).isEmpty();
        assertThat(AmbiguityCheck.reportedByCompiler(s)).containsExactlyInAnyOrder("update: reader | withB",
                "update: reader | withoutB");
        assertThat(AmbiguityCheck.check(s, AmbiguityAndMemoryChecksTest::ignoringFilters))
                .singleElement().asString().contains("withB | withoutB").contains("does not find ambiguous");
        int caught = 0;
        for (long seed = 0; seed < 300; seed++) {
            Scenario r = ScenarioGenerator.generate("r" + seed, Choices.seeded(seed));
            assertThat(AmbiguityCheck.check(r)).as(r.name()).isEmpty();
            if (!AmbiguityCheck.check(r, AmbiguityAndMemoryChecksTest::ignoringFilters).isEmpty()) {
                caught++;
            }
        }
        System.out.println("AmbiguityAndMemoryChecksTest: the filter-blind detector was caught on " + caught + " of 300"
                + " random scenarios");
        assertThat(caught).isPositive();
    }

    @Test
    void generationStaysBoundedAndALeakIsCaught() {
        MemoryBound.Result ok = MemoryBound.measure(TrackerSubject.find("generation", getClass().getClassLoader()));
        System.out.println("AmbiguityAndMemoryChecksTest: generation " + ok.describe());
        assertThat(ok.passes()).as(ok.describe()).isTrue();
        TrackerSubject leak = Mutants.trackers().stream().filter(m -> m.subject().id().equals("mutant:leaks-removals"))
                .findFirst().orElseThrow().subject();
        MemoryBound.Result bad = MemoryBound.measure(leak);
        System.out.println("AmbiguityAndMemoryChecksTest: leak " + bad.describe());
        assertThat(bad.failure()).as(bad.describe()).startsWith("the tracking state keeps growing");
    }
}
