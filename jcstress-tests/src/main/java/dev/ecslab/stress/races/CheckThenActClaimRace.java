package dev.ecslab.stress.races;

import java.util.BitSet;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZ_Result;

/**
 * The buggy twin of {@code dev.ecslab.stress.AccessClaimsStress} (race-bug catalogue entry 4, Bevy
 * #449/#450): a claim made by checking the claimed set and then adding to it. A writer and a reader of
 * the same data both check before either adds, and both run. Both threads can pass the check before
 * either sets, with no reordering needed: run.sh requires it to be seen.
 */
@JCStressTest
@Description("BUGGY: an access claim by check-then-act")
@Outcome(id = {"true, false", "false, true"}, expect = Expect.ACCEPTABLE, desc = "one claim won")
@Outcome(id = "true, true", expect = Expect.ACCEPTABLE_INTERESTING,
        desc = "must-show: two conflicting systems both claimed (the bug)")
@State
public class CheckThenActClaimRace {
    private final BitSet claimed = new BitSet();

    private boolean tryClaim(int system, int conflicting) {
        if (claimed.get(conflicting)) {
            return false;
        }
        claimed.set(system);
        return true;
    }

    @Actor
    public void writer(ZZ_Result r) {
        r.r1 = tryClaim(0, 1);
    }

    @Actor
    public void reader(ZZ_Result r) {
        r.r2 = tryClaim(1, 0);
    }
}
