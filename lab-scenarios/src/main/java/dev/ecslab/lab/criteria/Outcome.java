package dev.ecslab.lab.criteria;

import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.oracle.Obligation;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.trace.Trace;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A scenario run judged: the scenario, the trace (with its configuration and seed), every finding
 * of the oracle, the obligations it weighed (what criterion 1 and the delay figures rest on), the
 * violations they amount to, and the evidence per criterion and scenario class: how many things the
 * run actually judged. A criterion with no evidence was not judged by this run; a cell that no run
 * judged is "not judged", never a pass.
 */
public record Outcome(Scenario scenario, Trace trace, List<Finding> findings, List<Obligation> obligations,
        List<Violation> violations, Map<Criterion, Map<ScenarioClass, Integer>> evidence) {
    public Outcome {
        findings = List.copyOf(findings);
        obligations = List.copyOf(obligations);
        violations = List.copyOf(violations);
        Map<Criterion, Map<ScenarioClass, Integer>> copy = new EnumMap<>(Criterion.class);
        evidence.forEach((c, m) -> copy.put(c, m.isEmpty() ? Map.of() : new EnumMap<>(m)));
        evidence = copy;
    }

    public boolean passes() {
        return violations.isEmpty();
    }

    /**
     * Evidence for {@code c} in this run, every item counted once (0: not judged by this run). Each
     * item belongs to exactly one structure class, so this sums those.
     */
    public int evidence(Criterion c) {
        return structureSum(evidence.getOrDefault(c, Map.of()));
    }

    /** Evidence per class summed over the structure classes, where every item is counted exactly once. */
    public static int structureSum(Map<ScenarioClass, Integer> byClass) {
        int n = 0;
        for (Map.Entry<ScenarioClass, Integer> e : byClass.entrySet()) {
            if (e.getKey().isStructure()) {
                n += e.getValue();
            }
        }
        return n;
    }
}
