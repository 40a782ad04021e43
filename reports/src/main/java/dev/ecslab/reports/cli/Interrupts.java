package dev.ecslab.reports.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Ctrl-C during a command: the JVM runs this shutdown hook before exiting. It stops the command's
 * {@link StagedReport} (which waits for a commit under way, or else removes the unfinished staging folder
 * and keeps the previous report untouched), removes the temporary files this process created and has not
 * moved into place ({@link AtomicFiles#removePending()}) and nothing else, and says truthfully what was
 * left.
 *
 * <p>{@link #stop()} is the hook's whole work, so tests can run it at a chosen point of a command on
 * another thread, as the JVM would.
 */
final class Interrupts implements AutoCloseable {
    /** The last command armed on this thread, so the exit code of a stopped command can say so. */
    private static final ThreadLocal<Interrupts> LAST = new ThreadLocal<>();
    /** The command armed last and not yet closed, for {@link ExitGuard}; null when none. */
    private static volatile Interrupts current;

    private final StagedReport report;
    private final PrintStream err;
    private final Thread hook;
    private final List<Runnable> alsoOnStop = new CopyOnWriteArrayList<>();
    private volatile boolean stopped;

    private Interrupts(StagedReport report) {
        this.report = report;
        this.err = System.err;
        this.hook = new Thread(this::stop, "lab-ctrl-c");
        Runtime.getRuntime().addShutdownHook(hook);
        LAST.set(this);
        current = this;
    }

    /** The command armed last and not yet closed, or null. */
    static Interrupts current() {
        return current;
    }

    /** Arms the hook for a command writing {@code report} (null: a command that writes no report); close it when done. */
    static Interrupts arm(StagedReport report) {
        return new Interrupts(report);
    }

    /** The report this command writes, or null. */
    StagedReport report() {
        return report;
    }

    /** Something more to do on Ctrl-C, before the report is stopped (a child process to end). */
    void alsoOnStop(Runnable action) {
        alsoOnStop.add(action);
    }

    /** What the hook does; returns the line it printed. Safe to call more than once, and from two threads. */
    synchronized String stop() {
        stopped = true;
        alsoOnStop.forEach(Runnable::run);
        String line = "lab: " + (report == null ? "stopped" : report.stop());
        AtomicFiles.removePending();
        err.println();
        err.println(line);
        err.flush();
        return line;
    }

    /** True when Ctrl-C stopped the last command armed on this thread. */
    static boolean stoppedHere() {
        Interrupts last = LAST.get();
        return last != null && last.stopped;
    }

    /** Forgets the last command of this thread (a new command line starts). */
    static void reset() {
        LAST.remove();
    }

    @Override
    public void close() {
        if (current == this) {
            current = null;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException ignored) {
            // the JVM is already exiting: the hook runs
        }
    }
}
