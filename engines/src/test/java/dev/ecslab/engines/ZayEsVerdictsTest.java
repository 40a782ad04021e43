package dev.ecslab.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.engines.zayes.ZayEsProvider;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Zay-ES 1.4.0 judged by the lab: every catalogue scenario it can express as written (the component ones; one more
 * narrowed), and 200 campaign scenarios narrowed to its contract (no resources, no watches that join or leave).
 *
 * <p><b>Measured.</b> No crash, and criterion 8 holds everywhere. Criteria 1, 2 and 3 fail (and with them 7 and L),
 * and every violation comes from one design: an entity set resolves what it heard per entity at each
 * {@code applyChanges()} ({@code DefaultEntitySet.Transaction.resolveChanges}), so within one window of the detector
 * <ul>
 *   <li>an entity added and then changed is only added: the Mutated watch misses the change, or reports it only
 *       with a later one (criterion 1 late or missed, criterion 3). The catalogue's "Basic [component]" shows it
 *       at once: the setup adds {@code e0} and the changer writes its {@code A} before the detector's first run;</li>
 *   <li>a component added and then removed is neither added nor removed: the Removed watch misses it (criterion 1);</li>
 *   <li>a component removed and added again is only changed: Removed and Added miss it (criterion 1), Mutated
 *       reports a change nobody made (criterion 2);</li>
 *   <li>an entity whose component is removed twice is removed once (criterion 1).</li>
 * </ul>
 *
 * <p><b>Who is right.</b> Zay-ES answers "how does my set differ from what it was at my last applyChanges()", a net
 * difference per entity: that is its design (the set is a view of entities with their current components, and an
 * entity new to the set is delivered with its latest values, so no value is lost to a user of the set). The lab asks
 * for the history of changes in the window. Neither is a bug; the lab is right that Zay-ES cannot promise every
 * addition, mutation and removal to a watcher, and Zay-ES is right by its own documentation
 * ({@code EntitySet.applyChanges()}: "applies any accumulated changes to this list's entities"). A contract cannot
 * yet say "net change per window", so these stay failures of criteria 1 and 2, not excused.
 */
class ZayEsVerdictsTest {
    static EngineSubject zayes;
    static EngineSweep sweep;

    @BeforeAll
    static void sweep() {
        zayes = EngineSubject.find(ZayEsProvider.ID, ZayEsVerdictsTest.class.getClassLoader());
        sweep = EngineSweep.of(zayes, 200, Batching.PER_RUN_OF_THE_DETECTOR);
        System.out.println("ZayEsVerdictsTest\n" + sweep.summary());
    }

    @Test
    void everyScenarioRanWithoutACrashAndEndedInTheLabsState() {
        assertThat(sweep.runs).containsEntry("catalogue", 23);
        assertThat(sweep.runs.values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(224);
        assertThat(sweep.failures(Criterion.CRASH)).as(sweep.summary()).isZero();
        assertThat(sweep.judgedRuns(Criterion.PURE_FUNCTION)).isGreaterThan(50);
        assertThat(sweep.failures(Criterion.PURE_FUNCTION)).as(sweep.summary()).isZero();
    }

    /** Criteria 1, 2, 3, 7 and L fail, and every violation is a change resolved away within one window. */
    @Test
    void detectionFailsOnlyWhereAWindowResolvesChangesIntoOne() {
        for (Criterion c : new Criterion[] {Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME,
                Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING}) {
            assertThat(sweep.failures(c)).as(c + "\n" + sweep.summary()).isPositive();
        }
        assertThat(sweep.unexplained).as(sweep.summary()).isEmpty();
    }

    /** The catalogue's first scenario: {@code e0} added at setup and written before the detector's first run. */
    @Test
    void anEntityAddedAndChangedInOneWindowIsOnlyAdded() {
        Outcome o = Minimal.run(zayes, Catalogue.named("Basic [component]"));
        assertThat(Minimal.of(o, Criterion.AT_LEAST_ONCE)).as(Minimal.all(o)).isNotEmpty()
                .allMatch(v -> v.contains("Mutated<"));
        assertThat(Minimal.of(o, Criterion.AT_MOST_ONCE)).as(Minimal.all(o)).isEmpty();
    }

    /** The brief's question: an add followed by a remove before the next applyChanges() cancels out. */
    @Test
    void aComponentAddedAndRemovedInOneWindowIsNeitherAddedNorRemoved() {
        Scenario s = Minimal.together("insert then remove", false, EditOp.INSERT, EditOp.REMOVE, WatchKind.ADDED,
                WatchKind.REMOVED);
        Outcome o = Minimal.run(zayes, s);
        assertThat(Minimal.of(o, Criterion.AT_LEAST_ONCE)).as(Minimal.all(o)).singleElement().asString()
                .contains("Removed<A>").contains("never reported");
        assertThat(Minimal.of(o, Criterion.AT_MOST_ONCE)).as(Minimal.all(o)).isEmpty();
    }

    /** Removed and added again in one window: only changed, so Mutated reports a change no system made. */
    @Test
    void aComponentRemovedAndAddedAgainInOneWindowIsOnlyChanged() {
        Scenario s = Minimal.together("remove then insert", true, EditOp.REMOVE, EditOp.INSERT, WatchKind.ADDED,
                WatchKind.MUTATED, WatchKind.CHANGED, WatchKind.REMOVED);
        Outcome o = Minimal.run(zayes, s);
        assertThat(Minimal.of(o, Criterion.AT_LEAST_ONCE)).as(Minimal.all(o)).hasSize(2)
                .anyMatch(v -> v.contains("Removed<A>")).anyMatch(v -> v.contains("Added<A>"));
        assertThat(Minimal.of(o, Criterion.AT_MOST_ONCE)).as(Minimal.all(o)).singleElement().asString()
                .contains("Mutated<A>");
    }

    /** The control: the same commands in two windows are each reported exactly. */
    @Test
    void theSameCommandsInTwoWindowsAreEachReported() {
        for (Scenario s : new Scenario[] {
                Minimal.separated("insert, then remove", false, EditOp.INSERT, EditOp.REMOVE, WatchKind.values()),
                Minimal.separated("remove, then insert", true, EditOp.REMOVE, EditOp.INSERT, WatchKind.values())}) {
            Outcome o = Minimal.run(zayes, s);
            assertThat(o.passes()).as(s.name() + ": " + Minimal.all(o)).isTrue();
        }
    }

    /**
     * {@code DefaultEntityData.setComponent} sends a change without comparing values, as the contract declares: a
     * direct write of the value the component already holds is reported as Mutated, and the lab expects it.
     */
    @Test
    void aWriteOfAnEqualValueIsAChange() {
        var b = Scenario.builder("equal write").describe("a write of the value the component holds");
        b.entity("e", Map.of(Data.A, 7));
        b.stage("update", st -> st.system("writer", x -> x.writes(Data.A).before("detector"))
                .system("detector", x -> x.watch(Data.A, WatchKind.MUTATED)));
        b.frames(2);
        b.set(1, "writer", "e", Data.A, 7);
        Outcome o = Minimal.run(zayes, b.build());
        assertThat(o.passes()).as(Minimal.all(o)).isTrue();
        assertThat(o.trace().detections()).anyMatch(d -> d.reported().equals(java.util.List.of("e")));
    }
}
