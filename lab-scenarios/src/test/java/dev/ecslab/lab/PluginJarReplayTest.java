package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.ecs.change.StrategyJar;
import dev.ecslab.ecs.executor.ExecutorJar;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.replay.ReplayRefusedException;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.PluginJar;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plug-in jars in traces and replays: a run records the jars its strategy and executor came from (and
 * nothing for built-ins and mutants), and a replay file re-runs only against the same builds, by
 * SHA-256; older files without the record still load.
 */
class PluginJarReplayTest {
    static final ClassLoader LOADER = PluginJarReplayTest.class.getClassLoader();
    static final Scenario BASIC = Catalogue.basic(Target.COMPONENT);     // changer before detector, one stage

    @TempDir
    Path dir;

    static List<String> verdict(Outcome o) {
        return o.violations().stream().map(Violation::toString).toList();
    }

    /** A run of Basic under the jar strategy {@code my-proposal} and the jar executor {@code broken}. */
    private Trace runWithJars(Path strategyJar, Path executorJar) {
        try (PluginJars jars = PluginJars.open(List.of(strategyJar), List.of(executorJar))) {
            LabConfig config = new LabConfig(TrackerSubject.find("my-proposal", jars.loader()),
                    ExecutorSubject.of("broken", jars.loader()), 1);
            return ScenarioRunner.run(BASIC, config);
        }
    }

    @Test
    void aRunRecordsTheJarsItsStrategyAndExecutorCameFromAndBuiltInsRecordNone() throws Exception {
        Path strategyJar = StrategyJar.build(dir.resolve("proposal"), "MyProposal", "my-proposal");
        Path executorJar = ExecutorJar.ignoringConstraints(dir.resolve("broken-executor"), "BrokenExecutor", "broken");
        Trace trace = runWithJars(strategyJar, executorJar);
        assertThat(trace.config().plugins()).containsExactly(
                new PluginJar("strategy", "proposal.jar", PluginJar.sha256(strategyJar)),
                new PluginJar("executor", "broken-executor.jar", PluginJar.sha256(executorJar)));
        assertThat(PluginJar.sha256(strategyJar)).hasSize(64).isNotEqualTo(PluginJar.sha256(executorJar));
        assertThat(Judge.judge(BASIC, trace).violations()).as("the broken executor runs the detector first")
                .anyMatch(v -> v.criterion() == Criterion.ORDERING);

        Trace builtIn = ScenarioRunner.run(BASIC, new LabConfig(TrackerSubject.find("generation", LOADER),
                ExecutorSubject.of("dynamic"), 1));
        assertThat(builtIn.config().plugins()).isEmpty();
        Trace mutants = ScenarioRunner.run(BASIC, new LabConfig(Mutants.trackers().get(0).subject(),
                Mutants.executors().get(1).subject(), 1));
        assertThat(mutants.config().plugins()).isEmpty();
    }

