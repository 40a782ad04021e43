package dev.ecslab.concurrency;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.junit.jupiter.api.Test;

/**
 * A Lincheck test class run in both modes, model checking and stress, with the options of
 * {@link LincheckSettings}, against its {@link #sequentialSpecification()}. Subclasses declare the
 * {@code @Operation}s on the real class; their nested twins (the same operations on the real class
 * with a bug put back) are run by {@code TwinsAreCaughtLincheckTest} and the race catalogue, never
 * by Surefire (it skips nested classes).
 */
public abstract class BothModes {
    /**
     * A plain model written for the test: a class with a method of the same name and parameters for
     * every operation, answering what the contract says the operation must answer.
     */
    protected abstract Class<?> sequentialSpecification();

    /** The model checker's options for this test (and its twins); a test whose invocations are costly narrows them. */
    protected ModelCheckingOptions modelCheckingOptions() {
        return LincheckSettings.modelChecking(sequentialSpecification());
    }

    @Test
    public void modelChecking() {
        modelCheckingOptions().check(getClass());
    }

    @Test
    public void stress() {
        LincheckSettings.stress(sequentialSpecification()).check(getClass());
    }
}
