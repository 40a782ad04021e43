package dev.ecslab.ecs.executor;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The hand-off from the dynamic executor's workers to its scheduler: a worker posts a system when
 * its run has finished, the scheduler takes it. This is the only channel between them, and it is what
 * publishes a system's writes (component values and their change ticks alike): everything a system
 * did before {@link #finished} happens-before whatever the scheduler does after {@link #take} or
 * {@link #poll} returned that system, including starting a later system on another worker. A worker
 * runs a system through {@link #runThenPost}, which posts only after the run. The JCStress test
 * {@code WritePublicationStress} checks exactly this on the real class.
 *
 * <p>The race-bug catalogue's twins ({@code ExecutorTwins} in the tests) put two bugs back into this
 * class through its package-private constructor: a queue that is not thread-safe, and a post made
 * before the run.
 */
public final class Completions {
    private final BlockingQueue<Integer> queue;
    /** False in every instance but a twin's. */
    private final boolean postBeforeRun;

    public Completions() {
        this(new LinkedBlockingQueue<>(), false);
    }

    /** The twins' constructor (tests only). */
    Completions(BlockingQueue<Integer> queue, boolean postBeforeRun) {
        this.queue = queue;
        this.postBeforeRun = postBeforeRun;
    }

    /** A worker: {@code system} has finished. */
    public void finished(int system) {
        queue.add(system);
    }

    /**
     * A worker: runs {@code system}'s {@code body}, then posts it as finished, also when the body
     * throws (the scheduler must learn of every run that ended).
     */
    public void runThenPost(int system, Runnable body) {
        if (postBeforeRun) {                     // the twin: the scheduler may act before the writes
            finished(system);
            body.run();
            return;
        }
        try {
            body.run();
        } finally {
            finished(system);
        }
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
