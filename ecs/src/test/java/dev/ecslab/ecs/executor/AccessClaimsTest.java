package dev.ecslab.ecs.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The sequential contract of {@link AccessClaims}; its concurrency is tested in lincheck-tests and jcstress-tests. */
class AccessClaimsTest {
    /** 0 writes what 1 reads; 2 is independent of both. */
    private static AccessClaims writerReaderAndBystander() {
        BitSet[] rows = {new BitSet(), new BitSet(), new BitSet()};
        rows[0].set(1);
        rows[1].set(0);
        return AccessClaims.ofMatrix(rows);
    }

    @Test
    void conflictingClaimsExcludeEachOtherUntilReleased() {
        AccessClaims claims = writerReaderAndBystander();
        assertThat(claims.tryClaim(0)).isTrue();
        assertThat(claims.tryClaim(1)).as("conflicts with 0").isFalse();
        assertThat(claims.tryClaim(2)).as("independent").isTrue();
        assertThat(claims.claimedSystems()).containsExactly(0, 2);
        assertThat(claims.release(0)).isTrue();
        assertThat(claims.tryClaim(1)).as("0 released").isTrue();
        assertThat(claims.count()).isEqualTo(2);
    }

    @Test
    void aClaimIsNotReentrantAndAnUnheldReleaseIsReported() {
        AccessClaims claims = writerReaderAndBystander();
        assertThat(claims.tryClaim(2)).isTrue();
        assertThat(claims.tryClaim(2)).isFalse();
        assertThat(claims.release(1)).isFalse();
        assertThat(claims.release(2)).isTrue();
        assertThat(claims.release(2)).isFalse();
        assertThat(claims.isEmpty()).isTrue();
    }

    @Test
    void anExclusiveClaimNeedsNothingElseHeldAndBlocksEveryOtherClaim() {
        AccessClaims claims = writerReaderAndBystander();
        assertThat(claims.tryClaim(2)).isTrue();
        assertThat(claims.tryClaimAlone(0)).as("2 is held").isFalse();
        claims.release(2);
        assertThat(claims.tryClaimAlone(0)).isTrue();
        assertThat(claims.tryClaimAlone(2)).isFalse();
        assertThat(claims.tryClaim(2)).as("2 does not conflict with 0, but 0 runs alone").isFalse();
        claims.release(0);
        assertThat(claims.tryClaim(2)).isTrue();
    }

    @Test
    void aNegativeSizeIsRefused() {
        assertThatThrownBy(() -> new AccessClaims(-1, (s, h) -> false)).hasMessageContaining("-1");
    }
}
