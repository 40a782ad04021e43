package dev.ecslab.lab.classify;

import dev.ecslab.ecs.change.ClaimedClass;

/**
 * The class the lab measured for a strategy under an executor, from criteria 1 and 2 on regular
 * scenarios (DESIGN §5): exact passes both, conservative only 1, flaky only 2, broken neither.
 */
public enum MeasuredClass {
    EXACT,
    CONSERVATIVE,
    FLAKY,
    BROKEN;

    public static MeasuredClass of(boolean atLeastOnce, boolean atMostOnce) {
        return atLeastOnce ? (atMostOnce ? EXACT : CONSERVATIVE) : (atMostOnce ? FLAKY : BROKEN);
    }

    /**
     * Whether this measurement agrees with a claim. "Exact but delayed" claims exactness (criteria 1
     * and 2); the delay shows up in criterion 3 instead.
     */
    public boolean agreesWith(ClaimedClass claimed) {
        return switch (claimed) {
            case EXACT, EXACT_DELAYED -> this == EXACT;
            case CONSERVATIVE -> this == CONSERVATIVE;
            case FLAKY -> this == FLAKY;
        };
    }
}
