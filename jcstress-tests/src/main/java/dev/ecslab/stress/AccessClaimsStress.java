package dev.ecslab.stress;

import dev.ecslab.ecs.executor.AccessClaims;
import java.util.BitSet;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.Expect;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZZZ_Result;

/**
 * Item 4 on the real {@link AccessClaims}. System 1 conflicts with 0 and with 2; 0 and 2 are
 * independent. System 0 holds its claim. One thread finishes 0 (releases it) and then claims 2; the
 * other claims 1. Whatever the interleaving, exactly one of 1 and 2 wins: 1 wins only between 0's
 * release and 2's claim. Forbidden: both won (two conflicting systems running together), neither won
 * (a refusal with no conflict held: 0's release was not visible to the claimer of 1, who then also
 * blocked 2... or a lost claim), and afterwards, re-claiming 0 not matching whether 1 holds (0's
 * release not visible after the fact, or the claims corrupt). Two actors, so it runs on two CPUs.
 */
@JCStressTest
@Description("AccessClaims: conflicting claims are exclusive, a release is visible to the next claimer")
@Outcome(id = "true, false, true", expect = Expect.ACCEPTABLE, desc = "2 won (1 came before 0's release, or after 2)")
@Outcome(id = "false, true, true", expect = Expect.ACCEPTABLE, desc = "1 won: it saw 0's release and came before 2")
@Outcome(id = "true, true, .*", expect = Expect.FORBIDDEN, desc = "two conflicting systems both claimed")
@Outcome(id = "false, false, .*", expect = Expect.FORBIDDEN, desc = "both refused, no conflict explains it")
@Outcome(id = ".*, .*, false", expect = Expect.FORBIDDEN, desc = "0's release not visible after the fact")
@State
public class AccessClaimsStress {
    private final AccessClaims claims;

    public AccessClaimsStress() {
        BitSet[] rows = {new BitSet(), new BitSet(), new BitSet()};
        rows[0].set(1);
        rows[1].set(0);
        rows[1].set(2);
        rows[2].set(1);
        claims = AccessClaims.ofMatrix(rows);
        claims.tryClaim(0);
    }

    @Actor
    public void finishesZeroThenClaimsTwo(ZZZ_Result r) {
        claims.release(0);
        r.r1 = claims.tryClaim(2);
    }

    @Actor
    public void claimsOne(ZZZ_Result r) {
        r.r2 = claims.tryClaim(1);
    }

    /** After both actors: 0 was released, so it can be claimed again exactly when 1 does not hold. */
    @Arbiter
    public void after(ZZZ_Result r) {
        boolean oneHeld = claims.isClaimed(1);
        r.r3 = claims.tryClaim(0) == !oneHeld;
    }
}
