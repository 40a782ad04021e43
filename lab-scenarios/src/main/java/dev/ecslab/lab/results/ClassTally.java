package dev.ecslab.lab.results;

/**
 * A cell on one scenario class (criteria 1 and 2, and the class views): the evidence judged there, the runs that
 * failed there and the first counterexample found there. {@link #plus} adds the counts and keeps the earlier
 * counterexample: associative and commutative, {@link #NONE} the identity.
 */
public record ClassTally(long evidence, int failedRuns, First<Counterexample> first) {
    /** Nothing judged: the identity of {@link #plus}. */
    public static final ClassTally NONE = new ClassTally(0, 0, null);

    public ClassTally plus(ClassTally o) {
        return new ClassTally(evidence + o.evidence, failedRuns + o.failedRuns, First.earlier(first, o.first));
    }

    public CellStatus status() {
        return CellStatus.of(first != null, evidence);
    }

    /** The first counterexample on this class, or {@code null}. */
    public Counterexample firstCounterexample() {
        return First.valueOf(first);
    }
}
