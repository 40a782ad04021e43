package dev.ecslab.bench;

import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.ecs.executor.ExecutorProvider;
import dev.ecslab.ecs.executor.ScheduleRunner;
import dev.ecslab.ecs.query.AccessSpec;
import dev.ecslab.ecs.schedule.AmbiguitySetting;
import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.schedule.SystemBody;
import dev.ecslab.ecs.schedule.SystemDescriptor;
import dev.ecslab.ecs.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Executors side by side: one benchmark call is one frame of a one-stage schedule, for
 * {@code serial}, {@code staged} and {@code dynamic} in the same run (default options: one worker per
 * processor, unseeded).
 *
 * <ul>
 *   <li>{@link #emptySystems}: frame overhead with {@code systems} empty, independent systems
 *       (10, 50, 100, 1 000). Target: dynamic at most 3× serial at 50.</li>
 *   <li>{@link #heavySystems}: {@code heavy} independent systems of about 1 ms of CPU each (2 and
 *       8): the speed-up over serial. Target ≥ 1.8× on 2 cores. {@link #heavyOnRawThreads} runs the
 *       same work on a plain thread pool, the machine's ceiling.</li>
 *   <li>{@link #skewedLoad}: one slow system (about 4 ms) and 16 quick ones (about 0.25 ms each)
 *       with no ordering constraints; the quick ones all write one resource, so they must run one
 *       at a time, and the slow one touches nothing of theirs. The staged executor cuts this into
 *       16 batches, the first holding the slow system, so every quick system after the first waits
 *       for it at the barrier; the dynamic executor runs the quick ones beside the slow one (the
 *       barrier penalty of the thesis seed). Target: dynamic at most 0.75× staged.</li>
 * </ul>
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar ExecutorBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class ExecutorBenchmark {

    /** State shared by the three workloads: a runner over one schedule. */
    public abstract static class Frame {
        ScheduleRunner runner;
        final AtomicLong sink = new AtomicLong();

        abstract Schedule schedule();

        abstract String executorId();

        @Setup(Level.Trial)
        public void bind() {
            runner = ScheduleRunner.of(new World(), schedule(), ExecutorProvider.create(executorId(), ExecutorOptions.defaults()));
        }

        @TearDown(Level.Trial)
        public void close() {
            runner.close();
        }

        static SystemDescriptor spinning(String name, int rounds, AtomicLong sink) {
            return SystemDescriptor.of(name, AccessSpec.none(), ctx -> sink.addAndGet(Work.spin(rounds, name.hashCode())));
        }

        static Schedule oneStage(List<SystemDescriptor> systems) {
            return Schedule.builder().ambiguity(AmbiguitySetting.IGNORE)
                    .stage("update", systems.toArray(new SystemDescriptor[0])).build();
        }
    }

    @State(Scope.Benchmark)
    public static class Empty extends Frame {
        @Param({"10", "50", "100", "1000"})
        public int systems;

        @Param({"serial", "staged", "dynamic"})
        public String executor;

        @Override
        Schedule schedule() {
            List<SystemDescriptor> list = new ArrayList<>();
            for (int i = 0; i < systems; i++) {
                list.add(SystemDescriptor.of("empty" + i, AccessSpec.none(), SystemBody.EMPTY));
            }
            return oneStage(list);
        }

        @Override
        String executorId() {
            return executor;
        }
    }

    @State(Scope.Benchmark)
    public static class Heavy extends Frame {
        @Param({"2", "8"})
        public int heavy;

        @Param({"serial", "staged", "dynamic"})
        public String executor;

        @Override
        Schedule schedule() {
            List<SystemDescriptor> list = new ArrayList<>();
            for (int i = 0; i < heavy; i++) {
                list.add(spinning("heavy" + i, Work.ONE_MS_ROUNDS, sink));
            }
            return oneStage(list);
        }

        @Override
        String executorId() {
            return executor;
        }
    }

    @State(Scope.Benchmark)
    public static class Skewed extends Frame {
        @Param({"serial", "staged", "dynamic"})
        public String executor;

        @Override
        Schedule schedule() {
            List<SystemDescriptor> list = new ArrayList<>();
            list.add(spinning("slow", 4 * Work.ONE_MS_ROUNDS, sink));
            AccessSpec score = AccessSpec.builder().writesResource(Score.class).build();
            for (int i = 0; i < 16; i++) {
                String name = "quick" + i;
                list.add(SystemDescriptor.of(name, score, ctx -> sink.addAndGet(Work.spin(Work.ONE_MS_ROUNDS / 4, name.hashCode()))));
            }
            return oneStage(list);
        }

        @Override
        public void bind() {
            super.bind();
            runner.world().insertResource(new Score());
        }

        @Override
        String executorId() {
            return executor;
        }
    }

    /**
     * The machine's ceiling for {@link #heavySystems}: the same spins handed to a plain fixed thread
     * pool (one thread per processor) with {@code invokeAll}, no ECS at all.
     */
    @State(Scope.Benchmark)
    public static class RawThreads {
        @Param({"2", "8"})
        public int heavy;

        java.util.concurrent.ExecutorService pool;
        List<java.util.concurrent.Callable<Long>> tasks;

        @Setup(Level.Trial)
        public void start() {
            pool = java.util.concurrent.Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
            tasks = new ArrayList<>();
            for (int i = 0; i < heavy; i++) {
                String name = "heavy" + i;
                tasks.add(() -> Work.spin(Work.ONE_MS_ROUNDS, name.hashCode()));
            }
        }

        @TearDown(Level.Trial)
        public void stop() {
            pool.shutdownNow();
        }
    }

    @Benchmark
    public long heavyOnRawThreads(RawThreads state) throws Exception {
        long sum = 0;
        for (var f : state.pool.invokeAll(state.tasks)) {
            sum += f.get();
        }
        return sum;
    }

    /** The resource the quick systems of {@link Skewed} all write. */
    static final class Score {
    }

    @Benchmark
    public long emptySystems(Empty state) {
        state.runner.runFrame();
        return state.sink.get();
    }

    @Benchmark
    public long heavySystems(Heavy state) {
        state.runner.runFrame();
        return state.sink.get();
    }

    @Benchmark
    public long skewedLoad(Skewed state) {
        state.runner.runFrame();
        return state.sink.get();
    }
}
