package dev.ecslab.concurrency;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * Lincheck options in one place. CI runs reduced options (model checking 10 scenarios × 500
 * interleavings of 2 threads × 3 operations; stress 20 × 1 000), a few seconds to half a minute per
 * test; {@code mvn verify -Decslab.lincheck.full=true} runs Lincheck's full defaults (100 × 10 000).
 * Both modes for every linearizability test, as JCTools and Caffeine do: the model checker assumes
 * sequential consistency, stress runs on the real memory model. Every check is made against the
 * test's own sequential specification (a plain model written for the test), never against the class
 * under test run sequentially, so a class that does the wrong thing atomically fails too.
 */
public final class LincheckSettings {
    static final boolean FULL = Boolean.getBoolean("ecslab.lincheck.full");

    private LincheckSettings() {
    }

    public static ModelCheckingOptions modelChecking(Class<?> specification) {
        ModelCheckingOptions o = new ModelCheckingOptions().sequentialSpecification(specification);
        if (!FULL) {
            o.iterations(10).invocationsPerIteration(500).threads(2).actorsPerThread(3);
        }
        return o;
    }

    public static StressOptions stress(Class<?> specification) {
        StressOptions o = new StressOptions().sequentialSpecification(specification);
        if (!FULL) {
            o.iterations(20).invocationsPerIteration(1_000);
        }
        return o;
    }
}
