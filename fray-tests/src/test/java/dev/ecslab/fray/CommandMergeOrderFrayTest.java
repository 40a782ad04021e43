package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ExecutorTwins;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import org.junit.jupiter.api.Test;

/**
 * Catalogue entry 4 under Fray: Bevy's executor v2 (PR #1144) merged command buffers in the order their
 * systems finished, and "the score text sometimes is not visible". Two unordered systems set the score
 * text through their commands on the dynamic executor's own workers; Fray decides who finishes first. The
 * real {@link ScheduleRunner} applies the buffers in the stage's topological order, so the later-declared
 * system's text wins in every interleaving; the twin that merges in finishing order is caught.
 */
class CommandMergeOrderFrayTest {
    /** The score text, a resource. */
    record ScoreText(String text) {
    }

    static Runnable oneFrame(boolean twin) {
        return () -> {
            World world = new World();
            world.insertResource(new ScoreText(""));
            Schedule schedule = Schedule.builder().stage("ui",
                    SystemDescriptor.of("ui0", AccessSpec.none(), ctx -> ctx.commands().insertResource(new ScoreText("score: 10"))),
                    SystemDescriptor.of("ui1", AccessSpec.none(), ctx -> ctx.commands().insertResource(new ScoreText(""))))
                    .build();
            DynamicExecutor executor = new DynamicExecutor(ExecutorOptions.defaults().withThreads(2));
            try (ScheduleRunner runner = twin ? ExecutorTwins.finishingOrderRunner(world, schedule, executor)
                    : ScheduleRunner.of(world, schedule, executor)) {
                runner.runFrame();
            }
            String text = world.getResourceOrThrow(ScoreText.class).text();
            if (!text.isEmpty()) {
                throw new AssertionError("the end state depends on who finished first: the score text is '" + text
                        + "', not ui1's ''");
            }
        };
    }

    @Test
    void theRealRunnerEndsInOneStateInEveryInterleaving() {
        FrayExploration.assertEveryInterleavingPasses("merge-real", false, oneFrame(false));
    }

    @Test
    void entry4MergingInFinishingOrderIsCaught() {
        RaceEntries.catchTwin(4, "ExecutorTwins.finishingOrderRunner: buffers merged in finishing order", oneFrame(true),
                "depends on who finished first", oneFrame(false));
    }
}
