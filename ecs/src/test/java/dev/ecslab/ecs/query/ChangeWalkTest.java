package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The change walk of a query over tables lists the rows the tracker names, in batches, and visits
 * them after: every listed row is visited once, in a batch past the first too, and with more than one
 * change filter each listed row is tested against all of them.
 */
class ChangeWalkTest {
    static final class Pos {
        int x;

        Pos(int x) {
            this.x = x;
        }
    }

    static final class Vel {
        int dx;

        Vel(int dx) {
            this.dx = dx;
        }
    }

    private static List<Entity> spawn(World world, int n) {
        List<Entity> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(world.spawn(new Pos(i), new Vel(1)));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"generation", "flags", "system-data"})
    void everyChangedRowIsVisitedOnceAcrossSeveralBatches(String strategy) {
        World world = World.builder().changeTracking(strategy).build();
        int n = 3 * QueryIter.LISTED_BATCH + 17;
        List<Entity> es = spawn(world, n);
        QueryBuilder qb = world.query();
        EntityTerm id = qb.entity();
        qb.changed(Pos.class);
        Query changed = qb.build();
        changed.forEach(row -> { });
        world.clearTrackers();
        for (int i = 0; i < n; i += 2) {
            world.getMut(es.get(i), Pos.class);
        }
        List<Entity> seen = new ArrayList<>();
        changed.forEach(row -> seen.add(row.get(id)));
        List<Entity> expected = new ArrayList<>();
        for (int i = 0; i < n; i += 2) {
            expected.add(es.get(i));
        }
        assertThat(seen).as(strategy).containsExactlyInAnyOrderElementsOf(expected);
    }

    @ParameterizedTest
    @ValueSource(strings = {"generation", "flags", "system-data"})
    void withTwoChangeFiltersAListedRowMustPassBoth(String strategy) {
        World world = World.builder().changeTracking(strategy).build();
        List<Entity> es = spawn(world, 200);
        QueryBuilder qb = world.query();
        EntityTerm id = qb.entity();
        qb.changed(Pos.class);
        qb.changed(Vel.class);
        Query both = qb.build();
        both.forEach(row -> { });
        world.clearTrackers();
        for (int i = 0; i < 100; i++) {
            world.getMut(es.get(i), Pos.class);
        }
        for (int i = 50; i < 150; i++) {
            world.getMut(es.get(i), Vel.class);
        }
        List<Entity> seen = new ArrayList<>();
        both.forEach(row -> seen.add(row.get(id)));
        assertThat(seen).as(strategy).containsExactlyInAnyOrderElementsOf(es.subList(50, 100));
    }
}
