package dev.ecslab.ecs.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.component.Columnar;
import dev.ecslab.ecs.component.ComponentRegistrationException;
import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.component.ValueLayout;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.TermField;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Columnar components: values split into primitive arrays, and every path that touches them. */
class ColumnarStorageTest {
    @Columnar
    record Pos(float x, float y) {
    }

    @Columnar
    record Vel(float dx, float dy) {
    }

    /** Every primitive type, in one record. */
    @Columnar
    record All(boolean z, byte b, short s, char c, int i, long l, float f, double d) {
    }

    @Columnar
    @ComponentStorage(StorageKind.SPARSE_SET)
    record Heat(int level) {
    }

    record Name(String text) {
    }

    @Columnar
    record Labelled(int id, String label) {
    }

    /** A final class of mutable fields, the other eligible shape. */
    static final class Counter {
        public int n;
        public long total;

        Counter(int n, long total) {
            this.n = n;
            this.total = total;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Counter c && c.n == n && c.total == total;
        }

        @Override
        public int hashCode() {
            return n * 31 + Long.hashCode(total);
        }
    }

    /**
     * A final class whose constructor refuses what its fields may later hold: a columnar copy is built
     * with the no-argument constructor and the fields stored after it, so it is exactly the stored value.
     */
    static final class Guarded {
        public int n;

        Guarded() {
        }

        Guarded(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("negative");
            }
            this.n = n;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Guarded g && g.n == n;
        }

