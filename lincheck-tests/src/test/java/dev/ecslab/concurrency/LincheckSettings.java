package dev.ecslab.concurrency;

import org.jetbrains.lincheck.datastructures.ModelCheckingOptions;
import org.jetbrains.lincheck.datastructures.StressOptions;

/**
 * Lincheck options in one place. CI runs reduced options (model checking 10 scenarios × 500
 * interleavings of 2 threads × 3 operations; stress 20 × 1 000), a few seconds to half a minute per
 * test; {@code mvn verify -Decslab.lincheck.full=true} runs Lincheck's full defaults (100 × 10 000). Both modes for every linearizability test, as JCTools and Caffeine do: the model
 * checker assumes sequential consistency, stress runs on the real memory model.
 */
final class LincheckSettings {
    static final boolean FULL = Boolean.getBoolean("ecslab.lincheck.full");

    private LincheckSettings() {
    }

    static ModelCheckingOptions modelChecking() {
        ModelCheckingOptions o = new ModelCheckingOptions();
        if (!FULL) {
            o.iterations(10).invocationsPerIteration(500).threads(2).actorsPerThread(3);
        }
        return o;
    }

    static StressOptions stress() {
        StressOptions o = new StressOptions();
        if (!FULL) {
            o.iterations(20).invocationsPerIteration(1_000);
        }
        return o;
    }
}
