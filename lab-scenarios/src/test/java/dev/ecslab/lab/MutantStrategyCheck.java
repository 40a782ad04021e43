package dev.ecslab.lab;

import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.Provide;

/**
 * The campaign property of {@link ExactStrategyProperties}, run on the tick-losing mutant. Not run by
 * Surefire (the name does not match): {@link MutantStrategyIsCaughtTest} runs it through jqwik's engine
 * and asserts that it fails on the mutant's criterion, saying its signature, and shrinks to a small scenario.
 */
@AddLifecycleHook(Counterexamples.ShrinkOnReport.class)
class MutantStrategyCheck {
    static final String MARK = "SHRUNK-SCENARIO:";
    /** The mutant, with the criterion that must catch it and what its counterexample must say. */
    static final Mutants.TrackerMutant MUTANT = Mutants.trackers().stream()
            .filter(m -> m.subject().id().equals("mutant:loses-ticks-on-move")).findFirst().orElseThrow();
    static final LabConfig CONFIG = new LabConfig(MUTANT.subject(), ExecutorSubject.of("serial"), 0);

    @Provide
    Arbitrary<List<Integer>> choices() {
        return ScenarioChoices.arbitrary();
    }

    @Property(tries = 300, seed = "42")
    void losesTicksOnMoveIsExact(@ForAll("choices") List<Integer> choices) {
        Scenario s = ScenarioChoices.generate(choices);
        ScenarioChoices.collect(s);
        Trace trace = ScenarioRunner.run(s, CONFIG);
        Outcome o = Judge.judge(s, trace);
        if (!o.passes()) {
            String headline = o.violations().get(0).toString();
            throw new Counterexamples.ShrinkingFailure(headline, () -> headline + "\n" + MARK
                    + ScenarioJson.write(Counterexamples.shrink(s, CONFIG, o.violations().get(0))));
        }
    }
}
