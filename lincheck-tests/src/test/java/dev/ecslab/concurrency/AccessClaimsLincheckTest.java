package dev.ecslab.concurrency;

import dev.ecslab.ecs.executor.AccessClaims;
import dev.ecslab.ecs.executor.ExecutorTwins;
import java.util.BitSet;
import java.util.Set;
import java.util.TreeSet;
import org.jetbrains.lincheck.datastructures.IntGen;
import org.jetbrains.lincheck.datastructures.Operation;
import org.jetbrains.lincheck.datastructures.Param;

/**
 * Item 4: the dynamic executor's access claims ({@link AccessClaims}, the real class) are
 * linearizable: two conflicting claims never both succeed, and a released claim is visible to the
 * next claimer (a claim after a release in the linearization must succeed if nothing else conflicts).
 * Four systems: 0 writes what 1 and 2 read, 3 writes what 2 reads; 1 and 3 are independent.
 */
@Param(name = "system", gen = IntGen.class, conf = "0:3")
public class AccessClaimsLincheckTest extends BothModes {
    /** The conflicting pairs, both ways round. */
    static final int[][] CONFLICTS = {{0, 1}, {0, 2}, {3, 2}};
    private final AccessClaims claims = claims();

    /** The claims under test; the twin overrides this (JUnit allows a test class one constructor). */
    AccessClaims claims() {
        return AccessClaims.ofMatrix(conflicts());
    }

    static BitSet[] conflicts() {
        BitSet[] rows = new BitSet[4];
        for (int i = 0; i < 4; i++) {
            rows[i] = new BitSet();
        }
        for (int[] pair : CONFLICTS) {
            rows[pair[0]].set(pair[1]);
            rows[pair[1]].set(pair[0]);
        }
        return rows;
    }

    @Operation
    public boolean claim(@Param(name = "system") int system) {
        return claims.tryClaim(system);
    }

    @Operation
    public boolean claimAlone(@Param(name = "system") int system) {
        return claims.tryClaimAlone(system);
    }

    @Operation
    public boolean release(@Param(name = "system") int system) {
        return claims.release(system);
    }

    @Operation
    public int count() {
        return claims.count();
    }

    @Override
    protected Class<?> sequentialSpecification() {
        return HeldSet.class;
    }

    /**
     * The specification, from the contract: a set of held systems and at most one that runs alone. A
     * claim succeeds when nothing runs alone, the system holds nothing and no held system conflicts
     * with it; a claim alone when nothing is held; a release when the system held a claim.
     */
    public static final class HeldSet {
        private final Set<Integer> held = new TreeSet<>();
        private int alone = -1;

        private static boolean conflict(int a, int b) {
            for (int[] pair : CONFLICTS) {
                if ((pair[0] == a && pair[1] == b) || (pair[0] == b && pair[1] == a)) {
                    return true;
                }
            }
            return false;
        }

        public boolean claim(int system) {
            if (alone >= 0 || held.contains(system)) {
                return false;
            }
            for (int h : held) {
                if (conflict(system, h)) {
                    return false;
                }
            }
            held.add(system);
            return true;
        }

        public boolean claimAlone(int system) {
            if (!held.isEmpty()) {
                return false;
            }
            held.add(system);
            alone = system;
            return true;
        }

        public boolean release(int system) {
            if (!held.remove(system)) {
                return false;
            }
            if (alone == system) {
                alone = -1;
            }
            return true;
        }

        public int count() {
            return held.size();
        }
    }

    /** The twin: the real claims, checked and claimed in two steps. */
    public static class CheckThenAct extends AccessClaimsLincheckTest {
        @Override
        AccessClaims claims() {
            return ExecutorTwins.checkThenActClaims(conflicts());
        }
    }
}
