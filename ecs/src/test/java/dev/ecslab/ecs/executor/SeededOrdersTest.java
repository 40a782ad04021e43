package dev.ecslab.ecs.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.graph.ChiSquared;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A seeded executor runs a stage's valid orders equally often when its systems run one at a time (here,
 * all write one resource): frame after frame under one seed, {@code a -> b} beside a free {@code c} and
 * {@code a -> b} beside {@code c -> d} give each of their 3 and 6 orders about as often, by a chi-squared
 * test at {@link ChiSquared#ALPHA}. A ready-pick would run {@code c} first in half the frames of the first.
 */
class SeededOrdersTest {
    private static final long SEED = 20261130L;
    private static final int PER_ORDER = 200;

    static final class Shared {
    }

    @ParameterizedTest
    @ValueSource(strings = {"serial", "staged", "dynamic"})
    void oneSystemAtATimeRunsEveryValidOrderEquallyOften(String id) {
        System.out.println("SeededOrdersTest " + id + ": the executors are seeded with " + SEED);
        assertUniform(id, 3, new String[] {"a", "b", "c"}, "b", "a");
        assertUniform(id, 6, new String[] {"a", "b", "c", "d"}, "b", "a", "d", "c");
    }

    /** {@code after} pairs: {@code after[i]} runs after {@code after[i + 1]}. */
    private static void assertUniform(String id, int validOrders, String[] names, String... after) {
        List<String> ran = Collections.synchronizedList(new ArrayList<>());
        List<SystemDescriptor> systems = new ArrayList<>();
        for (String name : names) {
            SystemDescriptor.Builder b = SystemDescriptor.builder(name)
                    .access(AccessSpec.builder().writesResource(Shared.class).build());
            for (int i = 0; i < after.length; i += 2) {
                if (after[i].equals(name)) {
                    b.after(after[i + 1]);
                }
            }
            systems.add(b.run(ctx -> ran.add(name)).build());
        }
        Schedule schedule = Schedule.builder().ignoreAmbiguitiesOnResource(Shared.class)   // the point: no report to print
                .stage("update", systems.toArray(new SystemDescriptor[0])).build();
        World world = new World();
        world.insertResource(new Shared());
        int frames = PER_ORDER * validOrders;
        Map<String, Long> counts = new TreeMap<>();
        try (ScheduleRunner runner = ScheduleRunner.of(world, schedule,
                ExecutorProvider.create(id, ExecutorOptions.defaults().withSeed(SEED).withThreads(2)))) {
            for (int f = 0; f < frames; f++) {
                ran.clear();
                runner.runFrame();
                counts.merge(String.join("", ran), 1L, Long::sum);
            }
        }
        long[] observed = counts.values().stream().mapToLong(Long::longValue).toArray();
        double x = ChiSquared.statistic(observed);
        System.out.println("  " + id + " " + counts + ": chi-squared " + x + ", p " + ChiSquared.pValue(x, validOrders - 1));
        assertThat(counts).as("the valid orders seen").hasSize(validOrders);
        assertThat(x).as("chi-squared of %s under %s", counts, id).isLessThan(ChiSquared.criticalValue(validOrders - 1));
    }
}
