package dev.ecslab.engines.artemis;

import com.artemis.SystemInvocationStrategy;

/**
 * The invocation strategy of the adapter's world: artemis's default strategy ({@code InvocationStrategy}) calls
 * {@code updateEntityStates()} before each system and after the last; the lab's systems are not artemis systems, so
 * the adapter calls {@link #beforeSystem()} where artemis would (before each lab run), and {@code World.process()}
 * (which runs {@link #process()} and then purges deleted entities, recycling their ids) once per lab frame.
 */
final class Sync extends SystemInvocationStrategy {
    /** Applies the pending entity edits and informs every subscription, as before each artemis system. */
    void beforeSystem() {
        updateEntityStates();
    }

    @Override
    protected void process() {
        updateEntityStates();
    }
}
