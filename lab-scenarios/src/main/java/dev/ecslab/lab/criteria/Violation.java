package dev.ecslab.lab.criteria;

import dev.ecslab.lab.oracle.Finding;

/**
 * One failed criterion in one scenario run: the criterion, the scope for detection criteria (else
 * {@code null}), the counterexample in words, and the oracle's finding when there is one.
 */
public record Violation(Criterion criterion, Scope scope, String message, Finding finding) {
    @Override
    public String toString() {
        return criterion + (scope == null ? "" : " [" + scope + "]") + ": " + message;
    }
}
