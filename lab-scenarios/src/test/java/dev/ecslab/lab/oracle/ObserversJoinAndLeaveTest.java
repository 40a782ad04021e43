package dev.ecslab.lab.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.Cell;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
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
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Observation, the lab's side: watches that join late and leave ({@code Watch.from}, {@code until}), so that a
 * component goes unobserved (its writes untracked) and observation restarts. The catalogue's
 * "Observers join and leave" keeps the exact strategies exact under every executor; the mutant that
 * ignores the world's announcement at the restart is caught by it, and only by scenarios with such
 * watches; the oracle's tolerance for a late watch's first run covers that run and no other.
 */
class ObserversJoinAndLeaveTest {
    static final ClassLoader LOADER = ObserversJoinAndLeaveTest.class.getClassLoader();

    static Matrix lab(List<TrackerSubject> trackers, List<Scenario> scenarios) {
        return new Lab(LabOptions.defaults().withTries(0).withMemory(false))
                .run(trackers, ExecutorSubject.builtIns(), scenarios);
    }

    @Test
    void exactStrategiesStayExactWithObserversJoiningAndLeaving() {
        Scenario s = Catalogue.observersJoinAndLeave();
        Matrix m = lab(List.of(TrackerSubject.find("generation", LOADER), TrackerSubject.find("system-data", LOADER)), List.of(s));
        for (Row r : m.rows()) {
            assertThat(r.measured()).as(r.strategy() + " / " + r.executor() + ": " + failures(r)).isEqualTo(MeasuredClass.EXACT);
        }
    }

    @Test
    void forgettingWhatWasWrittenUnobservedIsCaughtOnlyByLateObservers() {
        Mutants.TrackerMutant mutant = Mutants.trackers().stream()
                .filter(t -> t.subject().id().equals("mutant:forgets-unobserved-writes")).findFirst().orElseThrow();
        Matrix caught = lab(List.of(mutant.subject()), List.of(Catalogue.observersJoinAndLeave()));
        for (Row r : caught.rows()) {
            Cell c = r.cell(Criterion.AT_LEAST_ONCE);
            assertThat(c.fails()).as(r.executor()).isTrue();
            assertThat(c.failures().values()).as(r.executor()).anySatisfy(x -> assertThat(x.message()).contains("never reported"));
        }
        // The same scenario with every watch existing from frame 0: nothing is unobserved, the mutant passes.
        Scenario always = withoutWindows(Catalogue.observersJoinAndLeave());
        Matrix passed = lab(List.of(mutant.subject()), List.of(always));
        for (Row r : passed.rows()) {
            assertThat(r.measured()).as(r.executor()).isEqualTo(MeasuredClass.EXACT);
        }
    }

    static String failures(Row r) {
        StringBuilder out = new StringBuilder();
        for (Criterion c : Criterion.values()) {
            r.cell(c).failures().values().forEach(x -> out.append("\n").append(c).append(": ").append(x.message()));
        }
        return out.toString();
    }

    static Scenario withoutWindows(Scenario s) {
        var stages = s.stages().stream().map(st -> new dev.ecslab.lab.scenario.StageSpec(st.name(), st.iterations(),
                st.systems().stream().map(x -> x.withWatches(x.watches().stream().map(w -> w.withWindow(null, null))
                        .distinct().toList())).toList())).toList();
        return s.with(s.entities(), s.groups(), stages, s.frames(), s.edits(), s.clockJumps());
    }

