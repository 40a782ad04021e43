package dev.ecslab.lab.replay;

/**
 * A replay file cannot be replayed faithfully with what was given: it was recorded with a strategy or
 * executor from a plug-in jar, and that jar (the same bytes, by SHA-256) was not given. Replaying
 * against another build would judge different code under the recorded name, so it is refused; the
 * message names the id, the recorded jar and hash, and what was given.
 */
public final class ReplayRefusedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ReplayRefusedException(String message) {
        super(message);
    }
}
