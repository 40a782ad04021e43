package dev.ecslab.lab.criteria;

import dev.ecslab.ecs.schedule.Ambiguity;
import dev.ecslab.ecs.schedule.CompiledSchedule;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Criterion A for one scenario: the schedule compiler's ambiguity report must equal the independent
 * oracle of {@link ScenarioAccess} (same pairs, no false pairs for filters that exclude each other,
 * none missing). Independent of strategies and executors.
 */
public final class AmbiguityCheck {
    private AmbiguityCheck() {
    }

    /** The differences, in words; empty when the report is right. */
    public static List<String> check(Scenario scenario) {
        return check(scenario, AmbiguityCheck::reportedByCompiler);
    }

    /** The pairs the schedule compiler reports, as {@code "stage: a | b"}. */
    public static Set<String> reportedByCompiler(Scenario scenario) {
        CompiledSchedule compiled = ScenarioRunner.compile(scenario);
        Set<String> reported = new TreeSet<>();
        for (Ambiguity a : compiled.ambiguities().pairs()) {
            reported.add(ScenarioAccess.pair(a.stage(), a.first(), a.second()));
        }
        return reported;
    }

    /** Compares any detector's report (a mutant's, in the tests) with the oracle. */
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
