package dev.ecslab.ecs.schedule;

/** How a schedule orders systems that conflict but have no declared constraint between them. */
public enum OrderingPolicy {
    /**
     * Bevy's policy: only declared constraints order systems; a conflicting unordered pair runs in
     * either order and is reported as an ambiguity.
     */
    EXPLICIT,
    /**
     * The policy of the Arch.Scheduled draft and the thesis diary on writing an ECS: a conflicting pair is
     * ordered by insertion order, so nothing is ambiguous. Precisely: the compiler takes the topological
     * order of the declared constraints that prefers the earliest-inserted ready system, and orders every
     * conflicting pair along it (which can never create a cycle).
     */
    INSERTION_ORDER
}
