package dev.ecslab.bench;

import dev.ecslab.ecs.job.JobHandle;
import dev.ecslab.ecs.job.JobScheduler;
import dev.ecslab.ecs.job.QueryJob;
import dev.ecslab.ecs.query.Query;
import dev.ecslab.ecs.query.QueryBuilder;
import dev.ecslab.ecs.query.QueryRow;
import dev.ecslab.ecs.query.Read;
import dev.ecslab.ecs.query.Write;
import dev.ecslab.ecs.world.World;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
 * Scheduled queries ({@code job}) against the same loop run serially, in one run.
 *
 * <ul>
 *   <li>{@link #serialLoop} / {@link #parallelJob}: one frame of a movement update over 10⁶ entities
 *       with moderate work per entity (48 xorshift rounds, about 0.08 µs) and with the update alone,
 *       on the main thread and as a parallel job, for several batch sizes. Target: parallel ≥ 1.7×
 *       faster on 2 cores with moderate work. The batch sizes show where the default batch size
 *       ({@code BATCHES_PER_WORKER}, {@code MIN_BATCH_SIZE}) comes from.</li>
 *   <li>{@link #thousandSmallJobs} / {@link #thousandSmallQueriesInline}: 1 000 jobs per frame over a
 *       small world (100 entities; four queries, two reading and two writing, so the jobs form a real
 *       dependency graph), scheduled, then completed; against running the same 1 000 queries on the
 *       main thread. The difference per job is the scheduling cost.</li>
 * </ul>
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar JobBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class JobBenchmark {
    @State(Scope.Benchmark)
    public static class Big {
        @Param({"1000000"})
        int entities;
        /** Work per entity: 0 (the update alone, a few ns) or 48 xorshift rounds (about 0.08 µs). */
        @Param({"0", "48"})
        int rounds;
        World world;
        JobScheduler jobs;
        Query move;
        Consumer<QueryRow> body;

        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            for (int i = 0; i < entities; i++) {
                world.spawn(new Position(i, i), new Velocity(1, 1));
            }
            QueryBuilder b = world.query();
            Write<Position> p = b.write(Position.class);
            Read<Velocity> v = b.read(Velocity.class);
            move = b.build();
            body = row -> {
                Position pos = row.getMut(p);
                Velocity vel = row.get(v);
                long r = rounds == 0 ? 0 : Work.spin(rounds, (long) pos.x);
                pos.x += vel.dx + (r & 1);
                pos.y += vel.dy;
            };
            jobs = JobScheduler.attach(world);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            jobs.close();
        }
    }

    @State(Scope.Benchmark)
    public static class Batch {
        /** Rows per batch; 0 is the scheduler's default (8 batches per worker, at least 4 096 rows). */
        @Param({"0", "256", "1024", "4096", "16384", "65536"})
        int batchSize;
    }

    @Benchmark
    public World serialLoop(Big s) {
        s.move.forEach(s.body);
        return s.world;
    }

    @Benchmark
    public World parallelJob(Big s, Batch b) {
        QueryJob job = s.jobs.query(s.move);
        if (b.batchSize > 0) {
            job.batchSize(b.batchSize);
        }
        job.scheduleParallel(s.body).complete();
        return s.world;
    }

    @State(Scope.Benchmark)
    public static class Small {
        World world;
        JobScheduler jobs;
        Query[] queries;
        Consumer<QueryRow>[] bodies;

        @SuppressWarnings("unchecked")
        @Setup(Level.Trial)
        public void setUp() {
            world = new World();
            for (int i = 0; i < 100; i++) {
                world.spawn(new Position(i, i), new Velocity(1, 1), new Health(100));
            }
            queries = new Query[4];
            bodies = new Consumer[4];
            QueryBuilder b0 = world.query();
            Read<Velocity> v0 = b0.read(Velocity.class);
            queries[0] = b0.build();
            bodies[0] = row -> row.get(v0);
            QueryBuilder b1 = world.query();
            Write<Position> p1 = b1.write(Position.class);
            Read<Velocity> v1 = b1.read(Velocity.class);
            queries[1] = b1.build();
            bodies[1] = row -> row.getMut(p1).x += row.get(v1).dx;
            QueryBuilder b2 = world.query();
            Read<Position> p2 = b2.read(Position.class);
            queries[2] = b2.build();
            bodies[2] = row -> row.get(p2);
            QueryBuilder b3 = world.query();
            Write<Health> h3 = b3.write(Health.class);
            queries[3] = b3.build();
            bodies[3] = row -> row.getMut(h3);
            jobs = JobScheduler.attach(world);
        }

        @TearDown(Level.Trial)
        public void tearDown() {
            jobs.close();
        }
    }

    @Benchmark
    public World thousandSmallJobs(Small s) {
        JobHandle last = null;
        for (int i = 0; i < 1000; i++) {
            last = s.jobs.schedule(s.queries[i & 3], s.bodies[i & 3]);
        }
        s.jobs.completeAll();
        return last == null ? null : s.world;
    }

    @Benchmark
    public World thousandSmallQueriesInline(Small s) {
        for (int i = 0; i < 1000; i++) {
            s.queries[i & 3].forEach(s.bodies[i & 3]);
        }
        return s.world;
    }
}
