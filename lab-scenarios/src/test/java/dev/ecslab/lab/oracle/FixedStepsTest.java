package dev.ecslab.lab.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stages of fixed steps: a stage that runs a number of times per frame given by a pattern of digits, the
 * shape of a fixed-timestep schedule (Bevy's {@code FixedUpdate}: no step in a short frame, several after a
 * long one). The runner runs the steps as drawn under every executor, the model computes the same world,
 * the exact strategies stay exact, and a frame with no step is an absence for the criteria: the mutant that
 * loses changes made while its reader was away is caught by it, with no pause set in the scenario.
 */
class FixedStepsTest {
    static final ClassLoader LOADER = FixedStepsTest.class.getClassLoader();
    static final String STEPS = "20013";

    /**
     * {@code writer} (every frame, in {@code update}) sets A of e0, inserts B into e1 by a command in frame
     * 1 and removes it in frame 4; {@code detector} watches every change kind of A and B in the stage
     * {@code fixed}, which runs 2, 0, 0, 1 and 3 times in frames 0 to 4, so the writes of frames 1 and 2
     * happen while it is away for two frame ends. {@code own} writes A after it in the same stage.
     */
    static Scenario fixedSteps() {
        return Scenario.builder("Fixed steps").describe("a stage that runs 2, 0, 0, 1 and 3 times")
                .entity("e0", Data.A, 0)
                .entity("e1", Data.A, 0)
                .stage("update", st -> st.system("writer", s -> s.writes(Data.A, Data.B)))
                .fixedStepStage("fixed", STEPS, st -> st
                        .system("detector", s -> s.watchAll(Data.A).watchAll(Data.B).before("own"))
                        .system("own", s -> s.writes(Data.A)))
                .frames(5)
                .set(0, "writer", "e0", Data.A, 1)
                .set(1, "writer", "e0", Data.A, 2)
                .command(1, "writer", EditOp.INSERT, "e1", Data.B, 1)
                .set(2, "writer", "e0", Data.A, 3)
                .set(3, "writer", "e1", Data.A, 4)
                .command(4, "writer", EditOp.REMOVE, "e1", Data.B, 0)
                .set(4, "writer", "e0", Data.A, 5)
                .build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void theStageRunsItsStepsInEachFrameAndTheMostInTheQuietTail(String executor) {
        Scenario s = fixedSteps();
        Trace t = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of(executor), 1));
        assertThat(t.errors()).isEmpty();
        Map<Long, Integer> detectorRuns = new TreeMap<>();
        Map<Long, Integer> writerRuns = new TreeMap<>();
        for (RunRecord r : t.runs()) {
            (r.system().equals("detector") ? detectorRuns : r.system().equals("writer") ? writerRuns : new TreeMap<Long, Integer>())
                    .merge(r.frame(), 1, Integer::sum);
        }
        assertThat(detectorRuns).as(executor).isEqualTo(Map.of(0L, 2, 3L, 1, 4L, 3, 5L, 3, 6L, 3));
        assertThat(writerRuns).as("the other stage runs every frame").hasSize(s.totalFrames());
        assertThat(s.structure()).as("the most steps is 3: the stage loops").isEqualTo(ScenarioClass.LOOPING);
        assertThat(s.runsIn(s.system("detector"), 1)).isFalse();
        assertThat(s.runsIn(s.system("detector"), 5)).as("the quiet tail").isTrue();
    }

    @Test
    void exactStrategiesStayExactAndAFrameWithNoStepIsAnAbsence() {
        Matrix m = QueriesBuiltInRunsTest.lab(List.of(TrackerSubject.find("generation", LOADER),
                TrackerSubject.find("system-data", LOADER)), List.of(fixedSteps()));
        for (Row r : m.rows()) {
            for (Criterion c : Criterion.values()) {
                assertThat(r.cell(c).fails()).as(r.strategy() + " / " + r.executor() + " " + c + ": "
                        + ObserversJoinAndLeaveTest.failures(r)).isFalse();
            }
            assertThat(r.measured()).as(r.strategy() + " / " + r.executor()).isNotEqualTo(MeasuredClass.NOT_JUDGED);
        }
        Mutants.TrackerMutant mutant = Mutants.trackers().stream()
                .filter(x -> x.subject().id().equals("mutant:ignores-pausing")).findFirst().orElseThrow();
        Matrix caught = QueriesBuiltInRunsTest.lab(List.of(mutant.subject()), List.of(fixedSteps()));
        for (Row r : caught.rows()) {
            Cell c = r.cell(Criterion.AT_LEAST_ONCE);
            assertThat(c.fails()).as(r.executor() + ": " + ObserversJoinAndLeaveTest.failures(r)).isTrue();
            assertThat(c.failures().values()).as(r.executor()).anyMatch(x -> x.message().contains(mutant.signature()));
        }
        // The same scenario with the stage running once in every frame gives the mutant nothing to lose.
        Scenario everyFrame = withSteps(fixedSteps(), "1");
        Matrix passes = QueriesBuiltInRunsTest.lab(List.of(mutant.subject()), List.of(everyFrame));
        for (Row r : passes.rows()) {
            assertThat(r.cell(Criterion.AT_LEAST_ONCE).fails()).as(r.executor() + ": " + ObserversJoinAndLeaveTest.failures(r))
                    .isFalse();
        }
    }

    @Test
    void theStepsGoThroughJsonAndBadStepsAreRefusedWithTheirPath() {
        Scenario s = fixedSteps();
        String json = ScenarioJson.write(s);
        assertThat(json).contains("\"stepsPerFrame\" : \"" + STEPS + "\"");
        assertThat(ScenarioJson.read(json, "test").stageOf("detector").stepsPerFrame()).isEqualTo(STEPS);
        for (String bad : List.of("", "29", "1a", "0000000000000000000000000000000000000000000000000000000000000000000")) {
            assertThatThrownBy(() -> ScenarioJson.read(json.replace("\"" + STEPS + "\"", "\"" + bad + "\""), "steps.json"))
                    .isInstanceOf(ScenarioException.class).hasMessageContaining("stages[1].stepsPerFrame")
                    .hasMessageContaining("each 0 to 8");
        }
        assertThat(StageSpec.fixedSteps("x", "0", List.of()).iterations()).as("never below one iteration").isEqualTo(1);
    }

    static Scenario withSteps(Scenario s, String steps) {
        List<StageSpec> stages = s.stages().stream()
                .map(st -> st.stepped() ? StageSpec.fixedSteps(st.name(), steps, st.systems()) : st).toList();
        return s.with(s.entities(), s.groups(), stages, s.frames(), s.edits(), s.clockJumps());
    }
}
