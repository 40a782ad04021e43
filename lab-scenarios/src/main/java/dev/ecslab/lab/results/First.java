package dev.ecslab.lab.results;

/**
 * A value and where the campaign's fixed enumeration found it: the unit (a scenario under one configuration) and
 * its place among that unit's findings (its runs in order, each run's violations in the judge's order). Tallies
 * keep the earliest of each scope, so which counterexample (or which sentence) a cell shows does not depend on how
 * the campaign was split into jobs or shards, nor on the order their tallies are added.
 *
 * <p>Contract: a position names one finding of one row; two values at the same position are the same finding (a
 * unit is folded once), so {@link #earlier} never has to choose between two different ones.
 *
 * @param unit  the unit's index in the row's enumeration (criterion 6's long run comes after every unit)
 * @param order the finding's place among the unit's findings
 */
public record First<T>(long unit, int order, T value) {
    public First {
        if (value == null) {
            throw new IllegalArgumentException("a first finding needs its value");
        }
    }

    /** The one found first ({@code null} is none): associative, commutative, with {@code null} as identity. */
    public static <T> First<T> earlier(First<T> a, First<T> b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        return a.unit < b.unit || a.unit == b.unit && a.order <= b.order ? a : b;
    }

    /** The value of {@code f}, or {@code null} for none. */
    public static <T> T valueOf(First<T> f) {
        return f == null ? null : f.value();
    }
}
