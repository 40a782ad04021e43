package dev.ecslab.lab.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.results.MeasuredClass;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Watches over sets of components ({@code Changed<A>} with {@code With<B>}) are judged in both directions: an engine
 * that ignores the set reports entities outside it and fails at most once; one that asks for membership over the
 * whole window instead of at the run (an entity that left the set and came back is dropped) misses changes and fails
 * at least once. An engine that cannot express sets is never sent one.
 */
class SetWatchTest {
    /** The campaign's scenarios with a watch over a set (the others cannot tell these engines apart). */
    static List<Scenario> sets;

    @BeforeAll
    static void scenarios() {
        EngineLabTest.scenarios();
        sets = EngineLabTest.scenarios.stream().filter(SetWatchTest::hasSet).toList();
        System.out.println("SetWatchTest: " + sets.size() + " of the " + EngineLabTest.scenarios.size() + " scenarios have a set");
    }

    /** {@code make}'s engine under {@code contract}, judged on the scenarios with a set. */
    static EngineLab.Row judge(EngineContract contract, java.util.function.Supplier<Engine> make) {
        EngineLab.Row row = EngineLab.run(EngineLabTest.subject(contract, make), sets, EngineLabTest.SEED, EngineLabTest.TIMEOUT,
                null);
        System.out.println(contract.id() + ": " + row.measured().label() + ", ran " + row.ran());
        row.cells().forEach((c, cell) -> System.out.println("  " + c + ": " + cell.status()
                + (cell.first() == null ? "" : " - " + cell.first().violation() + " (shrunk from " + cell.first().foundIn() + ")")));
        return row;
    }

    /** Reports every entity whose component changed, in the set or not. */
    static final class IgnoresTheSet extends ReferenceEngine {
        @Override
        protected boolean inSet(String key, EngineWorld.WatchDecl w) {
            return true;
        }
    }

    /** Drops an entity that lost a component of the set at any time since the system's previous run, even if it is back. */
    static final class AsksForTheWholeWindow extends ReferenceEngine {
        @Override
        public List<String> report(String system, int watch) {
            EngineWorld.WatchDecl w = declared(system, watch);
            List<String> now = super.report(system, watch);
            if (w.with().isEmpty()) {
                return now;
            }
            long from = previousBegin.getOrDefault(system, 0L);
            return now.stream().filter(key -> window(from).stream().noneMatch(c -> key.equals(c.entity())
                    && c.type() == WatchKind.REMOVED && w.with().contains(c.data()))).toList();
        }
    }

    /**
     * Reports a watch over a set as membership of the set, the way an entity set of several types does: an entity
     * entering the set (gaining its last missing component) is an addition, a change of any component of the set while
     * the entity stays in it a mutation, and leaving the set takes back what was not yet reported.
     */
    static final class Membership extends ReferenceEngine {
        @Override
        protected List<String> answer(String system, int watch, long from, long to) {
            EngineWorld.WatchDecl w = declared(system, watch);
            if (w.with().isEmpty()) {
                return super.answer(system, watch, from, to);
            }
            WatchKind kind = WatchKind.valueOf(w.kind());
            List<String> set = new java.util.ArrayList<>(w.with());
            set.add(w.data());
            Map<String, Set<String>> holds = new HashMap<>();
            Set<String> flagged = new LinkedHashSet<>();
            for (Change c : log) {
                if (c.seq() > to) {
                    break;
                }
                if (c.entity() == null || !set.contains(c.data())) {
                    continue;
                }
                Set<String> h = holds.computeIfAbsent(c.entity(), k -> new HashSet<>());
                boolean before = h.containsAll(set);
                if (c.type() == WatchKind.REMOVED) {
                    h.remove(c.data());
                } else {
                    h.add(c.data());
                }
                boolean after = h.containsAll(set);
                if (c.seq() <= from) {
                    continue;
                }
                if (before && !after) {
                    flagged.remove(c.entity());
                } else if (after && !system.equals(c.author())
                        && (before ? kind != WatchKind.ADDED : kind != WatchKind.MUTATED)) {
                    flagged.add(c.entity());
                }
            }
            return List.copyOf(flagged);
        }
    }

    static EngineContract withSets(String id, EngineContract.SetSemantics sets) {
        EngineContract c = ReferenceEngine.CONTRACT;
        return new EngineContract(id, id, "the reference engine, sets as " + sets, c.components(), c.resources(),
                c.ownWrites(), c.equalWritesCount(), c.delayFrames(), c.features(), c.coalescing(), sets);
    }

