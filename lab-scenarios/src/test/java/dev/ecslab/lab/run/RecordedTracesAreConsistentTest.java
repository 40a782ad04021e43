package dev.ecslab.lab.run;

import dev.ecslab.lab.replay.Replay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.MemoryBound;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replay-file checks never refuse what the lab itself records: every catalogue scenario under
 * passing and failing strategies, under the three executors, under the mutant executors (overlaps,
 * skipped systems, broken orders) and crashing mutant strategies, and criterion 6's 10 000-frame run,
 * saved and loaded, gives back the identical trace.
 */
class RecordedTracesAreConsistentTest {
    private static final ClassLoader LOADER = RecordedTracesAreConsistentTest.class.getClassLoader();

    private static void roundTrip(Path dir, Scenario s, LabConfig config, List<String> checked) {
        Trace trace = ScenarioRunner.run(s, config);
        Path file = dir.resolve("t" + checked.size() + ".json");
        Replay.save(file, s, trace);
        Replay.Saved saved = Replay.load(file);
        assertThat(saved.trace()).as("%s under %s", s.name(), config.tracker().label()).isEqualTo(trace);
        assertThat(saved.scenario()).isEqualTo(s);
        checked.add(s.name() + " / " + config.tracker().label() + " / " + config.executor().id());
    }

    @Test
    void everyCatalogueTraceUnderEveryExecutorLoadsBack(@TempDir Path dir) {
        List<String> checked = new ArrayList<>();
        for (Scenario s : Catalogue.all()) {
            for (String strategy : List.of("flags", "generation")) {
                for (String executor : List.of("serial", "staged", "dynamic")) {
                    roundTrip(dir, s, new LabConfig(TrackerSubject.find(strategy, LOADER), ExecutorSubject.of(executor), 11),
                            checked);
                }
            }
        }
        assertThat(checked).hasSize(Catalogue.all().size() * 6);
    }

    @Test
    void tracesOfBrokenExecutorsAndCrashingStrategiesLoadBack(@TempDir Path dir) {
        List<String> checked = new ArrayList<>();
        List<Scenario> scenarios = Catalogue.classic().subList(0, 8);
        for (Scenario s : scenarios) {
            for (Mutants.ExecutorMutant m : Mutants.executors()) {
                roundTrip(dir, s, new LabConfig(TrackerSubject.find("generation", LOADER), m.subject(), 5), checked);
            }
            for (Mutants.TrackerMutant m : Mutants.trackers()) {
                if (m.subject().id().startsWith("mutant:throws")) {
                    roundTrip(dir, s, new LabConfig(m.subject(), ExecutorSubject.of("dynamic"), 5), checked);
                }
            }
        }
        assertThat(checked).hasSizeGreaterThanOrEqualTo(scenarios.size() * Mutants.executors().size());
    }

    @Test
    void criterionSixsLongRunIsWithinTheLimits(@TempDir Path dir) {
        roundTrip(dir, MemoryBound.scenario(MemoryBound.FRAMES), new LabConfig(TrackerSubject.find("generation", LOADER),
                ExecutorSubject.of("serial"), 1), new ArrayList<>());
    }
}
