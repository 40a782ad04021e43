package dev.ecslab.lab.results;

import dev.ecslab.ecs.change.ClaimedClass;

/**
 * The class the lab measured for a strategy under an executor: from criterion 1 (every
 * change reported within the delay the claim allows), criterion 2 (nothing reported twice or
 * wrongly), both over every scenario class, and from crashes.
 * <ul>
 *   <li>{@link #EXACT}: 1 and 2 hold and every change was reported by the detector's first run after it;</li>
 *   <li>{@link #EXACT_DELAYED}: 1 and 2 hold, some reports late but within the claimed delay;</li>
 *   <li>{@link #CONSERVATIVE}: 1 only; {@link #FLAKY}: 2 only;</li>
 *   <li>{@link #BROKEN}: neither; or the code under test crashed; or the configuration broke an invariant
 *       every configuration must keep whatever its class (ordering O, bounded memory 6, a pure frame 8):
 *       a leaking tracker or an executor that overlaps conflicting systems is not "exact", however right
 *       its answers;</li>
 *   <li>{@link #NOT_JUDGED}: no run judged criterion 1 or 2 (never a pass).</li>
 * </ul>
 */
public enum MeasuredClass {
    EXACT,
    EXACT_DELAYED,
    CONSERVATIVE,
    FLAKY,
    BROKEN,
    NOT_JUDGED;

    /**
     * @param crash      the crash cell
     * @param first      criterion 1 under the claimed delay
     * @param second     criterion 2
     * @param onTime     whether every judged change was reported by its due run
     * @param invariants false when ordering, bounded memory or a pure frame failed
     */
    public static MeasuredClass of(CellStatus crash, CellStatus first, CellStatus second, boolean onTime, boolean invariants) {
        if (crash == CellStatus.FAIL || !invariants) {
            return BROKEN;
        }
        if (first == CellStatus.NOT_JUDGED || second == CellStatus.NOT_JUDGED) {
            return NOT_JUDGED;
        }
        boolean atLeastOnce = first == CellStatus.PASS;
        boolean atMostOnce = second == CellStatus.PASS;
        if (atLeastOnce && atMostOnce) {
            return onTime ? EXACT : EXACT_DELAYED;
        }
        return atLeastOnce ? CONSERVATIVE : atMostOnce ? FLAKY : BROKEN;
    }

    /** The class's name as the report writes it ({@code exact-delayed}, {@code not judged}). */
    public String label() {
        return this == NOT_JUDGED ? "not judged" : name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /**
     * Whether this measurement is what the claim says (Bevy PR #1471's theory is right): the same class,
     * where a claim of exact-but-delayed is also borne out by reports that were never late.
     */
    public boolean agreesWith(ClaimedClass claimed) {
        return switch (claimed) {
            case EXACT -> this == EXACT;
            case EXACT_DELAYED -> this == EXACT || this == EXACT_DELAYED;
            case CONSERVATIVE -> this == CONSERVATIVE;
            case FLAKY -> this == FLAKY;
        };
    }

    /**
     * Whether this measurement keeps the promises of {@code claimed} (what a gate asks): exact needs
     * both criteria on time; exact-delayed both within its delay; conservative criterion 1; flaky
     * criterion 2. A broken or not-judged measurement keeps no promise.
     */
    public boolean meets(ClaimedClass claimed) {
        return switch (claimed) {
            case EXACT -> this == EXACT;
            case EXACT_DELAYED -> this == EXACT || this == EXACT_DELAYED;
            case CONSERVATIVE -> this == EXACT || this == EXACT_DELAYED || this == CONSERVATIVE;
            case FLAKY -> this == EXACT || this == EXACT_DELAYED || this == FLAKY;
        };
    }
}
