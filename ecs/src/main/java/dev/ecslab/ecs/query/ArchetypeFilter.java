package dev.ecslab.ecs.query;

import dev.ecslab.ecs.storage.Archetype;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;

/**
 * A {@link Filter} compiled against one registry: the same boolean structure over dense component
 * ids, so it can be evaluated against an archetype's mask and turned into {@link Dnf} for conflict
 * analysis. A query's archetype filter also contains one {@link Has} per read or write term, because
 * a term only matches entities that have its component.
 *
 * <p>Access declarations read from another engine's schedule ({@code ScheduleJson}) use the same
 * type with ids from their own name registry, so nothing here depends on Java classes.
 */
public sealed interface ArchetypeFilter {

    /** Matches every archetype. */
    ArchetypeFilter TRUE = new And(List.of());

    record Has(int componentId) implements ArchetypeFilter {
    }

    record Not(ArchetypeFilter operand) implements ArchetypeFilter {
    }

    record And(List<ArchetypeFilter> operands) implements ArchetypeFilter {
        public And {
            operands = List.copyOf(operands);
        }
    }

    record Or(List<ArchetypeFilter> operands) implements ArchetypeFilter {
        public Or {
            operands = List.copyOf(operands);
        }
    }

    record Xor(ArchetypeFilter left, ArchetypeFilter right) implements ArchetypeFilter {
    }

    /** Evaluates the filter for a component set given as a membership test. */
    default boolean matches(IntPredicate has) {
        if (this instanceof Has h) {
            return has.test(h.componentId());
        } else if (this instanceof Not n) {
            return !n.operand().matches(has);
        } else if (this instanceof And a) {
            for (ArchetypeFilter f : a.operands()) {
                if (!f.matches(has)) {
                    return false;
                }
            }
            return true;
        } else if (this instanceof Or o) {
            for (ArchetypeFilter f : o.operands()) {
                if (f.matches(has)) {
                    return true;
                }
            }
            return false;
        } else {
            Xor x = (Xor) this;
            return x.left().matches(has) != x.right().matches(has);
        }
    }

    /** Adds every component the filter names (in {@code With}, {@code Without} or deeper) to {@code out}. */
    default void collectComponents(java.util.BitSet out) {
        if (this instanceof Has h) {
            out.set(h.componentId());
        } else if (this instanceof Not n) {
            n.operand().collectComponents(out);
        } else if (this instanceof And a) {
            a.operands().forEach(o -> o.collectComponents(out));
        } else if (this instanceof Or o) {
            o.operands().forEach(x -> x.collectComponents(out));
        } else {
            Xor x = (Xor) this;
            x.left().collectComponents(out);
            x.right().collectComponents(out);
        }
    }

    /** Evaluates the filter for an archetype's component set. */
    default boolean matches(Archetype archetype) {
        return matches(archetype::has);
    }

    /** The conjunction of two filters, flattening nested {@code And}s. */
    static ArchetypeFilter and(ArchetypeFilter a, ArchetypeFilter b) {
        java.util.ArrayList<ArchetypeFilter> ops = new java.util.ArrayList<>();
        for (ArchetypeFilter f : List.of(a, b)) {
            if (f instanceof And and) {
                ops.addAll(and.operands());
            } else {
                ops.add(f);
            }
        }
        return ops.size() == 1 ? ops.get(0) : new And(ops);
    }

    /** Renders the filter with component names, in the user-facing syntax. */
    default String describe(IntFunction<String> names) {
        if (this instanceof Has h) {
            return "With<" + names.apply(h.componentId()) + ">";
        } else if (this instanceof Not n) {
            if (n.operand() instanceof Has h) {
                return "Without<" + names.apply(h.componentId()) + ">";
            }
            return "Not(" + n.operand().describe(names) + ")";
        } else if (this instanceof And a) {
            return a.operands().isEmpty() ? "All"
                    : a.operands().stream().map(f -> f.describe(names)).collect(Collectors.joining(", ", "And(", ")"));
        } else if (this instanceof Or o) {
            return o.operands().isEmpty() ? "Nothing"
                    : o.operands().stream().map(f -> f.describe(names)).collect(Collectors.joining(", ", "Or(", ")"));
        } else {
            Xor x = (Xor) this;
            return "Xor(" + x.left().describe(names) + ", " + x.right().describe(names) + ")";
        }
    }
}
