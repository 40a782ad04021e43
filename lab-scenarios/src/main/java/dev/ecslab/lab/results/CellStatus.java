package dev.ecslab.lab.results;

/**
 * What a cell (or one scenario class of it) says: three outcomes, never two. It fails when some run violated it,
 * passes when runs judged it (some evidence) and none violated it, and is not judged otherwise; not judged is never
 * a pass.
 */
public enum CellStatus {
    PASS,
    FAIL,
    NOT_JUDGED;

    /** The status as files spell it: {@code pass}, {@code fail}, {@code not-judged}. */
    public String json() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The status of a tally with {@code evidence} judged and a first counterexample or none. */
    public static CellStatus of(boolean failed, long evidence) {
        return failed ? FAIL : evidence > 0 ? PASS : NOT_JUDGED;
    }
}
