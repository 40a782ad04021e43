package dev.ecslab.concurrency;

import dev.ecslab.ecs.executor.AccessClaims;
import java.util.BitSet;
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
    private final AccessClaims claims = AccessClaims.ofMatrix(conflicts());

    static BitSet[] conflicts() {
        BitSet[] rows = new BitSet[4];
        for (int i = 0; i < 4; i++) {
            rows[i] = new BitSet();
        }
        link(rows, 0, 1);
        link(rows, 0, 2);
        link(rows, 3, 2);
        return rows;
    }

    private static void link(BitSet[] rows, int a, int b) {
        rows[a].set(b);
        rows[b].set(a);
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
}
