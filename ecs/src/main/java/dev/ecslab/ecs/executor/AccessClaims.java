package dev.ecslab.ecs.executor;

import java.util.BitSet;

/**
 * The set of systems that currently hold their access: a system may start only after it has claimed
 * its access here, and it releases the claim when it finishes. The dynamic executor's "no two
 * conflicting systems run together" rests on this class alone.
 *
 * <p><b>Contract.</b> Every operation is atomic (linearizable): {@link #tryClaim} checks for a conflict
 * and records the claim in one step, so two conflicting claims can never both succeed, however their
 * calls interleave; this is the check-then-act bug of Bevy's first parallel executor (#449/#450)
 * ruled out by construction. A {@link #release} happens-before every later claim that observes it, so
 * a released claim is visible to the next claimer on any thread. A system's claim is not reentrant:
 * claiming a system that already holds its claim fails.
 *
 * <p><b>Why a lock.</b> A claim must test one system's conflict row against every held claim and then
 * set one bit, and no single compare-and-set covers an arbitrary conflict row. Claims are made once
 * per system start, and in ecslab's executor by its one scheduler thread, so the monitor is
 * uncontended and costs a compare-and-set: far below the cost of handing a system to a worker. The
 * class is thread-safe anyway so that it stays correct for any caller, and it is tested as such (the
 * Lincheck and JCStress tests of the concurrency modules run it from several threads).
 */
public final class AccessClaims {
    /**
     * Whether {@code system} conflicts with any of {@code claimed}. Called under the claims' lock: it
     * must not keep or change {@code claimed}.
     */
    @FunctionalInterface
    public interface ConflictRule {
        boolean conflicts(int system, BitSet claimed);
    }

    private final ConflictRule rule;
    private final BitSet claimed;
    /** The system holding an exclusive claim, or -1. */
    private int alone = -1;
    /**
     * Null in every instance but the race-bug catalogue's twin ({@code ExecutorTwins} in the tests),
     * which checks and claims in two steps, each atomic, but not together, and runs this between them
     * (nothing, or a short spin that lets a stress test land in the gap more often).
     */
    private final Runnable checkThenActGap;

    /** Claims over systems {@code 0..systems-1} whose conflicts are decided by {@code rule}. */
    public AccessClaims(int systems, ConflictRule rule) {
        this(systems, rule, null);
    }

    private AccessClaims(int systems, ConflictRule rule, Runnable checkThenActGap) {
        if (systems < 0) {
            throw new IllegalArgumentException("systems must be >= 0, was " + systems);
        }
        this.rule = rule;
        this.claimed = new BitSet(systems);
        this.checkThenActGap = checkThenActGap;
    }

    /** Claims over systems whose conflicts are the rows of a symmetric conflict matrix. */
    public static AccessClaims ofMatrix(BitSet[] conflicts) {
        return ofMatrix(conflicts, null);
    }

    /**
     * {@link #ofMatrix(BitSet[])}, or with a {@code checkThenActGap} the twin with the bug put back, which
     * runs the gap between its check and its claim (tests only).
     */
    static AccessClaims ofMatrix(BitSet[] conflicts, Runnable checkThenActGap) {
        BitSet[] rows = conflicts.clone();
        return new AccessClaims(rows.length, (system, held) -> rows[system].intersects(held), checkThenActGap);
    }

    /** Claims {@code system}'s access if it conflicts with no held claim; false (and no change) otherwise. */
    public boolean tryClaim(int system) {
        if (checkThenActGap != null) {           // the twin: another claim can come between the two steps
            if (!free(system)) {
                return false;
            }
            checkThenActGap.run();
            mark(system);
            return true;
        }
        synchronized (this) {
            if (!free(system)) {
                return false;
            }
            claimed.set(system);
            return true;
        }
    }

    /** Whether {@code system} could claim now: no exclusive claim, not claimed, no conflict held. */
    private synchronized boolean free(int system) {
        return alone < 0 && !claimed.get(system) && !rule.conflicts(system, claimed);
    }

    private synchronized void mark(int system) {
        claimed.set(system);
    }

    /**
     * Claims {@code system} only if no claim at all is held, and refuses every other claim until it is
     * released: an exclusive system runs alone.
     */
    public synchronized boolean tryClaimAlone(int system) {
        if (!claimed.isEmpty()) {
            return false;
        }
        claimed.set(system);
        alone = system;
        return true;
    }

    /** Releases {@code system}'s claim; false when it held none (a caller's bookkeeping error). */
    public synchronized boolean release(int system) {
        if (!claimed.get(system)) {
            return false;
        }
        claimed.clear(system);
        if (alone == system) {
            alone = -1;
        }
        return true;
    }

    public synchronized boolean isClaimed(int system) {
        return claimed.get(system);
    }

    public synchronized boolean isEmpty() {
        return claimed.isEmpty();
    }

    /** How many systems hold a claim. */
    public synchronized int count() {
        return claimed.cardinality();
    }

    /** The claiming systems in increasing order (a copy; allocates, so for cold paths). */
    public synchronized int[] claimedSystems() {
        return claimed.stream().toArray();
    }

    @Override
    public synchronized String toString() {
        return "claims" + claimed;
    }
}