    @Test
    void membershipIsJudgedByTheDeclaredSemanticsAndEitherDeclaredFalselyIsCaught() {
        EngineLab.Row honest = judge(withSets("membership", EngineContract.SetSemantics.MEMBERSHIP), Membership::new);
        assertEquals(MeasuredClass.EXACT, honest.measured());
        EngineLab.Row claimsFilter = judge(withSets("membership-as-filter", EngineContract.SetSemantics.FILTER),
                Membership::new);
        assertNotEquals(MeasuredClass.EXACT, claimsFilter.measured());
        EngineLab.Row claimsMembership = judge(withSets("filter-as-membership",
                EngineContract.SetSemantics.MEMBERSHIP), ReferenceEngine::new);
        assertNotEquals(MeasuredClass.EXACT, claimsMembership.measured());
        for (EngineLab.Row row : List.of(claimsFilter, claimsMembership)) {
            EngineLab.Counterexample ce = row.cells().values().stream().map(EngineLab.Cell::first)
                    .filter(java.util.Objects::nonNull).findFirst().orElseThrow();
            assertTrue(hasSet(ce.shrunk()), row.contract().id() + ": " + ce.shrunk());
        }
    }

    private static boolean hasSet(Scenario s) {
        return s.systems().stream().anyMatch(x -> x.watches().stream().anyMatch(Watch::overSet));
    }

    /**
     * {@code w} writes {@code A} of {@code e0}; {@code f} removes {@code B} from {@code e0} and inserts it again by two
     * commands of the same frame; {@code d}, in the next stage, watches {@code Changed<A>} with {@code With<B>}.
     */
    static final String REENTRY = """
            {"name": "re-entry", "entities": [{"label": "e0", "components": {"A": 0, "B": 0}}],
             "stages": [
               {"name": "write", "systems": [{"name": "w", "writes": ["A"]}, {"name": "f"}]},
               {"name": "detect", "systems": [{"name": "d", "watches": [{"data": "A", "kind": "CHANGED", "with": ["B"]}]}]}],
             "frames": 2,
             "edits": [
               {"frame": 0, "system": "w", "op": "SET", "entity": "e0", "data": "A", "value": 5},
               {"frame": 0, "system": "f", "op": "REMOVE", "entity": "e0", "data": "B"},
               {"frame": 0, "system": "f", "op": "INSERT", "entity": "e0", "data": "B", "value": 1}]}
            """;

    /**
     * The same with {@code f} removing {@code B} for good: the change of {@code A} is dropped at {@code d}'s run (not
     * owed), and an engine that reports it anyway reports an entity outside the set.
     */
    static final String LEAVES = REENTRY.replace("""
               {"frame": 0, "system": "f", "op": "INSERT", "entity": "e0", "data": "B", "value": 1}]}""", "]}")
            .replace("\"REMOVE\", \"entity\": \"e0\", \"data\": \"B\"},", "\"REMOVE\", \"entity\": \"e0\", \"data\": \"B\"}");

    private static dev.ecslab.lab.criteria.Outcome judgeOne(String json, java.util.function.Supplier<Engine> make) {
        return judgeOne(json, EngineLabTest.named("one"), make);
    }

    private static dev.ecslab.lab.criteria.Outcome judgeOne(String json, EngineContract contract,
            java.util.function.Supplier<Engine> make) {
        Scenario s = dev.ecslab.lab.scenario.ScenarioJson.read(json, "test");
        dev.ecslab.lab.trace.Trace t = EngineRunner.run(s, EngineLabTest.subject(contract, make), 1, EngineLabTest.TIMEOUT);
        return dev.ecslab.lab.criteria.Judge.judge(s, t);
    }

    /**
     * {@code e0} holds {@code A} from setup and gets {@code B} by a command after {@code d}'s run in frame 0: under a
     * claim of one frame's delay, {@code d} may still report the setup's addition once, at its run in frame 1.
     */
    static final String JOINS_AFTER_THE_RUN = """
            {"name": "joins the set after the run", "entities": [{"label": "e0", "components": {"A": 0}}],
             "stages": [
               {"name": "detect", "systems": [{"name": "d", "watches": [{"data": "A", "kind": "ADDED", "with": ["B"]}]}]},
               {"name": "apply", "systems": [{"name": "f"}]}],
             "frames": 4,
             "edits": [{"frame": 0, "system": "f", "op": "INSERT", "entity": "e0", "data": "B", "value": 1}]}
            """;

    /** Reports, for a watch over a set, the set's entities that hold the watched component in frame {@code at} only. */
    static final class ReportsTheSetIn extends ReferenceEngine {
        final long at;
        long frame;

        ReportsTheSetIn(long at) {
            this.at = at;
        }

        @Override
        public void beginRun(String system, long f) {
            frame = f;
            super.beginRun(system, f);
        }

        @Override
        public List<String> report(String system, int watch) {
            EngineWorld.WatchDecl w = declared(system, watch);
            if (w.with().isEmpty()) {
                return super.report(system, watch);
            }
            return frame != at ? List.of() : entities.keySet().stream()
                    .filter(k -> entities.get(k).containsKey(w.data()) && inSet(k, w)).toList();
        }
    }

