package dev.ecslab.concurrency;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * Lincheck options in one place, at three sizes. The default build runs small options (model checking
 * 4 scenarios × 300 interleavings of 2 threads × 3 operations; stress 8 × 1 000): every twin is still
 * caught at that size, and the module takes about a minute. The long profile ({@code mvn verify -Plong},
 * system property {@code ecslab.long}) runs 10 × 500 and 20 × 1 000; {@code -Decslab.lincheck.full=true}
 * runs Lincheck's full defaults (100 × 10 000). Both modes for every linearizability test, as JCTools and
 * Caffeine do: the model checker assumes sequential consistency, stress runs on the real memory model.
 * Every check is made against the test's own sequential specification (a plain model written for the
 * test), never against the class under test run sequentially, so a class that does the wrong thing
 * atomically fails too.
 */
public final class LincheckSettings {
    static final boolean FULL = Boolean.getBoolean("ecslab.lincheck.full");
    static final boolean LONG = Boolean.getBoolean("ecslab.long");

    private LincheckSettings() {
    }

    public static ModelCheckingOptions modelChecking(Class<?> specification) {
        ModelCheckingOptions o = new ModelCheckingOptions().sequentialSpecification(specification);
        if (!FULL) {
            o.iterations(LONG ? 10 : 4).invocationsPerIteration(LONG ? 500 : 300).threads(2).actorsPerThread(3);
        }
        return o;
    }

    public static StressOptions stress(Class<?> specification) {
        StressOptions o = new StressOptions().sequentialSpecification(specification);
        if (!FULL) {
            o.iterations(LONG ? 20 : 8).invocationsPerIteration(1_000);
        }
        return o;
    }
}
