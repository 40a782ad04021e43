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
 * Race-bug catalogue, entry 17: Bevy PR #22466 ("Fix the fix to the optimization and fix"): change detection
 * triggered every frame for an entity that stayed visible. {@code ViewVisibility} is reset at the start of
 * every frame by a write that bypasses change detection, and {@code set_visible} wrote the visible bit back
 * through the change-detecting handle whenever the reset had cleared it, so a value equal to the last frame's
 * was reported as changed every frame; the fix writes it back without marking when it was visible the frame
 * before. ecslab has no write that bypasses change detection, so that reset cannot be written here; the twin
 * ({@code QueryTwins.buildMarkingEqualValues}) rebuilds the symptom in the guarded write itself: a
 * {@code setIfChanged} (Bevy's {@code set_if_neq}) that marks an equal value too. The frames are those of
 * Bevy's regression test: hidden, visible, still visible, hidden, still hidden, after one frame that sets the
 * entity up. The detector must see a change in the two frames where the value changed, and only there.
 */
class ChangeReportedEveryFrameTest {
    /** Bevy's {@code ViewVisibility}, reduced to its current bit. */
    record ViewVisibility(boolean visible) {
    }

    /** The value set in each frame after the first, as in Bevy's test. */
    static final List<Boolean> VISIBLE = List.of(false, true, true, false, false);
    /** In which of those frames the detector must see a change. */
    static final List<Boolean> CHANGED = List.of(false, true, false, true, false);

    /** Whether the detector saw a change in each frame after the first. */
    static List<Boolean> changesSeen(boolean twin) {
        World world = new World();
        world.spawn(new ViewVisibility(false));
        List<Boolean> seen = new ArrayList<>();
        Schedule schedule = Schedule.builder().stage("update",
                SystemDescriptor.builder("check_visibility").access(AccessSpec.of(QuerySpec.writes(ViewVisibility.class)))
                        .setup(view -> {
                            QueryBuilder qb = view.query();
                            Write<ViewVisibility> v = qb.write(ViewVisibility.class);
                            Query q = twin ? QueryTwins.buildMarkingEqualValues(qb) : qb.build();
                            return ctx -> {
                                boolean visible = ctx.frame() > 0 && VISIBLE.get((int) ctx.frame() - 1);
                                q.forEach(row -> row.setIfChanged(v, new ViewVisibility(visible)));
                            };
                        }).build(),
                SystemDescriptor.builder("observe_changed").access(AccessSpec.of(QuerySpec.reads(ViewVisibility.class)))
                        .after("check_visibility").setup(view -> {
                            Query changed = view.query().changed(ViewVisibility.class).build();
                            return ctx -> {
                                if (ctx.frame() > 0) {
                                    seen.add(changed.count() > 0);
                                }
                            };
                        }).build())
                .build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule, new SerialExecutor())) {
            runner.runFrames(1 + VISIBLE.size());
        }
        return seen;
    }

    @Test
    void theTwinMarkingEqualValuesReportsAChangeInFramesWithoutOne() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> changesSeen(true).get(2));   // still visible: no change
        List<Boolean> real = changesSeen(false);
        CatalogueRecord.write(17, CatalogueRecord.Tool.DIRECTED, "Query whose setIfChanged marks equal values"
                + " (QueryTwins.buildMarkingEqualValues)", times, real.equals(CHANGED));
        assertThat(changesSeen(true)).as("the twin reports a change every frame").containsOnly(true).hasSize(CHANGED.size());
        assertThat(real).as("a change only where the value changed").isEqualTo(CHANGED);
        assertThat(times).doesNotContain(-1L);
    }
}
