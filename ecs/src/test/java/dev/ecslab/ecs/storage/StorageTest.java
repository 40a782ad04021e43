package dev.ecslab.ecs.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.World;
import org.junit.jupiter.api.Test;

class StorageTest {
    record Pos(int x) {
    }

    record Vel(int dx) {
    }

    record Health(int hp) {
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    record Marker(int tag) {
    }

    private final World world = World.builder().changeTracking("none").metadataLanes(2).build();
    private final Storage storage = WorldInternals.of(world).storage();

    private int id(Class<?> type) {
        return WorldInternals.of(world).components().infoOf(type).id();
    }

    private void setLanes(Entity e, Class<?> type, int a, int b) {
        Column c = storage.columnOf(e.index(), id(type));
        int row = storage.rowOf(e.index(), id(type));
        c.setLane(0, row, a);
        c.setLane(1, row, b);
    }

    private int[] lanes(Entity e, Class<?> type) {
        Column c = storage.columnOf(e.index(), id(type));
        int row = storage.rowOf(e.index(), id(type));
        return new int[] {c.lane(0, row), c.lane(1, row)};
    }

    @Test
    void tableMoveKeepsOtherComponentsAndTheirMetadataLanes() {
        Entity other = world.spawn(new Pos(0), new Vel(0));
        Entity e = world.spawn(new Pos(1), new Vel(2));
        setLanes(e, Pos.class, 11, 12);
        setLanes(e, Vel.class, 21, 22);
        setLanes(other, Pos.class, 99, 98);

        world.insert(e, new Health(3));                      // moves to table {Pos, Vel, Health}
        assertThat(lanes(e, Pos.class)).containsExactly(11, 12);
        assertThat(lanes(e, Vel.class)).containsExactly(21, 22);
        assertThat(lanes(e, Health.class)).containsExactly(0, 0);

        world.remove(e, Vel.class);                          // moves to table {Pos, Health}
        assertThat(lanes(e, Pos.class)).containsExactly(11, 12);
        assertThat(world.get(e, Pos.class)).contains(new Pos(1));
        assertThat(world.get(e, Health.class)).contains(new Health(3));
        assertThat(lanes(other, Pos.class)).containsExactly(99, 98);
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void replacingAComponentKeepsItsLanesAndAddingOneStartsAtZero() {
        Entity e = world.spawn(new Pos(1));
        setLanes(e, Pos.class, 5, 6);
        world.insert(e, new Pos(2));
        assertThat(lanes(e, Pos.class)).containsExactly(5, 6);
        assertThat(world.get(e, Pos.class)).contains(new Pos(2));
    }

    @Test
    void sparseComponentChangesArchetypeButNotTableRow() {
        Entity e = world.spawn(new Pos(1), new Vel(2));
        int tableBefore = storage.archetype(WorldInternals.of(world).entities().archetypeId(e.index())).table().id();
        int rowBefore = WorldInternals.of(world).entities().tableRow(e.index());
        setLanes(e, Pos.class, 7, 8);

        world.insert(e, new Marker(4));
        Archetype after = storage.archetype(WorldInternals.of(world).entities().archetypeId(e.index()));
        assertThat(after.table().id()).isEqualTo(tableBefore);
        assertThat(WorldInternals.of(world).entities().tableRow(e.index())).isEqualTo(rowBefore);
        assertThat(after.sparseComponentIds()).containsExactly(id(Marker.class));
        setLanes(e, Marker.class, 1, 2);

        world.insert(e, new Health(1));                      // table move with a sparse member
        assertThat(lanes(e, Marker.class)).containsExactly(1, 2);
        assertThat(lanes(e, Pos.class)).containsExactly(7, 8);
        assertThat(world.get(e, Marker.class)).contains(new Marker(4));
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void addAndRemoveEdgesAreCachedBothWays() {
        Archetype empty = storage.emptyArchetype();
        Archetype withPos = storage.withComponent(empty, id(Pos.class));
        int archetypes = storage.archetypeCount();

        assertThat(storage.withComponent(empty, id(Pos.class))).isSameAs(withPos);
        assertThat(empty.addEdge(id(Pos.class))).isEqualTo(withPos.id());
        assertThat(withPos.removeEdge(id(Pos.class))).isEqualTo(empty.id());
        assertThat(storage.withoutComponent(withPos, id(Pos.class))).isSameAs(empty);
        assertThat(storage.archetypeCount()).isEqualTo(archetypes);
    }

    @Test
    void archetypesDifferingOnlyInSparseComponentsShareATable() {
        Archetype plain = storage.archetypeFor(new int[] {id(Pos.class)});
        Archetype marked = storage.withComponent(plain, id(Marker.class));
        assertThat(marked).isNotSameAs(plain);
        assertThat(marked.table()).isSameAs(plain.table());
    }

    @Test
    void despawnSwapRemovesAndRepointsTheMovedEntity() {
        Entity a = world.spawn(new Pos(1), new Marker(1));
        Entity b = world.spawn(new Pos(2), new Marker(2));
        Entity c = world.spawn(new Pos(3), new Marker(3));
        world.despawn(a);
        assertThat(world.get(c, Pos.class)).contains(new Pos(3));
        assertThat(world.get(c, Marker.class)).contains(new Marker(3));
        assertThat(world.get(b, Marker.class)).contains(new Marker(2));
        assertThat(storage.sparseSet(id(Marker.class)).size()).isEqualTo(2);
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void sparseSetKeepsDenseArraysPacked() {
        SparseSet set = storage.sparseSet(id(Marker.class));
        set.insert(10, new Marker(10));
        set.insert(3, new Marker(3));
        set.insert(7, new Marker(7));
        assertThat(set.remove(10)).isEqualTo(new Marker(10));
        assertThat(set.size()).isEqualTo(2);
        assertThat(set.contains(10)).isFalse();
        assertThat(set.get(7)).isEqualTo(new Marker(7));
        assertThat(set.entityAt(set.denseIndex(7))).isEqualTo(7);
        assertThat(set.remove(10)).isNull();
        set.insert(3, new Marker(33));
        assertThat(set.size()).isEqualTo(2);
        assertThat(set.get(3)).isEqualTo(new Marker(33));
    }

    @Test
    void columnLayoutCannotChangeOnceColumnsExist() {
        world.spawn(new Pos(1));
        assertThatThrownBy(() -> world.register(Pos.class, StorageKind.TABLE, ObjectColumn::new))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Pos")
                .hasMessageContaining("already has columns");
    }

    @Test
    void tablesGrowAndKeepValuesAcrossManyRows() {
        Entity[] es = new Entity[10_000];
        for (int i = 0; i < es.length; i++) {
            es[i] = world.spawn(new Pos(i), new Vel(-i));
        }
        for (int i = 0; i < es.length; i += 3) {
            world.despawn(es[i]);
        }
        for (int i = 1; i < es.length; i += 3) {
            assertThat(world.get(es[i], Pos.class)).contains(new Pos(i));
            assertThat(world.get(es[i], Vel.class)).contains(new Vel(-i));
        }
        WorldInternals.of(world).verifyIntegrity();
    }
}
