package dev.ecslab.engines;

import dev.ecslab.lab.engine.Narrowed;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.engines.artemis.ArtemisProvider;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * artemis-odb 2.3.0 judged by the lab: every catalogue scenario (narrowed to its contract: none is expressible as
 * written, each watches Mutated or Changed or uses resources) and 200 campaign scenarios narrowed the same way.
 *
 * <p><b>Measured.</b> No crash, criteria 2, 3 and 8 hold everywhere; criterion 1 (and with it 7 and L where those
 * scenarios pause or loop) fails in 8 of the 200 campaign scenarios: the throngs, which remove and re-insert a
 * component at one sync point, and scenarios in which one system spawns an entity and, at the same sync point,
 * removes its component or despawns it. Every one of those violations is a component added and removed (or removed
 * and added again) in one batch, which artemis announces as nothing.
 *
 * <p><b>Who is right.</b> Artemis documents it: {@code EntitySubscription.SubscriptionListener} says that adding and
 * immediately removing a component does not change the composition and prevents the call, and that replacing a
 * component is no composition change. A subscription answers "which entities entered or left the aspect", diffed per
 * batch; the lab asks for every addition and removal. The engine keeps its documented promise and the lab's criterion
 * 1 is a stricter question than the one subscriptions answer: the failures are real differences, not adapter bugs,
 * and the lab is right that a user who needs every removal event cannot get it from a subscription.
 */
class ArtemisVerdictsTest {
    static EngineSubject artemis;
    static EngineSweep sweep;

    @BeforeAll
    static void sweep() {
        artemis = EngineSubject.find(ArtemisProvider.ID, ArtemisVerdictsTest.class.getClassLoader());
        sweep = EngineSweep.of(artemis, 200, Batching.PER_RUN_OF_ANY_SYSTEM);
        System.out.println("ArtemisVerdictsTest\n" + sweep.summary());
    }

