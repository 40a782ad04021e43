package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.StructuralChangeException;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class QueryTest {
    static final class Position {
        float x;

        Position(float x) {
            this.x = x;
        }
    }

    record Velocity(float dx) {
    }

    record Frozen() {
    }

    record Name(String value) {
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    record Tag(int v) {
    }

    private final World world = new World();

    @Test
    void filtersSelectTheRightEntities() {
        Entity moving = world.spawn(new Position(0), new Velocity(1));
        Entity frozen = world.spawn(new Position(0), new Velocity(1), new Frozen());
        world.spawn(new Position(0));

        QueryBuilder qb = world.query();
        Read<Velocity> vel = qb.read(Velocity.class);
        Write<Position> pos = qb.write(Position.class);
        Query q = qb.filter(Filter.without(Frozen.class)).build();
        q.forEach(row -> row.getMut(pos).x += row.get(vel).dx());

        assertThat(world.get(moving, Position.class).orElseThrow().x).isEqualTo(1f);
        assertThat(world.get(frozen, Position.class).orElseThrow().x).isEqualTo(0f);
        assertThat(q.entities()).containsExactly(moving);
        assertThat(q.walksTables()).isTrue();
    }

    @Test
    void sparseAndTableTermsMixInOneQuery() {
        Entity a = world.spawn(new Position(1), new Tag(7));
        world.spawn(new Position(2));
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        Read<Tag> tag = qb.read(Tag.class);
        Query q = qb.build();
        List<String> seen = new ArrayList<>();
        q.forEach(row -> seen.add(row.entity() + ":" + row.get(pos).x + ":" + row.get(tag).v()));
        assertThat(seen).containsExactly(a + ":1.0:7");
        assertThat(q.walksTables()).isFalse();
    }

    @Test
    void cachedMatchesPickUpArchetypesCreatedLater() {
        QueryBuilder qb = world.query();
        qb.read(Position.class);
        Query q = qb.build();
        assertThat(q.count()).isZero();
        world.spawn(new Position(1));
        world.spawn(new Position(1), new Name("n"));
        world.spawn(new Name("only"));
        assertThat(q.count()).isEqualTo(2);
        assertThat(q.entities()).hasSize(2);
    }

    @Test
    void writingTheSameComponentTwiceIsRejectedByName() {
        QueryBuilder qb = world.query();
        qb.write(Position.class);
        qb.write(Position.class);
        assertThatThrownBy(qb::build).isInstanceOf(QueryDefinitionException.class)
                .hasMessageContaining("writes QueryTest.Position twice");
    }

    @Test
    void readingAndWritingTheSameComponentIsRejectedByName() {
        QueryBuilder qb = world.query();
        qb.read(Velocity.class);
        qb.write(Velocity.class);
        assertThatThrownBy(qb::build).isInstanceOf(QueryDefinitionException.class)
                .hasMessageContaining("reads and writes QueryTest.Velocity");
    }

    @Test
    void aQueryThatCanNeverMatchIsRejected() {
        QueryBuilder qb = world.query();
        qb.read(Position.class);
        qb.filter(Filter.without(Position.class));
        assertThatThrownBy(qb::build).isInstanceOf(QueryDefinitionException.class)
                .hasMessageContaining("can never match")
                .hasMessageContaining("Without<QueryTest.Position>");
    }

    @Test
    void aBuilderBuildsOnce() {
        QueryBuilder qb = world.query();
        qb.build();
        assertThatThrownBy(() -> qb.read(Position.class)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aTermOfAnotherQueryIsRejected() {
        world.spawn(new Position(1));
        QueryBuilder first = world.query();
        Read<Position> foreign = first.read(Position.class);
        first.build();
        QueryBuilder second = world.query();
        second.read(Position.class);
        Query q = second.build();
        assertThatThrownBy(() -> q.forEach(row -> row.get(foreign)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("belongs to another query");
        assertThat(WorldInternals.of(world).isIterating()).isFalse();
    }

    @Test
    void aRowKeptAfterItsIterationIsRefused() {
        world.spawn(new Position(1));
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        Query q = qb.build();
        AtomicReference<QueryRow> leaked = new AtomicReference<>();
        q.forEach(leaked::set);
        assertThatThrownBy(() -> leaked.get().get(pos)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("outside its iteration");
    }

    @Test
    void writeHandleChecksTheValueType() {
        world.spawn(new Velocity(1));
        QueryBuilder qb = world.query();
        Write<Velocity> vel = qb.write(Velocity.class);
        Query q = qb.build();
        @SuppressWarnings({"unchecked", "rawtypes"})
        Write<Object> raw = (Write) vel;
        assertThatThrownBy(() -> q.forEach(row -> row.set(raw, "not a velocity")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Write<QueryTest.Velocity>").hasMessageContaining("java.lang.String");
        assertThatThrownBy(() -> q.forEach(row -> row.set(vel, null)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("null");
    }

    @Test
    void setIfChangedWritesOnlyDifferentValues() {
        Entity e = world.spawn(new Velocity(1));
        QueryBuilder qb = world.query();
        Write<Velocity> vel = qb.write(Velocity.class);
        Query q = qb.build();
        List<Boolean> results = new ArrayList<>();
        q.forEach(row -> results.add(row.setIfChanged(vel, new Velocity(1))));
        q.forEach(row -> results.add(row.setIfChanged(vel, new Velocity(2))));
        assertThat(results).containsExactly(false, true);
        assertThat(world.get(e, Velocity.class)).contains(new Velocity(2));
    }

    @Test
    void updateAndModifyWriteThrough() {
        Entity e = world.spawn(new Position(1), new Velocity(1));
        QueryBuilder qb = world.query();
        Write<Position> pos = qb.write(Position.class);
        Write<Velocity> vel = qb.write(Velocity.class);
        Query q = qb.build();
        q.forEach(row -> {
            row.modify(pos, p -> p.x = 5);
            row.update(vel, v -> new Velocity(v.dx() + 1));
        });
        assertThat(world.get(e, Position.class).orElseThrow().x).isEqualTo(5f);
        assertThat(world.get(e, Velocity.class)).contains(new Velocity(2));
    }

    @Test
    void structuralChangesDuringIterationAreRefusedAndChangeNothing() {
        Entity e = world.spawn(new Position(1));
        QueryBuilder qb = world.query();
        qb.read(Position.class);
        Query q = qb.build();
        q.forEach(row -> {
            assertThatThrownBy(() -> world.spawn(new Position(2))).isInstanceOf(StructuralChangeException.class)
                    .hasMessageContaining("spawn refused").hasMessageContaining("Query[Read<QueryTest.Position>]");
            assertThatThrownBy(() -> world.despawn(e)).isInstanceOf(StructuralChangeException.class);
            assertThatThrownBy(() -> world.insert(e, new Name("x"))).isInstanceOf(StructuralChangeException.class);
            assertThatThrownBy(() -> world.remove(e, Position.class)).isInstanceOf(StructuralChangeException.class);
        });
        assertThat(world.entityCount()).isEqualTo(1);
        assertThat(world.componentsOf(e)).hasSize(1);
        world.despawn(e);   // allowed again once the iteration ended
    }

    @Test
    void cursorClosedEarlyReleasesTheWorld() {
        for (int i = 0; i < 5; i++) {
            world.spawn(new Position(i));
        }
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        Query q = qb.build();
        float first;
        try (QueryIter it = q.iter()) {
            assertThat(it.next()).isTrue();
            first = it.get(pos).x;
            assertThat(WorldInternals.of(world).isIterating()).isTrue();
        }
        assertThat(first).isEqualTo(0f);
        assertThat(WorldInternals.of(world).isIterating()).isFalse();

        int n = 0;
        QueryIter it = q.iter();
        while (it.next()) {
            n++;
        }
        assertThat(n).isEqualTo(5);
        assertThat(WorldInternals.of(world).isIterating()).as("exhausting the cursor closes it").isFalse();
        assertThat(it.next()).isFalse();
    }

    @Test
    void theSameQueryCanBeIteratedInsideItself() {
        world.spawn(new Position(1));
        world.spawn(new Position(2));
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        Query q = qb.build();
        List<Float> pairs = new ArrayList<>();
        q.forEach(outer -> {
            float x = outer.get(pos).x;
            q.forEach(inner -> pairs.add(x * 10 + inner.get(pos).x));
        });
        assertThat(pairs).containsExactlyInAnyOrder(11f, 12f, 21f, 22f);
        assertThat(WorldInternals.of(world).isIterating()).isFalse();
    }

    @Test
    void lookupsTreatStaleIdsAsNotMatching() {
        Entity e = world.spawn(new Position(1));
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        EntityTerm id = qb.entity();
        Query q = qb.build();
        assertThat(q.contains(e)).isTrue();
        List<Entity> seen = new ArrayList<>();
        assertThat(q.forEntity(e, row -> seen.add(row.get(id)))).isTrue();
        assertThat(seen).containsExactly(e);
        world.despawn(e);
        Entity reused = world.spawn(new Position(2));
        assertThat(reused.index()).isEqualTo(e.index());
        assertThat(q.contains(e)).isFalse();
        assertThat(q.forEntity(e, row -> row.get(pos))).isFalse();
    }

    /**
     * A cursor remembers the archetype its last lookup entered and skips the column search when the
     * next lookup enters the same one. A table walk in between moves the columns to the last table
     * it walked, so the next lookup must search again; and a lookup into another archetype must not
     * reuse the last one's columns.
     */
    @Test
    void aLookupAfterAWalkOrAnotherArchetypeUsesItsOwnArchetypesColumns() {
        Entity a = world.spawn(new Position(1));
        Entity b = world.spawn(new Position(2), new Velocity(0));
        Entity c = world.spawn(new Position(3), new Name("c"));
        QueryBuilder qb = world.query();
        Write<Position> pos = qb.write(Position.class);
        Query q = qb.build();
        List<Float> seen = new ArrayList<>();
        assertThat(q.forEntity(a, row -> seen.add(row.get(pos).x))).isTrue();
        q.forEach(row -> row.getMut(pos).x += 10);                  // ends on the last table
        assertThat(q.forEntity(a, row -> seen.add(row.get(pos).x))).isTrue();
        assertThat(q.forEntity(b, row -> seen.add(row.get(pos).x))).isTrue();
        assertThat(q.forEntity(c, row -> seen.add(row.get(pos).x))).isTrue();
        assertThat(q.forEntity(a, row -> row.getMut(pos).x += 100)).isTrue();
        assertThat(seen).containsExactly(1f, 11f, 12f, 13f);
        assertThat(world.get(a, Position.class).orElseThrow().x).isEqualTo(111f);
        assertThat(world.get(b, Position.class).orElseThrow().x).isEqualTo(12f);
        assertThat(world.get(c, Position.class).orElseThrow().x).isEqualTo(13f);
    }

    /** The same with a sparse term: the query walks archetypes, whose sparse sets are shared. */
    @Test
    void lookupsAlternatingBetweenArchetypesWithASparseTermReadEachOwnRow() {
        Entity a = world.spawn(new Position(1), new Tag(10));
        Entity b = world.spawn(new Position(2), new Tag(20), new Velocity(0));
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        Read<Tag> tag = qb.read(Tag.class);
        Query q = qb.build();
        assertThat(q.walksTables()).isFalse();
        List<String> seen = new ArrayList<>();
        for (Entity e : List.of(a, b, b, a)) {
            q.forEntity(e, row -> seen.add(row.get(pos).x + ":" + row.get(tag).v()));
        }
        List<String> walked = new ArrayList<>();
        q.forEach(row -> walked.add(row.get(pos).x + ":" + row.get(tag).v()));
        q.forEntity(a, row -> seen.add(row.get(pos).x + ":" + row.get(tag).v()));
        assertThat(seen).containsExactly("1.0:10", "2.0:20", "2.0:20", "1.0:10", "1.0:10");
        assertThat(walked).containsExactlyInAnyOrder("1.0:10", "2.0:20");
    }

    /**
     * A walk nested in a lookup of the same query gets a cursor of its own: the kept cursor is
     * taken, not shared, and an inner walk gives back only its own cursor, so the outer row still
     * points at its entity after two inner walks.
     */
    @Test
    void aWalkNestedInALookupOfTheSameQueryLeavesTheOuterRowAlone() {
        Entity a = world.spawn(new Position(1));
        world.spawn(new Position(2), new Velocity(0));
        world.spawn(new Position(3));
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        Query q = qb.build();
        q.forEach(row -> { });                                        // leaves a spare cursor
        List<String> seen = new ArrayList<>();
        q.forEntity(a, row -> {
            float[] sum = {0};
            q.forEach(inner -> sum[0] += inner.get(pos).x);
            q.forEach(inner -> sum[0] += inner.get(pos).x);       // the first inner walk gave back only its own
            seen.add(row.entity() + ":" + row.get(pos).x + ":" + sum[0]);
        });
        q.forEntity(a, row -> seen.add(row.entity() + ":" + row.get(pos).x));  // the kept cursor, free again
        assertThat(seen).containsExactly(a + ":1.0:12.0", a + ":1.0");
    }

    /** A walk after new archetypes appeared finds their rows (a stable world's walk takes no lock). */
    @Test
    void aWalkAfterANewArchetypeAppearedFindsItsRows() {
        world.spawn(new Position(1));
        QueryBuilder qb = world.query();
        Read<Position> pos = qb.read(Position.class);
        Query q = qb.build();
        List<Float> first = new ArrayList<>();
        q.forEach(row -> first.add(row.get(pos).x));
        world.spawn(new Position(2), new Name("new archetype"));
        List<Float> second = new ArrayList<>();
        q.forEach(row -> second.add(row.get(pos).x));
        List<Float> chunks = new ArrayList<>();
        world.spawn(new Position(3), new Velocity(1));
        q.forEachChunk(chunk -> {
            for (int i = 0; i < chunk.size(); i++) {
                chunks.add(chunk.get(pos, i).x);
            }
        });
        assertThat(first).containsExactly(1f);
        assertThat(second).containsExactlyInAnyOrder(1f, 2f);
        assertThat(chunks).containsExactlyInAnyOrder(1f, 2f, 3f);
    }

    /**
     * A query built on the world, not in a system, reads with whatever ticks the world reads with at
     * the time: its own outside any system, an exclusive system's inside its run. The kept cursor is
     * bound again on every walk (storing only what differs), so a walk inside an exclusive run must not
     * keep the reader of the walk before it.
     */
    @Test
    void aWorldQueryWalkedInsideAnExclusiveRunReadsWithThatRunsTicks() throws Exception {
        world.spawn(new Position(1));
        Query changed = world.query().changed(Position.class).build();
        WorldInternals internals = WorldInternals.of(world);
        assertThat(changed.count()).as("outside, the world's reader: the spawn").isEqualTo(1);
        RunTicks exclusive = internals.newSystemTicks("exclusive");
        int[] seen = new int[2];
        for (int run = 0; run < 2; run++) {
            int r = run;
            exclusive.begin(internals.nextChangeTick());
            internals.changeTracker().onRunStarted(exclusive);
            internals.runExclusive(exclusive, () -> changed.forEach(row -> seen[r]++));
            internals.changeTracker().onRunFinished(exclusive);
            exclusive.end();
        }
        assertThat(seen[0]).as("the exclusive system's first run: everything is new to it").isEqualTo(1);
        assertThat(seen[1]).as("its second run: nothing changed since its first").isZero();
        assertThat(changed.count()).as("outside again, the world's reader still sees the spawn").isEqualTo(1);
    }

    /**
     * The writing side of the same: a world query's writes inside an exclusive run carry that run's
     * tick, so a system that ran after the query's previous walk (outside, with the world's writer)
     * and before the exclusive run sees them.
     */
    @Test
    void aWorldQueryWritingInsideAnExclusiveRunStampsWithThatRunsTick() throws Exception {
        world.spawn(new Position(1));
        WorldInternals internals = WorldInternals.of(world);
        QueryBuilder wb = world.query();
        Write<Position> pos = wb.write(Position.class);
        Query writes = wb.build();
        writes.forEach(row -> { });                                  // bound to the world's writer
        RunTicks observer = internals.newSystemTicks("observer");
        Query observed = internals.view("observer", Access.world(), observer).query().changed(Position.class).build();
        RunTicks exclusive = internals.newSystemTicks("exclusive");
        int[] seen = new int[2];
        for (int run = 0; run < 2; run++) {
            int r = run;
            observer.begin(internals.nextChangeTick());
            internals.changeTracker().onRunStarted(observer);
            seen[r] = observed.count();
            internals.changeTracker().onRunFinished(observer);
            observer.end();
            if (run == 0) {
                exclusive.begin(internals.nextChangeTick());
                internals.changeTracker().onRunStarted(exclusive);
                internals.runExclusive(exclusive, () -> writes.forEach(row -> row.getMut(pos).x += 1));
                internals.changeTracker().onRunFinished(exclusive);
                exclusive.end();
            }
        }
        assertThat(seen[0]).as("the observer's first run: the spawn").isEqualTo(1);
        assertThat(seen[1]).as("its second run: the exclusive run's write, newer than its first").isEqualTo(1);
    }
}
