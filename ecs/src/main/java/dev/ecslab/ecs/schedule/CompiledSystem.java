package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.query.Access;

/**
 * A system as the executors see it: its index within its stage (insertion order), its resolved
 * access, and the indices of its sets in {@link CompiledSchedule#sets()}.
 */
public record CompiledSystem(int index, SystemDescriptor descriptor, Access access, int[] setIndices) {
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
