package dev.ecslab.reports.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Ends a child process and every process it started. {@link Process#destroy()} ends only the direct
 * child: the forks of a JMH run, JCStress's forked VMs and the scripts' own children would keep running
 * after the lab stops whenever the signal did not reach their process group (a CI runner that signals
 * only the lab's JVM, a {@code kill PID}). The lab must never leave processes behind.
 *
 * <p>Contract: the tree is read while the child is alive, every member is asked to end
 * ({@code SIGTERM}), then any member still alive after {@link #GRACE_MILLIS} is killed. Safe to call
 * on a process that has already ended, and more than once.
 */
final class ProcessTree {
    /** How long the tree may take to end after being asked before it is killed. */
    static final long GRACE_MILLIS = 5_000;

    private ProcessTree() {
    }

    static void destroy(Process process) {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());   // before the parent ends
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(GRACE_MILLIS);
        for (ProcessHandle h : tree) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            try {
                h.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException e) {
                break;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
