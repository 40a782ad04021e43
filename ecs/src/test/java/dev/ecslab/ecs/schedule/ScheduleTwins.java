package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.world.World;

/**
 * The race-bug catalogue's twin of the schedule compiler: the real {@link ScheduleCompiler} with Bevy
 * #14575's bug put back through its package-private switch. It names an ambiguous pair's conflicts from
 * the individual component and resource ids only, so a system that reads every component (Bevy's
 * {@code EntityRef}, {@code &World}) beside an unordered writer gets an empty list and is left out of
 * the ambiguity report. Public for the concurrency modules, which reach it through this module's test jar.
 */
public final class ScheduleTwins {
    private ScheduleTwins() {
    }

    /** {@code schedule} compiled against {@code world} by the compiler with the bug put back. */
    public static CompiledSchedule compileNamingConflictsFromIdsOnly(Schedule schedule, World world) {
        return ScheduleCompiler.compile(schedule, DataResolver.of(world), true);
    }
}
