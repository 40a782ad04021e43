package dev.ecslab.ecs.change;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.component.ComponentInfo;
import dev.ecslab.ecs.component.ComponentStorage;
import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.internal.RunTicks;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.Access;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.EntityTerm;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.storage.ObjectColumn;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldView;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * Bevy's change-detection tests rebuilt against the {@code generation} strategy (the scenarios and
 * expected results of {@code bevy_ecs}'s {@code change_detection/mod.rs}, {@code lib.rs},
 * {@code system/mod.rs} and {@code query/mod.rs}; not their code). ecslab's world takes a fresh tick
 * for each direct write where Bevy stamps the current one; the expectations are about "since the
 * last clear", which both give the same way.
 */
class BevyChangeDetectionTest {
    record A(int v) {
    }

    record B(int v) {
    }

    record C() {
    }

    @ComponentStorage(StorageKind.SPARSE_SET)
    record SparseStored(int v) {
    }

    record R2(int v) {
    }

    static final class Flipper {
        boolean on;
    }

    static final class Counts {
        int added;
        int changed;
    }

    /** Bevy tracks every component whether or not a query observes it: these tests ask after the fact. */
    private final World world = World.builder().observeEverything().build();

    /** Entities matching a direct (world-level) query built by {@code filters}. */
    private Set<Entity> filtered(Consumer<QueryBuilder> filters) {
        QueryBuilder qb = world.query();
        EntityTerm id = qb.entity();
        filters.accept(qb);
        Set<Entity> out = new HashSet<>();
        qb.build().forEach(row -> out.add(row.get(id)));
        return out;
    }

    /** Bevy's change_expiration: a change MAX_AGE old is not news, even before any clamping. */
    @Test
    void changeExpiration() {
        Entity e = world.spawn(new C());
        int spawned = WorldInternals.of(world).changeTick();
        RunTicks detected = RunTicks.fresh(WorldInternals.of(world).newSystemId(), "change_detected", spawned);
        RunTicks expired = RunTicks.fresh(WorldInternals.of(world).newSystemId(), "change_expired", spawned);

        detected.begin(WorldInternals.of(world).nextChangeTick());
        assertThat(changed(detected, e)).isTrue();

        expired.begin((int) (WorldInternals.of(world).changeTick() + Ticks.MAX_AGE));     // the world tick jumped by MAX_AGE, no clamp
        assertThat(changed(expired, e)).isFalse();
    }

    private boolean changed(SystemTicks reader, Entity e) {
        WorldView view = WorldInternals.of(world).view(reader.name(), Access.world(), reader);
        QueryBuilder qb = view.query();
        qb.changed(C.class);
        return qb.build().contains(e);
    }

    /** Bevy's change_tick_wraparound: last clear at the maximum tick, a spawn at tick 0 is news. */
    @Test
    void changeTickWraparound() {
        World w = World.builder().initialChangeTick(-1).observeEverything().build();     // tick 0xFFFF_FFFF
        w.clearTrackers();                                          // last clear at u32::MAX
        Entity e = w.spawn(new C());                                // stamped 0 after the wrap
        assertThat(Integer.toUnsignedLong(WorldInternals.of(w).changeTick())).isZero();
        QueryBuilder qb = w.query();
        qb.changed(C.class);
        assertThat(qb.build().contains(e)).isTrue();
    }

