package dev.ecslab.ecs.executor;

import java.util.concurrent.LinkedBlockingQueue;

/**
 * The hand-off from the dynamic executor's workers to its scheduler: a worker posts a system when
 * its run has finished, the scheduler takes it. This is the only channel between them, and it is what
 * publishes a system's writes (component values and their change ticks alike): everything a system
 * did before {@link #finished} happens-before whatever the scheduler does after {@link #take} or
 * {@link #poll} returned that system, including starting a later system on another worker. The JCStress
 * test {@code WritePublicationStress} checks exactly this on the real class.
 */
public final class Completions {
    private final LinkedBlockingQueue<Integer> queue = new LinkedBlockingQueue<>();

    /** A worker: {@code system} has finished. */
    public void finished(int system) {
        queue.add(system);
    }

    /** The scheduler: a finished system, or {@code -1} when none is waiting. */
    public int poll() {
        Integer v = queue.poll();
        return v == null ? -1 : v;
    }

    /**
     * The scheduler: waits for a finished system. An interrupt does not end the wait (returning would
     * leave systems running); it is kept and re-asserted on return.
     */
    public int take() {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return queue.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