    @Test
    void aReplayFileWithJarsReRunsOnlyAgainstTheSameBuilds() throws Exception {
        Path strategyJar = StrategyJar.build(dir.resolve("proposal"), "MyProposal", "my-proposal");
        Path executorJar = ExecutorJar.ignoringConstraints(dir.resolve("broken-executor"), "BrokenExecutor", "broken");
        String strategyHash = PluginJar.sha256(strategyJar);
        String executorHash = PluginJar.sha256(executorJar);
        Trace trace = runWithJars(strategyJar, executorJar);
        Path file = dir.resolve("failure.json");
        Replay.save(file, BASIC, trace);
        assertThat(Files.readString(file)).contains("\"plugins\"").contains(strategyHash).contains(executorHash);
        Replay.Saved saved = Replay.load(file);
        assertThat(saved.trace()).isEqualTo(trace);

        assertThatThrownBy(() -> Replay.rerun(saved.scenario(), saved.trace()))
                .isInstanceOf(ReplayRefusedException.class)
                .hasMessageContaining("this replay file was recorded with strategy 'my-proposal' from proposal.jar (sha256 "
                        + strategyHash + "); no --strategy-jar was given")
                .hasMessageContaining("executor 'broken' from broken-executor.jar (sha256 " + executorHash
                        + "); no --executor-jar was given");

        Path otherStrategy = StrategyJar.build(dir.resolve("other-proposal"), "OtherProposal", "my-proposal");
        Path otherExecutor = ExecutorJar.ignoringConstraints(dir.resolve("other-executor"), "OtherBroken", "broken");
        try (PluginJars others = PluginJars.open(List.of(otherStrategy), List.of(otherExecutor))) {
            assertThatThrownBy(() -> Replay.resolve(saved.trace().config(), others))
                    .isInstanceOf(ReplayRefusedException.class)
                    .hasMessageContaining("--strategy-jar " + otherStrategy + " has sha256 " + PluginJar.sha256(otherStrategy))
                    .hasMessageContaining("--executor-jar " + otherExecutor + " has sha256 " + PluginJar.sha256(otherExecutor))
                    .hasMessageContaining(strategyHash).hasMessageContaining(executorHash)
                    .hasMessageContaining("refusing to replay against a different build");
        }
        try (PluginJars onlyStrategy = PluginJars.open(List.of(strategyJar), List.of())) {
            assertThatThrownBy(() -> Replay.resolve(saved.trace().config(), onlyStrategy))
                    .as("the executor's jar is pinned too").isInstanceOf(ReplayRefusedException.class)
                    .hasMessageContaining("executor 'broken'").hasMessageNotContaining("strategy 'my-proposal'");
        }

        try (PluginJars same = PluginJars.open(List.of(strategyJar), List.of(executorJar))) {
            Replay.Resolved resolved = Replay.resolve(saved.trace().config(), same);
            assertThat(resolved.strategy().jar()).isEqualTo(trace.config().plugins().get(0));
            assertThat(resolved.notes()).hasSize(2).allMatch(n -> n.contains("the given jar matches"));
            Trace again = Replay.rerun(saved.scenario(), saved.trace(), resolved);
            assertThat(verdict(Judge.judge(saved.scenario(), again))).isNotEmpty()
                    .isEqualTo(verdict(Judge.judge(saved.scenario(), saved.trace())));
            assertThat(again.config().plugins()).as("the re-run records the same jars")
                    .isEqualTo(trace.config().plugins());
            assertThat(again.changes()).isEqualTo(trace.changes());
        }
    }

    @Test
    void anOlderReplayFileWithoutThePluginsFieldLoadsWithNone() throws Exception {
        Trace trace = ScenarioRunner.run(BASIC, new LabConfig(TrackerSubject.find("flags", LOADER),
                ExecutorSubject.of("serial"), 3));
        Path file = dir.resolve("old.json");
        Replay.save(file, BASIC, trace);
        ObjectNode json = (ObjectNode) ScenarioJson.MAPPER.readTree(file.toFile());
        ObjectNode config = (ObjectNode) json.get("trace").get("config");
        assertThat(config.has("plugins")).isTrue();
        config.remove("plugins");
        Files.writeString(file, ScenarioJson.MAPPER.writeValueAsString(json));
        assertThat(Files.readString(file)).doesNotContain("plugins");

        Replay.Saved saved = Replay.load(file);
        assertThat(saved.trace().config().plugins()).isEmpty();
        assertThat(saved.trace()).isEqualTo(trace);
        assertThat(verdict(Judge.judge(saved.scenario(), Replay.rerun(saved.scenario(), saved.trace()))))
                .isEqualTo(verdict(Judge.judge(BASIC, trace)));
    }

    @Test
    void aBadJarIsRefusedNamingTheOptionTheJarAndTheReason() throws Exception {
        Path missing = dir.resolve("none.jar");
        assertThatThrownBy(() -> PluginJars.open(List.of(missing), List.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--strategy-jar " + missing + ": no such file");
        assertThatThrownBy(() -> PluginJars.open(List.of(), List.of(dir))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--executor-jar " + dir + ": not a file");
        Path text = Files.writeString(dir.resolve("notes.jar"), "not a zip");
        assertThatThrownBy(() -> PluginJars.open(List.of(), List.of(text))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--executor-jar " + text + ": not a readable jar");
        Path strategyJar = StrategyJar.build(dir.resolve("proposal"), "MyProposal", "my-proposal");
        assertThatThrownBy(() -> PluginJars.open(List.of(), List.of(strategyJar)))
                .as("a strategy jar given as an executor jar").isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--executor-jar " + strategyJar + " provides no executor: it has no"
                        + " META-INF/services/dev.ecslab.ecs.executor.ExecutorProvider entry");
    }
}
