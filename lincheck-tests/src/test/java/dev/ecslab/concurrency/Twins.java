package dev.ecslab.concurrency;

import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.lang.reflect.InvocationTargetException;
import org.jetbrains.lincheck.LincheckAssertionError;

/**
 * Runs a twin (a nested subclass of a {@link BothModes} test, the same operations on a production
 * class with a bug put back) the way its real test runs, and returns what Lincheck reported.
 */
public final class Twins {
    private Twins() {
    }

    /**
     * Model checking with the real test's options and specification (the twin inherits both); the
     * error Lincheck threw. The failing scenario is reported as found, not minimized: what is checked is
     * that the test catches the twin, and the operations it names are in the scenario either way
     * (minimizing re-runs the search for every smaller scenario, most of a twin's time).
     *
     * @throws AssertionError when Lincheck found nothing: the twin no longer shows its bug
     */
    public static LincheckAssertionError modelCheck(Class<? extends BothModes> twin) {
        LincheckAssertionError e = catchThrowableOfType(LincheckAssertionError.class,
                () -> instance(twin).modelCheckingOptions().minimizeFailedScenario(false).check(twin));
        if (e == null) {
            throw new AssertionError("Lincheck's model checking did not catch " + twin.getName()
                    + ": the twin no longer shows its bug, or the test no longer exercises it");
        }
        return e;
    }

    /** Whether model checking, as the real test runs it, catches {@code twin} (no assertion). */
    public static boolean caughtByModelChecking(Class<? extends BothModes> twin) {
        return !passesModelChecking(twin);
    }

    /** Whether {@code test} passes model checking with its options and specification. */
    public static boolean passesModelChecking(Class<? extends BothModes> test) {
        return catchThrowableOfType(LincheckAssertionError.class, () -> instance(test).modelCheckingOptions().check(test)) == null;
    }

    /** An instance of a test (or twin) class, to ask for its options and specification. */
    private static BothModes instance(Class<? extends BothModes> test) {
        try {
            return test.getConstructor().newInstance();
        } catch (NoSuchMethodException | InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot make " + test.getName() + " to ask for its options", e);
        }
    }
}
