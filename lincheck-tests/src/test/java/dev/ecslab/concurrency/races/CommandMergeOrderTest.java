package dev.ecslab.concurrency.races;

import dev.ecslab.ecs.races.CatalogueRecord;
import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.ExecutionObserver;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ExecutorTwins;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.executor.SystemEvent;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 4: the "score text sometimes not visible" race of Bevy's executor v2 (PR
 * #1144): command buffers merged in the order their systems finished give a nondeterministic end
 * state. Two unordered, non-conflicting systems each set the score text through their own command
 * buffer, and run at the same time on the dynamic executor's workers. The test decides which one
 * finishes first: the one that must finish second waits, inside its body, until the runner has
 * recorded the other's finish (the observer's {@code systemFinished}), so both orders happen for real,
 * with the two systems overlapping. The real {@link ScheduleRunner} applies the buffers in the
 * stage's topological order: one end state for both finishing orders. Its twin
 * ({@code ExecutorTwins.finishingOrderRunner}, the real runner merging in finishing order) gives two.
 */
class CommandMergeOrderTest {
    /** The score text, a resource. */
    record ScoreText(String text) {
    }

    private static final long WAIT_SECONDS = 30;

    /** The end state of one frame in which {@code first} finishes before the other system. */
    static String endState(boolean twin, String first) {
        World world = new World();
        world.insertResource(new ScoreText(""));
        CountDownLatch firstFinished = new CountDownLatch(1);
        SystemDescriptor[] systems = new SystemDescriptor[2];
        for (int i = 0; i < 2; i++) {
            String name = "ui" + i;
            String text = i == 0 ? "score: 10" : "";       // ui1 clears the text: the later-declared one must win
            systems[i] = SystemDescriptor.of(name, AccessSpec.none(), ctx -> {
                if (!name.equals(first) && !firstFinished.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                    throw new IllegalStateException(name + " waited " + WAIT_SECONDS + " s for " + first
                            + " to finish: the two systems did not run at the same time");
                }
                ctx.commands().insertResource(new ScoreText(text));
            });
        }
        Schedule schedule = Schedule.builder().stage("ui", systems).build();
        DynamicExecutor executor = new DynamicExecutor(ExecutorOptions.defaults().withThreads(2));
        try (ScheduleRunner runner = twin ? ExecutorTwins.finishingOrderRunner(world, schedule, executor)
                : ScheduleRunner.of(world, schedule, executor)) {
            runner.observe(new ExecutionObserver() {
                @Override
                public void systemFinished(SystemEvent e) {
                    if (e.system().equals(first)) {
                        firstFinished.countDown();
                    }
                }
            });
            runner.runFrame();
        }
        return world.getResourceOrThrow(ScoreText.class).text();
    }

    /** The end states of the two finishing orders. */
    static List<String> bothOrders(boolean twin) {
        return List.of(endState(twin, "ui0"), endState(twin, "ui1"));
    }

    @Test
    void theTwinMergingInFinishingOrderEndsInTwoStatesTheRealRunnerInOne() {
        List<Long> times = CatalogueRecord.timeToCatch(() -> {
            List<String> states = bothOrders(true);
            return !states.get(0).equals(states.get(1));
        });
        List<String> real = bothOrders(false);
        CatalogueRecord.write(4, CatalogueRecord.Tool.DIRECTED, "ScheduleRunner merging in finishing order (ExecutorTwins.finishingOrderRunner)", times,
                real.equals(List.of("", "")));
        assertThat(bothOrders(true)).as("the twin's end state follows the finishing order").containsExactly("", "score: 10");
        assertThat(real).as("topological order: ui0's buffer, then ui1's, whoever finished first").containsExactly("", "");
        assertThat(times).doesNotContain(-1L);
    }
}
