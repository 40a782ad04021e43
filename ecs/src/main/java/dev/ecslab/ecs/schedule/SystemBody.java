package dev.ecslab.ecs.schedule;

/** The code of a system, run once per frame (or per iteration of a looping stage) it is active in. */
@FunctionalInterface
public interface SystemBody {
    void run(SystemContext context) throws Exception;

    /** A body that does nothing (for schedules built only to be analysed, or for benchmarks). */
    SystemBody EMPTY = context -> { };
}
