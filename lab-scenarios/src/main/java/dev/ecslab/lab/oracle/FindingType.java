package dev.ecslab.lab.oracle;

/** How a detector's answers differ from the oracle's. */
public enum FindingType {
    /** A change that no later run of the detector ever reported. */
    MISSED,
    /** A change reported, but not by the detector's first run after it (criterion 1 decides with the claim's delay). */
    DELAYED,
    /** A change the detector's run in the same frame (its first run after the change) did not report. */
    LATE,
    /** A report of a change that an earlier run (or the same answer) already reported. */
    REPEATED,
    /** A report of something nobody changed. */
    SPURIOUS,
    /** A report of a change the detector made itself (a system never sees its own changes). */
    OWN,
    /**
     * A change not reported to a detector whose absence around it went past the strategy's claimed horizon:
     * what happens past the horizon is reported, never gated.
     */
    PAST_HORIZON
}
