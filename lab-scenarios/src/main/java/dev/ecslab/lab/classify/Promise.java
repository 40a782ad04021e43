package dev.ecslab.lab.classify;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.criteria.Criterion;

/**
 * What a claimed class promises, so that the gate gates all of it (a gate that checked less than the
 * claim would pass falsely) and the report marks a failure of it as a broken promise rather than a
 * known limit. Every claim promises no crash, ordering (O), ambiguity detection (A), bounded memory
 * (6) and a pure frame (8). On top: exact promises criteria 1 (on time) and 2 on every scenario class,
 * hence 3; exact-delayed promises 1 within its delay and 2; conservative promises 1; flaky promises 2.
 * A subject that claims nothing (a mutant) is held to exactness.
 *
 * @param delayFrames the delay criterion 1 allows (0: the detector's first run after the change)
 */
public record Promise(ClaimedClass claimed, int delayFrames) {
    public static Promise of(Row row) {
        return new Promise(row.claimed(), row.allowedDelayFrames());
    }

    public boolean atLeastOnce() {
        return claimed != ClaimedClass.FLAKY;
    }

    public boolean atMostOnce() {
        return claimed != ClaimedClass.CONSERVATIVE;
    }

    /** Same-frame detection follows from at-least-once with no delay. */
    public boolean sameFrame() {
        return atLeastOnce() && delayFrames == 0;
    }

    /**
     * Whether a failure of {@code c} breaks this promise. The class views count through what they are
     * views of: 7 is criterion 1 on pausing scenarios, L criteria 1 and 2 on looping ones.
     */
    public boolean covers(Criterion c) {
        return switch (c) {
            case CRASH, BOUNDED_MEMORY, PURE_FUNCTION, ORDERING, AMBIGUITY -> true;
            case AT_LEAST_ONCE, NOT_LOST_WHEN_PAUSED -> atLeastOnce();
            case AT_MOST_ONCE -> atMostOnce();
            case SAME_FRAME -> sameFrame();
            case LOOPING -> atLeastOnce() || atMostOnce();
        };
    }

    /** The claim in words: "exact", "exact, up to 1 frame late", "flaky", "nothing (held to exact)". */
    public String describe() {
        if (claimed == null) {
            return "nothing (held to exact)";
        }
        String name = claimed.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        return delayFrames == 0 ? name : name + ", up to " + delayFrames + " frame(s) late";
    }
}
