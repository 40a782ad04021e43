package dev.ecslab.stress.races;

import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.II_Result;

/**
 * Race-bug catalogue, entry 5 (buggy variant) under JCStress: the change tick incremented with a
 * plain {@code ++}. Two system runs starting together can get the same tick. The lost update needs
 * no weak memory model (it shows on x86), so run.sh requires the interesting outcome to be seen.
 * Compare {@code dev.ecslab.stress.ChangeTickStress}, where the duplicate is forbidden and never seen.
 */
@JCStressTest
@Description("BUGGY: a plain ++ tick hands two runs the same tick")
@Outcome(id = {"1, 2", "2, 1"}, expect = Expect.ACCEPTABLE, desc = "distinct ticks")
@Outcome(id = "1, 1", expect = Expect.ACCEPTABLE_INTERESTING, desc = "must-show: a duplicate tick (the bug)")
@State
public class PlainTickRace {
    private int tick;

    @Actor
    public void systemA(II_Result r) {
        r.r1 = ++tick;
    }

    @Actor
    public void systemB(II_Result r) {
        r.r2 = ++tick;
    }
}
