package dev.ecslab.concurrency.races;

import java.util.BitSet;

/**
 * Race-bug catalogue, entry 4 (buggy variant), after Bevy #449/#450: a parallel executor whose
 * workers claim a system's access themselves by checking the claimed set and then adding to it, in
 * two steps. A writer and a reader of the same data can both check before either adds: two
 * conflicting systems run together. Same shape as ecslab's {@code AccessClaims}, minus its atomicity.
 */
final class CheckThenActClaims {
    private final BitSet[] conflicts;
    private final BitSet claimed = new BitSet();

    CheckThenActClaims(BitSet[] conflicts) {
        this.conflicts = conflicts;
    }

    /** Claims a system's access; false when it conflicts with a held claim. */
    boolean tryClaim(int system) {
        if (claimed.get(system) || conflicts[system].intersects(claimed)) {
            return false;
        }
        claimed.set(system);
        return true;
    }
}
