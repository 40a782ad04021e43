package dev.ecslab.ecs.model;

import dev.ecslab.ecs.model.WorldOp.Cmd;
import dev.ecslab.ecs.query.Filter;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/** jqwik generators for {@link WorldOp} sequences. Small ranges so that ids get reused and stale. */
public final class WorldOps {
    private WorldOps() {
    }

    public static Arbitrary<List<WorldOp>> sequences() {
        return op().list().ofMinSize(1).ofMaxSize(60);
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<WorldOp> op() {
        Arbitrary<WorldOp> spawn = Combinators.combine(commonMask(), value()).as(WorldOp.Spawn::new);
        Arbitrary<WorldOp> despawn = handle().map(WorldOp.Despawn::new);
        Arbitrary<WorldOp> insert = Combinators.combine(handle(), nonEmptyMask(), value()).as(WorldOp.Insert::new);
        Arbitrary<WorldOp> remove = Combinators.combine(handle(), type()).as(WorldOp.Remove::new);
        Arbitrary<WorldOp> get = Combinators.combine(handle(), type()).as(WorldOp.Get::new);
        Arbitrary<WorldOp> insertResource = Combinators.combine(resource(), value()).as(WorldOp.InsertResource::new);
        Arbitrary<WorldOp> removeResource = resource().map(WorldOp.RemoveResource::new);
        Arbitrary<WorldOp> mutateResource = Combinators.combine(resource(), delta()).as(WorldOp.MutateResource::new);
        Arbitrary<WorldOp> commands = cmd().list().ofMaxSize(6).map(WorldOp.Commands::new);
        Arbitrary<WorldOp> query = Combinators.combine(mask(), mask(), Arbitraries.of(true, false), filter().injectNull(0.3),
                Arbitraries.integers().between(0, 4), delta(), Arbitraries.integers().between(0, 2)).as(WorldOp.RunQuery::new);
        Arbitrary<WorldOp> lookup = Combinators.combine(mask(), filter().injectNull(0.3), handle()).as(WorldOp.Lookup::new);
        Arbitrary<WorldOp> structural = Combinators.combine(handle(), Arbitraries.integers().between(0, 4),
                Arbitraries.of(true, false)).as(WorldOp.StructuralDuringIteration::new);
        return Arbitraries.frequencyOf(
                Tuple.of(8, spawn), Tuple.of(3, despawn), Tuple.of(5, insert), Tuple.of(4, remove),
                Tuple.of(2, get), Tuple.of(1, insertResource), Tuple.of(1, removeResource),
                Tuple.of(1, mutateResource), Tuple.of(3, commands), Tuple.of(6, query), Tuple.of(2, lookup),
                Tuple.of(1, structural));
    }

    @SuppressWarnings("unchecked")
    static Arbitrary<Cmd> cmd() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Combinators.combine(commonMask(), value()).as(Cmd.CSpawn::new)),
                Tuple.of(2, handle().map(Cmd.CDespawn::new)),
                Tuple.of(2, Combinators.combine(handle(), nonEmptyMask(), value()).as(Cmd.CInsert::new)),
                Tuple.of(2, Combinators.combine(handle(), type()).as(Cmd.CRemove::new)),
                Tuple.of(1, Combinators.combine(resource(), value()).as(Cmd.CInsertResource::new)),
                Tuple.of(1, resource().map(Cmd.CRemoveResource::new)));
    }

    /** Random filter trees of depth up to 2 over the five component types. */
    public static Arbitrary<Filter> filter() {
        return filter(2);
    }

    @SuppressWarnings("unchecked")
    private static Arbitrary<Filter> filter(int depth) {
        Arbitrary<Filter> leaf = Arbitraries.oneOf(
                type().map(t -> new Filter.With(Val.COMPONENTS.get(t))),
                type().map(t -> new Filter.Without(Val.COMPONENTS.get(t))));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Filter> sub = Arbitraries.lazy(() -> filter(depth - 1));
        return Arbitraries.frequencyOf(
                Tuple.of(4, leaf),
                Tuple.of(1, Combinators.combine(sub, sub).as(Filter::and)),
                Tuple.of(1, Combinators.combine(sub, sub).as(Filter::or)),
                Tuple.of(1, Combinators.combine(sub, sub).as(Filter::xor)),
                Tuple.of(1, sub.map(Filter::not)));
    }

    static Arbitrary<Integer> handle() {
        return Arbitraries.integers().between(0, 40);
    }

    static Arbitrary<Integer> type() {
        return Arbitraries.integers().between(0, Val.COMPONENTS.size() - 1);
    }

    static Arbitrary<Integer> resource() {
        return Arbitraries.integers().between(0, Val.RESOURCES.size() - 1);
    }

    static Arbitrary<Integer> mask() {
        return Arbitraries.integers().between(0, (1 << Val.COMPONENTS.size()) - 1);
    }

    /**
     * Spawn masks biased toward a few archetypes ({}, {A}, {A,B}, {A,S}, {S}), so that many
     * entities share an archetype and swap-removes move rows around; one in four is any mask.
     */
    @SuppressWarnings("unchecked")
    static Arbitrary<Integer> commonMask() {
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.of(0, 1, 3, 9, 8)), Tuple.of(1, mask()));
    }

    static Arbitrary<Integer> nonEmptyMask() {
        return Arbitraries.integers().between(1, (1 << Val.COMPONENTS.size()) - 1);
    }

    static Arbitrary<Integer> value() {
        return Arbitraries.integers().between(0, 99);
    }

    static Arbitrary<Integer> delta() {
        return Arbitraries.integers().between(0, 3);
    }
}
