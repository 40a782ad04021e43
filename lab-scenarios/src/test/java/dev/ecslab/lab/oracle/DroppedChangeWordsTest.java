package dev.ecslab.lab.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Trace;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Criterion 1's message for a change that was never reported and then became unreportable names what was
 * removed: the resource for a resource, the component for a component (it said "the component" for both).
 */
class DroppedChangeWordsTest {
    static final ClassLoader LOADER = DroppedChangeWordsTest.class.getClassLoader();

    /**
     * The detector's frame-0 run owes the setup's addition and the write, reports nothing, and the data is
     * removed before its next run: both are missed, dropped; the messages of these findings.
     */
    static List<String> dropped(Scenario s) {
        Trace t = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        assertThat(t.errors()).isEmpty();
        Trace silent = ObserversJoinAndLeaveTest.withReports(t,
                Collections.nCopies(t.detections().size(), List.<String>of()));
        List<Finding> findings = DetectionOracle.judge(s, silent).findings();
        List<String> dropped = findings.stream().filter(f -> f.type() == FindingType.MISSED && f.dropped())
                .map(Finding::describe).toList();
        assertThat(dropped).as("%s", findings).hasSize(2);
        return dropped;
    }

    @Test
    void aResourceRemovedBeforeItsChangeWasReportedIsCalledTheResource() {
        Scenario s = Scenario.builder("resource dropped").resource(Data.R, 0)
                .stage("update", st -> st.system("writer", x -> x.writes(Data.R).before("detector"))
                        .system("detector", x -> x.watch(Data.R, WatchKind.CHANGED))
                        .system("remover", x -> x.after("detector")))
                .frames(2).setResource(0, "writer", Data.R, 1).command(0, "remover", EditOp.REMOVE, null, Data.R, 0).build();
        assertThat(dropped(s)).allSatisfy(m -> assertThat(m)
                .contains("resource R").endsWith("and then the resource was removed (Changed<R>)").doesNotContain("component"));
    }

    @Test
    void aComponentRemovedBeforeItsChangeWasReportedIsCalledTheComponent() {
        Scenario s = Scenario.builder("component dropped").entity("e0", Data.A, 0)
                .stage("update", st -> st.system("writer", x -> x.writes(Data.A).before("detector"))
                        .system("detector", x -> x.watch(Data.A, WatchKind.CHANGED))
                        .system("remover", x -> x.after("detector")))
                .frames(2).set(0, "writer", "e0", Data.A, 1).command(0, "remover", EditOp.REMOVE, "e0", Data.A, 0).build();
        assertThat(dropped(s)).allSatisfy(m -> assertThat(m)
                .contains("A of entity e0").endsWith("and then the component was removed (Changed<A>)").doesNotContain("resource"));
    }
}
