package dev.ecslab.lab.isolate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.StrategyJar;
import dev.ecslab.ecs.executor.ExecutorJar;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar's strategy or executor runs in its child JVM beside the lab's own mutants ({@code lab run --strategy-jar J
 * --mutants} pairs every row with every column): the child makes the mutant too, and the run is the one the lab's JVM
 * makes. The child used to know only what its jars and the built-ins provide, and the lab failed on such a pairing.
 */
class IsolatedWithMutantsTest {
    @TempDir
    Path dir;

    @Test
    void aJarsStrategyRunsUnderAMutantExecutorAndAJarsExecutorUnderAMutantStrategy() throws Exception {
        Path strategyJar = StrategyJar.build(dir.resolve("proposal"), "MyProposal", "my-proposal");
        Path executorJar = ExecutorJar.reverse(dir.resolve("reverse"), "ReverseExecutor", "reverse");
        Scenario basic = Catalogue.all().get(0);
        ExecutorSubject mutantExecutor = Mutants.executors().get(0).subject();
        TrackerSubject mutantStrategy = Mutants.trackers().get(0).subject();
        try (IsolatedPlugins jars = IsolatedPlugins.open(List.of(strategyJar), List.of(executorJar))) {
            Trace a = ScenarioRunner.run(basic, new LabConfig(jars.strategies().get(0), mutantExecutor, 1));
            Trace b = ScenarioRunner.run(basic, new LabConfig(mutantStrategy, jars.executors().get(0), 1));
            assertThat(a.config().executor()).isEqualTo(mutantExecutor.id());
            assertThat(b.config().strategy()).isEqualTo(mutantStrategy.id());
            assertThat(a.runs()).as("runs made under %s", a.config()).isNotEmpty();
            assertThat(b.runs()).as("runs made under %s", b.config()).isNotEmpty();
        }
    }
}
