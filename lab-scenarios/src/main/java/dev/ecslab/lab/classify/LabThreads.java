package dev.ecslab.lab.classify;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The lab's own threads: daemons (a hung run never keeps the JVM alive), and waiting on them with the cause unwrapped. */
final class LabThreads {
    private LabThreads() {
    }

    static ThreadFactory daemons(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    static <T> T await(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(c);
        }
    }

    static void call(Callable<Void> c) {
        try {
            c.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the lab was interrupted", e);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static void join(Future<Void> f) {
        try {
            await(f);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the lab was interrupted", e);
        }
    }
}
