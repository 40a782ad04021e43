package dev.ecslab.lab.results;

/**
 * A cell on one scenario class (criteria 1 and 2, and the class views): the evidence judged there, the runs that
 * failed there and the first counterexample found there ({@code found}, with where it was found). {@link #plus} adds the counts and keeps the earlier
 * counterexample: associative and commutative, {@link #NONE} the identity.
 */
public record ClassTally(long evidence, int failedRuns, First<Counterexample> found) {
    /** Nothing judged: the identity of {@link #plus}. */
    public static final ClassTally NONE = new ClassTally(0, 0, null);

    public ClassTally plus(ClassTally o) {
        return new ClassTally(evidence + o.evidence, failedRuns + o.failedRuns, First.earlier(found, o.found));
    }

    public CellStatus status() {
        return CellStatus.of(found != null, evidence);
    }

    /** The first counterexample on this class, or {@code null}. */
    public Counterexample first() {
        return First.valueOf(found);
    }
}
