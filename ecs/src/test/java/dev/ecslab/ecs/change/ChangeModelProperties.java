package dev.ecslab.ecs.change;

import dev.ecslab.ecs.world.World;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The exact strategies against the oracle of {@link ChangeModelRun}: random spawns, re-inserts,
 * removes, despawns, archetype moves, direct and system writes, clears, and system runs that ask
 * Added/Mutated/Changed and removals through forEach, the cursor and chunks, and exclusive systems
 * whose structural changes are their own. {@code generation} also runs with one-row blocks, so that
 * every row a move or a swap-remove relocates lands in another block: the summaries must follow it.
 */
public class ChangeModelProperties {

    @Property(tries = 500)
    void generationIsExact(@ForAll("ops") List<ChangeOp> ops) {
        ChangeModelRun.check(World::new, ops);
    }

    @Property(tries = 500)
    void generationWithOneRowBlocksIsExact(@ForAll("ops") List<ChangeOp> ops) {
        ChangeModelRun.check(() -> World.builder().changeTracking("generation", new GenerationTracker(1, 0)).build(), ops);
    }

    @Property(tries = 500)
    void systemDataIsExact(@ForAll("ops") List<ChangeOp> ops) {
        ChangeModelRun.check(() -> World.builder().changeTracking("system-data").build(), ops);
    }

    /**
     * Observers that come and go: nothing is observed until a change query asks, and each
     * query stops observing when done, so every write between questions is one the world did not
     * track. Nothing may be missed.
     */
    @Property(tries = 300)
    void generationNeverMissesWithLateObservers(@ForAll("ops") List<ChangeOp> ops) {
        ChangeModelRun.checkNeverMisses(World::new, ops);
    }

    @Property(tries = 300)
    void generationWithOneRowBlocksNeverMissesWithLateObservers(@ForAll("ops") List<ChangeOp> ops) {
        ChangeModelRun.checkNeverMisses(() -> World.builder().changeTracking("generation", new GenerationTracker(1, 0)).build(), ops);
    }

    @Property(tries = 300)
    void systemDataNeverMissesWithLateObservers(@ForAll("ops") List<ChangeOp> ops) {
        ChangeModelRun.checkNeverMisses(() -> World.builder().changeTracking("system-data").build(), ops);
    }

    @Provide
    Arbitrary<List<ChangeOp>> ops() {
        return sequences();
    }

    @SuppressWarnings("unchecked")
    public static Arbitrary<List<ChangeOp>> sequences() {
        Arbitrary<Integer> handle = Arbitraries.integers().between(0, 20);
        Arbitrary<Integer> type = Arbitraries.integers().between(0, 2);
        Arbitrary<ChangeOp> op = Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.integers().between(1, 7).map(ChangeOp.Spawn::new)),
                Tuple.of(3, Combinators.combine(handle, type).as(ChangeOp.Insert::new)),
                Tuple.of(2, Combinators.combine(handle, type).as(ChangeOp.Remove::new)),
                Tuple.of(1, handle.map(ChangeOp.Despawn::new)),
                Tuple.of(2, Combinators.combine(handle, type).as(ChangeOp.DirectWrite::new)),
                Tuple.of(1, Arbitraries.just(new ChangeOp.ClearTrackers())),
                Tuple.of(6, Combinators.combine(Arbitraries.integers().between(0, ChangeModelRun.SYSTEMS - 1), type,
                        Arbitraries.integers().between(0, 2), Arbitraries.integers().between(-1, 5),
                        Arbitraries.integers().between(0, 2), handle.list().ofMaxSize(3)).as(ChangeOp.Run::new)),
                Tuple.of(2, Combinators.combine(type, Arbitraries.integers().between(0, 2)).as(ChangeOp.WorldQuery::new)),
                Tuple.of(2, Combinators.combine(Arbitraries.integers().between(0, ChangeModelRun.SYSTEMS - 1), type, handle,
                        Arbitraries.integers().between(0, 3)).as(ChangeOp.Exclusive::new)));
        return op.list().ofMinSize(1).ofMaxSize(80);
    }
}
