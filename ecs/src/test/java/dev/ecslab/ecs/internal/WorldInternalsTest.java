package dev.ecslab.ecs.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.world.StructuralChangeException;
import dev.ecslab.ecs.world.World;
import org.junit.jupiter.api.Test;

class WorldInternalsTest {
    record Position(int x) {
    }

    @Test
    void eachWorldHasOneSetOfInternalsThatSeesItsData() {
        World world = new World();
        World other = new World();
        Entity e = world.spawn(new Position(3));

        WorldInternals internals = WorldInternals.of(world);

        assertThat(WorldInternals.of(world)).isSameAs(internals);
        assertThat(WorldInternals.of(other)).isNotSameAs(internals);
        assertThat(internals.entities().isAlive(e)).isTrue();
        assertThat(internals.components().find(Position.class)).isPresent();
        assertThat(WorldInternals.of(other).components().find(Position.class)).isEmpty();
        internals.verifyIntegrity();
    }

    @Test
    void theClockAndTheIterationGuardAreTheWorldsOwn() {
        World world = new World();
        world.spawn(new Position(1));
        WorldInternals internals = WorldInternals.of(world);
        int before = internals.changeTick();

        assertThat(internals.nextChangeTick()).isEqualTo(before + 1);
        internals.advanceChangeTick(10);
        assertThat(internals.changeTick()).isEqualTo(before + 11);

        var q = world.query();
        q.read(Position.class);
        var query = q.build();
        query.forEach(row -> {
            assertThat(internals.isIterating()).isTrue();
            assertThatThrownBy(() -> world.spawn(new Position(2))).isInstanceOf(StructuralChangeException.class);
        });
        assertThat(internals.isIterating()).isFalse();
    }

    @Test
    void onlyTheWorldInstallsTheInternals() {
        new World();
        assertThatThrownBy(() -> WorldInternals.install(w -> null)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("once");
    }
}
