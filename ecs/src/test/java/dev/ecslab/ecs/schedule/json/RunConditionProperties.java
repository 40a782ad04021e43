package dev.ecslab.ecs.schedule.json;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.schedule.json.RunConditionScenarios.Stage;
import java.util.Set;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Run conditions in the ambiguity analysis, against an oracle: every unordered pair is reported exactly
 * when the two systems' accesses conflict ("A"), or else when a run condition of one, its own or its set's,
 * reads what the other writes ("C"). The generator's reach is checked with {@code Statistics}: schedules
 * with a condition pair, with a pair by a set's condition, with ordered pairs, and with both kinds.
 */
class RunConditionProperties {

    @Property(tries = 400)
    void conditionPairsAreExactlyTheOracles(@ForAll("stages") Stage stage) {
        Set<String> detected = RunConditionScenarios.detector(stage, true);
        Set<String> expected = RunConditionScenarios.oracle(stage);
        boolean byCondition = expected.stream().anyMatch(p -> p.endsWith("|C"));
        boolean bySet = RunConditionScenarios.compile(stage, true).ambiguities().pairs().stream()
                .anyMatch(a -> a.byCondition() && a.cause().set() != null);
        Statistics.label("a pair by a run condition").collect(byCondition);
        Statistics.label("a pair by a set's condition").collect(bySet);
        Statistics.label("ordering edges").collect(RunConditionScenarios.hasEdges(stage));
        Statistics.label("both kinds of pair").collect(byCondition && expected.stream().anyMatch(p -> p.endsWith("|A")));
        Statistics.label("a pair by a run condition").coverage(c -> c.check(true).percentage(p -> p > 15));
        Statistics.label("a pair by a set's condition").coverage(c -> c.check(true).percentage(p -> p > 6));
        Statistics.label("ordering edges").coverage(c -> c.check(true).percentage(p -> p > 20));
        Statistics.label("both kinds of pair").coverage(c -> c.check(true).percentage(p -> p > 12));
        assertThat(detected).as(RunConditionScenarios.json(stage, true)).isEqualTo(expected);
    }

    @Provide
    Arbitrary<Stage> stages() {
        return RunConditionScenarios.stages();
    }
}
