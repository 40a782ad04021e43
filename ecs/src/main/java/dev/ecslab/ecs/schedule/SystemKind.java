package dev.ecslab.ecs.schedule;

/** How a system may be run (the kinds of Bevy PR #1144, executor v2). */
public enum SystemKind {
    /** Declares its access and may run in parallel with any system it does not conflict with. */
    NORMAL,
    /** Has the whole world: runs alone, conflicts with every system. Its body receives the world itself. */
    EXCLUSIVE,
    /** A normal system that must run on the thread that called the executor (Bevy PR #1144's "thread-local"). */
    MAIN_THREAD,
    /**
     * An explicit sync point (Bevy's {@code apply_deferred}): runs alone, like an exclusive system, and
     * applies the command buffers of every system of its stage that finished before it, in
     * topological order.
     */
    SYNC_POINT;

    /** True for kinds that need the whole world and run alone. */
    public boolean isExclusive() {
        return this == EXCLUSIVE || this == SYNC_POINT;
    }
}
