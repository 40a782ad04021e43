package dev.ecslab.ecs.executor;

import dev.ecslab.ecs.schedule.Schedule;
import dev.ecslab.ecs.world.World;
import java.util.AbstractQueue;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Collection;
import java.util.Iterator;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The race-bug catalogue's twins of the executor's parts: {@link AccessClaims}, {@link Completions},
 * {@link ScheduleRunner} and {@link DynamicExecutor}, each the real class with one race or documented
 * scheduling bug put back through a package-private switch, so that the tests that pass the real class
 * are shown to fail it. Public for the concurrency modules, which reach it through this module's test jar.
 */
public final class ExecutorTwins {
    private ExecutorTwins() {
    }

    /** {@link AccessClaims#ofMatrix} whose claim checks, then claims, in two steps. */
    public static AccessClaims checkThenActClaims(BitSet[] conflicts) {
        return checkThenActClaims(conflicts, () -> { });
    }

    /**
     * {@link #checkThenActClaims(BitSet[])} running {@code gap} between the check and the claim: a stress
     * test widens the window the bug needs with it (a spin), so that the twin shows the bug in a short run.
     */
    public static AccessClaims checkThenActClaims(BitSet[] conflicts, Runnable gap) {
        return AccessClaims.ofMatrix(conflicts, gap);
    }

    /** {@link Completions} over a queue that is not thread-safe (an {@link ArrayDeque}). */
    public static Completions completionsOverPlainQueue() {
        return new Completions(new PlainQueue(), false);
    }

    /** {@link Completions} whose {@link Completions#runThenPost} posts before it runs the body. */
    public static Completions completionsPostingBeforeRun() {
        return new Completions(new java.util.concurrent.LinkedBlockingQueue<>(), true);
    }

    /** A {@link ScheduleRunner} that applies command buffers in the order their systems finished. */
    public static ScheduleRunner finishingOrderRunner(World world, Schedule schedule, Executor executor) {
        return new ScheduleRunner(world, schedule.compile(world), executor, true, false);
    }

    /**
     * A {@link ScheduleRunner} whose explicit sync points apply only the command buffers of their direct
     * predecessors (Bevy #17828): commands queued further up, behind a system that queued none, reach the
     * world only at the end of the stage iteration, after the systems that follow the sync point.
     */
    public static ScheduleRunner syncPointFlushingDirectPredecessorsOnly(World world, Schedule schedule, Executor executor) {
        return new ScheduleRunner(world, schedule.compile(world), executor, false, true);
    }

    /**
     * A {@link DynamicExecutor} that marks the caller's thread as taken when an exclusive, sync-point or
     * main-thread system starts and frees it only when a main-thread system or a sync point finishes (Bevy
     * #25378): after an exclusive system, no main-thread system of the stage iteration can start, and the
     * executor reports itself stalled.
     */
    public static DynamicExecutor exclusiveKeepsCallerThread(ExecutorOptions options) {
        return new DynamicExecutor(options, true);
    }

    /**
     * An {@link ArrayDeque} behind the {@link BlockingQueue} interface, with no synchronization: the
     * queue the twin's workers post into. Only what {@link Completions} calls does anything.
     */
    private static final class PlainQueue extends AbstractQueue<Integer> implements BlockingQueue<Integer> {
        private final ArrayDeque<Integer> items = new ArrayDeque<>();

        @Override
        public boolean offer(Integer e) {
            return items.offer(e);
        }

        @Override
        public Integer poll() {
            return items.poll();
        }

        @Override
        public Integer peek() {
            return items.peek();
        }

        @Override
        public Iterator<Integer> iterator() {
            return items.iterator();
        }

        @Override
        public int size() {
            return items.size();
        }

        @Override
        public Integer take() {
            throw new UnsupportedOperationException("the twin's scheduler only polls");
        }

        @Override
        public void put(Integer e) {
            offer(e);
        }

        @Override
        public boolean offer(Integer e, long timeout, TimeUnit unit) {
            return offer(e);
        }

        @Override
        public Integer poll(long timeout, TimeUnit unit) {
            return poll();
        }

        @Override
        public int remainingCapacity() {
            return Integer.MAX_VALUE;
        }

        @Override
        public int drainTo(Collection<? super Integer> c) {
            return drainTo(c, Integer.MAX_VALUE);
        }

        @Override
        public int drainTo(Collection<? super Integer> c, int max) {
            int n = 0;
            for (Integer e; n < max && (e = items.poll()) != null; n++) {
                c.add(e);
            }
            return n;
        }
    }
}
