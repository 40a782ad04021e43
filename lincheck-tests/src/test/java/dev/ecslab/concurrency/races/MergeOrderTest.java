package dev.ecslab.concurrency.races;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.command.CommandBuffer;
import dev.ecslab.ecs.command.CommandQueue;
import dev.ecslab.ecs.executor.SerialExecutor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.Test;

/**
 * Race-bug catalogue, entry 7: command buffers merged in the order the systems finished give a
 * nondeterministic end state: the "score text sometimes not visible" bug of the Bevy executor seed.
 * Two unordered, non-conflicting systems each set the score text through a command. Under the lab's
 * seeded serial executor (each seed runs another legal order, and replays it exactly), different
 * seeds finish them in different orders: merged in finishing order (the buggy variant), two seeds
 * give two different end states; merged through the real {@link CommandQueue} (slot = the system's
 * place in the schedule), every seed gives the same one. (Under the parallel executors the finishing
 * order also depends on thread timing, which only makes the buggy merge worse.)
 */
class MergeOrderTest {
    /** The score text, a resource. */
    record ScoreText(String text) {
    }

    /** Runs one frame under {@code seed}; the systems' buffers are merged by {@code merge}. */
    static String endState(long seed, boolean topological) {
        World world = new World();
        world.insertResource(new ScoreText(""));
        ConcurrentLinkedQueue<CommandBuffer> finishingOrder = new ConcurrentLinkedQueue<>();
        CommandQueue slots = new CommandQueue(2);
        List<SystemDescriptor> systems = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            int slot = i;
            String text = i == 0 ? "score: 10" : "";         // the second system clears the text
            systems.add(SystemDescriptor.of("ui" + i, AccessSpec.none(), ctx -> {
                CommandBuffer own = world.commands();
                own.insertResource(new ScoreText(text));
                if (topological) {
                    slots.submit(slot, own);
                } else {
                    finishingOrder.add(own);                   // the bug: merged as they finish
                }
            }));
        }
        Schedule schedule = Schedule.builder().stage("ui", systems.toArray(SystemDescriptor[]::new)).build();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule,
                new SerialExecutor(ExecutorOptions.defaults().withSeed(seed)))) {
            runner.runFrame();
        }
        world.apply(topological ? slots.drain() : new ArrayList<>(finishingOrder));
        return world.resource(ScoreText.class).text();
    }

    @Test
    void mergedInFinishingOrderTwoSeedsGiveTwoEndStates() {
        Set<String> states = new TreeSet<>();
        long[] witness = new long[2];
        for (long seed = 1; seed <= 64 && states.size() < 2; seed++) {
            String s = endState(seed, false);
            if (states.add(s)) {
                witness[states.size() - 1] = seed;
            }
        }
        System.out.println("MergeOrderTest: finishing-order merge, seeds " + witness[0] + " and " + witness[1]
                + " end with score texts " + states);
        assertThat(states).as("the buggy merge must depend on the seed").hasSize(2);
        assertThat(endState(witness[0], false)).as("and each seed replays its own end state")
                .isEqualTo(endState(witness[0], false));
    }

    @Test
    void mergedThroughTheCommandQueueEverySeedGivesOneEndState() {
        Set<String> states = new TreeSet<>();
        for (long seed = 1; seed <= 64; seed++) {
            states.add(endState(seed, true));
        }
        assertThat(states).containsExactly("");               // slot order: ui0 then ui1, always
    }
}
