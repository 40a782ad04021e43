package dev.ecslab.lab.classify;

import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.results.MeasuredClass;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.CellStatus;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioBuilder;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Nothing judged is never a pass: a cell without evidence is
 * {@code NOT_JUDGED} and does not pass, a row whose criteria 1 and 2 have no evidence is measured
 * {@code not judged} (never exact), a real lab run over a scenario without detectors leaves 1 and 2
 * not judged while it judges ordering, and a strategy whose every answer crashes, which therefore
 * judges nothing, is measured broken rather than exact.
 */
class NotJudgedTest {
    static final ClassLoader LOADER = NotJudgedTest.class.getClassLoader();

    static Counterexample counterexample(Criterion c) {
        Scenario s = Scenario.builder("tiny").entity("e0", Data.A, 0)
                .stage("update", st -> st.system("s", x -> { })).frames(1).build();
        return new Counterexample(c, null, "it failed", s, s, 1, "generation / serial / seed 1", null);
    }

    @Test
    void aCellWithNoEvidenceIsNotJudgedAndDoesNotPass() {
        Cell empty = new Cell(Criterion.AT_LEAST_ONCE);
        assertThat(empty.status()).isEqualTo(CellStatus.NOT_JUDGED);
        assertThat(empty.passes()).isFalse();
        assertThat(empty.fails()).isFalse();
        assertThat(empty.judgedAtAll()).isFalse();
        assertThat(empty.inClass(ScenarioClass.REGULAR).status()).isEqualTo(CellStatus.NOT_JUDGED);

        Cell judged = new Cell(Criterion.AT_LEAST_ONCE);
        judged.judged(3);
        judged.evidence(ScenarioClass.REGULAR, 3);
        assertThat(judged.status()).isEqualTo(CellStatus.PASS);
        assertThat(judged.passes()).isTrue();
        assertThat(judged.inClass(ScenarioClass.REGULAR).status()).isEqualTo(CellStatus.PASS);
        assertThat(judged.inClass(ScenarioClass.PAUSING).status()).as("a class no run judged").isEqualTo(CellStatus.NOT_JUDGED);

        Cell failed = new Cell(Criterion.AT_LEAST_ONCE);
        failed.fail(counterexample(Criterion.AT_LEAST_ONCE));
        assertThat(failed.status()).as("a failure needs no count of evidence to fail").isEqualTo(CellStatus.FAIL);
        assertThat(failed.passes()).isFalse();
    }

    static TrackerSubject generation() {
        return TrackerSubject.find("generation", LOADER);
    }

    @Test
    void aRowWhoseCriteriaOneAndTwoHaveNoEvidenceIsNotJudged() {
        Row fresh = new Row(generation(), "serial");
        assertThat(fresh.measured()).isEqualTo(MeasuredClass.NOT_JUDGED);
        assertThat(fresh.agrees()).isFalse();

        Row onlyOthers = new Row(generation(), "serial");
        onlyOthers.cell(Criterion.CRASH).judged(5);
        onlyOthers.cell(Criterion.ORDERING).judged(40);
        onlyOthers.cell(Criterion.PURE_FUNCTION).judged(5);
        assertThat(onlyOthers.measured()).as("crash, O and 8 judged, 1 and 2 not").isEqualTo(MeasuredClass.NOT_JUDGED);

        Row onlyFirst = new Row(generation(), "serial");
        onlyFirst.cell(Criterion.CRASH).judged(5);
        onlyFirst.cell(Criterion.AT_LEAST_ONCE).judged(5);
        assertThat(onlyFirst.measured()).as("1 judged, 2 not").isEqualTo(MeasuredClass.NOT_JUDGED);

        Row both = new Row(generation(), "serial");
        both.cell(Criterion.CRASH).judged(5);
        both.cell(Criterion.AT_LEAST_ONCE).judged(5);
        both.cell(Criterion.AT_MOST_ONCE).judged(5);
        assertThat(both.measured()).as("the same row once 1 and 2 have evidence").isEqualTo(MeasuredClass.EXACT);
        assertThat(both.measured(ScenarioClass.LOOPING)).as("a class without evidence").isEqualTo(MeasuredClass.NOT_JUDGED);

        for (ClaimedClass claim : ClaimedClass.values()) {
            assertThat(MeasuredClass.NOT_JUDGED.meets(claim)).as("not judged keeps no promise of " + claim).isFalse();
            assertThat(MeasuredClass.NOT_JUDGED.agreesWith(claim)).isFalse();
        }
        assertThat(MeasuredClass.NOT_JUDGED.label()).isEqualTo("not judged");
    }

    static ScenarioBuilder writersOnly(String name) {
        return Scenario.builder(name)
                .entity("e0", Data.A, 0)
                .resource(Data.R, 0)
                .stage("update", st -> st
                        .system("writer", x -> x.writes(Data.A, Data.R))
                        .system("other", x -> x.writes(Data.B).after("writer")))
                .frames(2)
                .set(0, "writer", "e0", Data.A, 1)
                .setResource(1, "writer", Data.R, 2);
    }

