package dev.ecslab.reports.cli;

import java.io.PrintStream;

/**
 * A plug-in runs in the lab's JVM: a strategy or executor that calls {@code System.exit(0)} (or
 * {@code Runtime.exit}) in the middle of a campaign would end the process with the status it chose, and a
 * CI job reading the exit code would take a gate that never judged anything for a pass. The lab's own
 * {@link LabMain#main} exits only once its command has returned; this shutdown hook, installed by
 * {@code main} alone (tests that call {@link LabMain#execute} in-process never install it), sees the JVM
 * exiting before that, and, unless a signal started the exit (Ctrl-C: the JVM's {@code SIGINT handler}
 * thread, whose status 130 stays), stops the armed command as Ctrl-C would (its report is not put in
 * place) and halts with the command's status for "the code under test crashed": 1 for a gate (a crash is
 * a failure), {@link LabMain#INTERNAL_ERROR} for the others, with one line on standard error saying why.
 *
 * <p>{@code Runtime.halt} from a plug-in skips every hook and cannot be caught in-process.
 */
final class ExitGuard {
    private static volatile boolean installed;
    private static volatile boolean finished;
    /** The status to halt with when the code under test ends the JVM; commands that know better set it. */
    private static volatile int status = LabMain.INTERNAL_ERROR;
    private static final PrintStream ERR = System.err;

    private ExitGuard() {
    }

    /** Installs the hook (once per JVM); {@link LabMain#main} only. */
    static synchronized void install() {
        if (!installed) {
            installed = true;
            Runtime.getRuntime().addShutdownHook(new Thread(ExitGuard::check, "lab-exit-guard"));
        }
    }

    /** The command returned: the exit that follows is the lab's own. */
    static void finished() {
        finished = true;
    }

    /** The status to use if the code under test ends the JVM during the current command. */
    static void onForeignExit(int code) {
        status = code;
    }

    /** True when {@link #install} ran and the current command has not returned (for tests of {@link #check}). */
    static boolean armed() {
        return installed && !finished;
    }

    private static void check() {
        if (!armed() || signalled()) {
            return;
        }
        Interrupts current = Interrupts.current();
        if (current != null) {
            current.stop();
        }
        ERR.println("lab: the code under test ended the JVM (System.exit or Runtime.exit) before the command finished;"
                + " nothing it ran counts: exit " + status);
        ERR.flush();
        Runtime.getRuntime().halt(status);
    }

    /** A signal (Ctrl-C, kill) started the exit: its handler thread is waiting for the hooks. */
    static boolean signalled() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().matches("SIG[A-Z0-9]+ handler"));
    }
}
