package dev.ecslab.lab.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Watches whose queries are built inside running systems ({@code Watch.built = IN_RUN}): in a normal
 * system's run, on the whole world in an exclusive system's run, and in the run right after a sync point
 * that applied a command on the component. The exact strategies stay exact under every executor; the
 * mutant that drops the world's announcement only when it is made inside a run is caught by these
 * watches and passes the same scenario with every query built between frames, which proves the check
 * reaches the in-run case and only it.
 */
class QueriesBuiltInRunsTest {
    static final ClassLoader LOADER = QueriesBuiltInRunsTest.class.getClassLoader();

    /**
     * {@code early} observes A in frames 0 and 1 and leaves; in frame 2 the changer writes A (two single
     * entities and rows 15 and 16 of a group) and S (which nobody observes until frame 3) unobserved. In
     * frame 3 {@code late} builds Changed A in its run, before the changer; the exclusive {@code boss} builds
     * Mutated S on the world in its run; in the second stage {@code after} builds Added B in its run right
     * after the sync point that applied the first stage's insert of B.
     */
    static Scenario inRun() {
        return Scenario.builder("Queries built inside runs").describe("watches whose queries are built in a run")
                .entity("e0", Data.A, 0)
                .entity("e1", Map.of(Data.A, 0, Data.S, 0))
                .entity("e2", Map.of(Data.A, 0, Data.S, 0))
                .group("g0", 20, Map.of(Data.A, 0))
                .stage("update", st -> st
                        .system("early", s -> s.watchAllDuring(Data.A, 0, 2).before("changer"))
                        .system("late", s -> s.watchBuiltInRun(Data.A, WatchKind.CHANGED, 3, null).before("changer"))
                        .system("boss", s -> s.exclusive().watchBuiltInRun(Data.S, WatchKind.MUTATED, 3, null)
                                .before("late"))
                        .system("changer", s -> s.writes(Data.A, Data.S)))
                .stage("later", st -> st
                        .system("after", s -> s.watchBuiltInRun(Data.B, WatchKind.ADDED, 3, null)))
                .frames(5)
                .set(0, "changer", "e0", Data.A, 1)
                .set(2, "changer", "e0", Data.A, 2)
                .set(2, "changer", "e1", Data.A, 3)
                .bulk(2, 0, "changer", EditOp.SET, "g0", Data.A, 4, 15, 1, 2)
                .set(2, "changer", "e2", Data.S, 5)
                .command(1, "changer", EditOp.INSERT, "e1", Data.B, 1)
                .command(3, "changer", EditOp.INSERT, "e2", Data.B, 2)
                .set(4, "changer", "e1", Data.A, 6)
                .set(4, "changer", "e1", Data.S, 7)
                .build();
    }

    /** The same scenario with every query built between frames. */
    static Scenario betweenFrames(Scenario s) {
        List<StageSpec> stages = s.stages().stream().map(st -> new StageSpec(st.name(), st.iterations(),
                st.systems().stream().map(x -> x.withWatches(x.watches().stream()
                        .map(w -> w.builtAs(Watch.Built.BETWEEN_FRAMES)).toList())).toList())).toList();
        return s.with(s.entities(), s.groups(), stages, s.frames(), s.edits(), s.clockJumps());
    }

    static Matrix lab(List<TrackerSubject> trackers, List<Scenario> scenarios) {
        return new Lab(LabOptions.defaults().withTries(0).withMemory(false))
                .run(trackers, ExecutorSubject.builtIns(), scenarios);
    }

    @Test
    void theScenarioAnnouncesInsideRuns() {
        Scenario s = inRun();
        assertThat(s.announcesWhenJoining(s.system("late").watches().get(0))).isTrue();
        assertThat(s.announcesWhenJoining(s.system("boss").watches().get(0))).isTrue();
        assertThat(s.announcesWhenJoining(s.system("after").watches().get(0))).isTrue();
        assertThat(s.withObserveEverything(true).announcesWhenJoining(s.system("late").watches().get(0)))
                .as("a world that observes everything never announces").isFalse();
    }

    @Test
    void exactStrategiesStayExactWithQueriesBuiltInRuns() {
        Scenario s = inRun();
        Matrix m = lab(List.of(TrackerSubject.find("generation", LOADER), TrackerSubject.find("system-data", LOADER)),
                List.of(s, s.withObserveEverything(true)));
        for (Row r : m.rows()) {
            assertThat(r.measured()).as(r.strategy() + " / " + r.executor() + ": "
                    + ObserversJoinAndLeaveTest.failures(r)).isEqualTo(MeasuredClass.EXACT);
        }
    }

    /**
     * {@code late}'s query is built in its run from frame 1, but it is paused in frames 1 and 2, so it builds
     * it in frame 3. Meanwhile {@code other} joined between frames 1 and 2, when nobody observed A, and the
     * world announced A's rows; {@code late}'s previous run (frame 0) came before that, so its first observing
     * run may report e0, which no system changed since then (the changer wrote it before {@code late} ran in
     * frame 0). The oracle once looked for announcements only up to the watch's first frame, and called that
     * report spurious: criterion 2 failed here under both strategies.
     */
    @Test
    void aQueryBuiltInARunAfterAPauseMayReportAnAnnouncementMadeWhileItsSystemWasPaused() {
        Scenario s = Scenario.builder("Paused in-run observer").entity("e0", Data.A, 0)
                .pauses("p", "1001")
                .stage("update", st -> st
                        .system("changer", x -> x.writes(Data.A).before("late"))
                        .system("late", x -> x.watchBuiltInRun(Data.A, WatchKind.CHANGED, 1, null).pausedBy("p"))
                        .system("other", x -> x.watchDuring(Data.A, WatchKind.CHANGED, 2, null).after("changer")))
                .frames(4)
                .set(0, "changer", "e0", Data.A, 1)
                .build();
        Matrix m = lab(List.of(TrackerSubject.find("generation", LOADER), TrackerSubject.find("system-data", LOADER)),
                List.of(s));
        for (Row r : m.rows()) {                                  // one scenario judges too little for a class
            for (Criterion c : Criterion.values()) {
                assertThat(r.cell(c).fails()).as(r.strategy() + " / " + r.executor() + " " + c + ": "
                        + ObserversJoinAndLeaveTest.failures(r)).isFalse();
            }
        }
    }

    @Test
    void droppingTheInRunAnnouncementIsCaughtOnlyByQueriesBuiltInRuns() {
        Mutants.TrackerMutant mutant = Mutants.trackers().stream()
                .filter(t -> t.subject().id().equals("mutant:forgets-in-run-announcement")).findFirst().orElseThrow();
        Matrix caught = lab(List.of(mutant.subject()), List.of(inRun()));
        for (Row r : caught.rows()) {
            Cell c = r.cell(Criterion.AT_LEAST_ONCE);
            assertThat(c.fails()).as(r.executor()).isTrue();
            assertThat(c.failures().values()).as(r.executor())
                    .anySatisfy(x -> assertThat(x.message()).contains(mutant.signature()).contains("built in its run"));
        }
        Matrix passed = lab(List.of(mutant.subject()), List.of(betweenFrames(inRun())));
        for (Row r : passed.rows()) {
            assertThat(r.measured()).as(r.executor() + ": " + ObserversJoinAndLeaveTest.failures(r))
                    .isEqualTo(MeasuredClass.EXACT);
        }
    }
}