    /**
     * A change kept for an entity that left a set is matchable only within the claimed delay: reported at the run in
     * frame 1 it passes, reported two frames later it is one too many (criterion 2), and neither is owed.
     */
    @Test
    void aChangeKeptUnderADelayExpiresWithTheDelay() {
        EngineContract oneFrame = FrameLateEngineTest.delayed("one-frame", 1);
        dev.ecslab.lab.criteria.Outcome inTime = judgeOne(JOINS_AFTER_THE_RUN, oneFrame, () -> new ReportsTheSetIn(1));
        assertTrue(inTime.passes(), inTime.violations().toString());
        dev.ecslab.lab.criteria.Outcome stale = judgeOne(JOINS_AFTER_THE_RUN, oneFrame, () -> new ReportsTheSetIn(3));
        assertFalse(stale.passes());
        assertTrue(stale.violations().stream().allMatch(v -> v.criterion() == Criterion.AT_MOST_ONCE
                || v.criterion() == Criterion.LOOPING), stale.violations().toString());
        assertTrue(judgeOne(JOINS_AFTER_THE_RUN, oneFrame, () -> new ReportsTheSetIn(-1)).passes(), "not owed");
    }

    @Test
    void anEntityThatLeavesTheSetAndComesBackInTheWindowIsStillOwed() {
        assertTrue(judgeOne(REENTRY, ReferenceEngine::new).passes(), () -> judgeOne(REENTRY, ReferenceEngine::new).violations().toString());
        dev.ecslab.lab.criteria.Outcome o = judgeOne(REENTRY, AsksForTheWholeWindow::new);
        assertFalse(o.passes());
        assertTrue(o.violations().get(0).toString().contains("never reported"), o.violations().toString());
    }

    @Test
    void anEntityThatLeftTheSetIsNotOwedAndMustNotBeReported() {
        assertTrue(judgeOne(LEAVES, ReferenceEngine::new).passes(), () -> judgeOne(LEAVES, ReferenceEngine::new).violations().toString());
        dev.ecslab.lab.criteria.Outcome o = judgeOne(LEAVES, IgnoresTheSet::new);
        assertFalse(o.passes());
        assertTrue(o.violations().get(0).toString().contains("no other system changed"), o.violations().toString());
    }

    @Test
    void theCampaignHasWatchesOverSetsAndTheReferenceEngineRunsThem() {
        assertTrue(sets.size() >= EngineLabTest.scenarios.size() / 5, sets.size() + " of " + EngineLabTest.scenarios.size());
        EngineContract c = ReferenceEngine.CONTRACT;
        assertTrue(c.features().contains(EngineContract.Feature.SETS));
    }

    @Test
    void anEngineThatIgnoresTheSetReportsEntitiesOutsideItAndFailsAtMostOnce() {
        EngineLab.Row row = judge(EngineLabTest.named("ignores-the-set"), IgnoresTheSet::new);
        assertNotEquals(MeasuredClass.EXACT, row.measured());
        EngineLab.Counterexample ce = row.cells().get(Criterion.AT_MOST_ONCE).first();
        assertTrue(ce != null, "criterion 2 caught nothing");
        assertTrue(hasSet(ce.shrunk()), "the shrunk scenario keeps a watch over a set: " + ce.shrunk());
        assertEquals("pass", row.cells().get(Criterion.AT_LEAST_ONCE).status());
    }

    @Test
    void anEngineThatAsksForMembershipOverTheWholeWindowMissesChangesAndFailsAtLeastOnce() {
        EngineLab.Row row = judge(EngineLabTest.named("whole-window-set"), AsksForTheWholeWindow::new);
        assertNotEquals(MeasuredClass.EXACT, row.measured());
        EngineLab.Counterexample ce = row.cells().get(Criterion.AT_LEAST_ONCE).first();
        assertTrue(ce != null, "criterion 1 caught nothing");
        assertTrue(hasSet(ce.shrunk()), "the shrunk scenario keeps a watch over a set: " + ce.shrunk());
        assertEquals("pass", row.cells().get(Criterion.AT_MOST_ONCE).status());
    }

    @Test
    void anEngineWithoutSetsIsNeverSentOneAndSaysWhy() {
        EngineContract c = ReferenceEngine.CONTRACT;
        EnumSet<EngineContract.Feature> features = EnumSet.copyOf(c.features());
        features.remove(EngineContract.Feature.SETS);
        EngineContract noSets = new EngineContract("no-sets", "no sets", "the reference engine without sets", c.components(),
                c.resources(), c.ownWrites(), c.equalWritesCount(), c.delayFrames(), features);
        int narrowed = 0;
        for (Scenario s : EngineLabTest.scenarios) {
            List<String> why = noSets.cannotExpress(s);
            assertEquals(hasSet(s), why.stream().anyMatch(r -> r.startsWith("it watches a set of components")), s.name());
            java.util.Optional<Scenario> sent = Narrowed.to(noSets, s);
            assertFalse(sent.map(SetWatchTest::hasSet).orElse(false), s.name());
            narrowed += hasSet(s) && sent.isPresent() ? 1 : 0;
        }
        assertTrue(narrowed > 0, "a scenario with a set watch still runs without it");
        EngineLab.Row row = judge(noSets, IgnoresTheSet::new);
        assertEquals(MeasuredClass.EXACT, row.measured(), "without set watches, ignoring the set is harmless");
    }
}
