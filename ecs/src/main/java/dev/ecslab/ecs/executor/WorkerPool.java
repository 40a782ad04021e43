package dev.ecslab.ecs.executor;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed pool of daemon worker threads fed from one queue. Submitting a task signals a single idle
 * worker (the queue's {@code notEmpty} condition wakes one waiter), so there is no thundering herd:
 * only a thread that will find work is woken. Shared by the dynamic and staged executors and the job
 * scheduler.
 */
public final class WorkerPool implements AutoCloseable {
    private final ThreadPoolExecutor pool;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    /**
     * Starts {@code threadCount} daemon workers named {@code ecslab-NAME-worker-K}. The names do not count pools:
     * traces record the thread each system ran on, and a trace must not depend on how many pools the process
     * made before (the lab runs scenarios in parallel, and its files must match a serial run's).
     */
    public WorkerPool(String name, int threadCount) {
        AtomicInteger count = new AtomicInteger();
        String prefix = "ecslab-" + name + "-worker-";
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, prefix + count.incrementAndGet());
            t.setDaemon(true);
            threads.add(t);
            return t;
        };
        this.pool = new ThreadPoolExecutor(threadCount, threadCount, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(),
                factory);
        this.pool.prestartAllCoreThreads();
    }

    /** Queues {@code task} for a worker. */
    public void submit(Runnable task) {
        pool.execute(task);
    }

    /**
     * Hands {@code system} to a worker under {@code control}'s protocol: announces the hand-off, and the
     * worker runs the system and then reports it finished, as the last thing its task does.
     */
    public void handOff(ExecutionControl control, StageRun run, int system) {
        control.handOff(system);
        pool.execute(() -> {
            try {
                run.runSystem(system);
            } finally {
                control.finished(system);
            }
        });
    }

    /**
     * Takes one submitted task that no worker has started yet and runs it on the calling thread;
     * false when there was none. A waiting caller uses this to work instead of sleeping.
     */
    public boolean runOnePending() {
        Runnable task = pool.getQueue().poll();
        if (task == null) {
            return false;
        }
        task.run();
        return true;
    }

    public boolean isShutdown() {
        return pool.isShutdown();
    }

    /**
     * Stops the workers and joins them, so that when this returns no worker thread is alive. Workers
     * are idle between stage iterations (executors wait for every system they start), so this is
     * prompt; a worker stuck in user code is waited for up to 10 seconds.
     */
    @Override
    public void close() {
        pool.shutdownNow();
        boolean interrupted = false;
        for (Thread t : threads) {
            try {
                t.join(TimeUnit.SECONDS.toMillis(10));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
