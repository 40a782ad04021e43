package dev.ecslab.ecs.job;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds job bodies until the owner thread blocks (waits for jobs, or waits inside a job it runs
 * itself), so a sync-point test depends on order, not on time: a scheduler that lets the owner go on
 * without waiting is seen going on while the jobs it should have waited for are still held. A daemon
 * watcher opens the gate when it sees the owner thread blocked.
 */
final class OwnerWaitGate {
    private final CountDownLatch open = new CountDownLatch(1);

    OwnerWaitGate(Thread owner) {
        Thread watcher = new Thread(() -> {
            while (true) {
                Thread.State s = owner.getState();
                if (s == Thread.State.WAITING || s == Thread.State.TIMED_WAITING || s == Thread.State.BLOCKED
                        || s == Thread.State.TERMINATED) {
                    open.countDown();
                    return;
                }
                Thread.onSpinWait();
                Thread.yield();
            }
        }, "owner-wait-gate");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** For the owner thread: a gate that opens once this thread blocks. */
    static OwnerWaitGate forCurrentThread() {
        return new OwnerWaitGate(Thread.currentThread());
    }

    /** Blocks a job body until the owner has blocked; fails rather than hanging after 30 s. */
    void pass() {
        try {
            if (!open.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the owner thread never blocked to wait for this job");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted at the gate", e);
        }
    }

    boolean isOpen() {
        return open.getCount() == 0;
    }
}