    @Test
    void aLateWatchMayReportEachRowOnceOnItsFirstRunAndIsExactAfterwards() {
        // Nobody observes A before frame 1; the detector joins then, and the world reports both rows with A
        // once: e0, written after the detector's frame-0 run, is owed; e1 is tolerated.
        Scenario s = Scenario.builder("late").entity("e0", Data.A, 0).entity("e1", Data.A, 0).entity("e2", Data.B, 0)
                .stage("update", st -> st.system("changer", x -> x.writes(Data.A).after("late"))
                        .system("late", x -> x.watchDuring(Data.A, WatchKind.MUTATED, 1, null)))
                .frames(3).set(0, "changer", "e0", Data.A, 1).set(2, "changer", "e1", Data.A, 2).build();
        Trace t = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        assertThat(t.errors()).isEmpty();
        List<List<String>> reports = t.detections().stream().map(d -> d.reported()).toList();
        assertThat(reports).as("frames 1 to 4 (3 and 4 quiet)").containsExactly(List.of("e0", "e1"), List.of(), List.of("e1"),
                List.of());
        DetectionOracle.Result r = DetectionOracle.judge(s, t);
        assertThat(r.findings()).as("e1 on the first run is tolerated; e0 was an obligation").isEmpty();
        assertThat(r.obligations()).extracting(o -> o.change().entity()).containsExactly("e0", "e1");
        // Without e0 on the first run, it is missed: the tolerance never excuses an obligation.
        assertThat(DetectionOracle.judge(s, withReports(t, List.of(List.of("e1"), List.of(), List.of("e1"), List.of()))).findings())
                .extracting(Finding::type).containsExactly(FindingType.MISSED);

        // The same reports with e0 repeated on the second run: that run is judged exactly (the strategy claims
        // no delay, so the announced rows' tolerance ends with the first run).
        Trace twice = withReports(t, List.of(List.of("e0", "e1"), List.of("e0"), List.of("e1"), List.of()));
        assertThat(DetectionOracle.judge(s, twice).findings()).extracting(Finding::type).containsExactly(FindingType.REPEATED);
        // e1 reported on the second run instead of the first: not tolerated without a claimed delay...
        Trace later = withReports(t, List.of(List.of("e0"), List.of("e1"), List.of("e1"), List.of()));
        assertThat(DetectionOracle.judge(s, later).findings()).extracting(Finding::type).containsExactly(FindingType.SPURIOUS);
        // ...and tolerated once under a claim of one frame's delay, but not twice.
        Trace delayed = withDelay(later, 1);
        assertThat(DetectionOracle.judge(s, delayed).findings()).isEmpty();
        Trace twiceDelayed = withDelay(withReports(t, List.of(List.of("e0", "e1"), List.of("e1"), List.of("e1"), List.of())), 1);
        assertThat(DetectionOracle.judge(s, twiceDelayed).findings()).extracting(Finding::type).containsExactly(FindingType.SPURIOUS);
        // A watch from frame 0 gets no tolerance: reporting an unchanged row on its first run is spurious.
        Scenario fromStart = Scenario.builder("from start").entity("e0", Data.A, 0).entity("e1", Data.A, 0)
                .stage("update", st -> st.system("changer", x -> x.writes(Data.A).before("d"))
                        .system("d", x -> x.watch(Data.A, WatchKind.MUTATED)))
                .frames(1).set(0, "changer", "e0", Data.A, 1).build();
        Trace ft = ScenarioRunner.run(fromStart, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        Trace extra = withReports(ft, List.of(List.of("e0", "e1"), List.of(), List.of()));
        assertThat(DetectionOracle.judge(fromStart, extra).findings()).extracting(Finding::type)
                .containsExactly(FindingType.SPURIOUS);
    }

    /** The trace with its detections' reports replaced, in order. */
    static Trace withReports(Trace t, List<List<String>> reports) {
        assertThat(t.detections()).hasSameSizeAs(reports);
        List<dev.ecslab.lab.trace.Detection> ds = new java.util.ArrayList<>();
        for (int i = 0; i < reports.size(); i++) {
            var d = t.detections().get(i);
            ds.add(new dev.ecslab.lab.trace.Detection(d.run(), d.watch(), reports.get(i)));
        }
        return new Trace(t.scenario(), t.config(), t.runs(), t.changes(), ds, t.memory(), t.finalState(), t.errors(), t.events(),
                t.crashes(), t.interleaving());
    }

    static Trace withDelay(Trace t, int frames) {
        Trace.Config c = t.config();
        return new Trace(t.scenario(), new Trace.Config(c.strategy(), c.flavor(), c.executor(), c.seed(), c.threads(), frames,
                c.plugins()), t.runs(), t.changes(), t.detections(), t.memory(), t.finalState(), t.errors(), t.events(),
                t.crashes(), t.interleaving());
    }

    @Test
    void aLateWatchOnAComponentThatStayedObservedGetsNoTolerance() {
        // 'keep' observes A from the start, so the world tracked every write and announces nothing when 'late'
        // joins: its first run is judged exactly, and an unchanged row in it is spurious.
        Scenario s = Scenario.builder("observed throughout").entity("e0", Data.A, 0).entity("e1", Data.A, 0)
                .stage("update", st -> st.system("keep", x -> x.watch(Data.A, WatchKind.CHANGED))
                        .system("changer", x -> x.writes(Data.A).after("late").after("keep"))
                        .system("late", x -> x.watchDuring(Data.A, WatchKind.MUTATED, 1, null)))
                .frames(2).set(0, "changer", "e0", Data.A, 1).build();
        assertThat(s.announcesWhenJoining(s.system("late").watches().get(0))).isFalse();
        Trace t = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        var late = s.system("late").watches().get(0);
        List<List<String>> reports = t.detections().stream().filter(d -> d.watch().equals(late)).map(d -> d.reported()).toList();
        assertThat(reports).as("generation answers exactly: e0 only").containsExactly(List.of("e0"), List.of(), List.of());
        assertThat(DetectionOracle.judge(s, t).findings()).isEmpty();
        List<dev.ecslab.lab.trace.Detection> ds = new java.util.ArrayList<>();
        for (var d : t.detections()) {
            ds.add(d.watch().equals(late) && d.reported().equals(List.of("e0"))
                    ? new dev.ecslab.lab.trace.Detection(d.run(), d.watch(), List.of("e0", "e1")) : d);
        }
        Trace extra = new Trace(t.scenario(), t.config(), t.runs(), t.changes(), ds, t.memory(), t.finalState(), t.errors(),
                t.events(), t.crashes(), t.interleaving());
        assertThat(DetectionOracle.judge(s, extra).findings()).extracting(Finding::type).containsExactly(FindingType.SPURIOUS);
    }

    /**
     * The lab's finding at seed 15633 of a 20 000-scenario gate (2026-11-27), shrunk: nobody observes A in
     * frame 0; 'first' joins in frame 1, so the world announces A's rows then; 'late' joins in frame 2 and was
     * paused in frame 1, so its previous run (frame 0) came before the announcement and its first watched run
     * sees it. Nobody wrote A between, but nothing tracked A at the end of frame 0 either: reporting e0 once is
     * what the contract allows ("what it cannot know"). The oracle used to tolerate announcements from the
     * joining frame (or the claimed delay) only, and judged that report spurious.
     */
    @Test
    void aSystemPausedWhileAnotherWatchJoinedMayReportThatAnnouncementOnce() {
        Scenario paused = announcedWhilePaused("101");                  // 'late' runs in frames 0 and 2, paused in 1
        Trace t = ScenarioRunner.run(paused, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        assertThat(t.errors()).isEmpty();
        var late = paused.system("late").watches().get(0);
        List<List<String>> reports = t.detections().stream().filter(d -> d.watch().equals(late)).map(d -> d.reported()).toList();
        assertThat(reports).as("generation reports the announcement in late's first watched run, once").first()
                .isEqualTo(List.of("e0"));
        assertThat(reports.subList(1, reports.size())).allMatch(List::isEmpty);
        assertThat(DetectionOracle.judge(paused, t).findings()).isEmpty();
        // Reported a second time, it is a repeat: the tolerance is once per row.
        List<dev.ecslab.lab.trace.Detection> twice = new java.util.ArrayList<>();
        boolean first = true;
        for (var d : t.detections()) {
            boolean second = d.watch().equals(late) && !first;
            if (d.watch().equals(late)) {
                first = false;
            }
            twice.add(second ? new dev.ecslab.lab.trace.Detection(d.run(), d.watch(), List.of("e0")) : d);
        }
        assertThat(DetectionOracle.judge(paused, new Trace(t.scenario(), t.config(), t.runs(), t.changes(), twice, t.memory(),
                t.finalState(), t.errors(), t.events(), t.crashes(), t.interleaving())).findings()).isNotEmpty();

        // Not paused: 'late' ran in frame 1, after the announcement, so its first watched run owes nothing and
        // may not report e0.
        Scenario running = announcedWhilePaused("1");
        Trace r = ScenarioRunner.run(running, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        var lateRunning = running.system("late").watches().get(0);
        assertThat(r.detections().stream().filter(d -> d.watch().equals(lateRunning)).map(d -> d.reported()))
                .as("generation: nothing changed after late's frame-1 run").allMatch(List::isEmpty);
        List<dev.ecslab.lab.trace.Detection> extra = new java.util.ArrayList<>();
        boolean done = false;
        for (var d : r.detections()) {
            boolean add = !done && d.watch().equals(lateRunning);
            done |= add;
            extra.add(add ? new dev.ecslab.lab.trace.Detection(d.run(), d.watch(), List.of("e0")) : d);
        }
        assertThat(DetectionOracle.judge(running, new Trace(r.scenario(), r.config(), r.runs(), r.changes(), extra, r.memory(),
                r.finalState(), r.errors(), r.events(), r.crashes(), r.interleaving())).findings()).extracting(Finding::type)
                .containsExactly(FindingType.SPURIOUS);
    }

    /** e0 with A, never written; 'first' watches A from frame 1, 'late' from frame 2 and is paused by {@code pattern}. */
    private static Scenario announcedWhilePaused(String pattern) {
        return Scenario.builder("announced while paused").entity("e0", Data.A, 0).pauses("p", pattern)
                .stage("update", st -> st.system("first", x -> x.watchDuring(Data.A, WatchKind.MUTATED, 1, null))
                        .system("late", x -> x.pausedBy("p").watchDuring(Data.A, WatchKind.CHANGED, 2, null)))
                .frames(3).build();
    }

    @Test
    void aWatchThatLeftIsNotEvaluatedAndOwesNothing() {
        Scenario s = Scenario.builder("leaves").entity("e0", Data.A, 0)
                .stage("update", st -> st.system("d", x -> x.watchDuring(Data.A, WatchKind.CHANGED, 0, 1).before("changer"))
                        .system("changer", x -> x.writes(Data.A)))
                .frames(2).set(0, "changer", "e0", Data.A, 1).set(1, "changer", "e0", Data.A, 2).build();
        Trace t = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        assertThat(t.detections()).hasSize(1);          // frame 0 only
        assertThat(DetectionOracle.judge(s, t).findings()).isEmpty();
        assertThat(DetectionOracle.judge(s, t).obligations()).as("only the setup's addition, reported in frame 0")
                .extracting(o -> o.change().cause(), o -> o.reportedBy().frame()).containsExactly(org.assertj.core.groups.Tuple.tuple("setup", 0L));
    }

    @Test
    void aClaimedDelayExtendsAcrossTheWindowsEdges() {
        // Leaving: e0's write in frame 0 falls due in the watch's only run. Unreported, it is missed under an
        // on-time claim, and owed by nobody under a claim of one frame (the run that could report it no
        // longer asks).
        Scenario leaves = Scenario.builder("leaves early").entity("e0", Data.A, 0)
                .stage("update", st -> st.system("changer", x -> x.writes(Data.A).before("d"))
                        .system("d", x -> x.watchDuring(Data.A, WatchKind.MUTATED, 0, 1)))
                .frames(2).set(0, "changer", "e0", Data.A, 1).build();
        Trace t = ScenarioRunner.run(leaves, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        assertThat(t.detections()).extracting(d -> d.reported()).containsExactly(List.of("e0"));
        Trace silent = withReports(t, List.of(List.of()));
        assertThat(DetectionOracle.judge(leaves, silent).findings()).extracting(Finding::type)
                .containsExactly(FindingType.LATE, FindingType.MISSED);                   // LATE: criterion 3's
        assertThat(DetectionOracle.judge(leaves, withDelay(silent, 1)).findings()).extracting(Finding::type)
                .containsExactly(FindingType.LATE);
        assertThat(DetectionOracle.judge(leaves, withDelay(silent, 1)).obligations()).isEmpty();

        // Joining: e0's write in frame 0 came before the system's frame-0 run, so the watch that joins in frame 1
        // does not owe it. A frame-late strategy delivers it in frame 1 and the announcement in frame 2: each
        // report matches something. On time, the second report is spurious.
        Scenario joins = Scenario.builder("joins").entity("e0", Data.A, 0)
                .stage("update", st -> st.system("changer", x -> x.writes(Data.A).before("d"))
                        .system("d", x -> x.watchDuring(Data.A, WatchKind.MUTATED, 1, null)))
                .frames(2).set(0, "changer", "e0", Data.A, 1).build();
        Trace j = ScenarioRunner.run(joins, new LabConfig(TrackerSubject.find("generation", LOADER), ExecutorSubject.of("serial"), 1));
        Trace twice = withReports(j, List.of(List.of("e0"), List.of("e0"), List.of()));
        assertThat(DetectionOracle.judge(joins, withDelay(twice, 1)).findings()).isEmpty();
        assertThat(DetectionOracle.judge(joins, twice).findings()).extracting(Finding::type).containsExactly(FindingType.SPURIOUS);
        assertThat(DetectionOracle.judge(joins, withDelay(twice, 1)).obligations()).as("never owed").isEmpty();
    }

    @Test
    void windowsAreValidatedWithTheirPath() {
        String json = """
                {"name": "w", "entities": [{"label": "e0", "components": {"A": 0}}],
                 "stages": [{"name": "u", "systems": [{"name": "d", "watches": [{"data": "A", "kind": "CHANGED", "from": 2, "until": 2}]}]}],
                 "frames": 1}
                """;
        assertThatThrownBy(() -> ScenarioJson.read(json, "w.json")).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("stages[0].systems[0].watches[0].until");
        Scenario ok = ScenarioJson.read(json.replace("\"until\": 2", "\"until\": 3"), "w.json");
        assertThat(ok.systems().get(0).watches().get(0).toString()).isEqualTo("Changed<A> (frames 2 to 2)");
        assertThat(ScenarioJson.read(ScenarioJson.write(ok), "again.json")).isEqualTo(ok);
    }
}
