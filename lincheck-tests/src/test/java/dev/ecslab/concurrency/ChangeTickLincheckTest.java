package dev.ecslab.concurrency;

import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldTwins;
import org.jetbrains.lincheck.datastructures.Operation;

/**
 * Item 2: the real global change tick ({@link dev.ecslab.ecs.internal.WorldInternals#nextChangeTick()}, taken by every system run as
 * it starts, from worker threads) is linearizable to a counter: every run gets a unique tick and
 * later calls get later ticks. The world starts three ticks below the 32-bit wrap, so the runs cross
 * it: the ticks stay unique and in order (as unsigned wrapping values) across the wrap.
 */
public class ChangeTickLincheckTest extends BothModes {
    static final int START = -3;
    private final World world = world();

    /** The world under test; the twin overrides this (JUnit allows a test class one constructor). */
    World world() {
        return World.builder().initialChangeTick(START).build();
    }

    @Operation
    public int nextChangeTick() {
        return WorldInternals.of(world).nextChangeTick();
    }

    @Operation
    public int changeTick() {
        return WorldInternals.of(world).changeTick();
    }

    @Override
    protected Class<?> sequentialSpecification() {
        return Counter.class;
    }

    /** The specification: a 32-bit counter that starts at {@link #START} and wraps. */
    public static final class Counter {
        private int last = START;

        public int nextChangeTick() {
            last += 1;
            return last;
        }

        public int changeTick() {
            return last;
        }
    }

    /** The twin: the real world whose tick is taken by a plain read and write. */
    public static class PlainIncrement extends ChangeTickLincheckTest {
        @Override
        World world() {
            return WorldTwins.plainTickIncrement(START);
        }
    }
}
