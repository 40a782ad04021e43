package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.query.Access;
import java.util.List;

/**
 * A system as the executors see it: its index within its stage (insertion order), its resolved
 * access, the indices of its sets in {@link CompiledSchedule#sets()}, and the run conditions that decide
 * it (its own, then its sets'), resolved, for the analysis.
 */
public record CompiledSystem(int index, SystemDescriptor descriptor, Access access, int[] setIndices,
        List<Condition> conditions) {
    public CompiledSystem {
        conditions = List.copyOf(conditions);
    }

    public CompiledSystem(int index, SystemDescriptor descriptor, Access access, int[] setIndices) {
        this(index, descriptor, access, setIndices, List.of());
    }

    /**
     * A resolved run condition of a system: its name, the set it comes from (null for the system's own)
     * and what it reads.
     */
    public record Condition(String name, String set, Access access) {
        /** How reports name it: {@code run condition 'in_game'} or {@code run condition 'in_game' of set Movement}. */
        public String describe() {
            return "run condition '" + name + "'" + (set == null ? "" : " of set " + set);
        }
    }

    /** Every condition's reads together, or {@link Access#NONE}. */
    public Access conditionAccess() {
        if (conditions.isEmpty()) {
            return Access.NONE;
        }
        Access.Builder b = Access.builder();
        conditions.forEach(c -> b.addAll(c.access()));
        return b.build();
    }

    public String name() {
        return descriptor.name();
    }

    public SystemKind kind() {
        return descriptor.kind();
    }

    @Override
    public String toString() {
        return descriptor.name();
    }
}