    /** Bevy's change_tick_scan: the check clamps ticks older than MAX_AGE to exactly MAX_AGE. */
    @Test
    void changeTickScan() {
        GenerationTracker tracker = new GenerationTracker();
        ObjectColumn column = new ObjectColumn(new ComponentInfo(0, C.class, "C", StorageKind.TABLE), tracker.laneCount(), 4);
        FakeTrackerHost host = new FakeTrackerHost(column);
        tracker.attach(host);
        RunTicks world = new RunTicks(0, "world", 0);
        world.begin(1);
        tracker.onAdded(world, 0, 0, column, 0);
        host.now = (int) (1 + Ticks.MAX_AGE + Ticks.CHECK_THRESHOLD);
        assertThat(Ticks.age(column.lane(GenerationTracker.ADDED, 0), host.now)).isGreaterThan(Ticks.MAX_AGE);
        RunTicks reader = new RunTicks(1, "reader", (int) (host.now - Ticks.MAX_AGE));     // its previous run: as old as can be
        reader.begin(host.now);
        assertThat(tracker.matches(ChangeKind.MUTATED, ChangeFlavor.DEFAULT, reader, 0, 0, column, 0))
                .as("never mutated, before the clamp (a clamp is overdue)").isFalse();
        tracker.checkTicks();
        assertThat(Ticks.age(column.lane(GenerationTracker.ADDED, 0), host.now)).isEqualTo(Ticks.MAX_AGE);
        // Never mutated: the mark is clamped like any tick, to exactly MAX_AGE, and is no news to anyone.
        assertThat(Ticks.age(column.lane(GenerationTracker.MUTATED, 0), host.now)).isEqualTo(Ticks.MAX_AGE);
        assertThat(tracker.matches(ChangeKind.MUTATED, ChangeFlavor.DEFAULT, reader, 0, 0, column, 0)).isFalse();
        assertThat(tracker.matches(ChangeKind.CHANGED, ChangeFlavor.DEFAULT, reader, 0, 0, column, 0)).isFalse();
    }

    /** Bevy's set_if_neq: an equal value marks nothing, a different one marks the resource changed. */
    @Test
    void setIfNeq() {
        world.insertResource(new R2(0));
        world.clearTrackers();
        assertThat(world.resourceChangedAs(R2.class, ChangeKind.CHANGED)).as("resource must begin unchanged").isFalse();
        assertThat(world.insertResourceIfChanged(new R2(0))).isFalse();
        assertThat(world.resourceChangedAs(R2.class, ChangeKind.CHANGED)).isFalse();
        assertThat(world.insertResourceIfChanged(new R2(3))).isTrue();
        assertThat(world.resourceChangedAs(R2.class, ChangeKind.CHANGED)).isTrue();
    }

    /** Bevy's added_tracking: querying does not consume "added"; a clear does. */
    @Test
    void addedTracking() {
        Entity a = world.spawn(new A(123));
        for (int i = 0; i < 2; i++) {
            assertThat(filtered(qb -> qb.read(A.class))).containsExactly(a);
            assertThat(filtered(qb -> qb.added(A.class))).containsExactly(a);
        }
        world.clearTrackers();
        for (int i = 0; i < 2; i++) {
            assertThat(filtered(qb -> qb.read(A.class))).containsExactly(a);
            assertThat(filtered(qb -> qb.added(A.class))).isEmpty();
        }
    }

    /** Bevy's added_queries: an archetype move keeps added ticks; Added filters combine with AND. */
    @Test
    void addedQueries() {
        Entity e1 = world.spawn(new A(0));
        assertThat(filtered(qb -> qb.added(A.class))).containsExactly(e1);
        world.insert(e1, new B(0));
        assertThat(filtered(qb -> qb.added(A.class))).containsExactly(e1);
        assertThat(filtered(qb -> qb.added(B.class))).containsExactly(e1);
        world.clearTrackers();
        assertThat(filtered(qb -> qb.added(A.class))).isEmpty();
        Entity e2 = world.spawn(new A(1), new B(1));
        assertThat(filtered(qb -> qb.added(A.class))).containsExactly(e2);
        assertThat(filtered(qb -> qb.added(B.class))).containsExactly(e2);
        assertThat(filtered(qb -> qb.added(A.class).added(B.class))).containsExactly(e2);
    }

    /** Bevy's changed_trackers, table storage. */
    @Test
    void changedTrackers() {
        changedTrackers(A.class, A::new);
    }

    /** Bevy's changed_trackers_sparse: the same on a sparse-set component. */
    @Test
    void changedTrackersSparse() {
        changedTrackers(SparseStored.class, SparseStored::new);
    }

