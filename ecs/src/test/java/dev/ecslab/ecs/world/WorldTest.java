package dev.ecslab.ecs.world;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.component.ComponentRegistrationException;
import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.entity.NoSuchEntityException;
import dev.ecslab.ecs.internal.WorldInternals;
import org.junit.jupiter.api.Test;

class WorldTest {
    record Position(int x) {
    }

    record Health(int hp) {
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    record Stunned() {
    }

    static final class Score {
        int points;
    }

    private final World world = new World();

    @Test
    void staleIdsFailWithAClearErrorOnEveryMutation() {
        Entity e = world.spawn(new Position(1));
        world.despawn(e);
        Entity reused = world.spawn(new Position(2));
        assertThat(reused.index()).isEqualTo(e.index());

        assertThatThrownBy(() -> world.despawn(e)).isInstanceOf(NoSuchEntityException.class)
                .hasMessageContaining("despawn").hasMessageContaining(e.toString()).hasMessageContaining("despawned");
        assertThatThrownBy(() -> world.insert(e, new Health(1))).isInstanceOf(NoSuchEntityException.class)
                .hasMessageContaining("insert");
        assertThatThrownBy(() -> world.remove(e, Position.class)).isInstanceOf(NoSuchEntityException.class)
                .hasMessageContaining("remove WorldTest.Position");
        assertThat(world.get(reused, Position.class)).contains(new Position(2));
        assertThat(world.has(reused, Health.class)).isFalse();
    }

    @Test
    void lookupsOnStaleIdsAnswerEmpty() {
        Entity e = world.spawn(new Position(1));
        world.despawn(e);
        world.spawn(new Position(2));
        assertThat(world.get(e, Position.class)).isEmpty();
        assertThat(world.getMut(e, Position.class)).isEmpty();
        assertThat(world.has(e, Position.class)).isFalse();
        assertThat(world.isAlive(e)).isFalse();
        assertThat(world.componentsOf(e)).isEmpty();
    }

    @Test
    void badBundlesAreRefusedBeforeAnythingChanges() {
        Entity e = world.spawn(new Position(1));
        assertThatThrownBy(() -> world.spawn(new Position(1), null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("component 1 of the bundle is null");
        assertThatThrownBy(() -> world.spawn(new Position(1), new Position(2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("WorldTest.Position more than once");
        assertThatThrownBy(() -> world.insert(e, new Health(1), new Health(2)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("WorldTest.Health more than once");
        assertThat(world.entityCount()).isEqualTo(1);
        assertThat(world.componentsOf(e)).hasSize(1);
    }

    @Test
    void insertReplacesAndAddsWithOneCallRemoveReturnsTheValue() {
        Entity e = world.spawn(new Position(1));
        world.insert(e, new Position(5), new Health(3), new Stunned());
        assertThat(world.get(e, Position.class)).contains(new Position(5));
        assertThat(world.get(e, Health.class)).contains(new Health(3));
        assertThat(world.has(e, Stunned.class)).isTrue();
        assertThat(world.remove(e, Stunned.class)).contains(new Stunned());
        assertThat(world.remove(e, Stunned.class)).isEmpty();
        assertThat(world.remove(e, Score.class)).as("never-registered type").isEmpty();
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void registrationWithAnotherStorageKindIsAnError() {
        world.register(Health.class, StorageKind.TABLE);
        assertThatThrownBy(() -> world.register(Health.class, StorageKind.SPARSE_SET))
                .isInstanceOf(ComponentRegistrationException.class)
                .hasMessageContaining("WorldTest.Health").hasMessageContaining("TABLE").hasMessageContaining("SPARSE_SET");
        assertThat(world.register(Stunned.class, StorageKind.SPARSE_SET).storage()).isEqualTo(StorageKind.SPARSE_SET);
    }

    @Test
    void resourcesInsertGetMutateRemove() {
        assertThat(world.getResource(Score.class)).isEmpty();
        assertThatThrownBy(() -> world.getResourceOrThrow(Score.class)).isInstanceOf(NoSuchResourceException.class)
                .hasMessageContaining("WorldTest.Score");
        Score s = new Score();
        world.insertResource(s);
        world.getResourceMutOrThrow(Score.class).points += 5;
        assertThat(world.getResourceOrThrow(Score.class).points).isEqualTo(5);
        Score replacement = new Score();
        world.insertResource(replacement);
        assertThat(world.getResourceOrThrow(Score.class)).isSameAs(replacement);
        assertThat(world.removeResource(Score.class)).containsSame(replacement);
        assertThat(world.hasResource(Score.class)).isFalse();
        assertThat(world.removeResource(Score.class)).isEmpty();
    }

    @Test
    void spawnsReusePreparedLayoutsForManyBundleShapes() {
        for (int i = 0; i < 50; i++) {
            world.spawn(new Position(i));
            world.spawn(new Position(i), new Health(i));
            world.spawn(new Health(i), new Position(i));      // same archetype, other order
            world.spawn(new Stunned(), new Health(i));
        }
        assertThat(world.entityCount()).isEqualTo(200);
        WorldInternals.of(world).verifyIntegrity();
    }
}
