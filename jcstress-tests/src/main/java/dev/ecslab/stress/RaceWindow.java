package dev.ecslab.stress;

/**
 * A twin's race window, widened by spinning: a fixed count of {@link Thread#onSpinWait()} calls (no
 * clock, no sleep), placed in a twin's actors or in its gap between a check and an act, never in the
 * real test's path or in production code. A twin whose bug needs one thread to land between two
 * steps of another shows it in a fraction of a percent of a quick run's samples without it, which a
 * slower or busier machine can turn into none; with it the bug shows in a share that a quick run
 * cannot miss (the rates measured are in this module's README).
 */
final class RaceWindow {
    private RaceWindow() {
    }

    /** Spins {@code count} times. */
    static void spin(int count) {
        for (int i = 0; i < count; i++) {
            Thread.onSpinWait();
        }
    }
}
