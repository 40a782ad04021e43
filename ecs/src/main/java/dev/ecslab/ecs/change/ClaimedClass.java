package dev.ecslab.ecs.change;

/**
 * The correctness class a change-tracking proposal claims, in the terms of Bevy's change-detection PR #1471
 * (criterion 1 at-least-once, criterion 2 at-most-once). The lab measures the class each strategy
 * actually has and reports both.
 */
public enum ClaimedClass {
    /** Every change is reported once and nothing else (criteria 1 and 2). */
    EXACT,
    /** Exact, but a change is reported only in the frame after it was made (proposal 3). */
    EXACT_DELAYED,
    /** Every change is reported at least once, some more than once (criterion 1 only). */
    CONSERVATIVE,
    /** No change is reported twice, but some are missed (criterion 2 only). */
    FLAKY
}
