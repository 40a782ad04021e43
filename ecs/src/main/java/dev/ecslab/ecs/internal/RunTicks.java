package dev.ecslab.ecs.internal;

import dev.ecslab.ecs.change.SystemTicks;
import dev.ecslab.ecs.change.Ticks;

/**
 * The world side of {@link SystemTicks}: the clock of one system (or of the world's own direct
 * operations) that the world and the schedule runner move, and that strategies only read. Not a
 * stable API: the world, the runner, the lab and tests that drive a tracker by hand use it.
 */
public final class RunTicks extends SystemTicks {
    /** Ticks whose previous and current run are {@code lastRun}. */
    public RunTicks(int id, String name, int lastRun) {
        super(id, name, lastRun);
    }

    /**
     * Ticks for a system that has never run, in a world whose current tick is {@code now}: on its
     * first run everything that exists counts as added, as in Bevy.
     */
    public static RunTicks fresh(int id, String name, int now) {
        RunTicks t = new RunTicks(id, name, (int) (now - Ticks.MAX_AGE));
        t.markNeverRan();
        return t;
    }

    /** Starts a run at {@code tick}. */
    @Override
    public void begin(int tick) {
        super.begin(tick);
    }

    /** Ends the run: the next run sees changes newer than this run's tick. */
    @Override
    public void end() {
        super.end();
    }

    /** Keeps the previous run within {@link Ticks#MAX_AGE} of {@code now}; the world calls it. */
    @Override
    public void clampLastRun(int now) {
        super.clampLastRun(now);
    }
}
