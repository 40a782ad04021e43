package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Proves the jqwik campaign property can fail, and that jqwik shrinks the choices to a minimal
 * scenario: on the mutant that loses ticks on archetype moves it must fail, on the criterion the mutant
 * names ({@code killedBy}) and saying its signature (the shrunk scenario, run again, too), and the reported
 * scenario must be small (one or two systems, one or two frames, few entities).
 */
class MutantStrategyIsCaughtTest {

    @Test
    void theCampaignPropertyKillsTheTickLosingMutantAndShrinksTheScenario() {
        int shrinksBefore = Counterexamples.SHRINKS.get();
        var failed = EngineTestKit.engine("jqwik")
                .selectors(selectClass(MutantStrategyCheck.class))
                .configurationParameter("jqwik.database", "target/.jqwik-database-mutant")
                .execute().testEvents().failed().list();
        assertThat(failed).as("the property must fail on the mutant").hasSize(1);
        Throwable cause = failed.get(0).getPayload(TestExecutionResult.class)
                .flatMap(TestExecutionResult::getThrowable).orElseThrow();
        String message = cause.getMessage();
        // jqwik shrank by re-running the property; the lab's shrink ran once, for the failure jqwik reported
        assertThat(Counterexamples.SHRINKS.get() - shrinksBefore).as("lab shrinks per reported failure").isEqualTo(1);
        assertThat(message).contains(MutantStrategyCheck.MARK);
        // Caught for its own reason: the first violation is of the criterion the mutant breaks, saying its signature,
        // or criterion 1's other failure: a row whose ticks were lost reports its change only when a later write
        // stamps it again, late (the two words of one cause; which one jqwik meets first depends on the scenario)
        Criterion expected = MutantStrategyCheck.MUTANT.killedBy().get(0);
        String headline = message.lines().findFirst().orElse("");
        assertThat(headline).as("the violation jqwik reports").startsWith(expected + " ").matches(
                java.util.regex.Pattern.quote(expected.toString()) + "( \\[[^]]*\\])?: .*");
        assertThat(ownReason(headline)).as("the violation jqwik reports: " + headline).isTrue();
        Scenario shrunk = ScenarioJson.read(message.substring(message.indexOf(MutantStrategyCheck.MARK)
                + MutantStrategyCheck.MARK.length()), "shrunk");
        // The shrinker keeps a candidate that fails under one of the seeds it tries (Counterexamples.SEEDS), so the
        // shrunk scenario is run again under each of them
        List<dev.ecslab.lab.criteria.Violation> rejudged = new java.util.ArrayList<>();
        for (long k = 0; k < Counterexamples.SEEDS; k++) {
            LabConfig config = MutantStrategyCheck.CONFIG.withSeed(MutantStrategyCheck.CONFIG.seed() + k);
            rejudged.addAll(Judge.judge(shrunk, ScenarioRunner.run(shrunk, config)).violations());
        }
        assertThat(rejudged).as("the shrunk scenario, run again: it still fails for the same reason")
                .anySatisfy(v -> {
                    assertThat(v.criterion()).isEqualTo(expected);
                    assertThat(ownReason(v.message())).as(v.message()).isTrue();
                });
        System.out.println("MutantStrategyIsCaughtTest: shrunk to " + shrunk.systems().size() + " system(s), "
                + shrunk.frames() + " frame(s), " + shrunk.entities().size() + " entities, " + shrunk.edits().size()
                + " edit(s): " + message.lines().findFirst().orElse(""));
        // Four, not three, since runs are controlled: dropping a system shifts every later interleaving decision,
        // so a system that only helps to make the failing interleaving likely may survive (four seeds are tried
        // per candidate; see Counterexamples.shrink).
        assertThat(shrunk.systems()).hasSizeLessThanOrEqualTo(4);
        // Four frames for the same reason (the shrinker drops a frame only at the end, and a failure that needs
        // a later frame's interleaving keeps the frames before it): shrinking under control is weaker.
        assertThat(shrunk.frames()).isLessThanOrEqualTo(4);
        assertThat(shrunk.entities()).hasSizeLessThanOrEqualTo(2);
    }

    /** The mutant's own failure: its signature (a change never reported), or a change reported late. */
    static boolean ownReason(String message) {
        return message.contains(MutantStrategyCheck.MUTANT.signature()) || message.contains(" late: its first run after it was ");
    }
}
