package dev.ecslab.lab.classify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A run's classes iterate in their declared order whatever set they came in, so a shard file written by one JVM
 * is byte for byte the file another JVM writes for the same runs ({@code Set.copyOf}'s order is per JVM).
 */
class RunResultOrderTest {
    @Test
    void classesAreListedInTheirDeclaredOrder() {
        Set<ScenarioClass> shuffled = new HashSet<>(List.of(ScenarioClass.RESOURCES, ScenarioClass.LOOPING,
                ScenarioClass.COMMANDS, ScenarioClass.REGULAR));
        List<ScenarioClass> expected = List.of(ScenarioClass.REGULAR, ScenarioClass.LOOPING, ScenarioClass.COMMANDS,
                ScenarioClass.RESOURCES).stream().sorted().toList();
        RunResult.Failure f = new RunResult.Failure(Criterion.AT_LEAST_ONCE, null, "m", shuffled, false);
        RunResult.Delay d = new RunResult.Delay(Set.copyOf(shuffled), 1, 1, 0, 0, 0, 0, 0);
        assertThat(List.copyOf(f.classes())).isEqualTo(expected);
        assertThat(List.copyOf(d.classes())).isEqualTo(expected);
        assertThat(new RunResult.Failure(Criterion.AT_LEAST_ONCE, null, "m", Set.of(), false).classes()).isEmpty();
    }
}
