package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.StructuralChangeException;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class QueryChunkTest {
    record Pos(int x) {
    }

    record Vel(int dx) {
    }

    record Extra() {
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    record Tag(int t) {
    }

    private final World world = new World();

    @Test
    void oneChunkPerNonEmptyTableWithEveryMatchingEntity() {
        List<Entity> expected = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            expected.add(world.spawn(new Pos(i), new Vel(1)));
            expected.add(world.spawn(new Pos(i), new Vel(1), new Extra()));
        }
        Entity empty = world.spawn(new Pos(0), new Vel(0), new Extra(), new Tag(0));
        world.despawn(empty);                      // leaves an empty archetype/table behind
        QueryBuilder qb = world.query();
        Write<Pos> pos = qb.write(Pos.class);
        Read<Vel> vel = qb.read(Vel.class);
        Query q = qb.build();
        List<Integer> sizes = new ArrayList<>();
        List<Entity> seen = new ArrayList<>();
        q.forEachChunk(chunk -> {
            sizes.add(chunk.size());
            for (int i = 0; i < chunk.size(); i++) {
                seen.add(chunk.entity(i));
                chunk.set(pos, i, new Pos(chunk.get(pos, i).x() + chunk.get(vel, i).dx()));
            }
        });
        assertThat(sizes).containsExactly(5, 5);
        assertThat(seen).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(world.get(expected.get(0), Pos.class)).contains(new Pos(1));
    }

    @Test
    void archetypeChunksReachSparseTerms() {
        Entity tagged = world.spawn(new Pos(1), new Tag(9));
        world.spawn(new Pos(2));
        QueryBuilder qb = world.query();
        Read<Pos> pos = qb.read(Pos.class);
        Write<Tag> tag = qb.write(Tag.class);
        Query q = qb.build();
        q.forEachChunk(chunk -> {
            assertThat(chunk.size()).isEqualTo(1);
            assertThat(chunk.get(pos, 0)).isEqualTo(new Pos(1));
            assertThat(chunk.setIfChanged(tag, 0, new Tag(9))).isFalse();
            chunk.set(tag, 0, new Tag(10));
        });
        assertThat(world.get(tagged, Tag.class)).contains(new Tag(10));
    }

    @Test
    void indicesPastTheChunkAreRefusedEvenWithinTableCapacity() {
        world.spawn(new Pos(1));
        QueryBuilder qb = world.query();
        Read<Pos> pos = qb.read(Pos.class);
        Query q = qb.build();
        q.forEachChunk(chunk -> assertThatThrownBy(() -> chunk.get(pos, 1))
                .isInstanceOf(IndexOutOfBoundsException.class).hasMessageContaining("chunk of 1"));
    }

    @Test
    void aChunkKeptAfterItsCallbackIsRefusedAndStructuralChangesWaitForTheEnd() {
        Entity e = world.spawn(new Pos(1));
        QueryBuilder qb = world.query();
        Read<Pos> pos = qb.read(Pos.class);
        Query q = qb.build();
        AtomicReference<QueryChunk> leaked = new AtomicReference<>();
        q.forEachChunk(chunk -> {
            leaked.set(chunk);
            assertThatThrownBy(() -> world.despawn(e)).isInstanceOf(StructuralChangeException.class);
        });
        assertThatThrownBy(() -> leaked.get().get(pos, 0)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("outside its callback");
        assertThat(WorldInternals.of(world).isIterating()).isFalse();
        world.despawn(e);
    }
}
