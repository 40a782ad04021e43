package dev.ecslab.stress;

import dev.ecslab.ecs.internal.WorldInternals;
import dev.ecslab.ecs.world.World;
import dev.ecslab.ecs.world.WorldTwins;
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
 * order, across the wrap. A duplicate tick is forbidden (so is any other outcome: JCStress forbids
 * what no {@code @Outcome} lists). {@link Twin} runs the same actors on the real world with its tick
 * taken by a plain read and write, and must show the duplicate.
 */
@JCStressTest
@Description("WorldInternals.nextChangeTick: two concurrent system starts get distinct ticks across the wrap")
@Outcome(id = {"0, 1", "1, 0"}, expect = Expect.ACCEPTABLE, desc = "distinct ticks, either order")
@Outcome(id = {"0, 0", "1, 1"}, expect = Expect.FORBIDDEN, desc = "a duplicate tick: a change missed or repeated")
@State
public class ChangeTickStress {
    private final World world = world();

    /** The world under test; the twin overrides it. */
    World world() {
        return World.builder().initialChangeTick(-1).build();
    }

    @Actor
    public void systemA(II_Result r) {
        r.r1 = WorldInternals.of(world).nextChangeTick();
    }

    @Actor
    public void systemB(II_Result r) {
        r.r2 = WorldInternals.of(world).nextChangeTick();
    }

    /** The twin: the same test on the real world whose tick is taken by a plain read and write. */
    @JCStressTest
    @Description("TWIN of ChangeTickStress: the real world with a plain tick increment")
    @Outcome(id = {"0, 0", "1, 1"}, expect = Expect.ACCEPTABLE_INTERESTING, desc = "must-show: a duplicate tick")
    @Outcome(expect = Expect.ACCEPTABLE, desc = "other outcomes (the twin is not graded on them)")
    @State
    public static class Twin extends ChangeTickStress {
        @Override
        World world() {
            return WorldTwins.plainTickIncrement(-1);
        }

        @Actor
        @Override
        public void systemA(II_Result r) {
            super.systemA(r);
        }

        @Actor
        @Override
        public void systemB(II_Result r) {
            super.systemB(r);
        }
    }
}