    private <T> void changedTrackers(Class<T> type, java.util.function.IntFunction<T> make) {
        Entity e1 = world.spawn(make.apply(0), new B(0));
        Entity e2 = world.spawn(make.apply(0), new B(0));
        Entity e3 = world.spawn(make.apply(0), new B(0));
        world.spawn(make.apply(0), new B(0));
        world.clearTrackers();

        QueryBuilder qb = world.query();
        Write<T> w = qb.write(type);
        EntityTerm id = qb.entity();
        Query all = qb.build();
        int[] n = {0};
        List<Entity> order = new ArrayList<>();
        all.forEach(row -> order.add(row.get(id)));
        all.forEach(row -> {
            if (n[0]++ % 2 == 0) {
                row.set(w, make.apply(1));
            }
        });
        Set<Entity> evens = Set.of(order.get(0), order.get(2));
        assertThat(evens).containsExactlyInAnyOrder(e1, e3);
        assertThat(filtered(q -> q.changed(type))).isEqualTo(Set.of(e1, e3));

        world.insert(e1, new C());                                   // archetype move keeps the ticks
        assertThat(filtered(q -> q.changed(type))).isEqualTo(Set.of(e1, e3));
        world.insert(e1, make.apply(0), new B(0));                   // re-insert: still changed
        assertThat(filtered(q -> q.changed(type))).isEqualTo(Set.of(e1, e3));
        world.despawn(e2);
        assertThat(filtered(q -> q.changed(type))).isEqualTo(Set.of(e1, e3));
        world.despawn(e1);
        assertThat(filtered(q -> q.changed(type))).as("e1 should no longer be returned").isEqualTo(Set.of(e3));
        world.clearTrackers();
        assertThat(filtered(q -> q.changed(type))).isEmpty();

        Entity e4 = world.spawn();
        world.insert(e4, make.apply(0));
        assertThat(filtered(q -> q.changed(type))).containsExactly(e4);
        assertThat(filtered(q -> q.added(type))).containsExactly(e4);
        world.insert(e4, new A(1));
        assertThat(filtered(q -> q.changed(type))).containsExactly(e4);
        world.clearTrackers();
        world.insert(e4, make.apply(0), new B(0));                   // the component exists: changed, not added
        assertThat(filtered(q -> q.added(type))).isEmpty();
        assertThat(filtered(q -> q.changed(type))).containsExactly(e4);
        assertThat(filtered(q -> q.added(B.class))).containsExactly(e4);
        assertThat(filtered(q -> q.changed(B.class))).containsExactly(e4);
    }

    /** Bevy's changed_query: a spawn counts as a change; a write through getMut too. */
    @Test
    void changedQuery() {
        Entity e1 = world.spawn(new A(0), new B(0));
        assertThat(filtered(q -> q.changed(A.class))).containsExactly(e1);
        world.clearTrackers();
        assertThat(filtered(q -> q.changed(A.class))).isEmpty();
        world.getMut(e1, A.class);
        assertThat(filtered(q -> q.changed(A.class))).containsExactly(e1);
    }

    /** Bevy's remove_tracking (World::removed): despawns and removes count, moves do not; a clear empties it. */
    @Test
    void removeTracking() {
        Entity a = world.spawn(new SparseStored(0), new A(123));
        Entity b = world.spawn(new SparseStored(1), new A(123));
        world.despawn(a);
        assertThat(world.removed(A.class)).containsExactly(a);
        assertThat(world.removed(SparseStored.class)).containsExactly(a);
        world.insert(b, new B(1));
        assertThat(world.removed(A.class)).containsExactly(a);
        world.remove(b, A.class);
        assertThat(world.removed(A.class)).containsExactly(a, b);
        world.clearTrackers();
        assertThat(world.removed(A.class)).isEmpty();
        assertThat(world.removed(SparseStored.class)).isEmpty();
        assertThat(world.removed(B.class)).isEmpty();
    }

