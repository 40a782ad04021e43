package dev.ecslab.concurrency.races;

/**
 * Race-bug catalogue, entry 4 (buggy variant), after Bevy #449/#450: a parallel executor whose
 * workers claim a system's access themselves by checking the running set and then adding to it,
 * in two steps. A writer and a reader of the same data can both check before either adds: two
 * conflicting systems run together.
 */
final class CheckThenActClaims {
    private int readers;
    private boolean writer;

    /** Claims read or write access to one datum; false when it conflicts with a held claim. */
    boolean tryClaim(boolean write) {
        boolean free = write ? !writer && readers == 0 : !writer;
        if (!free) {
            return false;
        }
        if (write) {
            writer = true;
        } else {
            readers++;
        }
        return true;
    }
}
