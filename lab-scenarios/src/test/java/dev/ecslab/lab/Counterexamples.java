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

    /**
     * Shrinks under a few neighbouring seeds: in a controlled run, removing even an idle system shifts every
     * later random decision, so a failure that needs a particular interleaving may need another seed to show
     * in the smaller scenario.
     */
    static Scenario shrink(Scenario failing, LabConfig config, Violation v) {
        return new Shrinker(candidate -> {
            for (long k = 0; k < SEEDS; k++) {
                if (Judge.judge(candidate, ScenarioRunner.run(candidate, config.withSeed(config.seed() + k))).violations()
                        .stream().anyMatch(x -> x.criterion() == v.criterion() && Objects.equals(x.scope(), v.scope()))) {
                    return true;
                }
            }
            return false;
        }, 300).shrink(failing);
    }

    /** Seeds tried per shrinking candidate. */
    static final int SEEDS = 4;
}