    @Test
    void aRealLabRunOverAScenarioWithoutDetectorsLeavesCriteriaOneAndTwoNotJudged() {
        Scenario blind = writersOnly("no detectors").build();
        Scenario watched = Scenario.builder("with a detector")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st
                        .system("writer", x -> x.writes(Data.A).before("detector"))
                        .system("detector", x -> x.watch(Data.A, WatchKind.CHANGED)))
                .frames(2)
                .set(0, "writer", "e0", Data.A, 1)
                .build();
        List<ExecutorSubject> executors = List.of(ExecutorSubject.of("serial"), ExecutorSubject.of("dynamic"));
        Lab lab = new Lab(LabOptions.defaults().withTries(0).withMemory(false));
        Matrix blindMatrix = lab.run(List.of(generation()), executors, List.of(blind));
        Matrix watchedMatrix = lab.run(List.of(generation()), executors, List.of(watched));
        for (ExecutorSubject e : executors) {
            Row row = blindMatrix.row("generation", e.id());
            for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME,
                    Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING)) {
                assertThat(row.cell(c).status()).as(e.id() + " " + c).isEqualTo(CellStatus.NOT_JUDGED);
                assertThat(row.cell(c).passes()).isFalse();
            }
            for (Criterion c : List.of(Criterion.CRASH, Criterion.ORDERING, Criterion.PURE_FUNCTION)) {
                assertThat(row.cell(c).status()).as(e.id() + " " + c + " is judged on every run").isEqualTo(CellStatus.PASS);
            }
            assertThat(row.cell(Criterion.AT_LEAST_ONCE).delays().all().obligations()).isZero();
            assertThat(row.measured()).as(e.id()).isEqualTo(MeasuredClass.NOT_JUDGED);
            assertThat(row.agrees()).as("generation claims exact; nothing judged does not bear it out").isFalse();

            Row control = watchedMatrix.row("generation", e.id());
            assertThat(control.cell(Criterion.AT_LEAST_ONCE).status()).isEqualTo(CellStatus.PASS);
            assertThat(control.measured()).as("the same strategy with a detector to judge").isEqualTo(MeasuredClass.EXACT);
        }
    }

    /**
     * A run that violates a criterion has judged it, even with no change to judge: {@code none} reports an
     * untouched component as mutated (criterion 2 fails, and no obligation exists), so a cell's failing runs
     * never outnumber the runs that judged it (the report prints them as a rate, 9/229).
     */
    @Test
    void aRunThatFailsACriterionJudgedItSoFailingRunsNeverOutnumberJudgedOnes() {
        Scenario untouched = Scenario.builder("nothing is mutated")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st.system("detector", x -> x.watch(Data.A, WatchKind.MUTATED)))
                .frames(2)
                .build();
        Lab lab = new Lab(LabOptions.defaults().withTries(0).withMemory(false));
        Matrix m = lab.run(List.of(TrackerSubject.find("none", LOADER)), List.of(ExecutorSubject.of("serial")), List.of(untouched));
        Cell second = m.row("none", "serial").cell(Criterion.AT_MOST_ONCE);
        assertThat(second.status()).as("none reports what did not change").isEqualTo(CellStatus.FAIL);
        assertThat(second.failedRuns()).isPositive();
        assertThat(second.judgedRuns()).as("every failing run judged it").isGreaterThanOrEqualTo(second.failedRuns());
    }

    /** {@code generation} that throws on every question it is asked: it has no answer at all. */
    static final class EveryAnswerThrows extends ForwardingChangeTracker {
        EveryAnswerThrows() {
            super(new GenerationTracker());
        }

        static IllegalStateException noAnswer() {
            return new IllegalStateException("no answers here");
        }

        @Override
        public boolean matches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int entityIndex,
                TrackedRows column, int row) {
            throw noAnswer();
        }

        @Override
        public int[] candidates(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int componentId, int[] archetypeIds) {
            throw noAnswer();
        }

        @Override
        public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows column, int rows,
                RowSink sink) {
            throw noAnswer();
        }

        @Override
        public List<Entity> removedSince(ChangeFlavor flavor, SystemTicks reader, int componentId) {
            throw noAnswer();
        }

        @Override
        public boolean resourceMatches(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            throw noAnswer();
        }

        @Override
        public boolean resourceRemovedSince(ChangeFlavor flavor, SystemTicks reader, int resourceId) {
            throw noAnswer();
        }
    }

    @Test
    void aStrategyWhoseEveryAnswerCrashesIsBrokenNotExact() {
        TrackerSubject mute = new TrackerSubject("every-answer-throws", ChangeFlavor.DEFAULT, ClaimedClass.EXACT,
                "generation that throws on every answer", EveryAnswerThrows::new);
        Matrix m = new Lab(LabOptions.defaults().withTries(0).withMemory(false)).run(List.of(mute),
                List.of(ExecutorSubject.of("serial")), Catalogue.all());
        Row row = m.row("every-answer-throws", "serial");
        assertThat(row.cell(Criterion.AT_LEAST_ONCE).judgedAtAll()).as("every run crashed before it could judge 1").isFalse();
        assertThat(row.cell(Criterion.AT_MOST_ONCE).judgedAtAll()).as("every run crashed before it could judge 2").isFalse();
        assertThat(row.cell(Criterion.CRASH).fails()).isTrue();
        assertThat(row.cell(Criterion.CRASH).first().message()).contains("java.lang.IllegalStateException: no answers here");
        assertThat(row.measured()).isEqualTo(MeasuredClass.BROKEN);
        assertThat(row.agrees()).isFalse();
        assertThat(MeasuredClass.of(CellStatus.FAIL, CellStatus.NOT_JUDGED, CellStatus.NOT_JUDGED, true, true)).isEqualTo(MeasuredClass.BROKEN);
        assertThat(MeasuredClass.of(CellStatus.PASS, CellStatus.NOT_JUDGED, CellStatus.NOT_JUDGED, true, true))
                .isEqualTo(MeasuredClass.NOT_JUDGED);
        assertThat(MeasuredClass.of(CellStatus.PASS, CellStatus.PASS, CellStatus.PASS, true, false))
                .as("a broken invariant (O, 6 or 8) makes even right answers broken").isEqualTo(MeasuredClass.BROKEN);
    }
}
