package dev.ecslab.lab.run;

import dev.ecslab.ecs.entity.Entity;
import dev.ecslab.ecs.world.World;
import dev.ecslab.lab.explore.Interleaver;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.Watch;

/**
 * What a scenario's system bodies ({@link SystemBodies}) may read and record of their run: the part of a
 * {@link RunSession} they use, and nothing else.
 *
 * <p><b>Which thread writes what.</b> Bodies run on the executor's threads (several at once under the staged
 * and dynamic executors), and after a timeout an abandoned body may still run while the lab's thread reads the
 * session. So:
 * <ul>
 *   <li>{@link #scenario()} and {@link #config()} are fixed before the run starts;</li>
 *   <li>{@link #world()} and {@link #interleaver()} are written once, by the run's thread, before the first frame
 *       (volatile fields), and only read by bodies;</li>
 *   <li>{@link #currentFrame()} is written by the run's thread between frames (volatile), when no body runs;</li>
 *   <li>everything a body records ({@link #nextSequence()}, {@link #bodyStarted}, {@link #bodyEnded},
 *       {@link #bind}) goes into atomic or concurrent structures, safe from any thread and readable by the lab's
 *       thread at any time.</li>
 * </ul>
 */
interface BodyHost {
    /** The scenario being run. */
    Scenario scenario();

    /** The configuration under test. */
    LabConfig config();

    /** The run's world; built before the first frame. */
    World world();

    /** The frame being run. */
    long currentFrame();

    /** The next number of the lab's own sequence, which orders every event of the run (any thread). */
    long nextSequence();

    /** True when {@code thread} is the run's own thread (a body run on the caller). */
    boolean isRunThread(Thread thread);

    /** The control of a controlled run, or {@code null} in a free one. */
    Interleaver interleaver();

    /** A body started on {@code thread}: its record joins the run's, and the thread counts as inside a body. */
    void bodyStarted(BodyRun run, Thread thread);

    /** The body on {@code thread} ended. */
    void bodyEnded(Thread thread);

    /** The entity a scenario label stands for, or {@code null} before it is spawned. */
    Entity entity(String label);

    /** The scenario label of {@code e}, or {@code null}. */
    String label(Entity e);

    /** {@code label} now stands for {@code e} (a spawn). */
    void bind(String label, Entity e);

    /** The world stops holding back the rows of {@code w}'s component that it kept for a late observer. */
    void releasePreObservation(Watch w);
}
