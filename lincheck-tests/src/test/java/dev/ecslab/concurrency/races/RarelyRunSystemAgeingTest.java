package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.races.CatalogueRecord;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.ShouldRun;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldTwins;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 16: Bevy #11623 ("Change ticks warnings for run_if-guarded systems", Bevy 0.12.1,
 * open): systems that a run condition keeps from running are aged by {@code check_change_ticks} like every
 * other system; once their previous run is older than the maximum change age it is clamped, with a warning
 * that older changes will not be detected. The issue reports the warnings, not a wrong answer: Bevy's ageing
 * of those systems is what keeps their answers right, and ecslab's world ages every reader the same way. The
 * twin ({@code WorldTwins.agesOnlyReadersThatRan}) leaves the rarely run systems out of the ageing, as
 * silencing the warnings by skipping systems that did not run would: the clock laps the guarded system's
 * previous run, which then looks newer than a change made while it was away. The test runs the guarded
 * reader in frame 0, keeps it from running while the clock advances by almost 2<sup>32</sup> ticks, changes
 * the component, advances 2 000 ticks more and runs the reader again: it must see the change.
 */
class RarelyRunSystemAgeingTest {
    /** The component the guarded system watches. */
    record Score(int value) {
    }

    /** What the guarded system saw in its last run: how many entities with a changed {@code Score}. */
    static int seenAfterAbsence(boolean twin) {
        World world = twin ? WorldTwins.agesOnlyReadersThatRan(1) : World.builder().build();
        world.spawn(new Score(0));
        AtomicBoolean guardedRuns = new AtomicBoolean(true);
        AtomicInteger seen = new AtomicInteger(-1);
        Schedule schedule = Schedule.builder()
                .set("rarely", "the test lets it run", ctx -> guardedRuns.get() ? ShouldRun.YES : ShouldRun.NO)
                .stage("update",
                        SystemDescriptor.builder("writer").access(AccessSpec.of(QuerySpec.writes(Score.class))).setup(view -> {
                            QueryBuilder qb = view.query();
                            Write<Score> score = qb.write(Score.class);
                            Query q = qb.build();
                            return ctx -> {
                                if (ctx.frame() == 1) {
                                    q.forEach(row -> row.set(score, new Score(1)));
                                }
                            };
                        }).build(),
                        SystemDescriptor.builder("guarded").access(AccessSpec.of(QuerySpec.reads(Score.class))).inSet("rarely")
                                .after("writer").setup(view -> {
                                    Query changed = view.query().changed(Score.class).build();
                                    return ctx -> seen.set(changed.count());
                                }).build())
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            runner.runFrame();                                            // frame 0: the guarded system runs
            guardedRuns.set(false);
            WorldInternals.of(world).advanceChangeTick((1L << 32) - 1_000);
            runner.runFrame();                                            // frame 1: the change, while it is away
            WorldInternals.of(world).advanceChangeTick(2_000);
            guardedRuns.set(true);
            runner.runFrame();                                            // frame 2: it runs again
        }
        return seen.get();
    }

    @Test
    void theTwinLeavingRarelyRunSystemsUnagedMissesTheChange() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> seenAfterAbsence(true) == 0);
        int real = seenAfterAbsence(false);
        CatalogueRecord.write(16, CatalogueRecord.Tool.DIRECTED, "World whose clamping pass ages only the readers that ran"
                + " (WorldTwins.agesOnlyReadersThatRan)", times, real == 1);
        assertThat(seenAfterAbsence(true)).as("the lapped previous run looks newer than the change").isZero();
        assertThat(real).as("the aged previous run is older than the change").isEqualTo(1);
        assertThat(times).doesNotContain(-1L);
    }
}