    @Test
    void everyScenarioRanWithoutACrashAndEndedInTheLabsState() {
        assertThat(sweep.runs.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(223);
        assertThat(sweep.failures(Criterion.CRASH)).as(sweep.summary()).isZero();
        assertThat(sweep.judgedRuns(Criterion.PURE_FUNCTION)).isGreaterThan(50);
        assertThat(sweep.failures(Criterion.PURE_FUNCTION)).as(sweep.summary()).isZero();
    }

    @Test
    void nothingIsReportedTwiceOrLate() {
        assertThat(sweep.judgedRuns(Criterion.AT_MOST_ONCE)).isGreaterThan(150);
        assertThat(sweep.failures(Criterion.AT_MOST_ONCE)).as(sweep.summary()).isZero();
        assertThat(sweep.judgedRuns(Criterion.SAME_FRAME)).isGreaterThan(50);
        assertThat(sweep.failures(Criterion.SAME_FRAME)).as(sweep.summary()).isZero();
    }

    @Test
    void theNarrowedCatalogueAllPasses() {
        assertThat(sweep.runs).containsEntry("catalogue, narrowed", 23).doesNotContainKey("catalogue");
        sweep.failing.values().forEach(names -> assertThat(names).allMatch(n -> n.startsWith("seed-")));
    }

    /**
     * Criterion 1 fails, and with it 7 and L in the pausing and looping scenarios among those: every violation is a
     * change cancelled by an opposite one in the same batch (the documented behaviour, see the class comment).
     */
    @Test
    void atLeastOnceFailsOnlyWhereABatchCancelsAStructuralChange() {
        assertThat(sweep.failures(Criterion.AT_LEAST_ONCE)).as(sweep.summary()).isPositive();
        assertThat(sweep.failures(Criterion.NOT_LOST_WHEN_PAUSED)).isPositive();
        assertThat(sweep.failures(Criterion.LOOPING)).isPositive();
        assertThat(sweep.unexplained).as(sweep.summary()).isEmpty();
    }

    /** The smallest case: a component inserted and removed at one sync point is never announced as removed. */
    @Test
    void anInsertAndARemoveInOneBatchAnnounceNothing() {
        Scenario s = Minimal.together("insert then remove", false, EditOp.INSERT, EditOp.REMOVE, WatchKind.ADDED,
                WatchKind.REMOVED);
        Outcome o = Minimal.run(artemis, s);
        assertThat(Minimal.of(o, Criterion.AT_LEAST_ONCE)).as(Minimal.all(o)).singleElement().asString()
                .contains("Removed<A>").contains("never reported");
        assertThat(o.violations()).as(Minimal.all(o)).allMatch(v -> v.criterion() == Criterion.AT_LEAST_ONCE
                || v.criterion() == Criterion.SAME_FRAME);
    }

    /** A component removed and inserted again at one sync point: neither the removal nor the addition is announced. */
    @Test
    void aRemoveAndAReinsertInOneBatchAnnounceNothing() {
        Scenario s = Minimal.together("remove then insert", true, EditOp.REMOVE, EditOp.INSERT, WatchKind.ADDED,
                WatchKind.REMOVED);
        Outcome o = Minimal.run(artemis, s);
        assertThat(Minimal.of(o, Criterion.AT_LEAST_ONCE)).as(Minimal.all(o)).hasSize(2)
                .anyMatch(v -> v.contains("Removed<A>")).anyMatch(v -> v.contains("Added<A>"));
    }

    /** The control: the same commands a frame apart are two batches, and each is announced. */
    @Test
    void theSameCommandsInTwoBatchesAreEachAnnounced() {
        for (Scenario s : new Scenario[] {
                Minimal.separated("insert, then remove", false, EditOp.INSERT, EditOp.REMOVE, WatchKind.ADDED, WatchKind.REMOVED),
                Minimal.separated("remove, then insert", true, EditOp.REMOVE, EditOp.INSERT, WatchKind.ADDED, WatchKind.REMOVED)}) {
            Outcome o = Minimal.run(artemis, s);
            assertThat(o.passes()).as(s.name() + ": " + Minimal.all(o)).isTrue();
        }
    }

    /**
     * Artemis recycles a deleted entity's id after the frame's {@code World.process()}: the entity spawned into it in
     * the next frame is announced under its own label, and the despawned one's removal under the old label.
     */
    @Test
    void aRecycledIdNamesTheEntityThatHoldsIt() {
        var b = Scenario.builder("despawn, then spawn into the recycled id").describe("id recycling");
        b.entity("old", Map.of(Data.A, 0));
        b.stage("edit", st -> st.system("editor", x -> x.writes(Data.A)));
        b.stage("detect", st -> st.system("detector", x -> x.watch(Data.A, WatchKind.ADDED)
                .watch(Data.A, WatchKind.REMOVED)));
        b.frames(3);
        b.command(0, "editor", EditOp.DESPAWN, "old", null, 0).command(1, "editor", EditOp.SPAWN, "new", Data.A, 5);
        Scenario s = b.build();
        Outcome o = Minimal.run(artemis, s);
        assertThat(o.passes()).as(Minimal.all(o)).isTrue();
        assertThat(o.trace().detections()).anyMatch(d -> d.reported().equals(List.of("old")))
                .anyMatch(d -> d.reported().equals(List.of("new")));
    }

    /**
     * What the adapter adds to the raw listener stream: an insertion announced in one batch and a removal in a later
     * one, both before the detector's next run (it is paused in frame 1), leave the insertion in the Added buffer.
     * The adapter answers Added only for entities that still have the component, as the documentation of
     * {@code EntitySubscription} asks of its users ("access entities and components defensively"); the removal is
     * still reported. Measured on the sweep of this class with the raw buffer answered instead: criterion 2 failed in
     * 19 of the 223 scenarios (3 252 stale or repeated Added reports), and nothing else changed.
     */
    @Test
    void anInsertionRemovedBeforeTheDetectorRunsIsNotReportedAsAdded() {
        var b = Scenario.builder("insert, then remove while the detector is paused").describe("a stale insertion");
        b.entity("e", Map.of(Data.B, 0));
        b.pauses("detector-runs", "101");
        b.stage("update", st -> st.system("detector", x -> x.pausedBy("detector-runs").before("editor")
                .watch(Data.A, WatchKind.ADDED).watch(Data.A, WatchKind.REMOVED))
                .system("editor", x -> x.writes(Data.A)));
        b.frames(3);
        b.command(0, "editor", EditOp.INSERT, "e", Data.A, 1).command(1, "editor", EditOp.REMOVE, "e", Data.A, 0);
        Outcome o = Minimal.run(artemis, b.build());
        assertThat(o.passes()).as(Minimal.all(o)).isTrue();
        var frame2 = o.trace().detections().stream().filter(d -> o.trace().run(d.run()).frame() == 2).toList();
        assertThat(frame2).extracting(d -> d.watch().kind() + "=" + d.reported()).containsExactly("ADDED=[]", "REMOVED=[e]");
    }
}
