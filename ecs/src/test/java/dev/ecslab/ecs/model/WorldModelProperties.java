package dev.ecslab.ecs.model;

import dev.ecslab.ecs.world.World;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

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
    }

    @Property(tries = 300)
    void worldWithMetadataLanesAgreesWithTheReferenceModel(@ForAll("sequences") List<WorldOp> ops) {
        ModelRun.check(() -> World.builder().metadataLanes(2).build(), ops);
    }

    @Provide
    Arbitrary<List<WorldOp>> sequences() {
        return WorldOps.sequences();
    }
}