    /**
     * Bevy's removal_tracking (the RemovedComponents system parameter): a system sees removals since
     * its previous run; a new system sees the removals still kept, in order.
     */
    @Test
    void removalTracking() {
        Entity despawned = world.spawn(new A(1));
        Entity removedFrom = world.spawn(new A(2));
        Entity spurious = world.spawn();
        world.despawn(despawned);
        world.despawn(spurious);
        List<List<Entity>> seen = new ArrayList<>();
        run(SystemDescriptor.of("validate_despawn", AccessSpec.of(QuerySpec.reads(A.class)),
                ctx -> seen.add(ctx.world().removed(A.class))));
        assertThat(seen.get(0)).containsExactly(despawned);

        world.spawn(new A(3));
        world.spawn(new A(4));
        world.remove(removedFrom, A.class);
        run(SystemDescriptor.of("validate_remove", AccessSpec.of(QuerySpec.reads(A.class)),
                ctx -> seen.add(ctx.world().removed(A.class))));
        assertThat(seen.get(1)).containsExactly(despawned, removedFrom);
        assertThat(seen).hasSize(2);
    }

    /** Bevy's changed_resource_system: added once, then changed only when written. */
    @Test
    void changedResourceSystem() {
        world.insertResource(new Flipper());
        world.insertResource(new Counts());
        ScheduleRunner runner = ScheduleRunner.of(world, Schedule.builder().stage("update",
                SystemDescriptor.builder("incr_e_on_flip")
                        .access(AccessSpec.builder().readsResource(Flipper.class).writesResource(Counts.class).build())
                        .run(ctx -> {
                            Counts counts = ctx.world().getResourceMutOrThrow(Counts.class);
                            if (ctx.world().resourceAdded(Flipper.class)) {
                                counts.added++;
                            }
                            if (ctx.world().resourceChanged(Flipper.class)) {
                                counts.changed++;
                            }
                        }).build()).build(), new SerialExecutor());
        runner.runFrame();
        assertThat(world.getResourceOrThrow(Counts.class).added).isEqualTo(1);
        assertThat(world.getResourceOrThrow(Counts.class).changed).isEqualTo(1);
        runner.runFrame();
        assertThat(world.getResourceOrThrow(Counts.class).added).isEqualTo(1);
        assertThat(world.getResourceOrThrow(Counts.class).changed).isEqualTo(1);
        world.getResourceMutOrThrow(Flipper.class).on = true;
        runner.runFrame();
        assertThat(world.getResourceOrThrow(Counts.class).added).isEqualTo(1);
        assertThat(world.getResourceOrThrow(Counts.class).changed).isEqualTo(2);
    }

    /**
     * Bevy's par_iter_mut_change_detection (Bevy PR #8029): a system's chunked (parallel-style) iteration uses
     * the system's ticks, not the world's: it sees the change made after its previous run.
     */
    @Test
    void chunkedIterationUsesTheSystemsTicks() {
        Entity e = world.spawn(new A(1), new B(1));
        SystemDescriptor propagate = SystemDescriptor.builder("propagate")
                .access(AccessSpec.of(QuerySpec.reads(A.class).andWrites(B.class))).setup(view -> {
                    QueryBuilder qb = view.query();
                    Read<A> a = qb.read(A.class);
                    Write<B> b = qb.write(B.class);
                    Query q = qb.changed(A.class).build();
                    return ctx -> q.forEachChunk(chunk -> {
                        for (int i = 0; i < chunk.size(); i++) {
                            chunk.set(b, i, new B(chunk.get(a, i).v()));
                        }
                    });
                }).build();
        SystemDescriptor modify = SystemDescriptor.builder("modify").after("propagate")
                .access(AccessSpec.of(QuerySpec.writes(A.class))).setup(view -> {
                    QueryBuilder qb = view.query();
                    Write<A> a = qb.write(A.class);
                    Query q = qb.build();
                    return ctx -> q.forEach(row -> row.set(a, new A(2)));
                }).build();
        ScheduleRunner runner = ScheduleRunner.of(world, Schedule.builder().stage("update", propagate, modify).build(),
                new SerialExecutor());
        runner.runFrame();
        assertThat(world.get(e, B.class)).contains(new B(1));
        runner.runFrame();
        assertThat(world.get(e, B.class)).contains(new B(2));
    }

    private void run(SystemDescriptor system) {
        ScheduleRunner.of(world, Schedule.builder().stage("update", system).build(), new SerialExecutor()).runFrame();
    }
}
