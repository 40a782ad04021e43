package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryTwins;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.races.CatalogueRecord;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 19: flecs #1652 ("Fix issue with change detection after early outing from
 * iterator"). flecs flagged the columns a query result wrote in {@code ecs_query_next}, when the
 * iterator moved on to the next result (or found there was none), so a loop that stopped early and
 * called {@code ecs_iter_fini} left its last table unflagged and {@code ecs_query_changed} missed the
 * write. ecslab's writing {@code forEach} defers its block marks to the end of each table in the same
 * way; the only early exit from it is an exception out of the action, and the real walk marks the
 * table it stopped in when it is released ({@code Query.release}). Its twin
 * ({@code QueryTwins.marksOnlyWhenTheWalkMovesOn}) marks only when the walk moves on or ends.
 *
 * <p>A directed test rather than a lab scenario: the lab's systems apply their edits and run every walk
 * to its end, so no scenario stops a walk early. Two stages, run by the serial executor: a writer that
 * sets one row of a 40-row table (three 16-row blocks under {@code generation}) and then leaves its walk
 * early by throwing, which it catches itself; and a reader whose {@code Changed<A>} query counts rows.
 */
class EarlyExitWalkTest {
    /** The written component. */
    record A(int v) {
    }

    /** How the writer leaves its walk early. */
    private static final class StopWalk extends RuntimeException {
        StopWalk() {
            super("stop", null, false, false);
        }
    }

    static final int ROWS = 40;
    /** The row the writer sets, in the table's last block, before it stops. */
    static final int WRITTEN_ROW = 35;

    /**
     * The reader's {@code Changed<A>} count in each of three frames: frame 0 sees every row added; in
     * frame 1 the writer sets {@link #WRITTEN_ROW} and leaves early ({@code stopEarly}) or walks on to the
     * end; in frame 2 it writes nothing.
     */
    static List<Integer> changedCounts(boolean twin, boolean stopEarly) {
        World world = new World();
        for (int i = 0; i < ROWS; i++) {
            world.spawn(new A(i));
        }
        List<Integer> counts = new ArrayList<>();
        SystemDescriptor writer = SystemDescriptor.builder("writer").access(AccessSpec.of(QuerySpec.writes(A.class)))
                .setup(view -> {
                    QueryBuilder qb = view.query();
                    Write<A> a = qb.write(A.class);
                    Query q = twin ? QueryTwins.marksOnlyWhenTheWalkMovesOn(qb) : qb.build();
                    return ctx -> {
                        if (ctx.frame() != 1) {
                            return;
                        }
                        try {
                            q.forEach(row -> {
                                if (row.get(a).v() == WRITTEN_ROW) {
                                    row.set(a, new A(-1));
                                    if (stopEarly) {
                                        throw new StopWalk();    // found what it looked for: stop early
                                    }
                                }
                            });
                        } catch (StopWalk expected) {
                            // the early exit
                        }
                    };
                }).build();
        SystemDescriptor reader = SystemDescriptor.builder("reader").access(AccessSpec.of(QuerySpec.reads(A.class)))
                .setup(view -> {
                    QueryBuilder qb = view.query();
                    qb.read(A.class);
                    Query changed = qb.changed(A.class).build();
                    return ctx -> counts.add(changed.count());
                }).build();
        Schedule schedule = Schedule.builder().stage("write", writer).stage("read", reader).build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            runner.runFrames(3);
        }
        return counts;
    }

    @Test
    void theTwinMissesTheWriteOfAWalkLeftEarlyTheRealQueryReportsIt() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> changedCounts(true, true).get(1) == 0);
        List<Integer> real = changedCounts(false, true);
        CatalogueRecord.write(19, CatalogueRecord.Tool.DIRECTED, "Query whose writing forEach marks only when the walk "
                + "moves on (QueryTwins.marksOnlyWhenTheWalkMovesOn)", times, real.equals(List.of(ROWS, 1, 0)));
        assertThat(changedCounts(true, true)).as("the twin: the row written before the early exit is never reported")
                .containsExactly(ROWS, 0, 0);
        assertThat(changedCounts(true, false)).as("the twin, walking to the end: the write is reported, as in flecs")
                .containsExactly(ROWS, 1, 0);
        assertThat(real).as("the real query: the write is reported in the frame it was made").containsExactly(ROWS, 1, 0);
        assertThat(times).doesNotContain(-1L);
    }
}
