package dev.ecslab.stress;

import dev.ecslab.ecs.world.World;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Item 2: two system runs start at once and take the real global change tick. The world starts one
 * tick below the 32-bit wrap, so the two ticks are 0 and 1 (after 0xFFFFFFFF): unique, in either
 * order, across the wrap. A duplicate tick is forbidden.
 */
@JCStressTest
@Description("World.nextChangeTick: two concurrent system starts get distinct ticks across the wrap")
@Outcome(id = {"0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = "distinct ticks, either order")
@Outcome(id = {"0, 0", "1, 1"}, expect = Expect.FORBIDDEN, desc = "a duplicate tick: a change missed or repeated")
@Outcome(expect = Expect.FORBIDDEN, desc = "a tick outside the two next ones")
@State
public class ChangeTickStress {
    private final World world = World.builder().initialChangeTick(-1).build();

    @Actor
    public void systemA(II_Result r) {
        r.r1 = world.nextChangeTick();
    }

    @Actor
    public void systemB(II_Result r) {
        r.r2 = world.nextChangeTick();
    }
}
