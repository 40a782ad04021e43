package dev.ecslab.engines;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.engines.LosesOneChange.Loss;
import dev.ecslab.engines.artemis.ArtemisProvider;
import dev.ecslab.engines.zayes.ZayEsProvider;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.engine.EngineContract.Coalescing;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.engine.ReferenceEngine;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.WatchKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A declared fold changes what the oracle owes, never whether it checks: an engine that loses a net change still
 * fails criterion 1 under its fold, and an engine that reports more than the net change fails criterion 2 under it.
 */
class FoldIsNotVacuousTest {
    /** Catalogue scenarios and this many campaign ones, for each mutant. */
    static final int CAMPAIGN = 60;

    static Stream<Arguments> mutants() {
        return Stream.of(ArtemisProvider.ID, ZayEsProvider.ID)
                .flatMap(id -> Stream.of(Loss.values()).map(loss -> Arguments.of(id, loss)));
    }

    /**
     * Each engine under its declared fold, wrapped by a mutant that loses one change of its own answer: criterion 1
     * fails in every scenario where the mutant lost one, and only there, and there are many, clock jumps included: an
     * engine has no change ticks, so none of its changes ages out.
     */
    @ParameterizedTest(name = "{0}, losing {1}")
    @MethodSource("mutants")
    void aMutantThatLosesOneNetChangeFailsAtLeastOnceUnderTheDeclaredFold(String id, Loss loss) {
        EngineSubject real = EngineSubject.find(id, getClass().getClassLoader());
        assertThat(real.contract().coalescing()).isNotEqualTo(Coalescing.EVERY_CHANGE);
        List<LosesOneChange> made = Collections.synchronizedList(new ArrayList<>());
        EngineSubject mutant = ForwardingEngine.wrapping(real, engine -> {
            LosesOneChange m = new LosesOneChange(engine, loss);
            made.add(m);
            return m;
        });
        EngineSweep sweep = EngineSweep.of(mutant, CAMPAIGN);
        assertThat(made).hasSize(sweep.total());
        List<Scenario> lossy = IntStream.range(0, made.size()).filter(i -> made.get(i).lost() != null)
                .mapToObj(sweep.ran::get).toList();
        List<String> owed = lossy.stream().map(Scenario::name).toList();
        List<String> failing = sweep.failing.getOrDefault(Criterion.AT_LEAST_ONCE, List.of());
        System.out.println("FoldIsNotVacuousTest: " + id + " losing " + loss + ": lost one change in " + lossy.size() + " of "
                + sweep.total() + " scenarios; criterion 1 failed in "
                + failing.size());
        assertThat(owed).as(sweep.summary()).hasSizeGreaterThanOrEqualTo(10);
        assertThat(failing).as(sweep.summary()).containsExactlyInAnyOrderElementsOf(owed);
        assertThat(sweep.failures(Criterion.CRASH)).as(sweep.summary()).isZero();
        assertThat(sweep.failures(Criterion.AT_MOST_ONCE)).as(sweep.summary()).isZero();
        assertThat(sweep.failures(Criterion.PURE_FUNCTION)).as(sweep.summary()).isZero();
    }

    /**
     * The reference engine reports every change. Declared to fold them, it reports the removal of a component added
     * and removed within one batch and one window, a removal the fold says never happened: criterion 2. Under its own
     * contract the same scenario passes.
     */
    @ParameterizedTest
    @EnumSource(value = Coalescing.class, names = {"PER_RUN", "PER_WINDOW"})
    void anEngineThatReportsEveryChangeFailsAtMostOnceUnderAFold(Coalescing fold) {
        Scenario s = Minimal.together("insert then remove", false, EditOp.INSERT, EditOp.REMOVE, WatchKind.ADDED,
                WatchKind.REMOVED);
        Outcome exact = Minimal.run(ReferenceEngine.subject(), s);
        assertThat(exact.passes()).as(Minimal.all(exact)).isTrue();
        assertThat(exact.trace().detections()).anyMatch(d -> d.watch().kind() == WatchKind.REMOVED
                && d.reported().equals(List.of("e")));
        Outcome folded = Minimal.run(EngineSweep.under(ReferenceEngine.subject(), fold), s);
        assertThat(Minimal.of(folded, Criterion.AT_MOST_ONCE)).as(Minimal.all(folded)).singleElement().asString()
                .contains("Removed<A>");
        assertThat(folded.violations()).as(Minimal.all(folded)).allMatch(v -> v.criterion() == Criterion.AT_MOST_ONCE);
    }
}
