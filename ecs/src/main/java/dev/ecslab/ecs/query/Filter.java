package dev.ecslab.ecs.query;

import dev.ecslab.ecs.component.Components;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * An archetype filter over component presence, as the user writes it: {@code With}, {@code Without},
 * {@code And}, {@code Or}, {@code Not} and {@code Xor} (the operators of the thesis diary on writing an ECS).
 *
 * <p>Filters only decide <em>which</em> entities a query visits; they never read component values,
 * so they add nothing to the query's read or write set, but they do narrow its archetype filter and
 * therefore which other accesses it can conflict with ({@code With<A>} and {@code Without<A>} are
 * disjoint). Filters are world-independent values; a query compiles them against its world.
 */
public sealed interface Filter {

    /** Entities that have the component. */
    record With(Class<?> type) implements Filter {
        public With {
            Objects.requireNonNull(type, "type");
        }

        @Override
        public String toString() {
            return "With<" + Components.displayName(type) + ">";
        }
    }

    /** Entities that do not have the component. */
    record Without(Class<?> type) implements Filter {
        public Without {
            Objects.requireNonNull(type, "type");
        }

        @Override
        public String toString() {
            return "Without<" + Components.displayName(type) + ">";
        }
    }

    /** All operands hold. An empty {@code And} matches everything. */
    record And(List<Filter> operands) implements Filter {
        public And {
            operands = List.copyOf(operands);
        }

        @Override
        public String toString() {
            return join("And", operands);
        }
    }

    /** At least one operand holds. An empty {@code Or} matches nothing. */
    record Or(List<Filter> operands) implements Filter {
        public Or {
            operands = List.copyOf(operands);
        }

        @Override
        public String toString() {
            return join("Or", operands);
        }
    }

    /** The operand does not hold. */
    record Not(Filter operand) implements Filter {
        public Not {
            Objects.requireNonNull(operand, "operand");
        }

        @Override
        public String toString() {
            return "Not(" + operand + ")";
        }
    }

    /** Exactly one of the two operands holds. */
    record Xor(Filter left, Filter right) implements Filter {
        public Xor {
            Objects.requireNonNull(left, "left");
            Objects.requireNonNull(right, "right");
        }

        @Override
        public String toString() {
            return "Xor(" + left + ", " + right + ")";
        }
    }

    /** Has every one of {@code types}. */
    static Filter with(Class<?>... types) {
        return types.length == 1 ? new With(types[0])
                : new And(Arrays.stream(types).<Filter>map(With::new).toList());
    }

    /** Has none of {@code types}. */
    static Filter without(Class<?>... types) {
        return types.length == 1 ? new Without(types[0])
                : new And(Arrays.stream(types).<Filter>map(Without::new).toList());
    }

    static Filter and(Filter... operands) {
        return new And(List.of(operands));
    }

    static Filter or(Filter... operands) {
        return new Or(List.of(operands));
    }

    static Filter not(Filter operand) {
        return new Not(operand);
    }

    static Filter xor(Filter left, Filter right) {
        return new Xor(left, right);
    }

    private static String join(String op, List<Filter> operands) {
        return operands.stream().map(Filter::toString).collect(Collectors.joining(", ", op + "(", ")"));
    }
}
