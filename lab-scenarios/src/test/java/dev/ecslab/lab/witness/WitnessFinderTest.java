package dev.ecslab.lab.witness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.campaign.Choices;
import dev.ecslab.lab.campaign.ScenarioGenerator;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.ScenarioBuilder;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ambiguity witnesses: both orders of an unordered conflicting pair, run and compared. */
class WitnessFinderTest {

    /** Entities e0 and e1 with A = 0, and systems left and right that write A with no order between them. */
    static ScenarioBuilder writersOfA(String name, Consumer<ScenarioBuilder.SystemBuilder> left) {
        return Scenario.builder(name)
                .entity("e0", Data.A, 0)
                .entity("e1", Data.A, 0)
                .stage("update", st -> st.system("left", s -> left.accept(s.writes(Data.A))).system("right", s -> s.writes(Data.A)));
    }

    /** Two unordered writers of A on one entity, with different values: the last writer's value stays. */
    static Scenario twoWriters() {
        return writersOfA("two writers", s -> { })
                .frames(1)
                .set(0, "left", "e0", Data.A, 1)
                .set(0, "right", "e0", Data.A, 2)
                .build();
    }

    /** What the real finder must say about {@link #twoWriters()}; a broken finder must fail it. */
    static void assertWitnessedWithTwoStates(WitnessFinder finder) {
        List<Witness> found = finder.find(twoWriters());
        assertThat(found).hasSize(1);
        Witness w = found.get(0);
        assertThat(w.pair()).isEqualTo("update: left | right");
        assertThat(w.conflict()).isEqualTo("[A]");
        assertThat(w.verdict()).as(w.note()).isEqualTo(Witness.Verdict.STATE_DIFFERS);
        assertThat(w.endStateDiffers()).isTrue();
        assertThat(w.orders()).extracting(Witness.Order::label).containsExactly("left before right", "right before left");
        assertThat(w.orders().get(0).finalState()).containsExactly("e0: A(2)", "e1: A(0)");
        assertThat(w.orders().get(1).finalState()).containsExactly("e0: A(1)", "e1: A(0)");
        assertThat(w.stateDifferences()).startsWith("after frame 0, e0: A(2) ≠ A(1)");
        assertThat(w.firstDifference()).isEqualTo("after frame 0, e0: A(2) ≠ A(1)");
    }

    @Test
    void twoUnorderedWritersOfDifferentValuesAreWitnessedWithTheTwoStates() {
        assertWitnessedWithTwoStates(new WitnessFinder());
    }

    @Test
    void aStageNameWithAVerticalBarIsWitnessedLikeAnyOther() {
        // the runs were keyed by "frame|stage|iteration" and split on '|': a legal stage name broke it
        Scenario s = Scenario.builder("bar").entity("e0", Data.A, 0)
                .stage("a|b", st -> st.system("left", x -> x.writes(Data.A)).system("right", x -> x.writes(Data.A)))
                .frames(1).set(0, "left", "e0", Data.A, 1).set(0, "right", "e0", Data.A, 2).build();
        List<Witness> found = new WitnessFinder().find(s);
        assertThat(found).singleElement().satisfies(w -> assertThat(w.verdict()).isEqualTo(Witness.Verdict.STATE_DIFFERS));
    }

    @Test
    void writersOfDifferentEntitiesConflictOnlyFormallyAndCommuteHere() {
        Scenario s = writersOfA("different entities", x -> { })
                .frames(2)
                .set(0, "left", "e0", Data.A, 1)
                .set(0, "right", "e1", Data.A, 2)
                .set(1, "left", "e0", Data.A, 3)
                .build();
        assertThat(ScenarioAccess.ambiguousPairs(s)).as("formally ambiguous").containsExactly("update: left | right");
        Witness w = WitnessFinder.of(s).get(0);
        assertThat(w.verdict()).as(w.note()).isEqualTo(Witness.Verdict.COMMUTES);
        assertThat(w.stateDifferences()).isEmpty();
        assertThat(w.detectionDifferences()).isEmpty();
        assertThat(w.orders()).hasSize(2);
        assertThat(w.orders().get(0).finalState()).isEqualTo(w.orders().get(1).finalState())
                .containsExactly("e0: A(3)", "e1: A(2)");
    }

