package dev.ecslab.lab;

import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Scenario;
import java.util.Objects;

/** Test support: the lab's structural shrinking after jqwik's, keeping the same criterion and scope. */
final class Counterexamples {
    private Counterexamples() {
    }

    static Scenario shrink(Scenario failing, LabConfig config, Violation v) {
        return new Shrinker(candidate -> Judge.judge(candidate, ScenarioRunner.run(candidate, config)).violations().stream()
                .anyMatch(x -> x.criterion() == v.criterion() && Objects.equals(x.scope(), v.scope())), 300).shrink(failing);
    }
}
