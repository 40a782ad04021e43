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
 * Iteration: one frame of a movement system over {@code n} entities that each have a Position and
 * a Velocity, reading Velocity and writing Position ({@code Position += Velocity}), for every
 * {@link Contender} in the same run. The object contenders hold Position and Velocity as objects;
 * the columnar ones ({@code ECSLAB_COLUMNAR*}, against their limit {@code HAND_SOA}) as one primitive
 * array per field, so both layouts are compared under the same flags.
 *
 * <p><b>Workload.</b> {@code n} = 10 000, 100 000 and 1 000 000 entities, spawned once per trial
 * (so Dominion creates one world per forked JVM, far below its 1 023 limit). One benchmark call is
 * one frame, {@link EcsUnderTest#move()}; it returns {@link EcsUnderTest#probe()}, the x of entity 0
 * after the frame, so the loop has an observable result (its writes to reachable objects already
 * cannot be eliminated). Average time per frame, in microseconds.
 *
 * <p><b>Heap layout.</b> After spawning, setup calls {@code System.gc()} (a full, compacting
 * collection under G1) for every contender, so the walk sees live data in allocation order without
 * the setup's garbage in between.
 *
 * <p><b>JVM flags.</b> {@code -Xms2g -Xmx2g -Xmn1536m -XX:+AlwaysPreTouch}: the young generation is
 * large enough that no collection runs during setup, so component objects stay in allocation order and
 * the 10⁶-entity figures are stable between forks (with G1's default young generation, one fork measured
 * twice the time of another). All contenders get the same flags.
 *
 * <p><b>Run</b> (from the repository root):
 * <pre>{@code
 * mvn -B -q -pl benchmarks -am package -DskipTests && java -jar benchmarks/target/benchmarks.jar IterationBenchmark
 * }</pre>
 * Smoke run (noisy, for checking that it works):
 * {@code java -jar benchmarks/target/benchmarks.jar -f 1 -wi 1 -w 1s -i 1 -r 1s IterationBenchmark -p n=10000}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Xmn1536m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class IterationBenchmark {

    /** Number of entities. */
    @Param({"10000", "100000", "1000000"})
    public int n;

    /** The competitor; empty means every constant of {@link Contender}. */
    @Param
    public Contender ecs;

    private EcsUnderTest world;

    @Setup(Level.Trial)
    public void spawn() {
        world = ecs.create();
        world.spawn(n);
        // Compact the heap for every contender alike: setup garbage (bundle arrays, builders) would
        // otherwise sit between the component objects and make the walk depend on how much garbage
        // a contender's spawn happened to leave. A long-running game's collector compacts too.
        System.gc();
    }

    @TearDown(Level.Trial)
    public void close() {
        world.close();
    }

    @Benchmark
    public float move() {
        world.move();
        return world.probe();
    }
}
