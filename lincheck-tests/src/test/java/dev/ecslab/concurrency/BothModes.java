package dev.ecslab.concurrency;

import org.junit.jupiter.api.Test;

/**
 * A Lincheck test class run in both modes: model checking and stress, with the options of
 * {@link LincheckSettings}. Subclasses declare the {@code @Operation}s on the real class.
 */
public abstract class BothModes {
    @Test
    public void modelChecking() {
        LincheckSettings.modelChecking().check(getClass());
    }

    @Test
    public void stress() {
        LincheckSettings.stress().check(getClass());
    }
}
