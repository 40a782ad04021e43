package dev.ecslab.ecs.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.NoSuchEntityException;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.StructuralChangeException;
import dev.ecslab.ecs.world.World;
import java.util.List;
import org.junit.jupiter.api.Test;

class CommandBufferTest {
    record Position(int x) {
    }

    record Health(int hp) {
    }

    static final class Score {
        final int points;

        Score(int points) {
            this.points = points;
        }
    }

    private final World world = new World();

    @Test
    void spawnReservesAnIdThatBecomesAliveWhenApplied() {
        CommandBuffer cmds = world.commands();
        Entity e = cmds.spawn(new Position(1), new Health(2));
        cmds.insert(e, new Health(3));
        assertThat(world.isAlive(e)).isFalse();

        world.apply(cmds);
        assertThat(world.isAlive(e)).isTrue();
        assertThat(world.get(e, Position.class)).contains(new Position(1));
        assertThat(world.get(e, Health.class)).contains(new Health(3));
        assertThat(cmds.isEmpty()).isTrue();
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void buffersApplyInTheOrderTheCallerGives() {
        Entity e = world.spawn(new Position(0));
        CommandBuffer first = world.commands();
        CommandBuffer second = world.commands();
        second.insert(e, new Position(2));
        first.insert(e, new Position(1));

        world.apply(List.of(first, second));
        assertThat(world.get(e, Position.class)).contains(new Position(2));

        first.insert(e, new Position(1));
        second.insert(e, new Position(2));
        world.apply(List.of(second, first));
        assertThat(world.get(e, Position.class)).contains(new Position(1));
    }

    @Test
    void aFailingCommandIsSkippedReportedAndTheRestStillApply() {
        Entity gone = world.spawn(new Position(0));
        world.despawn(gone);
        Entity kept = world.spawn(new Position(0));
        CommandBuffer cmds = new CommandBuffer(WorldInternals.of(world).entities(), "spawner");
        cmds.insert(kept, new Health(1));
        cmds.despawn(gone);
        cmds.insert(kept, new Position(9));
        cmds.insertResource(new Score(4));

        assertThatThrownBy(() -> world.apply(cmds)).isInstanceOf(CommandApplyException.class)
                .hasMessageContaining("1 command(s) failed")
                .hasMessageContaining("spawner #1 (despawn " + gone + ")")
                .satisfies(ex -> {
                    CommandApplyException cae = (CommandApplyException) ex;
                    assertThat(cae.failures()).hasSize(1);
                    assertThat(cae.failures().get(0).cause()).isInstanceOf(NoSuchEntityException.class);
                });
        assertThat(world.get(kept, Health.class)).contains(new Health(1));
        assertThat(world.get(kept, Position.class)).contains(new Position(9));
        assertThat(world.getResourceOrThrow(Score.class).points).isEqualTo(4);
    }

    @Test
    void badArgumentsAreRejectedWhenRecorded() {
        CommandBuffer cmds = world.commands();
        assertThatThrownBy(() -> cmds.spawn(new Position(1), null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("spawn: component 1 of the bundle is null");
        assertThatThrownBy(() -> cmds.insert(new Entity(0, 0), new Health(1), new Health(2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Health more than once");
        assertThat(cmds.isEmpty()).isTrue();
        assertThat(cmds.reservedEntities()).isEmpty();
    }

    @Test
    void discardDespawnsReservedEntitiesAndAppliesNothing() {
        Entity existing = world.spawn(new Position(0));
        CommandBuffer cmds = world.commands();
        Entity reserved = cmds.spawn(new Position(1));
        cmds.despawn(existing);
        world.discard(cmds);

        assertThat(world.isAlive(reserved)).isFalse();
        assertThat(world.isAlive(existing)).isTrue();
        assertThat(world.entityCount()).isEqualTo(1);
        assertThat(cmds.isEmpty()).isTrue();
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void applyingDuringIterationIsRefusedAndKeepsTheCommands() {
        Entity e = world.spawn(new Position(0));
        CommandBuffer cmds = world.commands();
        cmds.despawn(e);
        world.query().build().forEach(row ->
                assertThatThrownBy(() -> world.apply(cmds)).isInstanceOf(StructuralChangeException.class));
        assertThat(cmds.size()).isEqualTo(1);
        world.apply(cmds);
        assertThat(world.isAlive(e)).isFalse();
    }
}
