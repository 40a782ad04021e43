package dev.ecslab.ecs.executor;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed pool of daemon worker threads fed from one queue. Submitting a task signals a single idle
 * worker (the queue's {@code notEmpty} condition wakes one waiter), so there is no thundering herd:
 * only a thread that will find work is woken.
 */
final class WorkerPool implements AutoCloseable {
    private final ThreadPoolExecutor pool;

    WorkerPool(String name, int threads) {
        AtomicInteger count = new AtomicInteger();
        ThreadFactory factory = r -> {
            Thread t = new Thread(r, "ecslab-" + name + "-worker-" + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), factory);
        this.pool.prestartAllCoreThreads();
    }

    void submit(Runnable task) {
        pool.execute(task);
    }

    boolean isShutdown() {
        return pool.isShutdown();
    }

    @Override
    public void close() {
        pool.shutdownNow();
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
