package dev.ecslab.fray;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.ecs.executor.DynamicExecutor;
import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.ExecutorOptions;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.mutant.FlagsClearedEveryFrame;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The lab's scenarios with Fray as the scheduler: a catalogue scenario runs on the real dynamic executor,
 * uncontrolled (its workers are real threads, and Fray, not the lab, decides their interleaving), and the
 * lab's judge decides from the lab's own evidence. This puts Fray beside the lab's controlled exploration on
 * the same scenarios and the same twins. No system runs inline on the executor's caller thread here (an inline
 * threshold of 0), so every system runs on a worker thread Fray schedules.
 *
 * <p>What Fray cannot see: the dynamic executor's choice of which ready system to start is its own code, run on
 * its scheduler thread, not a race of threads; so a twin that drops an ordering edge between two conflicting
 * systems (catalogue entry 5 on {@code Basic [component]}) passed 300 interleavings under Fray, because the
 * writer, claimed first, always holds its access when the reader becomes ready. The lab's controlled
 * exploration varies that choice and catches it; Fray catches the same twin where the dropped edge joins two
 * systems without a conflict ({@link ExecutorCoordinationFrayTest}).
 */
class LabScenarioFrayTest {
    private static final ClassLoader LOADER = LabScenarioFrayTest.class.getClassLoader();
    private static final TrackerSubject GENERATION = TrackerSubject.find("generation", LOADER);

    static Runnable judged(String scenarioName, TrackerSubject tracker, Function<ExecutorOptions, Executor> executor) {
        Scenario scenario = Catalogue.named(scenarioName);
        return () -> {
            // No system runs inline on the caller's thread (threshold 0), so every system runs on a worker.
            Executor e = executor.apply(ExecutorOptions.defaults().withThreads(3).withInlineThresholdNanos(0));
            LabConfig config = new LabConfig(tracker, new ExecutorSubject(e.id(), executor), 1);
            Trace trace = ScenarioRunner.run(scenario, config, e);
            Outcome o = Judge.judge(scenario, trace);
            if (!o.passes()) {
                throw new AssertionError("the lab's judge failed '" + scenarioName + "': " + o.violations().get(0));
            }
        };
    }

    /** Interleavings per catalogue scenario ({@code -Decslab.fray.labIterations}; the lab's runs are heavy). */
    static int labIterations() {
        return Integer.getInteger("ecslab.fray.labIterations", 10);
    }

    /** {@code generation} on the real dynamic executor passes every catalogue scenario in every interleaving explored. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("names")
    void theRealCodePassesTheCatalogue(String name) {
        Optional<FrayExploration.Found> found = FrayExploration.explore("lab-" + name.replaceAll("[^A-Za-z0-9]+", "-"),
                FrayExploration.seed(), labIterations(), false, judged(name, GENERATION, DynamicExecutor::new));
        assertThat(found).as("'" + name + "' under Fray").isEmpty();
    }

    static Stream<String> names() {
        return Catalogue.all().stream().map(Scenario::name);
    }

    /**
     * Catalogue entry 11 (Bevy #442): flags cleared every frame miss a change made after the detector ran. The
     * lab's judge fails the twin under Fray as it does under the lab's own control: the bug needs no particular
     * interleaving, only the schedule's order, so Fray's first interleaving shows it.
     */
    @Test
    void entry11FlagsClearedEveryFrameAreCaughtByTheLabsJudgeUnderFray() {
        TrackerSubject twin = new TrackerSubject("twin:frame-window", ChangeFlavor.DEFAULT, null,
                "generation whose readers see only changes since the last frame end", FlagsClearedEveryFrame::new);
        RaceEntries.catchTwin(11, "FlagsClearedEveryFrame on 'At Least Once [component]', judged by the lab",
                judged("At Least Once [component]", twin, DynamicExecutor::new), "never reported",
                judged("At Least Once [component]", GENERATION, DynamicExecutor::new));
    }
}
