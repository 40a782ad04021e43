package dev.ecslab.lab.mutant;

import dev.ecslab.ecs.change.GenerationTracker;
import dev.ecslab.ecs.change.SystemTicks;

/**
 * {@code generation} whose age test is off by one tick: it measures every age from one tick after the
 * reader's run began, so a change one tick younger than the maximum change age already counts as
 * expired and is never reported. Everywhere else it answers as {@code generation} does: both the
 * change's age and the reader's previous run's grow by one, so their order is kept unless the cap at
 * the maximum age makes them equal, which only a change exactly {@code MAX_AGE - 1} ticks old (and a
 * reader whose previous run is at least that old) can do. (A change one tick newer than the reader's
 * run would also look new, but no such change is visible to a run under an executor that keeps
 * conflicting systems apart.) No scenario whose clock jumps are fixed sizes reaches that one tick:
 * only a jump the lab sizes at run time to land a change on the boundary does.
 */
final class ExpiresOneTickEarly extends ReaderWindowTracker {
    static final String ID = "mutant:expires-one-tick-early";

    ExpiresOneTickEarly() {
        super(new GenerationTracker());
    }

    /** The reader as this mutant sees it: its run one tick later than it began. */
    @Override
    SystemTicks seen(SystemTicks reader) {
        return reader.withWindow(reader.lastRun(), reader.thisRun() + 1);
    }
}
