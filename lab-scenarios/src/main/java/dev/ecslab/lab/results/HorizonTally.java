package dev.ecslab.lab.results;

/**
 * Changes missed past the horizon a strategy claims: never gated (the claim does not cover them), shown so that what
 * happens past a promise is known. The runs with such a miss, the changes missed and the first in words.
 * {@link #plus} adds the counts and keeps the earlier first: associative and commutative, {@link #NONE} the identity.
 */
public record HorizonTally(int runs, long changes, First<String> first) {
    /** Nothing missed past the horizon: the identity of {@link #plus}. */
    public static final HorizonTally NONE = new HorizonTally(0, 0, null);

    public HorizonTally plus(HorizonTally o) {
        return new HorizonTally(runs + o.runs, changes + o.changes, First.earlier(first, o.first));
    }

    /** The first miss in words, or {@code null}. */
    public String firstWords() {
        return First.valueOf(first);
    }
}
