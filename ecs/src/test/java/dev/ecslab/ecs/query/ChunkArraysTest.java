package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * {@link QueryChunk#readArray} and {@link QueryChunk#writeArray}: the column's own array on a table
 * walk, a gathered copy elsewhere; a write array marks every row of its chunk and nothing else, under
 * every built-in strategy that tracks; a read array marks nothing.
 */
class ChunkArraysTest {
    static final class Pos {
        int x;

        Pos(int x) {
            this.x = x;
        }
    }

    record Vel(int dx) {
    }

    record Other() {
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    static final class Tag {
        int t;

        Tag(int t) {
            this.t = t;
        }
    }

    /**
     * Strategies that report a write in the frame it was made, each way of marking: a lane fill
     * ({@code generation}), a flag per row ({@code flags}), a tracker call per row ({@code system-data}).
     * (The frame-delayed strategies report a frame later, and {@code none} reports everything.)
     */
    private static final List<String> TRACKING = List.of("generation", "flags", "system-data");

    @Test
    void onATableWalkTheArraysAreTheColumnsTypedAsTheComponent() {
        World world = new World();
        List<Entity> es = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            es.add(world.spawn(new Pos(i), new Vel(i % 3)));
        }
        QueryBuilder qb = world.query();
        Write<Pos> pos = qb.write(Pos.class);
        Read<Vel> vel = qb.read(Vel.class);
        Query move = qb.build();
        List<Integer> sizes = new ArrayList<>();
        move.forEachChunk(chunk -> {
            Pos[] p = chunk.writeArray(pos);
            Vel[] v = chunk.readArray(vel);
            assertThat(chunk.readArray(pos)).isSameAs(p);                        // the same array, asked twice
            for (int i = 0, n = chunk.size(); i < n; i++) {
                assertThat(p[i]).isSameAs(chunk.get(pos, i));                     // the stored objects themselves
                p[i].x += v[i].dx();
            }
            sizes.add(chunk.size());
        });
        assertThat(sizes).containsExactly(30);
        for (int i = 0; i < 30; i++) {
            assertThat(world.get(es.get(i), Pos.class).orElseThrow().x).isEqualTo(i + i % 3);
        }
    }

    @Test
    void aWriteArrayMarksEveryRowOfItsChunksAndAReadArrayNone() {
        for (String strategy : TRACKING) {
            marksEveryRowOfTheChunk(World.builder().changeTracking(strategy).build(), strategy);
        }
    }

    private static void marksEveryRowOfTheChunk(World world, String strategy) {
        List<Entity> movers = new ArrayList<>();
        for (int i = 0; i < 40; i++) {                                          // more than one block of rows
            movers.add(world.spawn(new Pos(i), new Vel(1)));
        }
        Entity still = world.spawn(new Pos(5));
        Entity tagged = world.spawn(new Pos(7), new Vel(1), new Other());        // a second table
        movers.add(tagged);
        Query changed = world.query().changed(Pos.class).build();
        changed.forEach(row -> { });
        world.clearTrackers();                                                 // a frame ends

        QueryBuilder qb = world.query();
        Write<Pos> pos = qb.write(Pos.class);
        Read<Vel> vel = qb.read(Vel.class);
        Query move = qb.build();
        move.forEachChunk(chunk -> chunk.readArray(pos));                       // reading marks nothing
        assertThat(reported(changed)).as(strategy + ", read arrays").isEmpty();

        move.forEachChunk(chunk -> {
            Pos[] p = chunk.writeArray(pos);
            Vel[] v = chunk.readArray(vel);
            for (int i = 0, n = chunk.size(); i < n; i++) {
                p[i].x += v[i].dx();
            }
        });
        assertThat(reported(changed)).as(strategy + ", write arrays").containsExactlyInAnyOrderElementsOf(movers);
        assertThat(world.get(still, Pos.class).orElseThrow().x).isEqualTo(5);
        assertThat(world.get(tagged, Pos.class).orElseThrow().x).isEqualTo(8);
        world.clearTrackers();
        assertThat(reported(changed)).as(strategy + ", a frame later").isEmpty();
    }

    private static List<Entity> reported(Query changed) {
        List<Entity> out = new ArrayList<>();
        changed.forEach(row -> out.add(row.entity()));
        return out;
    }

    @Test
    void aSparseComponentIsGatheredMutatedInPlaceAndReplacedElementsAreStoredBack() {
        World world = new World();
        Entity a = world.spawn(new Pos(1), new Tag(10));
        Entity b = world.spawn(new Pos(2), new Tag(20));
        world.spawn(new Pos(3));
        Query changed = world.query().changed(Tag.class).build();
        changed.forEach(row -> { });
        world.clearTrackers();

        QueryBuilder qb = world.query();
        Read<Pos> pos = qb.read(Pos.class);
        Write<Tag> tag = qb.write(Tag.class);
        Query q = qb.build();
        q.forEachChunk(chunk -> {
            Pos[] p = chunk.readArray(pos);                                     // an archetype of a shared table: gathered
            Tag[] t = chunk.writeArray(tag);
            assertThat(chunk.size()).isEqualTo(2);
            for (int i = 0; i < chunk.size(); i++) {
                if (p[i].x == 1) {
                    t[i].t += 1;                                                // in place
                } else {
                    t[i] = new Tag(99);                                         // replaced: stored back at the end
                }
            }
        });
        assertThat(world.get(a, Tag.class).orElseThrow().t).isEqualTo(11);
        assertThat(world.get(b, Tag.class).orElseThrow().t).isEqualTo(99);
        assertThat(reported(changed)).containsExactlyInAnyOrder(a, b);
    }

    @Test
    void aBadElementInAGatheredWriteArrayIsRefusedAndTheStoredValueKept() {
        World world = new World();
        Entity a = world.spawn(new Pos(1), new Tag(10));
        Entity b = world.spawn(new Pos(2), new Tag(20));
        QueryBuilder qb = world.query();
        Read<Pos> pos = qb.read(Pos.class);
        Write<Tag> tag = qb.write(Tag.class);
        Query q = qb.build();
        assertThatThrownBy(() -> q.forEachChunk(chunk -> {
            Tag[] t = chunk.writeArray(tag);
            Pos[] p = chunk.readArray(pos);
            for (int i = 0; i < chunk.size(); i++) {
                if (p[i].x == 1) {
                    t[i] = null;
                } else {
                    t[i] = new Tag(21);
                }
            }
        })).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("write array of")
                .hasMessageContaining("replaced by null")
                .hasMessageContaining("the stored value is kept");
        assertThat(world.get(a, Tag.class).orElseThrow().t).isEqualTo(10);
        assertThat(world.get(b, Tag.class).orElseThrow().t).isEqualTo(21);            // the good one is stored
        WorldInternals.of(world).verifyIntegrity();
    }

    @Test
    void changeFilteredChunksGatherOnlyTheirRowsAndMarkOnlyThem() {
        World world = new World();
        List<Entity> es = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            es.add(world.spawn(new Pos(i), new Vel(1)));
        }
        QueryBuilder qb = world.query();
        Write<Vel> vel = qb.write(Vel.class);
        Read<Pos> pos = qb.read(Pos.class);
        qb.changed(Pos.class);
        Query q = qb.build();
        Query velChanged = world.query().changed(Vel.class).build();
        q.forEach(row -> { });                                                  // both have seen the spawns
        velChanged.forEach(row -> { });
        world.clearTrackers();
        world.getMut(es.get(3), Pos.class);                                     // two rows changed this frame
        world.getMut(es.get(17), Pos.class);

        List<Integer> seen = new ArrayList<>();
        q.forEachChunk(chunk -> {
            Pos[] p = chunk.readArray(pos);
            Vel[] v = chunk.writeArray(vel);
            for (int i = 0; i < chunk.size(); i++) {
                seen.add(p[i].x);
                v[i] = new Vel(v[i].dx() + 1);                                  // a record: replaced, stored back
            }
        });
        assertThat(seen).containsExactlyInAnyOrder(3, 17);
        assertThat(world.get(es.get(3), Vel.class)).contains(new Vel(2));
        assertThat(world.get(es.get(4), Vel.class)).contains(new Vel(1));
        assertThat(reported(velChanged)).containsExactlyInAnyOrder(es.get(3), es.get(17));
    }

    @Test
    void aColumnarComponentReadsAsCopiesAndRefusesAWriteArray() {
        World world = World.builder().component(Vel.class, StorageKind.TABLE, ValueLayout.COLUMNAR).build();
        Entity e = world.spawn(new Pos(1), new Vel(4));
        QueryBuilder qb = world.query();
        Write<Vel> vel = qb.write(Vel.class);
        Query q = qb.build();
        q.forEachChunk(chunk -> {
            Vel[] v = chunk.readArray(vel);
            assertThat(v[0]).isEqualTo(new Vel(4));
            assertThatThrownBy(() -> chunk.writeArray(vel)).isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining("Vel");
        });
        assertThat(world.get(e, Vel.class)).contains(new Vel(4));
    }

    @Test
    void arraysAreRefusedOutsideTheirCallbackAndForAnotherQuerysTerms() {
        World world = new World();
        world.spawn(new Pos(1));
        QueryBuilder qb = world.query();
        Write<Pos> pos = qb.write(Pos.class);
        Query q = qb.build();
        QueryBuilder other = world.query();
        Write<Pos> foreign = other.write(Pos.class);
        other.build();
        AtomicReference<QueryChunk> kept = new AtomicReference<>();
        q.forEachChunk(chunk -> {
            kept.set(chunk);
            assertThatThrownBy(() -> chunk.readArray(foreign)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("another query");
        });
        assertThatThrownBy(() -> kept.get().writeArray(pos)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("outside its callback");
    }
}
