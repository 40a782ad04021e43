package dev.ecslab.fray;

import java.util.function.IntConsumer;

/**
 * The shape of most of the lane's bodies: two threads started together, each running its part, both joined
 * before the body judges what they left. Under Fray the two are scheduled by Fray; their interleaving is what
 * it explores.
 */
final class TwoThreads {
    private TwoThreads() {
    }

    /** Runs {@code first} and {@code second} on two new threads and waits for both. */
    static void run(Runnable first, Runnable second) {
        Thread a = new Thread(first);
        Thread b = new Thread(second);
        a.start();
        b.start();
        join(a);
        join(b);
    }

    /** Runs {@code part} on two new threads, given 0 and 1, and waits for both. */
    static void run(IntConsumer part) {
        run(() -> part.accept(0), () -> part.accept(1));
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted joining " + t.getName(), e);
        }
    }
}