    @Test
    void writersOfTheSameValueCommuteHereAndADetectorCannotTellThemApart() {
        Scenario s = Scenario.builder("same value")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st.system("left", x -> x.writes(Data.A)).system("right", x -> x.writes(Data.A)))
                .stage("detect", st -> st.system("detector", x -> x.watch(Data.A, WatchKind.CHANGED)))
                .frames(1)
                .set(0, "left", "e0", Data.A, 7)
                .set(0, "right", "e0", Data.A, 7)
                .build();
        Witness w = WitnessFinder.of(s).get(0);
        assertThat(w.verdict()).as(w.note()).isEqualTo(Witness.Verdict.COMMUTES);
        assertThat(w.orders().get(0).detections()).as("the detector ran and reported, the same in both orders")
                .contains("frame 0 detector Changed<A>: [e0]").isEqualTo(w.orders().get(1).detections());
    }

    @Test
    void aWriterAndAnUnorderedDetectorSeeTheSameEndButNotTheSameChanges() {
        Witness w = WitnessFinder.of(Catalogue.ambiguousOrdering(Target.COMPONENT)).get(0);
        assertThat(w.pair()).isEqualTo("update: changer | detector");
        assertThat(w.verdict()).as(w.note()).isEqualTo(Witness.Verdict.DETECTIONS_DIFFER);
        assertThat(w.endStateDiffers()).isFalse();
        assertThat(w.detectionDifferences()).first().isEqualTo("frame 0 detector Mutated<A>: [e0] ≠ []");
    }

    @Test
    void aPairOrderedThroughAThirdSystemIsNotReported() {
        Scenario s = Scenario.builder("chain")
                .entity("e0", Data.A, 0)
                .stage("update", st -> st.system("first", x -> x.writes(Data.A).before("middle"))
                        .system("middle", x -> x.before("last"))
                        .system("last", x -> x.writes(Data.A)))
                .frames(1)
                .set(0, "first", "e0", Data.A, 1)
                .set(0, "last", "e0", Data.A, 2)
                .build();
        assertThat(WitnessFinder.of(s)).isEmpty();
        StageSpec stage = s.stages().get(0);
        assertThatThrownBy(() -> ForcedOrder.stageOrder(s, stage, "last", "first"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("only one order is legal");
        assertThatThrownBy(() -> ForcedOrder.derive(s, "update", List.of("last", "middle", "first"), "x", ""))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("is not a legal order");
    }

    @Test
    void anExemptedPairIsWitnessedAndMarked() {
        Scenario s = writersOfA("exempted", x -> x.ambiguousWith("right"))
                .frames(1)
                .set(0, "left", "e0", Data.A, 1)
                .set(0, "right", "e0", Data.A, 2)
                .build();
        assertThat(ScenarioAccess.ambiguousPairs(s)).isEmpty();
        Witness w = WitnessFinder.of(s).get(0);
        assertThat(w.exempted()).isTrue();
        assertThat(w.verdict()).as("the exemption says the order does not matter; it does").isEqualTo(Witness.Verdict.STATE_DIFFERS);
    }

    @Test
    void theReplayFilesOfAWitnessReplayToItsTwoStates(@TempDir Path dir) {
        Witness w = WitnessFinder.of(twoWriters()).get(0);
        List<List<String>> replayed = new ArrayList<>();
        for (Witness.Order o : w.orders()) {
            Path file = dir.resolve(o.label().replace(' ', '-') + ".json");
            Replay.save(file, o.scenario(), o.trace());
            Replay.Saved saved = Replay.load(file);
            assertThat(saved.trace().finalState()).as("recorded").isEqualTo(o.finalState());
            Trace again = Replay.rerun(saved.scenario(), saved.trace());
            assertThat(Judge.judge(saved.scenario(), again).violations()).isEmpty();
            replayed.add(again.finalState());
        }
        assertThat(replayed).containsExactly(List.of("e0: A(2)", "e1: A(0)"), List.of("e0: A(1)", "e1: A(0)"));
    }

    /** The two orders of every pair differ in nothing but a and b, side by side: the difference is the pair's. */
    @Test
    void theTwoOrdersOfAPairSwapOnlyThePairAndAreBothLegal() {
        int pairs = 0;
        for (int i = 0; i < 300; i++) {
            Scenario s = ScenarioGenerator.generate("random #" + i, Choices.seeded(5_000 + i));
            for (StageSpec st : s.stages()) {
                for (String p : ScenarioAccess.racyPairs(s)) {
                    if (!p.startsWith(st.name() + ": ")) {
                        continue;
                    }
                    String[] ab = p.substring(st.name().length() + 2).split(" \\| ");
                    List<String> one = ForcedOrder.stageOrder(s, st, ab[0], ab[1]);
                    List<String> two = ForcedOrder.stageOrder(s, st, ab[1], ab[0]);
                    int at = one.indexOf(ab[0]);
                    assertThat(one.get(at + 1)).as(p).isEqualTo(ab[1]);
                    List<String> swapped = new ArrayList<>(one);
                    swapped.set(at, ab[1]);
                    swapped.set(at + 1, ab[0]);
                    assertThat(two).as(p).isEqualTo(swapped);
                    Scenario forced = WitnessFinder.FORCED.force(s, st, ab[0], ab[1]);
                    assertThat(ScenarioAccess.racyPairs(forced)).as("every stage fixed: " + p).isEmpty();
                    pairs++;
                }
            }
        }
        assertThat(pairs).as("the generator leaves pairs unordered").isGreaterThan(300);
    }

    @Test
    void noCatalogueWitnessIsInconclusiveAndTheFlagshipPairsAreWitnessed() {
        List<Witness> all = new ArrayList<>();
        Catalogue.all().forEach(s -> all.addAll(WitnessFinder.of(s)));
        assertThat(all).allSatisfy(w -> assertThat(w.verdict()).as(w.pair() + ": " + w.note())
                .isNotEqualTo(Witness.Verdict.INCONCLUSIVE));
        assertThat(all).filteredOn(w -> w.scenario().startsWith("Ambiguous System Ordering"))
                .hasSize(2).allSatisfy(w -> assertThat(w.verdict().witnessed()).isTrue());
        assertThat(all).as("an exclusive system conflicts with everything, yet here it commutes with the bystander")
                .anySatisfy(w -> {
                    assertThat(w.scenario()).isEqualTo("Exclusive and main-thread systems [component]");
                    assertThat(w.conflict()).isEqualTo(ScenarioAccess.WHOLE_WORLD);
                    assertThat(w.verdict()).isEqualTo(Witness.Verdict.COMMUTES);
                });
    }

    // ------------------------------------------------------------------ the finder's own mutants

    /** Runs "a before b" for both orders: every pair would look as if it commuted. */
    static final WitnessFinder.Orders SAME_ORDER_TWICE = (scenario, stage, first, second) -> {
        String declaredFirst = stage.systems().stream().map(x -> x.name()).filter(n -> n.equals(first) || n.equals(second))
                .findFirst().orElseThrow();
        String other = declaredFirst.equals(first) ? second : first;
        return WitnessFinder.FORCED.force(scenario, stage, declaredFirst, other);
    };

    /** Forces nothing: the executor's own order decides, the same both times. */
    static final WitnessFinder.Orders UNFORCED = (scenario, stage, first, second) -> scenario;

    @Test
    void aFinderThatRunsTheSameOrderTwiceIsCaught() {
        WitnessFinder mutant = new WitnessFinder(SAME_ORDER_TWICE);
        assertThatThrownBy(() -> assertWitnessedWithTwoStates(mutant)).isInstanceOf(AssertionError.class);
        Witness w = mutant.find(twoWriters()).get(0);
        assertThat(w.verdict()).as("never 'commutes here'").isEqualTo(Witness.Verdict.INCONCLUSIVE);
        assertThat(w.note()).isEqualTo("right before left: frame 0, stage 'update' ran left, right instead of right, left");
    }

    @Test
    void aFinderThatForcesNoOrderIsCaught() {
        WitnessFinder mutant = new WitnessFinder(UNFORCED);
        assertThatThrownBy(() -> assertWitnessedWithTwoStates(mutant)).isInstanceOf(AssertionError.class);
        Witness w = mutant.find(Catalogue.ambiguousOrdering(Target.RESOURCE)).get(0);
        assertThat(w.verdict()).isEqualTo(Witness.Verdict.INCONCLUSIVE);
        assertThat(w.note()).contains("instead of");
    }
}
