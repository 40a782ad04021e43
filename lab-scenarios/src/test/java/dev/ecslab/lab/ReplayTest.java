package dev.ecslab.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.trace.Trace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failing verdict's trace, saved and loaded, re-judges and re-runs to the identical verdict. */
class ReplayTest {
    static final ClassLoader LOADER = ReplayTest.class.getClassLoader();

    static List<String> verdict(Outcome o) {
        return o.violations().stream().map(Violation::toString).toList();
    }

    @Test
    void aFailingDynamicRunReplaysToTheSameVerdict(@TempDir Path dir) {
        Scenario s = Catalogue.ambiguousOrdering(Target.COMPONENT);
        LabConfig config = new LabConfig(TrackerSubject.find("flags", LOADER), ExecutorSubject.of("dynamic"), 7);
        Trace trace = ScenarioRunner.run(s, config);
        Outcome original = Judge.judge(s, trace);
        assertThat(original.passes()).as("flags must fail somewhere in this scenario").isFalse();

        Path file = dir.resolve("failure.json");
        Replay.save(file, s, trace);
        Replay.Saved saved = Replay.load(file);
        assertThat(saved.trace()).isEqualTo(trace);
        assertThat(verdict(Judge.judge(saved.scenario(), saved.trace()))).isEqualTo(verdict(original));

        Trace again = Replay.rerun(saved.scenario(), saved.trace());
        assertThat(verdict(Judge.judge(saved.scenario(), again))).isEqualTo(verdict(original));
        assertThat(again.changes()).isEqualTo(trace.changes());
        assertThat(again.detections()).isEqualTo(trace.detections());
        assertThat(again.finalState()).isEqualTo(trace.finalState());
    }

    /**
     * A gate may hold a strategy to a stricter promise than it claims ({@code lab gate --expect exact}
     * gives it no delay); its counterexample records that delay, and the re-run is judged under it. It
     * was judged under the claim's delay, found again by the strategy's id, so the late reports vanished
     * and {@code lab replay} said "another verdict" (exit 3) of a failure that replays exactly.
     */
    @Test
    void aRunHeldToAStricterDelayThanItsClaimReplaysUnderThatDelay(@TempDir Path dir) {
        Scenario s = Catalogue.basic(Target.COMPONENT);
        TrackerSubject claimed = TrackerSubject.find("last-tick", LOADER);
        assertThat(claimed.delayFrames()).as("last-tick claims a delay: the case needs one").isPositive();
        TrackerSubject strict = claimed.heldTo(claimed.claimed(), 0);
        Trace trace = ScenarioRunner.run(s, new LabConfig(strict, ExecutorSubject.of("serial"), 1));
        List<String> original = verdict(Judge.judge(s, trace));
        assertThat(original).as("late reports, which the claim would allow").anyMatch(v -> v.contains(" late: "));

        Path file = dir.resolve("strict.json");
        Replay.save(file, s, trace);
        Replay.Saved saved = Replay.load(file);
        Trace again = Replay.rerun(saved.scenario(), saved.trace());
        assertThat(again.config().delayFrames()).isZero();
        assertThat(verdict(Judge.judge(saved.scenario(), again))).isEqualTo(original);
    }

    @Test
    void theSameSeedGivesTheSameVerdictUnderTheSerialExecutor() {
        Scenario s = Catalogue.atLeastOnce(Target.RESOURCE);
        LabConfig config = new LabConfig(TrackerSubject.find("flags", LOADER), ExecutorSubject.of("serial"), 3);
        assertThat(verdict(Judge.judge(s, ScenarioRunner.run(s, config))))
                .isNotEmpty()
                .isEqualTo(verdict(Judge.judge(s, ScenarioRunner.run(s, config))));
    }

    @Test
    void aFileThatIsNotAReplayFileIsRefusedWithItsLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("bad.json");
        Files.writeString(file, "{\n  \"scenario\": 3\n}\n");
        assertThatThrownBy(() -> Replay.load(file)).isInstanceOf(ScenarioException.class)
                .hasMessageContaining("bad.json (line 2, ");
        Files.writeString(file, "{}");
        assertThatThrownBy(() -> Replay.load(file)).hasMessageContaining("needs both \"scenario\" and \"trace\"");
    }
}
