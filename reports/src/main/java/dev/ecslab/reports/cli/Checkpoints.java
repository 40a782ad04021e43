package dev.ecslab.reports.cli;

/**
 * Named points in a command's work (the campaign, the staging, the commit) where a test can stop it as
 * Ctrl-C would, by running {@link Interrupts#stop()} there; outside tests nothing listens.
 */
final class Checkpoints {
    /** Told when a command reaches a step. */
    interface Listener {
        void reached(String step, Interrupts interrupts);
    }

    private static final Listener NONE = (step, interrupts) -> { };
    private static volatile Listener listener = NONE;

    private Checkpoints() {
    }

    static void reached(String step, Interrupts interrupts) {
        listener.reached(step, interrupts);
    }

    /** Sets the listener (null: none) and returns the one it replaces. */
    static Listener listen(Listener l) {
        Listener old = listener;
        listener = l == null ? NONE : l;
        return old;
    }
}
