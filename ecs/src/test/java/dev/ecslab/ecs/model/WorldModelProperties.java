package dev.ecslab.ecs.model;

import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.world.World;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * The model-based property of the ECS core: random sequences of spawn, despawn, insert, remove,
 * resource operations, command buffers, filtered queries with writes, lookups and refused structural
 * changes, run against ecslab and against {@link ReferenceModel}; after every step the query results,
 * component values, resources and errors must agree. Stale ids are used as often as live ones.
 *
 * <p>jqwik prints the seed of every run (and the shrunk sequence on failure); replay one with
 * {@code @Property(seed = "...")}.
 */
class WorldModelProperties {

    @Property(tries = 1000)
    void worldAgreesWithTheReferenceModel(@ForAll("sequences") List<WorldOp> ops) {
        ModelRun.check(World::new, ops);
        // The chunk walks read every other row through the chunk's array (readArray) and write in
        // place every other row through writeArray: the column itself, or a gathered copy.
        boolean chunkWalks = ops.stream().anyMatch(o -> o instanceof WorldOp.RunQuery q && q.walk() == 2);
        boolean chunkArrayWrites = ops.stream().anyMatch(o -> o instanceof WorldOp.RunQuery q && q.writes() != 0
                && q.writeMode() == 3 && q.walk() == 2);
        Statistics.label("chunk walks").collect(chunkWalks);
        Statistics.label("chunk array writes").collect(chunkArrayWrites);
        Statistics.label("chunk walks").coverage(c -> c.check(true).percentage(p -> p > 25));
        Statistics.label("chunk array writes").coverage(c -> c.check(true).percentage(p -> p > 4));
    }

    @Property(tries = 300)
    void worldWithMetadataLanesAgreesWithTheReferenceModel(@ForAll("sequences") List<WorldOp> ops) {
        ModelRun.check(() -> World.builder().metadataLanes(2).build(), ops);
    }

    /**
     * The same sequences with every component stored in columns (one {@code int[]} per table or
     * sparse set for {@code Val.v}): moves, swap-removes, commands and queries must keep every field,
     * and the in-place writes go through the field accessors and field arrays.
     */
    @Property(tries = 1000)
    void columnarWorldAgreesWithTheReferenceModel(@ForAll("sequences") List<WorldOp> ops) {
        ModelRun.check(() -> {
            World w = World.builder().defaultLayout(ValueLayout.COLUMNAR).build();
            for (Class<?> type : Val.COMPONENTS) {
                if (w.layoutOf(type) != ValueLayout.COLUMNAR) {
                    throw new AssertionError(type + " is not columnar; the property would judge the other layout");
                }
            }
            return w;
        }, ops);
        // The reach of the generator on the paths columnar storage changes: moves, field writes of
        // rows and of chunks (a chunk of an archetype or of sparse sets gathers and stores back).
        boolean moves = ops.stream().anyMatch(o -> o instanceof WorldOp.Insert || o instanceof WorldOp.Remove);
        boolean fieldWrites = ops.stream().anyMatch(o -> o instanceof WorldOp.RunQuery q && q.writes() != 0 && q.writeMode() == 3);
        boolean chunkFieldWrites = ops.stream().anyMatch(o -> o instanceof WorldOp.RunQuery q && q.writes() != 0
                && q.writeMode() == 3 && q.walk() == 2);
        boolean sparse = ops.stream().anyMatch(o -> o instanceof WorldOp.Spawn s && (s.mask() & 0b11000) != 0);
        Statistics.label("archetype moves").collect(moves);
        Statistics.label("field writes").collect(fieldWrites);
        Statistics.label("chunk field writes").collect(chunkFieldWrites);
        Statistics.label("sparse-set components").collect(sparse);
        Statistics.label("archetype moves").coverage(c -> c.check(true).percentage(p -> p > 50));
        Statistics.label("field writes").coverage(c -> c.check(true).percentage(p -> p > 15));
        Statistics.label("chunk field writes").coverage(c -> c.check(true).percentage(p -> p > 4));
        Statistics.label("sparse-set components").coverage(c -> c.check(true).percentage(p -> p > 30));
    }

    @Provide
    Arbitrary<List<WorldOp>> sequences() {
        return WorldOps.sequences();
    }
}
