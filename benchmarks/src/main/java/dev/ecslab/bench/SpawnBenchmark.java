package dev.ecslab.bench;

import java.util.concurrent.TimeUnit;
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
 * Spawn: create {@code n} = 1 000 000 entities, each with a new Position and a new Velocity, in an
 * empty world; for ecslab, Dominion, artemis-odb, and the hand-written baseline (allocating the two
 * arrays of component objects).
 *
 * <p><b>Workload.</b> One benchmark call is {@link EcsUnderTest#spawn(int)} of 10⁶ entities into a
 * world created, empty, just before it. For artemis-odb the call includes the
 * {@code world.process()} that makes the entities visible (its systems disabled), since until then
 * they do not exist for its queries. Creating the empty world is not measured.
 *
 * <p><b>Why single shots with a world per invocation.</b> Spawning mutates the world, so each call
 * needs a fresh one, and each call is long (tens to hundreds of milliseconds), so
 * {@code SingleShotTime} with {@code @Setup(Level.Invocation)} measures exactly one spawn and the
 * per-invocation setup overhead JMH warns about is negligible. A world per invocation means one
 * {@code Dominion.create()} per shot: the defaults (10 warm-up + 20 measured shots, batch size 1)
 * make 30 per forked JVM, far below Dominion's limit of 1 023 per JVM. Raising
 * {@code -wi}/{@code -i}/{@code -bs} so that {@code (wi + i) × bs} exceeds 1 000 makes
 * {@link DominionUnderTest} refuse with a clear message instead of Dominion's bare
 * {@code ArrayIndexOutOfBoundsException}. (Per-trial worlds would not work here: the second shot
 * would spawn into a full world.)
 *
 * <p><b>GC.</b> Setup drops the previous world and calls {@code System.gc()}, so every shot starts
 * with an empty 1.5 GB young generation and one spawn (at most a few hundred MB) triggers no
 * collection: shots compare allocation and bookkeeping, not the luck of when a GC falls. Same JVM
 * flags as {@link IterationBenchmark}. Time per shot in milliseconds.
 *
 * <p><b>Run</b> (from the repository root):
 * <pre>{@code
 * mvn -B -q -pl benchmarks -am package -DskipTests && java -jar benchmarks/target/benchmarks.jar SpawnBenchmark
 * }</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Xmn1536m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 10, batchSize = 1)
@Measurement(iterations = 20, batchSize = 1)
public class SpawnBenchmark {

    /** Number of entities spawned per shot. */
    @Param({"1000000"})
    public int n;

    /** The competitor. */
    @Param({"ECSLAB", "HAND_LOOP", "DOMINION", "ARTEMIS_ODB"})
    public Contender ecs;

    private EcsUnderTest world;

    @Setup(Level.Invocation)
    public void emptyWorld() {
        System.gc();
        world = ecs.create();
    }

    @TearDown(Level.Invocation)
    public void close() {
        world.close();
        world = null;
    }

    @Benchmark
    public EcsUnderTest spawn() {
        world.spawn(n);
        return world;
    }
}
