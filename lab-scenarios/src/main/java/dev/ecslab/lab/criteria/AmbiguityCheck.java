package dev.ecslab.lab.criteria;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Criterion A for one scenario: the schedule compiler's ambiguity report must equal the independent
 * oracle of {@link ScenarioAccess} (same pairs, no false pairs for filters that exclude each other,
 * none missing). Independent of strategies and executors. It judges a report it is given; the schedule
 * compiler's report of a scenario is gathered where scenarios run ({@code run.ScenarioRunner#reportedAmbiguities}).
 */
public final class AmbiguityCheck {
    private AmbiguityCheck() {
    }

    /** Compares a detector's report (the schedule compiler's, or a mutant's in the tests) with the oracle; the differences, in words (empty when the report is right). */
    public static List<String> check(Scenario scenario, java.util.function.Function<Scenario, Set<String>> detector) {
        Set<String> reported = detector.apply(scenario);
        Set<String> expected = ScenarioAccess.ambiguousPairs(scenario);
        List<String> out = new ArrayList<>();
        for (String p : reported) {
            if (!expected.contains(p)) {
                out.add(scenario.name() + ": the report names " + p + ", which the oracle does not find ambiguous");
            }
        }
        for (String p : expected) {
            if (!reported.contains(p)) {
                out.add(scenario.name() + ": the report misses " + p + " (conflicting and unordered)");
            }
        }
        return out;
    }
}