        @Override
        public int hashCode() {
            return n;
        }
    }

    private final World world = new World();

    @Test
    void aClassIsRebuiltWithItsNoArgumentConstructorThenEveryFieldExactly() {
        World columnar = World.builder().component(Guarded.class, StorageKind.TABLE, ValueLayout.COLUMNAR).build();
        Guarded v = new Guarded(3);
        v.n = -7;                                                               // what its constructor would refuse
        Entity e = columnar.spawn(v);
        assertThat(columnar.get(e, Guarded.class).orElseThrow().n).isEqualTo(-7);
    }

    @Test
    void aFactoryWhoseColumnsContradictItsLayoutIsRefusedAtItsFirstColumn() {
        ColumnFactory lying = new ColumnFactory() {
            @Override
            public Column create(dev.ecslab.ecs.component.ComponentInfo component, int laneCount, int capacity) {
                return new ObjectColumn(component, laneCount, capacity);
            }

            @Override
            public ValueLayout layout() {
                return ValueLayout.COLUMNAR;
            }
        };
        World w = World.builder().component(Pos.class, StorageKind.TABLE, lying).build();
        assertThatThrownBy(() -> w.spawn(new Pos(1, 1))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("says its layout is COLUMNAR").hasMessageContaining("stores references");
    }

    @Test
    void valuesRoundTripThroughTheirFieldArraysWithEveryPrimitiveType() {
        All v = new All(true, (byte) -7, (short) 300, 'q', -123456, Long.MIN_VALUE + 3, 1.5f, -2.25e300);
        Entity e = world.spawn(v, new Pos(1, 2));
        assertThat(world.layoutOf(All.class)).isEqualTo(ValueLayout.COLUMNAR);
        assertThat(world.get(e, All.class)).contains(v);
        assertThat(world.get(e, All.class).orElseThrow()).isNotSameAs(v);        // a copy, rebuilt from columns
        Column c = WorldInternals.of(world).storage().columnOf(e.index(), WorldInternals.of(world).components().infoOf(All.class).id());
        assertThat(c).isInstanceOf(ColumnarColumn.class);
        assertThat(((ColumnarColumn) c).layout().fieldNames()).containsExactly("z", "b", "s", "c", "i", "l", "f", "d");
    }

    @Test
    void archetypeMovesSwapRemovesAndGrowthKeepEveryField() {
        List<Entity> es = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            es.add(world.spawn(new Pos(i, -i), new Vel(i * 10, 0)));
        }
        for (int i = 0; i < 100; i += 3) {
            world.insert(es.get(i), new Name("n" + i));          // moves to {Pos, Vel, Name}
        }
        for (int i = 0; i < 100; i += 7) {
            world.remove(es.get(i), Vel.class);                   // moves again, drops Vel
        }
        for (int i = 1; i < 100; i += 11) {
            world.despawn(es.get(i));                             // swap-removes
        }
        for (int i = 0; i < 100; i++) {
            Entity e = es.get(i);
            if (i % 11 == 1) {
                assertThat(world.isAlive(e)).isFalse();
                continue;
            }
            assertThat(world.get(e, Pos.class)).as("entity %d", i).contains(new Pos(i, -i));
            assertThat(world.get(e, Vel.class)).as("entity %d", i).isEqualTo(i % 7 == 0 ? java.util.Optional.empty()
                    : java.util.Optional.of(new Vel(i * 10, 0)));
        }
    }

    @Test
    void sparseSetComponentsCanBeColumnarToo() {
        Entity a = world.spawn(new Pos(0, 0), new Heat(1));
        Entity b = world.spawn(new Pos(1, 1), new Heat(2));
        Entity c = world.spawn(new Pos(2, 2), new Heat(3));
        assertThat(world.remove(a, Heat.class)).contains(new Heat(1));
        assertThat(world.get(b, Heat.class)).contains(new Heat(2));
        assertThat(world.get(c, Heat.class)).contains(new Heat(3));
        QueryBuilder qb = world.query();
        Write<Heat> heat = qb.write(Heat.class);
        TermField level = heat.field("level");
        Query q = qb.build();
        q.forEach(row -> row.setInt(level, row.getInt(level) * 10));
        assertThat(world.get(b, Heat.class)).contains(new Heat(20));
        q.forEachChunk(chunk -> {                                  // an archetype walk: a gathered copy, stored back
            int[] l = chunk.writeInts(level);
            for (int i = 0; i < chunk.size(); i++) {
                l[i] += 1;
            }
        });
        assertThat(world.get(b, Heat.class)).contains(new Heat(21));
        assertThat(world.get(c, Heat.class)).contains(new Heat(31));
    }

    @Test
    void twoHandlesOfOneFieldShareTheGatheredCopyOfAChunk() {
        Entity a = world.spawn(new Pos(0, 0), new Heat(1));
        Entity b = world.spawn(new Pos(0, 0), new Heat(2));
        QueryBuilder qb = world.query();
        Write<Heat> heat = qb.write(Heat.class);
        Query q = qb.build();
        q.forEachChunk(chunk -> {
            for (int i = 0; i < chunk.size(); i++) {
                chunk.writeInts(heat.field("level"))[i] += 100;   // a new handle each time (the model property's find)
            }
        });
        assertThat(world.get(a, Heat.class)).contains(new Heat(101));
        assertThat(world.get(b, Heat.class)).contains(new Heat(102));
    }

    @Test
    void chunkFieldArraysAreTheColumnsOnATableWalkAndMarkWhatTheyWrite() {
        for (String strategy : List.of("generation", "system-data", "flags")) {   // stamped in bulk, or per row
            fieldArraysMarkWhatTheyWrite(World.builder().changeTracking(strategy).build(), strategy);
        }
    }

    private static void fieldArraysMarkWhatTheyWrite(World world, String strategy) {
        List<Entity> movers = new ArrayList<>();
        for (int i = 0; i < 40; i++) {                                          // more than one block of rows
            movers.add(world.spawn(new Pos(i, i), new Vel(0, 0)));
        }
        Entity moving = world.spawn(new Pos(0, 0), new Vel(1, 2));
        movers.add(moving);
        Entity still = world.spawn(new Pos(5, 5));
        QueryBuilder watcher = world.query();
        watcher.read(Pos.class);
        Query changed = watcher.changed(Pos.class).build();
        List<Entity> first = new ArrayList<>();
        changed.forEach(row -> first.add(row.entity()));
        assertThat(first).as(strategy).hasSize(42).contains(moving, still);   // all added since the start
        world.clearTrackers();                                                 // a frame ends

        QueryBuilder qb = world.query();
        Write<Pos> pos = qb.write(Pos.class);
        Read<Vel> vel = qb.read(Vel.class);
        TermField x = pos.field("x");
        TermField y = pos.field("y");
        TermField dx = vel.field("dx");
        TermField dy = vel.field("dy");
        Query move = qb.build();
        move.forEachChunk(chunk -> {
            float[] px = chunk.writeFloats(x);
            float[] py = chunk.writeFloats(y);
            float[] vx = chunk.readFloats(dx);
            float[] vy = chunk.readFloats(dy);
            for (int i = 0, n = chunk.size(); i < n; i++) {
                px[i] += vx[i];
                py[i] += vy[i];
            }
        });
        assertThat(world.get(moving, Pos.class)).contains(new Pos(1, 2));
        assertThat(world.get(still, Pos.class)).contains(new Pos(5, 5));
        List<Entity> second = new ArrayList<>();
        changed.forEach(row -> second.add(row.entity()));
        assertThat(second).as(strategy).containsExactlyInAnyOrderElementsOf(movers);   // every row written, and only those
        world.clearTrackers();
        List<Entity> third = new ArrayList<>();
        changed.forEach(row -> third.add(row.entity()));
        assertThat(third).as(strategy + ", a frame later").isEmpty();

        move.forEach(row -> {                                                  // the per-entity accessors mark too
            if (row.entity().equals(moving)) {
                row.setFloat(x, row.getFloat(x) + 1);
            }
        });
        List<Entity> fourth = new ArrayList<>();
        changed.forEach(row -> fourth.add(row.entity()));
        assertThat(fourth).as(strategy + ", setFloat").containsExactly(moving);
        assertThat(world.get(moving, Pos.class)).contains(new Pos(2, 2));
    }

    @Test
    void inPlaceMutationOfACopyIsRefusedAndModifyStoresBack() {
        Entity e = world.spawn(new Counter(1, 10));
        world.register(Counter.class, StorageKind.TABLE);                     // already registered: agrees
        assertThat(world.layoutOf(Counter.class)).isEqualTo(ValueLayout.REFERENCES);   // not annotated

        World columnar = World.builder().defaultLayout(ValueLayout.COLUMNAR).build();
        Entity c = columnar.spawn(new Counter(1, 10), new Name("kept as references"));
        assertThat(columnar.layoutOf(Counter.class)).isEqualTo(ValueLayout.COLUMNAR);
        assertThat(columnar.layoutOf(Name.class)).isEqualTo(ValueLayout.REFERENCES);   // not eligible: references
        assertThatThrownBy(() -> columnar.getMut(c, Counter.class))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("Counter").hasMessageContaining("copy");
        QueryBuilder qb = columnar.query();
        Write<Counter> counter = qb.write(Counter.class);
        Query q = qb.build();
        assertThatThrownBy(() -> q.forEach(row -> row.getMut(counter).n++)).isInstanceOf(UnsupportedOperationException.class);
        q.forEach(row -> row.modify(counter, v -> {
            v.n++;
            v.total += 5;
        }));
        assertThat(columnar.get(c, Counter.class)).contains(new Counter(2, 15));
        q.forEachChunk(chunk -> chunk.modify(counter, 0, v -> v.n = 40));
        assertThat(columnar.get(c, Counter.class)).contains(new Counter(40, 15));
        assertThat(world.get(e, Counter.class)).contains(new Counter(1, 10));
    }

    @Test
    void aClassThatCannotBeColumnarIsRefusedNamingTheFieldAndTheWorldIsUntouched() {
        Entity before = world.spawn(new Pos(1, 1));
        assertThatThrownBy(() -> world.spawn(new Labelled(1, "a")))
                .isInstanceOf(ComponentRegistrationException.class)
                .hasMessageContaining("Labelled").hasMessageContaining("'label'").hasMessageContaining("java.lang.String");
        assertThat(world.entityCount()).isEqualTo(1);
        assertThat(world.get(before, Pos.class)).contains(new Pos(1, 1));
        WorldInternals.of(world).verifyIntegrity();
        assertThatThrownBy(() -> World.builder().component(Name.class, StorageKind.TABLE, ValueLayout.COLUMNAR))
                .isInstanceOf(ComponentRegistrationException.class).hasMessageContaining("'text'");
        assertThat(ColumnarLayout.whyNot(Object.class)).contains("neither a record nor a final class");
    }

    @Test
    void fieldsAreCheckedByNameTypeAndTerm() {
        world.spawn(new Pos(1, 1));
        world.spawn(new Name("n"));
        QueryBuilder qb = world.query();
        Read<Pos> pos = qb.read(Pos.class);
        Query q = qb.build();
        assertThatThrownBy(() -> pos.field("z")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[x, y]");
        TermField x = pos.field("x");
        assertThatThrownBy(() -> q.forEach(row -> row.getInt(x))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("float field");
        assertThatThrownBy(() -> q.forEach(row -> row.setFloat(x, 3))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("read term");
        assertThatThrownBy(() -> q.forEachChunk(chunk -> chunk.writeFloats(x))).isInstanceOf(IllegalArgumentException.class);
        AtomicReference<Float> seen = new AtomicReference<>();
        q.forEach(row -> seen.set(row.getFloat(x)));
        assertThat(seen.get()).isEqualTo(1f);

        World references = new World();
        references.spawn(new Counter(1, 1));
        QueryBuilder rb = references.query();
        Write<Counter> counter = rb.write(Counter.class);
        TermField n = counter.field("n");                                   // eligible class, but stored as references here
        assertThatThrownBy(() -> rb.build().forEach(row -> row.getInt(n)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("stored as references");
    }
}
