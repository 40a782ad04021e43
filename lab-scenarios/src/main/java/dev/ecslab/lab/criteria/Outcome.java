package dev.ecslab.lab.criteria;

import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.util.List;

/**
 * A scenario run judged: the scenario, the trace (with its configuration and seed), every finding
 * of the oracle and the violations they amount to under the scenario's class.
 */
public record Outcome(Scenario scenario, Trace trace, List<Finding> findings, List<Violation> violations) {
    public Outcome {
        findings = List.copyOf(findings);
        violations = List.copyOf(violations);
    }

    public boolean passes() {
        return violations.isEmpty();
    }
}
