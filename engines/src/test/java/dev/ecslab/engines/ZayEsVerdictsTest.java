package dev.ecslab.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.engines.zayes.ZayEsProvider;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.engine.EngineContract.Coalescing;
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
 * Zay-ES 1.4.0 judged by the lab: every catalogue scenario it can express as written (the component ones; one more
 * narrowed), and 200 campaign scenarios narrowed to its contract (no resources, no watches that join or leave), once
 * under the fold its contract declares and once, as the control, against every single change.
 *
 * <p><b>What it promises.</b> An entity set answers "how do I differ from what I was at my last
 * {@code applyChanges()}": it resolves what it heard per entity at each call
 * ({@code DefaultEntitySet.Transaction.resolveChanges}), so it reports the net change of each entity over the
 * observer's own window, between its previous run and this one. Within one window
 * <ul>
 *   <li>an entity added and then changed is only added (the catalogue's "Basic [component]" shows it at once: the
 *       setup adds {@code e0} and the changer writes its {@code A} before the detector's first run);</li>
 *   <li>a component added and then removed is neither added nor removed;</li>
 *   <li>a component removed and added again is only changed;</li>
 *   <li>an entity whose component is removed twice is removed once.</li>
 * </ul>
 * Its contract declares {@link Coalescing#PER_WINDOW}, and the lab's oracle folds a trace's changes the same way
 * before it judges.
 *
 * <p><b>Measured.</b> Under its declared fold: no violation of any criterion, with criteria 1 and 2 judged in more
 * than 150 runs and 3, 7, L and 8 in more than 50. Against every change: no crash and criterion 8 holds, but criteria
 * 1, 2 and 3 fail in 69, 4 and 57 of the 224 scenarios (and with them 7 in 22 and L in 35), each violation a change
 * resolved away within one window: a Mutated watch
 * misses a change made after an addition or reports it only with a later one (criterion 1 late or missed, criterion
 * 3), a Removed watch misses a removal cancelled by an addition or merged with another removal (criterion 1), Added
 * and Removed miss a removal and re-addition and Mutated reports it as a change nobody made (criteria 1 and 2).
 *
 * <p><b>Who is right.</b> Each about its own question. The set is a view of entities with their current components,
 * and an entity new to the set is delivered with its latest values, so no value is lost to a user of the set; that
 * is its design ({@code EntitySet.applyChanges()}: "applies any accumulated changes to this list's entities").
 * Every-change semantics ask for the history of changes in the window. Judged by the fold it declares, Zay-ES is
 * exact on every scenario. Against every change it loses changes by design, and a user who needs every addition,
 * mutation and removal cannot get them from an entity set. Each minimal scenario below is judged both ways: it fails
 * against every change and passes under the fold, so the fold, and nothing else, makes the difference, and the sweep
 * under the fold is one that can fail.
 */
class ZayEsVerdictsTest {
    static EngineSubject zayes;
    /** The same engine with a contract that promises every change. */
    static EngineSubject everyChange;
    static EngineSweep sweep;
    static EngineSweep strict;

    @BeforeAll
    static void sweep() {
        zayes = EngineSubject.find(ZayEsProvider.ID, ZayEsVerdictsTest.class.getClassLoader());
        everyChange = EngineSweep.under(zayes, Coalescing.EVERY_CHANGE);
        sweep = EngineSweep.of(zayes, 200);
        strict = EngineSweep.of(everyChange, 200);
        System.out.println("ZayEsVerdictsTest\n" + sweep.summary() + strict.summary());
    }

    @Test
    void theContractDeclaresTheNetChangePerWindow() {
        assertThat(zayes.contract().coalescing()).isEqualTo(Coalescing.PER_WINDOW);
        assertThat(everyChange.contract().coalescing()).isEqualTo(Coalescing.EVERY_CHANGE);
        assertThat(EngineSweep.under(everyChange, Coalescing.PER_WINDOW).contract()).isEqualTo(zayes.contract());
    }

    @Test
    void everyScenarioRanWithoutACrashAndEndedInTheLabsState() {
        assertThat(sweep.runs).containsEntry("catalogue", 23);
        assertThat(sweep.total()).isEqualTo(224);
        sweep.assertSameScenariosRanCleanAs(strict);
    }

    /** Under PER_WINDOW every criterion holds on every scenario, and each was judged by many runs. */
    @Test
    void underItsDeclaredFoldNoCriterionIsViolated() {
        sweep.assertExactOnEveryCriterion();
    }

    /** Against every change, criteria 1, 2, 3, 7 and L fail: changes resolved into one within a window. */
    @Test
    void againstEveryChangeDetectionFailsWhereAWindowResolvesChangesIntoOne() {
        for (Criterion c : new Criterion[] {Criterion.AT_LEAST_ONCE, Criterion.AT_MOST_ONCE, Criterion.SAME_FRAME,
                Criterion.NOT_LOST_WHEN_PAUSED, Criterion.LOOPING}) {
            assertThat(strict.failures(c)).as(c + "\n" + strict.summary()).isPositive();
        }
    }

    /** The catalogue's first scenario: {@code e0} added at setup and written before the detector's first run. */
    @Test
    void anEntityAddedAndChangedInOneWindowIsOnlyAdded() {
        Scenario s = Catalogue.named("Basic [component]");
        Outcome strictly = Minimal.run(everyChange, s);
        assertThat(Minimal.of(strictly, Criterion.AT_LEAST_ONCE)).as(Minimal.all(strictly)).isNotEmpty()
                .allMatch(v -> v.contains("Mutated<"));
        assertThat(Minimal.of(strictly, Criterion.AT_MOST_ONCE)).as(Minimal.all(strictly)).isEmpty();
        Outcome folded = Minimal.run(zayes, s);
        assertThat(folded.passes()).as(Minimal.all(folded)).isTrue();
    }

    /** An add followed by a remove before the next applyChanges() cancels out. */
    @Test
    void aComponentAddedAndRemovedInOneWindowIsNeitherAddedNorRemoved() {
        Scenario s = Minimal.together("insert then remove", false, EditOp.INSERT, EditOp.REMOVE, WatchKind.ADDED,
                WatchKind.REMOVED);
        Outcome strictly = Minimal.run(everyChange, s);
        assertThat(Minimal.of(strictly, Criterion.AT_LEAST_ONCE)).as(Minimal.all(strictly)).singleElement().asString()
                .contains("Removed<A>").contains("never reported");
        assertThat(Minimal.of(strictly, Criterion.AT_MOST_ONCE)).as(Minimal.all(strictly)).isEmpty();
        Outcome folded = Minimal.run(zayes, s);
        assertThat(folded.passes()).as(Minimal.all(folded)).isTrue();
    }

    /** Removed and added again in one window: only changed, so Mutated reports a change no system made. */
    @Test
    void aComponentRemovedAndAddedAgainInOneWindowIsOnlyChanged() {
        Scenario s = Minimal.together("remove then insert", true, EditOp.REMOVE, EditOp.INSERT, WatchKind.ADDED,
                WatchKind.MUTATED, WatchKind.CHANGED, WatchKind.REMOVED);
        Outcome strictly = Minimal.run(everyChange, s);
        assertThat(Minimal.of(strictly, Criterion.AT_LEAST_ONCE)).as(Minimal.all(strictly)).hasSize(2)
                .anyMatch(v -> v.contains("Removed<A>")).anyMatch(v -> v.contains("Added<A>"));
        assertThat(Minimal.of(strictly, Criterion.AT_MOST_ONCE)).as(Minimal.all(strictly)).singleElement().asString()
                .contains("Mutated<A>");
        Outcome folded = Minimal.run(zayes, s);
        assertThat(folded.passes()).as(Minimal.all(folded)).isTrue();
    }

    /** The control: the same commands in two windows are each reported exactly, whichever the fold. */
    @Test
    void theSameCommandsInTwoWindowsAreEachReported() {
        for (Scenario s : new Scenario[] {
                Minimal.separated("insert, then remove", false, EditOp.INSERT, EditOp.REMOVE, WatchKind.values()),
                Minimal.separated("remove, then insert", true, EditOp.REMOVE, EditOp.INSERT, WatchKind.values())}) {
            for (EngineSubject subject : List.of(zayes, everyChange)) {
                Outcome o = Minimal.run(subject, s);
                assertThat(o.passes()).as(s.name() + ", " + subject.contract().coalescing() + ": " + Minimal.all(o)).isTrue();
            }
        }
    }

    /**
     * Two batches in one window of a paused detector: an insertion, then a removal. The window's net change is nothing,
     * and Zay-ES reports nothing; judged per run, as artemis is, the removal is owed and missed. The declared fold is
     * the one Zay-ES keeps, not just any fold that forgives it.
     */
    @Test
    void twoBatchesInOneWindowAreOneNetChange() {
        Scenario s = Minimal.pausedDetector();
        Outcome folded = Minimal.run(zayes, s);
        assertThat(folded.passes()).as(Minimal.all(folded)).isTrue();
        Outcome perRun = Minimal.run(EngineSweep.under(zayes, Coalescing.PER_RUN), s);
        assertThat(Minimal.of(perRun, Criterion.AT_LEAST_ONCE)).as(Minimal.all(perRun)).singleElement().asString()
                .contains("Removed<A>").contains("never reported");
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
        assertThat(o.trace().detections()).anyMatch(d -> d.reported().equals(List.of("e")));
    }
}
