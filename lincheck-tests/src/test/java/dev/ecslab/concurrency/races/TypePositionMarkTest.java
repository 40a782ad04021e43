package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.component.StorageKind;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.races.CatalogueRecord;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldTwins;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 21: flecs #2126 ("[query] Fix change detection for fixed-source writes with
 * tag before component"). flecs marked the column a fixed-source write term wrote through
 * {@code table->column_map[tr->column]}, a map from positions in the table's type to columns indexed
 * with a column position; the two agree until a tag (a type entry with no column) sorts before the
 * component, and then another column was flagged and the written one was not. The fix indexes the map
 * with {@code tr->index}. So whether the change was seen depended on the order of the ids in the
 * source entity's type.
 *
 * <p>ecslab's nearest to a tag is a sparse-set component: it is in the archetype's ids and has no table
 * column. The twin ({@code WorldTwins.marksByTypePosition}) marks a direct write of one entity's
 * component (ecslab's fixed-source write, here a system's {@code getMut}) on the table column at the
 * component's position among the archetype's ids. The entity has a sparse {@code S} and table
 * components {@code A} and {@code B}; a system writes its {@code A}, and readers count
 * {@code Changed<A>} and {@code Changed<B>}. With {@code S} registered first (its id sorts before A's)
 * the twin flags {@code B} and misses {@code A}; registered last, the twin is right, as flecs was with
 * no tag before the component. A directed test: the lab's palette registers its sparse component after
 * its table ones, so no lab scenario has the order the bug needs.
 */
class TypePositionMarkTest {
    /** Table components, mutable so that {@code getMut} can write them in place. */
    static final class A {
        int v;
    }

    static final class B {
        int v;
    }

    /** The sparse-set component: in the archetype's ids, with no table column. */
    static final class S {
        int v;
    }

    /**
     * The readers' {@code [Changed<A>, Changed<B>]} counts in frame 1, after the writer's {@code getMut}
     * of the entity's {@code A}; {@code sparseFirst} registers {@code S} before {@code A} and {@code B}.
     */
    static List<Integer> changedAfterAWrite(boolean twin, boolean sparseFirst) {
        World world = twin ? WorldTwins.marksByTypePosition() : new World();
        if (sparseFirst) {
            world.register(S.class, StorageKind.SPARSE_SET);
        }
        world.register(A.class, StorageKind.TABLE);
        world.register(B.class, StorageKind.TABLE);
        world.register(S.class, StorageKind.SPARSE_SET);
        Entity e = world.spawn(new S(), new A(), new B());
        List<Integer> counts = new ArrayList<>();
        SystemDescriptor writer = SystemDescriptor.of("writer", AccessSpec.of(QuerySpec.writes(A.class)), ctx -> {
            if (ctx.frame() == 1) {
                ctx.world().getMut(e, A.class).orElseThrow().v = 1;
            }
        });
        SystemDescriptor reader = SystemDescriptor.builder("reader")
                .access(AccessSpec.builder().query(QuerySpec.reads(A.class)).query(QuerySpec.reads(B.class)).build())
                .setup(view -> {
                    Query changedA = changed(view.query(), A.class);
                    Query changedB = changed(view.query(), B.class);
                    return ctx -> {
                        if (ctx.frame() == 1) {
                            counts.add(changedA.count());
                            counts.add(changedB.count());
                        }
                    };
                }).build();
        Schedule schedule = Schedule.builder().stage("write", writer).stage("read", reader).build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            runner.runFrames(2);
        }
        return counts;
    }

    private static Query changed(QueryBuilder qb, Class<?> type) {
        qb.read(type);
        return qb.changed(type).build();
    }

    @Test
    void theTwinFlagsTheWrongColumnWhenASparseComponentSortsFirstTheRealWorldTheWrittenOne() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> changedAfterAWrite(true, true).equals(List.of(0, 1)));
        List<Integer> real = changedAfterAWrite(false, true);
        CatalogueRecord.write(21, CatalogueRecord.Tool.DIRECTED, "World marking a direct write at the component's position "
                + "among its archetype's ids (WorldTwins.marksByTypePosition)", times, real.equals(List.of(1, 0)));
        assertThat(changedAfterAWrite(true, true)).as("the twin, S sorting first: B flagged, the write to A missed")
                .containsExactly(0, 1);
        assertThat(changedAfterAWrite(true, false)).as("the twin, S sorting last: the positions agree, A is flagged")
                .containsExactly(1, 0);
        assertThat(real).as("the real world flags A whatever the order").containsExactly(1, 0);
        assertThat(changedAfterAWrite(false, false)).containsExactly(1, 0);
        assertThat(times).doesNotContain(-1L);
    }
}
