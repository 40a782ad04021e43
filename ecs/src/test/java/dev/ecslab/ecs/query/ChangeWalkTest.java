package dev.ecslab.ecs.query;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.change.ChangeKind;
import dev.ecslab.ecs.change.ChangeTracker;
import dev.ecslab.ecs.change.ForwardingChangeTracker;
import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.TrackedRows;
import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
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

    /**
     * {@link Query#count} of a change query counts the rows the tracker lists without visiting them;
     * it must still be the number of rows {@link Query#forEach} visits, in every table, for trackers
     * that list rows and trackers that do not, and with a second change filter (which the listing
     * alone cannot answer). Broken counts it catches (tried): listed rows not counted, rows of a table
     * the tracker cannot list not counted, and the listing trusted for a query with two change filters.
     */
    @ParameterizedTest
    @ValueSource(strings = {"none", "flags", "double-buffer", "last-tick", "flag-doubling", "generation", "system-data"})
    void countIsTheNumberOfRowsTheWalkVisits(String strategy) {
        World world = World.builder().changeTracking(strategy).build();
        int n = 2 * QueryIter.LISTED_BATCH + 5;
        List<Entity> es = spawn(world, n);
        for (int i = 0; i < 300; i++) {
            es.add(world.spawn(new Pos(i)));                  // a second table: Pos without Vel
        }
        Query one = world.query().changed(Pos.class).build();
        QueryBuilder qb = world.query();
        qb.changed(Pos.class);
        qb.changed(Vel.class);
        Query two = qb.build();
        world.clearTrackers();
        for (int i = 0; i < es.size(); i += 3) {
            world.getMut(es.get(i), Pos.class);
        }
        for (int i = 0; i < n; i += 2) {
            world.getMut(es.get(i), Vel.class);
        }
        for (Query q : List.of(one, two)) {
            int[] visited = {0};
            q.forEach(row -> visited[0]++);
            assertThat(q.count()).as(strategy + ": " + q.description()).isEqualTo(visited[0]);
        }
        if (strategy.equals("generation") || strategy.equals("flags") || strategy.equals("system-data")) {
            int written = (es.size() + 2) / 3;
            assertThat(one.count()).as(strategy).isEqualTo(written);
            assertThat(two.count()).as(strategy).isEqualTo((n + 5) / 6);
        }
    }

    /**
     * A tracker that lists rows and then answers that it cannot list them breaks
     * {@link ChangeTracker#candidateRows}'s contract ("having called nothing");
     * the walk must still test every row of that table itself and never take the rows it listed for
     * another table's. Catches (tried) a walk that empties its list once per walk instead of per table.
     */
    @Test
    void rowsListedByATrackerThatThenCannotListAreNeverVisitedInAnotherTable() {
        World world = World.builder().changeTracking("generation",
                new ForwardingChangeTracker(new GenerationTracker()) {
                    @Override
                    public boolean candidateRows(ChangeKind kind, ChangeFlavor flavor, SystemTicks reader, TrackedRows rows,
                            int count, ChangeTracker.RowSink sink) {
                        if (count < 100) {                        // the small table: list, then say it cannot
                            super.candidateRows(kind, flavor, reader, rows, count, sink);
                            return false;
                        }
                        return super.candidateRows(kind, flavor, reader, rows, count, sink);
                    }
                }).build();
        List<Entity> small = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            small.add(world.spawn(new Pos(i)));
        }
        List<Entity> large = spawn(world, 500);
        QueryBuilder qb = world.query();
        EntityTerm id = qb.entity();
        qb.changed(Pos.class);
        Query changed = qb.build();
        world.clearTrackers();
        List<Entity> expected = new ArrayList<>();
        for (int i = 0; i < 50; i += 5) {
            world.getMut(small.get(i), Pos.class);
            expected.add(small.get(i));
        }
        for (int i = 0; i < 500; i += 7) {
            world.getMut(large.get(i), Pos.class);
            expected.add(large.get(i));
        }
        List<Entity> seen = new ArrayList<>();
        changed.forEach(row -> seen.add(row.get(id)));
        assertThat(seen).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(changed.count()).isEqualTo(expected.size());
    }
}
