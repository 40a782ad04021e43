package dev.ecslab.lab.criteria;

import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.Set;

/**
 * One failed criterion in one scenario run: the criterion, the scope for detection criteria and
 * crashes of an answer (else {@code null}), the counterexample in words, the oracle's finding when
 * there is one, and the scenario classes it belongs to (criteria 1 and 2 are shown per
 * class, and a failure counts in every class it touches).
 */
public record Violation(Criterion criterion, Scope scope, String message, Finding finding, Set<ScenarioClass> classes) {
    public Violation {
        classes = classes == null ? Set.of() : Set.copyOf(classes);
    }

    @Override
    public String toString() {
        return criterion + (scope == null ? "" : " [" + scope + "]") + ": " + message;
    }
}
