package dev.ecslab.ecs.executor;

import java.util.function.IntUnaryOperator;

/**
 * Controlled execution: a harness (the lab) decides every choice an executor would otherwise leave to
 * a seed or to thread timing, so that one recorded sequence of decisions replays a run exactly, overlaps
 * between systems included. The executor still runs systems on its real threads; the control only lets
 * one of them make progress at a time, and decides which.
 *
 * <p><b>Why.</b> A race between two systems shows only in some interleavings. Sampling interleavings by
 * sleeping finds them rarely and cannot replay them; deterministic simulation (FoundationDB, TigerBeetle's
 * VOPR) and controlled schedulers (CHESS, PCT, loom, Lincheck's model checker) make every interleaving a
 * function of recorded choices. This interface is the executor's side of that contract.
 *
 * <p><b>The protocol</b> an executor follows when {@link ExecutorOptions#control()} is present (and
 * which it announces by returning true from {@link Executor#controlled()}):
 * <ol>
 *   <li>Every choice among alternatives (which ready system to consider first, which batch order to use)
 *       is {@link #choose(int)}: no random numbers, no clocks, no measured run times.</li>
 *   <li>Before handing system {@code v} to another thread, the executor calls {@link #handOff(int)
 *       handOff(v)} on the thread that runs {@link Executor#execute}. The receiving thread calls
 *       {@link StageRun#runSystem runSystem(v)} and then, as the last thing its task does,
 *       {@link #finished(int) finished(v)}; it must not touch the executor's shared state after that. At
 *       any time, every handed-off system must be able to reach {@code runSystem} without waiting for
 *       another handed-off system to progress: never hand off more systems than there are threads free
 *       to take them.</li>
 *   <li>The executor learns of completions only from {@link #awaitFinished()}, never from its own
 *       queues or latches. Which of several finished systems it learns of first is the control's choice.</li>
 *   <li>Systems the executor runs on the thread that called {@code execute} (main-thread, exclusive or
 *       inlined ones) are simply run.</li>
 * </ol>
 * Between these calls the executor runs as it always does; the control makes every other thread wait
 * while it does. All methods are called with the stage iteration's system indices.
 *
 * <p><b>Failures.</b> A control may throw from any method to abandon the run (an unchecked exception
 * the executor need not catch); {@link #awaitFinished()} throws {@link IllegalStateException} when
 * nothing handed off is unacknowledged, because the executor would wait forever.
 */
public interface ExecutionControl {
    /** One of {@code options} alternatives, from 0 to {@code options - 1}. */
    int choose(int options);

    /** {@code system} is about to be handed to another thread, which will run it and report it finished. */
    void handOff(int system);

    /** Called on the thread that ran a handed-off {@code system}, after {@link StageRun#runSystem} returned. */
    void finished(int system);

    /** Waits until a handed-off system has finished and returns it (once per handed-off system). */
    int awaitFinished();

    /** Shuffles {@code a[0..count)} with this control's choices ({@link #shuffle(int[], int, IntUnaryOperator)}). */
    default void shuffle(int[] a, int count) {
        shuffle(a, count, this::choose);
    }

    /**
     * Shuffles {@code a[0..count)} by forward selection: position {@code i} takes the element
     * {@code choose.applyAsInt(count - i)} places after it. Choosing 0 everywhere keeps the order, and any
     * element is put first by one non-zero choice, so a search that bounds its non-default choices (delay
     * bounding) can run each candidate first within a bound of one. Every permutation has one sequence of
     * choices, so uniform choices give a uniform shuffle of these {@code count} elements. That is not a
     * uniform draw of a stage's orders when the elements are the systems ready at one step and the shuffle
     * is repeated at every step: the orders whose steps offer few choices come more often (a uniform order
     * is {@link dev.ecslab.ecs.graph.LinearExtensions}'s, which the seeded executors draw).
     *
     * @param choose gives a number in {@code [0, n)} for its argument {@code n}
     */
    static void shuffle(int[] a, int count, IntUnaryOperator choose) {
        for (int i = 0; i < count - 1; i++) {
            int j = i + choose.applyAsInt(count - i);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
