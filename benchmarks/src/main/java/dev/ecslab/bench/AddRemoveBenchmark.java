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
 * Add/remove: add a Health component to each of {@code n} = 100 000 entities (which have a
 * Position and a Velocity), then remove it from each, for ecslab, Dominion and artemis-odb. The
 * hand-written loop has no structural changes and is not a contender here.
 *
 * <p><b>Workload.</b> One benchmark call is {@link EcsUnderTest#addHealth()} then
 * {@link EcsUnderTest#removeHealth()}: 2 × 10⁵ archetype moves for ecslab and Dominion, and for
 * artemis-odb 10⁵ mapper creates, 10⁵ mapper removes and the two {@code world.process()} calls
 * that apply them (its systems disabled). The world ends each call as it began, so it is built once
 * per trial (one {@code Dominion.create()} per forked JVM). The call's effects are structural
 * changes to state the benchmark keeps, which dead-code elimination cannot remove. Average time
 * per call, in milliseconds; same JVM flags as {@link IterationBenchmark}.
 *
 * <p><b>Run</b> (from the repository root):
 * <pre>{@code
 * mvn -B -q -pl benchmarks -am package -DskipTests && java -jar benchmarks/target/benchmarks.jar AddRemoveBenchmark
 * }</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Xmn1536m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 10, time = 1)
public class AddRemoveBenchmark {

    /** Number of entities. */
    @Param({"100000"})
    public int n;

    /** The competitor (those that support structural changes). */
    @Param({"ECSLAB", "ECSLAB_SPARSE_HEALTH", "DOMINION", "ARTEMIS_ODB"})
    public Contender ecs;

    private EcsUnderTest world;

    @Setup(Level.Trial)
    public void spawn() {
        world = ecs.create();
        if (!world.supportsAddRemove()) {
            throw new IllegalArgumentException(ecs + " does not support adding and removing components");
        }
        world.spawn(n);
    }

    @TearDown(Level.Trial)
    public void close() {
        world.close();
    }

    @Benchmark
    public void addThenRemove() {
        world.addHealth();
        world.removeHealth();
    }
}
