package dev.ecslab.lab.classify;

import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.LabConfig;

/**
 * A judged run and, for each of its failures, the counterexample made when it was the first of its scope
 * (filled by the fold that shrank it; a shard's file carries them to the merge).
 *
 * @param config the configuration that ran it, to shrink with; {@code null} when read from a shard
 */
record Judged(RunResult result, LabConfig config, Counterexample[] firsts) {
    Judged(RunResult result, LabConfig config) {
        this(result, config, new Counterexample[result.failures().size()]);
    }
}
