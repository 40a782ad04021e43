package dev.ecslab.lab.run;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.ecslab.ecs.change.ChangeFlavor;
import dev.ecslab.lab.mutant.Mutants;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Saved failures and how they replay. A replay file holds the scenario and the trace (which holds
 * the configuration and seed). Replaying re-runs the scenario under the trace's strategy with a
 * {@link ReplayExecutor} that follows the recorded order, so the new trace, judged, gives the same
 * verdicts; re-judging the saved trace itself gives them too, since the criteria are functions of
 * the trace.
 */
public final class Replay {
    private Replay() {
    }

    /** What a replay file holds. */
    public record Saved(Scenario scenario, Trace trace) {
    }

    public static void save(Path file, Scenario scenario, Trace trace) {
        try {
            Files.writeString(file, ScenarioJson.MAPPER.writeValueAsString(new Saved(scenario, trace)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + file, e);
        }
    }

    /** @throws ScenarioException with the file, line and column when the file is not a replay file */
    public static Saved load(Path file) {
        String json;
        try {
            json = Files.readString(file);
        } catch (IOException e) {
            throw new ScenarioException("cannot read " + file + ": " + e.getMessage(), e);
        }
        Saved saved;
        try {
            saved = ScenarioJson.MAPPER.readValue(json, Saved.class);
        } catch (JsonProcessingException e) {
            throw new ScenarioException(ScenarioJson.where(json, file.toString(), e) + ": " + e.getOriginalMessage(), e);
        }
        if (saved == null || saved.scenario() == null || saved.trace() == null) {
            throw new ScenarioException(file + ": a replay file needs both 'scenario' and 'trace'", (Throwable) null);
        }
        saved.scenario().validate();
        return saved;
    }

    /** Re-runs the saved scenario in the trace's recorded order, under the trace's strategy. */
    public static Trace rerun(Scenario scenario, Trace trace) {
        TrackerSubject subject = subject(trace.config().strategy(), ChangeFlavor.valueOf(trace.config().flavor()));
        ExecutorSubject replay = new ExecutorSubject(trace.config().executor(), o -> new ReplayExecutor(trace));
        LabConfig config = new LabConfig(subject, replay, trace.config().seed(), trace.config().threads());
        return ScenarioRunner.run(scenario, config, new ReplayExecutor(trace));
    }

    /** A strategy by id and flavor: a built-in or external one, or a mutant. */
    public static TrackerSubject subject(String id, ChangeFlavor flavor) {
        for (Mutants.TrackerMutant m : Mutants.trackers()) {
            if (m.subject().id().equals(id)) {
                return m.subject();
            }
        }
        String label = flavor == ChangeFlavor.IMMEDIATE ? id + "/immediate" : id;
        return TrackerSubject.find(label, Replay.class.getClassLoader());
    }
}
