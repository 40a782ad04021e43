package dev.ecslab.ecs.query;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * An {@link ArchetypeFilter} in disjunctive normal form: a list of clauses, each a set of components
 * that must be present and a set that must be absent. Two filters can match a common archetype
 * exactly when some pair of their clauses is consistent (no component both required and excluded),
 * which is how {@link Access} decides that {@code With<A>} and {@code Without<A>} are disjoint.
 *
 * <p><b>Bound.</b> DNF can grow exponentially. Past {@link #MAX_CLAUSES} clauses the form is marked
 * {@link #overflowed()} and keeps only its source filter; {@link #overlap} then decides with
 * {@link FilterSatisfiability} on the conjunction of the two source filters, exactly, or answers
 * {@link Overlap#UNDECIDED} past that solver's step budget. {@link #intersects} folds an undecided
 * answer into "may overlap", so executors stay <em>safe</em>; reports that must not claim a conflict
 * they have not proved ask {@link #overlap}.
 */
public final class Dnf {
    /** Clause budget before the form gives up and becomes conservative. */
    public static final int MAX_CLAUSES = 512;

    /** One conjunction of presence and absence literals; consistent by construction. */
    public record Clause(BitSet required, BitSet excluded) {
        static Clause of(BitSet required, BitSet excluded) {
            return new Clause(required, excluded);
        }

        boolean consistentWith(Clause other) {
            return !required.intersects(other.excluded) && !excluded.intersects(other.required);
        }

        Clause merge(Clause other) {
            BitSet r = (BitSet) required.clone();
            r.or(other.required);
            BitSet e = (BitSet) excluded.clone();
            e.or(other.excluded);
            return new Clause(r, e);
        }
    }

    /** Whether two filters can match a common archetype: proved yes, proved no, or not decided. */
    public enum Overlap { OVERLAP, DISJOINT, UNDECIDED }

    private final List<Clause> clauses;
    private final boolean overflowed;
    private final ArchetypeFilter source;
    /** True when no clause excludes anything: such forms overlap whenever both are satisfiable. */
    private final boolean onlyRequirements;
    /** For an overflowed form: its satisfiability, decided on first use. */
    private volatile FilterSatisfiability.Result satisfiability;
    /** For an overflowed form: overlaps already decided, by the other form (identity), so a pair is solved once. */
    private final java.util.Map<Dnf, Overlap> decided;

    private Dnf(List<Clause> clauses, boolean overflowed, ArchetypeFilter source) {
        this.clauses = clauses;
        this.overflowed = overflowed;
        this.source = source;
        this.onlyRequirements = !overflowed && clauses.stream().allMatch(c -> c.excluded().isEmpty());
        this.decided = overflowed ? java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>()) : null;
    }

    /** The DNF of {@code filter}, or an overflowed form if it needs more than {@link #MAX_CLAUSES}. */
    public static Dnf of(ArchetypeFilter filter) {
        try {
            return new Dnf(List.copyOf(convert(filter, false)), false, filter);
        } catch (TooLarge e) {
            return new Dnf(List.of(), true, filter);
        }
    }

    /** The filter this form was made from. */
    public ArchetypeFilter source() {
        return source;
    }

    /** The consistent clauses; empty means the filter matches nothing (unless overflowed). */
    public List<Clause> clauses() {
        return clauses;
    }

    /** True when the form was abandoned for size and is treated as matching anything. */
    public boolean overflowed() {
        return overflowed;
    }

    /** True when some archetype could match (an overflowed form that the solver cannot decide counts as yes). */
    public boolean satisfiable() {
        if (!overflowed) {
            return !clauses.isEmpty();
        }
        FilterSatisfiability.Result r = satisfiability;
        if (r == null) {
            r = FilterSatisfiability.decide(source);
            satisfiability = r;
        }
        return r != FilterSatisfiability.Result.UNSATISFIABLE;
    }

    /**
     * True when some single archetype could match both filters, or when that could not be decided: the
     * safe answer for an executor. Allocation-free unless a form overflowed.
     */
    public boolean intersects(Dnf other) {
        return overlap(other) != Overlap.DISJOINT;
    }

    /**
     * Whether some single archetype matches both filters: exactly, from the clauses, or for an
     * overflowed form from the solver over both source filters, which answers {@link Overlap#UNDECIDED}
     * past {@link FilterSatisfiability#MAX_STEPS}.
     */
    public Overlap overlap(Dnf other) {
        if (overflowed || other.overflowed) {
            if (!satisfiable() || !other.satisfiable()) {
                return Overlap.DISJOINT;
            }
            Dnf memo = overflowed ? this : other;
            Dnf key = overflowed ? other : this;
            Overlap known = memo.decided.get(key);
            if (known == null) {
                known = switch (FilterSatisfiability.decide(ArchetypeFilter.and(source, other.source))) {
                    case SATISFIABLE -> Overlap.OVERLAP;
                    case UNSATISFIABLE -> Overlap.DISJOINT;
                    case UNDECIDED -> Overlap.UNDECIDED;
                };
                memo.decided.put(key, known);
            }
            return known;
        }
        if (onlyRequirements && other.onlyRequirements) {
            // no literal of one can contradict the other: they overlap when both match something
            return clauses.isEmpty() || other.clauses.isEmpty() ? Overlap.DISJOINT : Overlap.OVERLAP;
        }
        for (int i = 0, n = clauses.size(); i < n; i++) {
            Clause a = clauses.get(i);
            for (int j = 0, m = other.clauses.size(); j < m; j++) {
                if (a.consistentWith(other.clauses.get(j))) {
                    return Overlap.OVERLAP;
                }
            }
        }
        return Overlap.DISJOINT;
    }

    private static final class TooLarge extends Exception {
        TooLarge() {
            super(null, null, false, false);
        }
    }

    private static Set<Clause> convert(ArchetypeFilter f, boolean negate) throws TooLarge {
        if (f instanceof ArchetypeFilter.Has h) {
            BitSet lit = new BitSet();
            lit.set(h.componentId());
            return single(negate ? Clause.of(new BitSet(), lit) : Clause.of(lit, new BitSet()));
        } else if (f instanceof ArchetypeFilter.Not n) {
            return convert(n.operand(), !negate);
        } else if (f instanceof ArchetypeFilter.And a) {
            return negate ? union(a.operands(), true) : product(a.operands(), false);
        } else if (f instanceof ArchetypeFilter.Or o) {
            return negate ? product(o.operands(), true) : union(o.operands(), false);
        } else {
            ArchetypeFilter.Xor x = (ArchetypeFilter.Xor) f;
            // Xor(a, b) = (a & !b) | (!a & b); its negation is (a & b) | (!a & !b).
            Set<Clause> aPos = convert(x.left(), false);
            Set<Clause> aNeg = convert(x.left(), true);
            Set<Clause> bPos = convert(x.right(), false);
            Set<Clause> bNeg = convert(x.right(), true);
            Set<Clause> out = new LinkedHashSet<>();
            if (!negate) {
                out.addAll(cross(aPos, bNeg));
                out.addAll(cross(aNeg, bPos));
            } else {
                out.addAll(cross(aPos, bPos));
                out.addAll(cross(aNeg, bNeg));
            }
            return checked(out);
        }
    }

    private static Set<Clause> union(List<ArchetypeFilter> operands, boolean negate) throws TooLarge {
        Set<Clause> out = new LinkedHashSet<>();
        for (ArchetypeFilter op : operands) {
            out.addAll(convert(op, negate));
            checked(out);
        }
        return out;
    }

    private static Set<Clause> product(List<ArchetypeFilter> operands, boolean negate) throws TooLarge {
        Set<Clause> acc = single(Clause.of(new BitSet(), new BitSet()));
        for (ArchetypeFilter op : operands) {
            acc = cross(acc, convert(op, negate));
            if (acc.isEmpty()) {
                return acc;
            }
        }
        return acc;
    }

    private static Set<Clause> cross(Set<Clause> left, Set<Clause> right) throws TooLarge {
        Set<Clause> out = new LinkedHashSet<>();
        for (Clause a : left) {
            for (Clause b : right) {
                if (a.consistentWith(b)) {
                    out.add(a.merge(b));
                }
            }
            checked(out);
        }
        return out;
    }

    private static Set<Clause> single(Clause c) {
        Set<Clause> s = new LinkedHashSet<>();
        s.add(c);
        return s;
    }

    private static Set<Clause> checked(Set<Clause> s) throws TooLarge {
        if (s.size() > MAX_CLAUSES) {
            throw new TooLarge();
        }
        return s;
    }

    @Override
    public String toString() {
        return overflowed ? "Dnf(overflowed)" : "Dnf" + new ArrayList<>(clauses);
    }
}
