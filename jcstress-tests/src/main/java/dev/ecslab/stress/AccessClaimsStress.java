package dev.ecslab.stress;

import dev.ecslab.ecs.executor.AccessClaims;
import dev.ecslab.ecs.executor.ExecutorTwins;
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
 * release and 2's claim; afterwards 0 can be claimed again exactly when 1 does not hold. Listed as
 * FORBIDDEN: both conflicting claims won ({@link Twin}, the real claims checked and claimed in two
 * steps, must show it). Every other outcome (neither won, or the release not visible afterwards) is
 * forbidden by JCStress's default for outcomes no {@code @Outcome} lists; no twin is kept for those,
 * since no bug put back into this class produces them. Two actors, so it runs on two CPUs.
 *
 * <p>The claimer of 1 waits while 0 is held (up to {@link #WAIT_CHECKS} looks), as a scheduler waits for
 * a conflicting system, so that in most samples its claim meets the claim of 2 right after the release:
 * the interleaving the claims must be exclusive in. Without the wait it nearly always came before the
 * release and lost. {@link Twin}'s check-then-claim spins between its two steps ({@link Twin#GAP}), which
 * widens the window the other claim must land in; the real claims have no such gap.
 */
@JCStressTest
@Description("AccessClaims: conflicting claims are exclusive, a release is visible to the next claimer")
@Outcome(id = "true, false, true", expect = Expect.ACCEPTABLE, desc = "2 won (1 came before 0's release, or after 2)")
@Outcome(id = "false, true, true", expect = Expect.ACCEPTABLE, desc = "1 won: it saw 0's release and came before 2")
@Outcome(id = "true, true, .*", expect = Expect.FORBIDDEN, desc = "two conflicting systems both claimed")
@State
public class AccessClaimsStress {
    private final AccessClaims claims = claims(conflicts());

    public AccessClaimsStress() {
        claims.tryClaim(0);
    }

    static BitSet[] conflicts() {
        BitSet[] rows = {new BitSet(), new BitSet(), new BitSet()};
        rows[0].set(1);
        rows[1].set(0);
        rows[1].set(2);
        rows[2].set(1);
        return rows;
    }

    /**
     * How many times the claimer of 1 looks whether 0 is still held before it claims anyway: a scheduler
     * waiting for a conflicting system to finish, bounded so that the actor always ends.
     */
    static final int WAIT_CHECKS = 10_000;

    /** The claims under test; the twin overrides it. */
    AccessClaims claims(BitSet[] conflicts) {
        return AccessClaims.ofMatrix(conflicts);
    }

    @Actor
    public void finishesZeroThenClaimsTwo(ZZZ_Result r) {
        claims.release(0);
        r.r1 = claims.tryClaim(2);
    }

    @Actor
    public void claimsOne(ZZZ_Result r) {
        for (int i = 0; i < WAIT_CHECKS && claims.isClaimed(0); i++) {
            Thread.onSpinWait();
        }
        r.r2 = claims.tryClaim(1);
    }

    /** After both actors: 0 was released, so it can be claimed again exactly when 1 does not hold. */
    @Arbiter
    public void after(ZZZ_Result r) {
        boolean oneHeld = claims.isClaimed(1);
        r.r3 = claims.tryClaim(0) == !oneHeld;
    }

    /** The twin: the real claims, checked and claimed in two steps (each atomic, not together). */
    @JCStressTest
    @Description("TWIN of AccessClaimsStress: a claim checked, then made, in two steps")
    @Outcome(id = "true, true, .*", expect = Expect.ACCEPTABLE_INTERESTING,
            desc = "must-show: two conflicting systems both claimed")
    @Outcome(expect = Expect.ACCEPTABLE, desc = "other outcomes (the twin is not graded on them)")
    @State
    public static class Twin extends AccessClaimsStress {
        /** Spins between the twin's check and its claim: the window the other claim must land in. */
        static final int GAP = 100;

        @Override
        AccessClaims claims(BitSet[] conflicts) {
            return ExecutorTwins.checkThenActClaims(conflicts, () -> RaceWindow.spin(GAP));
        }

        @Actor
        @Override
        public void finishesZeroThenClaimsTwo(ZZZ_Result r) {
            super.finishesZeroThenClaimsTwo(r);
        }

        @Actor
        @Override
        public void claimsOne(ZZZ_Result r) {
            super.claimsOne(r);
        }

        @Arbiter
        @Override
        public void after(ZZZ_Result r) {
            super.after(r);
        }
    }
}
