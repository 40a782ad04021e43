package dev.ecslab.concurrency;

import dev.ecslab.ecs.world.World;
import org.jetbrains.lincheck.datastructures.Operation;

/**
 * Item 2: the real global change tick ({@link World#nextChangeTick()}, taken by every system run as
 * it starts, from worker threads) is linearizable to a counter: every run gets a unique tick and
 * later calls get later ticks. The world starts three ticks below the 32-bit wrap, so the runs cross
 * it: the ticks stay unique and in order (as unsigned wrapping values) across the wrap.
 */
public class ChangeTickLincheckTest extends BothModes {
    private final World world = World.builder().initialChangeTick(-3).build();

    @Operation
    public int nextChangeTick() {
        return world.nextChangeTick();
    }

    @Operation
    public int changeTick() {
        return world.changeTick();
    }
}
