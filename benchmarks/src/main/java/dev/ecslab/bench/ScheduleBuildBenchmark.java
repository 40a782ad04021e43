package dev.ecslab.bench;

import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.query.AccessSpec.QuerySpec;
import dev.ecslab.ecs.query.Filter;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Schedule compilation plus ambiguity detection for {@code systems} systems in one stage (250, 500,
 * 1 000, 2 000), each with about two ordering constraints to earlier systems and a random access
 * over 32 components and 8 resources (reads and writes, sometimes a {@code With}/{@code Without}
 * filter), from a fixed seed. One call compiles the whole schedule (graph, conflict matrix,
 * closure, topological order, ambiguity report) against a world that already knows the types.
 * Compare the 1 000-system time with Bevy's published ≈ 2.9 s (PR #19495) and check the growth per
 * doubling (target: at most about 4.5×).
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ScheduleBuildBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 10, time = 2)
public class ScheduleBuildBenchmark {
    static final int COMPONENTS = 32;
    static final int RESOURCES = 8;

    @Param({"250", "500", "1000", "2000"})
    public int systems;

    private Schedule schedule;
    private World world;

    /** Component and resource classes ({@link GeneratedTypes}). */
    static final List<Class<?>> TYPES = new ArrayList<>();
    static final List<Class<?>> RESOURCE_TYPES = new ArrayList<>();

    static {
        for (int i = 0; i < COMPONENTS; i++) {
            TYPES.add(GeneratedTypes.component(i));
        }
        for (int i = 0; i < RESOURCES; i++) {
            RESOURCE_TYPES.add(GeneratedTypes.resource(i));
        }
    }

    @Setup
    public void build() {
        schedule = schedule(systems, 42);
        world = new World();
        schedule.compile(world);     // registers every type once, as a long-running app would
    }

    static Schedule schedule(int n, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<SystemDescriptor> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            SystemDescriptor.Builder d = SystemDescriptor.builder("system" + i).run(SystemBody.EMPTY);
            QuerySpec q = QuerySpec.reads(TYPES.get(random.nextInt(COMPONENTS)), TYPES.get(random.nextInt(COMPONENTS)))
                    .andWrites(TYPES.get(random.nextInt(COMPONENTS)));
            int f = random.nextInt(4);
            if (f == 0) {
                q = q.filter(Filter.with(TYPES.get(random.nextInt(COMPONENTS))));
            } else if (f == 1) {
                q = q.filter(Filter.without(TYPES.get(random.nextInt(COMPONENTS))));
            }
            AccessSpec.Builder access = AccessSpec.builder().query(q).readsResource(RESOURCE_TYPES.get(random.nextInt(RESOURCES)));
            if (random.nextInt(8) == 0) {
                access.writesResource(RESOURCE_TYPES.get(random.nextInt(RESOURCES)));
            }
            d.access(access.build());
            for (int c = 0; c < 2 && i > 0; c++) {
                d.after("system" + random.nextInt(i));
            }
            list.add(d.build());
        }
        return Schedule.builder().ambiguity(AmbiguitySetting.IGNORE).stage("update", list.toArray(new SystemDescriptor[0])).build();
    }

    @Benchmark
    public CompiledSchedule compileAndDetect() {
        return schedule.compile(world);
    }
}
