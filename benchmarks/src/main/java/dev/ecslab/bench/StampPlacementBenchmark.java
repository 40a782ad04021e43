package dev.ecslab.bench;

import java.util.Arrays;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * The floor of a tracked per-entity loop, with no ecslab in it: the movement loop of {@link
 * IterationBenchmark} written by hand in the shapes a tracked write can take, so that the
 * per-entity chunk walk ({@code chunk.getMut(pos, i)} inside {@code forEachChunk}) can be compared
 * with the best any implementation of that API could do.
 *
 * <p><b>Why.</b> The target for the tracked chunk walk is at most 1.5x the hand loop. Over chunk
 * arrays ({@code writeArray}) it meets that; per entity, through the write handle, it ran 1.64x at
 * 10^5. The handle has two costs a hand loop over {@code Position[]} does not: the caller's cast of
 * the generic result (the column is an {@code Object[]} to the handle) and the tick store, which the
 * handle makes <em>before</em> it returns the value, so before the caller's cast and field accesses.
 * Each method here adds one of those to {@link #typed}, so the table separates them:
 * <ul>
 *   <li>{@link #typed}: the hand loop ({@code Position[]}, {@code Velocity[]}), as {@code HAND_LOOP}.</li>
 *   <li>{@link #cast}: the same arrays seen as {@code Object[]}, each element cast: the untracked
 *       per-entity chunk walk's shape.</li>
 *   <li>{@link #castStampFirst}: plus one tick store per row made first, the shape of {@code getMut}
 *       (store, then return the value to be cast and mutated).</li>
 *   <li>{@link #castStampAfterCast}: the same store made after the Position cast.</li>
 *   <li>{@link #fillThenTyped}: one fill of the tick lane, then the typed loop: the chunk-array walk.</li>
 * </ul>
 * Same data, same flags, same heap layout as {@link IterationBenchmark} (objects allocated in entity
 * order, Position and Velocity interleaved, one {@code System.gc()} after setup).
 *
 * <p><b>Run</b>: {@code java -jar benchmarks/target/benchmarks.jar StampPlacementBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Benchmark)
@Fork(value = 2, jvmArgsAppend = {"-Xms2g", "-Xmx2g", "-Xmn1536m", "-XX:+AlwaysPreTouch"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StampPlacementBenchmark {

    /** Number of entities. */
    @Param({"10000", "100000", "1000000"})
    public int n;

    Position[] positions;
    private Velocity[] velocities;
    /** The same arrays as {@code Object[]}, as a write handle sees a column. */
    private Object[] positionObjects;
    private Object[] velocityObjects;
    /** One tick per row, as the {@code generation} tracker's stamp lane. */
    int[] lane;
    int tick = 7;
    private int size;

    @Setup(Level.Trial)
    public void spawn() {
        positions = new Position[n];
        velocities = new Velocity[n];
        lane = new int[n];
        for (int i = 0; i < n; i++) {
            positions[i] = new Position(Workload.x(i), Workload.y(i));
            velocities[i] = new Velocity(Workload.dx(i), Workload.dy(i));
        }
        positionObjects = positions;
        velocityObjects = velocities;
        size = n;
        System.gc();
    }

    @Benchmark
    public float typed() {
        Position[] ps = positions;
        Velocity[] vs = velocities;
        for (int i = 0; i < size; i++) {
            Position p = ps[i];
            Velocity v = vs[i];
            p.x += v.dx;
            p.y += v.dy;
        }
        return ps[0].x;
    }

    @Benchmark
    public float cast() {
        Object[] ps = positionObjects;
        Object[] vs = velocityObjects;
        for (int i = 0; i < size; i++) {
            Position p = (Position) ps[i];
            Velocity v = (Velocity) vs[i];
            p.x += v.dx;
            p.y += v.dy;
        }
        return positions[0].x;
    }

    @Benchmark
    public float castStampFirst() {
        Object[] ps = positionObjects;
        Object[] vs = velocityObjects;
        int[] ticks = lane;
        int t = tick;
        for (int i = 0; i < size; i++) {
            ticks[i] = t;
            Position p = (Position) ps[i];
            Velocity v = (Velocity) vs[i];
            p.x += v.dx;
            p.y += v.dy;
        }
        return positions[0].x;
    }

    @Benchmark
    public float castStampAfterCast() {
        Object[] ps = positionObjects;
        Object[] vs = velocityObjects;
        int[] ticks = lane;
        int t = tick;
        for (int i = 0; i < size; i++) {
            Position p = (Position) ps[i];
            ticks[i] = t;
            Velocity v = (Velocity) vs[i];
            p.x += v.dx;
            p.y += v.dy;
        }
        return positions[0].x;
    }

    @Benchmark
    public float fillThenTyped() {
        Arrays.fill(lane, 0, size, tick);
        return typed();
    }
}
