package dev.ecslab.lab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.ChangeType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The oracle's delayed matching, on engines built to be late: a claim of k frames' delay is a promise the lab holds an
 * engine to, in both directions.
 */
class FrameLateEngineTest {
    static EngineContract delayed(String id, int frames) {
        EngineContract c = ReferenceEngine.CONTRACT;
        return new EngineContract(id, id, "the reference engine, reporting at frame boundaries", c.components(), c.resources(),
                c.ownWrites(), c.equalWritesCount(), frames, c.features());
    }

    /** Sees, in a run, what changed between its previous run's frame start and its current frame's start. */
    static final class FrameLate extends ReferenceEngine {
        final Map<String, Long> previousCut = new HashMap<>();
        final Map<String, Long> currentCut = new HashMap<>();
        long frame = -1;
        long frameStart;

        @Override
        public void beginRun(String system, long f) {
            if (f != frame) {
                frame = f;
                frameStart = seq;
            }
            super.beginRun(system, f);
            previousCut.put(system, currentCut.getOrDefault(system, 0L));
            currentCut.put(system, frameStart);
        }

        @Override
        public List<String> report(String system, int watch) {
            return answer(system, watch, previousCut.getOrDefault(system, 0L), currentCut.get(system));
        }
    }

    /** Answers each report with what the exact engine answered in the system's previous run, still present now. */
    static final class RunLate extends ReferenceEngine {
        final Map<String, List<String>> held = new HashMap<>();

        @Override
        public List<String> report(String system, int watch) {
            List<String> now = super.report(system, watch);
            List<String> before = held.put(system + "/" + watch, now);
            if (before == null) {
                return List.of();
            }
            EngineWorld.WatchDecl w = declared(system, watch);
            if (WatchKind.valueOf(w.kind()) == WatchKind.REMOVED) {
                return before;
            }
            return before.stream().filter(key -> w.resource() ? resources.containsKey(key)
                    : entities.containsKey(key) && entities.get(key).containsKey(w.data())).toList();
        }
    }

    /**
     * An engine that sees changes at frame boundaries keeps a one-frame claim: it misses nothing, and criterion 3 is
     * not applicable. Its one excess is the lab's rule for a removal: a component removed and added again within the
     * delay, before the observer's run, leaves one addition to report, and an answer as of the frame's start reports
     * the voided one as well (criterion 2 and L, every counterexample holding a removal). The same engine claiming no
     * delay is caught late on criteria 1 and 3, and on 7 and L, their views.
     */
    @Test
    void aFrameBoundaryEngineIsExactWithinItsClaimedDelayAndLateWithoutIt() {
        EngineLabTest.scenarios();
        EngineLab.Row honest = EngineLabTest.judge(delayed("frame-late-1", 1), FrameLate::new);
        for (Criterion c : List.of(Criterion.CRASH, Criterion.AT_LEAST_ONCE, Criterion.NOT_LOST_WHEN_PAUSED,
                Criterion.PURE_FUNCTION)) {
            assertEquals("pass", honest.cells().get(c).status(), c.toString());
        }
        for (Criterion c : List.of(Criterion.AT_MOST_ONCE, Criterion.LOOPING)) {
            EngineLab.Counterexample ce = honest.cells().get(c).first();
            assertTrue(ce == null || ce.trace().changes().stream().anyMatch(x -> x.type() == ChangeType.REMOVED),
                    c + ": an excess without a removal: " + (ce == null ? "" : ce.violation()));
        }
        assertTrue(honest.measured() == MeasuredClass.EXACT_DELAYED || honest.measured() == MeasuredClass.CONSERVATIVE,
                honest.measured().label());
        assertEquals("n/a", honest.cells().get(Criterion.SAME_FRAME).status());

        EngineLab.Row claimsNone = EngineLabTest.judge(delayed("frame-late-0", 0), FrameLate::new);
        assertEquals(MeasuredClass.BROKEN, claimsNone.measured());
        for (Criterion c : List.of(Criterion.AT_LEAST_ONCE, Criterion.SAME_FRAME, Criterion.NOT_LOST_WHEN_PAUSED,
                Criterion.LOOPING)) {
            assertTrue(claimsNone.cells().get(c).failed() > 0, c.toString());
        }
        assertTrue(claimsNone.cells().get(Criterion.AT_LEAST_ONCE).first().violation().contains("the claim allows no delay"));
    }

    /**
     * Delivering each answer one run late is not a frame delay: a report held across a removal and a re-insert
     * reports the old change of a component or resource that has since been removed, beside the new one. The removal
     * made the old change unreportable, so the second report is one too many (criterion 2), and the lab says so;
     * nothing is missed (criterion 1 holds).
     */
    @Test
    void answersHeldOneRunReportAChangeARemovalVoidedAndAreCaughtOnAtMostOnce() {
        EngineLabTest.scenarios();
        EngineLab.Row row = EngineLabTest.judge(delayed("run-late-1", 1), RunLate::new);
        assertEquals(MeasuredClass.CONSERVATIVE, row.measured());
        assertEquals("pass", row.cells().get(Criterion.AT_LEAST_ONCE).status());
        EngineLab.Counterexample ce = row.cells().get(Criterion.AT_MOST_ONCE).first();
        assertTrue(ce.violation().contains("again"), ce.violation());
        assertTrue(ce.trace().changes().stream().anyMatch(c -> c.type() == ChangeType.REMOVED),
                "the held report outlived a removal: " + ce.shrunk());
    }
}
