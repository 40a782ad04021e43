package dev.ecslab.junit;

import org.opentest4j.AssertionFailedError;

/**
 * The JUnit failure of a gate that did not pass: a broken promise, a crash or a hang of the code under test, a promised
 * check that no run judged, or code under test that could not even be made (a provider that throws on construction).
 * It is an {@link AssertionFailedError}, so every JUnit 5 tool reports it as a failed test, not an error of the test
 * itself.
 *
 * <p>Contract: the message is complete on its own, for a CI log read by someone who has nothing else: the broken
 * promise in {@code lab gate}'s words, the shrunk counterexample in words, the seed, the replay command of each
 * counterexample and the folder of the gate's files. {@link #result()} has the same as data; it is {@code null} when the
 * gate could not start (the code under test failed before any campaign).
 */
public final class GateFailure extends AssertionFailedError {
    private static final long serialVersionUID = 1L;

    private final transient GateResult result;

    GateFailure(String message, GateResult result) {
        super(message);
        this.result = result;
    }

    GateFailure(String message, Throwable cause) {
        super(message, cause);
        this.result = null;
    }

    /** The gate's result, or {@code null} when the code under test failed before the campaign started. */
    public GateResult result() {
        return result;
    }
}
