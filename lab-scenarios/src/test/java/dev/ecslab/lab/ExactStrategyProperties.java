package dev.ecslab.lab;

import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.lifecycle.AddLifecycleHook;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The random campaign as jqwik properties: whole scenarios from a list of choices (jqwik shrinks the
 * list, and the generator maps smaller choices to simpler scenarios, so a failure shrinks to a
 * minimal scenario), run under every executor; the exact strategies must pass every criterion. A
 * failure prints the scenario as JSON and the trace's events, besides jqwik's seed (jqwik's report
 * prints the seed of every run). Each property records the structures its scenarios exercise and
 * holds each to a minimum share ({@link ScenarioChoices}): large tables, clock jumps, looping stages
 * with early edits, pauses, exclusive and main-thread systems, insertion order, parallel walks and
 * the rest.
 */
@AddLifecycleHook(Counterexamples.ShrinkOnReport.class)
class ExactStrategyProperties {

    @Provide
    Arbitrary<List<Integer>> choices() {
        return ScenarioChoices.arbitrary();
    }

    @Property(tries = 250)
    void generationIsExact(@ForAll("choices") List<Integer> choices, @ForAll @IntRange(min = 0, max = 2) int executor) {
        check("generation", choices, executor);
    }

    @Property(tries = 200)
    void systemDataIsExact(@ForAll("choices") List<Integer> choices, @ForAll @IntRange(min = 0, max = 2) int executor) {
        check("system-data", choices, executor);
    }

    static void check(String strategy, List<Integer> choices, int executor) {
        Scenario s = ScenarioChoices.generate(choices);
        ScenarioChoices.collect(s);
        ExecutorSubject e = ExecutorSubject.builtIns().get(executor);
        long seed = choices.hashCode();
        Trace trace = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find(strategy,
                ExactStrategyProperties.class.getClassLoader()), e, seed));
        Outcome o = Judge.judge(s, trace);
        if (!o.passes()) {
            LabConfig config = new LabConfig(TrackerSubject.find(strategy, ExactStrategyProperties.class.getClassLoader()),
                    e, seed);
            String headline = strategy + " / " + e.id() + " / seed " + seed + ": " + o.violations().get(0);
            throw new Counterexamples.ShrinkingFailure(headline, () -> {
                Scenario minimal = Counterexamples.shrink(s, config, o.violations().get(0));
                Trace minimalTrace = ScenarioRunner.run(minimal, config);
                return headline + "\nminimal scenario (jqwik's shrinking, then the lab's):\n" + ScenarioJson.write(minimal)
                        + "\nits trace events: " + minimalTrace.events();
            });
        }
    }
}
