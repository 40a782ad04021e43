package dev.ecslab.lab.classify;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;

/**
 * What a failing cell links to: the violation in words, the (shrunk) scenario, the seed and the
 * configuration, and the trace that replays it.
 *
 * @param original the scenario before shrinking (the same as {@code scenario} when not shrunk)
 */
public record Counterexample(Criterion criterion, Scope scope, String message, Scenario scenario, Scenario original,
        long seed, String config, Trace trace) {
    /** One line for the matrix. */
    public String oneLine() {
        return message + " [scenario '" + scenario.name() + "', " + config + "]";
    }
}
