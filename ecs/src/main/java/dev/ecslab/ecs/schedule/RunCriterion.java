package dev.ecslab.ecs.schedule;

import dev.ecslab.ecs.world.World;

/**
 * Decides, once per iteration of a stage, whether the systems of a set run. Evaluated on the thread
 * that runs the schedule, between iterations, never concurrently with systems; it may read the world
 * but must not change its structure.
 */
@FunctionalInterface
public interface RunCriterion {
    ShouldRun evaluate(Context context);

    /** What a criterion may look at. */
    interface Context {
        World world();

        /** The frame number, counting from 0. */
        long frame();

        /** The iteration of the stage within this frame, counting from 0. */
        int iteration();
    }

    /** Always {@link ShouldRun#YES}. */
    RunCriterion ALWAYS = context -> ShouldRun.YES;
}
