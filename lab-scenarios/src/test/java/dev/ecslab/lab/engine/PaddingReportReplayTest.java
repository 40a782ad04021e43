package dev.ecslab.lab.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.EditOp;
import dev.ecslab.lab.scenario.PaddingSpec;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An engine that reports the padding entities of a big world (koota 0.6.6 reports every entity spawned without a
 * trait) leaves a replay file whose detections name them: that file loads and is judged as the run judged it, while a
 * label the scenario's padding does not give (an index past it, another spelling, a scenario without padding) is
 * still refused as an unknown entity, and a change never names a padding entity.
 */
class PaddingReportReplayTest {
    /** Kept 3 (labels ~pad-kept#0..2), recycled 2 twice over (~pad-recycled#0..1). */
    static final PaddingSpec PADDING = new PaddingSpec(3, 2, 2);

    @TempDir
    static Path dir;
    static Scenario scenario;
    static Trace trace;
    static ObjectNode saved;

    /** The reference engine, with a kept and a recycled padding entity added to every answer about a component. */
    static EngineSubject reportsPadding() {
        return EngineLabTest.subject(EngineLabTest.named("reports-padding"), () -> new ReferenceEngine() {
            @Override
            public List<String> report(String system, int watch) {
                List<String> out = new ArrayList<>(super.report(system, watch));
                if (!declared(system, watch).resource()) {
                    out.add(PaddingSpec.keptLabel(2));
                    out.add(PaddingSpec.recycledLabel(0));
                }
                return out;
            }
        });
    }

    @BeforeAll
    static void record() throws IOException {
        scenario = Scenario.builder("padded")
                .entity("e0", Data.A, 1)
                .stage("main", st -> st
                        .system("w", s -> s.watch(Data.A, WatchKind.REMOVED))
                        .system("k", s -> s.after("w")))
                .frames(1)
                .command(0, "k", EditOp.DESPAWN, "e0", null, 0)
                .build()
                .withPadding(PADDING);
        trace = EngineRunner.run(scenario, reportsPadding(), 1L, Duration.ofSeconds(30));
        assertThat(trace.crashes()).isEmpty();
        assertThat(trace.detections()).flatMap(Detection::reported).contains("~pad-kept#2", "~pad-recycled#0");
        Path file = dir.resolve("padded.json");
        Replay.save(file, scenario, trace);
        saved = (ObjectNode) ScenarioJson.MAPPER.readTree(file.toFile());
    }

    @Test
    void aReportOfPaddingEntitiesReplaysAndIsJudgedAsTheRunJudgedIt() {
        Replay.Saved loaded = Replay.load(dir.resolve("padded.json"));
        assertThat(loaded.trace()).isEqualTo(trace);
        List<String> recorded = Judge.judge(scenario, trace).violations().stream().map(Object::toString).toList();
        List<String> replayed = Judge.judge(loaded.scenario(), loaded.trace()).violations().stream().map(Object::toString).toList();
        assertThat(replayed).isEqualTo(recorded);
        assertThat(replayed).as("a report of an entity nothing changed is a violation").anyMatch(v -> v.contains("~pad-kept#2"));
    }

    @Test
    void aLabelThePaddingDoesNotGiveIsStillAnUnknownEntity() throws IOException {
        for (String label : List.of("~pad-kept#3", "~pad-recycled#2", "~pad-kept#02", "~pad-kept", "~padding#0", "~pad-kept#-1")) {
            ScenarioException e = refused(label, j -> reported(j).set(0, TextNode.valueOf(label)));
            assertThat(e.path()).isEqualTo("trace.detections[" + firstReporting() + "].reported[0]");
            assertThat(e.problem()).isEqualTo("unknown entity \"" + label + "\" (not in the scenario's world, groups or spawns)");
        }
    }

    @Test
    void withoutPaddingInTheScenarioNoPaddingLabelIsKnown() throws IOException {
        ScenarioException e = refused("no-padding", j -> ((ObjectNode) j.get("scenario")).remove("padding"));
        assertThat(e.path()).startsWith("trace.detections[");
        assertThat(e.problem()).startsWith("unknown entity \"~pad-");
    }

    @Test
    void aChangeNeverNamesAPaddingEntity() throws IOException {
        ScenarioException e = refused("changed-padding",
                j -> ((ObjectNode) j.get("trace").get("changes").get(0)).put("entity", PaddingSpec.keptLabel(0)));
        assertThat(e.path()).isEqualTo("trace.changes[0].entity");
        assertThat(e.problem()).isEqualTo("unknown entity \"~pad-kept#0\" (not in the scenario's world, groups or spawns)");
    }

    /** The saved file with {@code edit} applied, written and loaded: the error. */
    private static ScenarioException refused(String name, Consumer<ObjectNode> edit) throws IOException {
        ObjectNode json = saved.deepCopy();
        edit.accept(json);
        Path file = dir.resolve(name.replaceAll("[^a-z0-9-]", "_") + ".json");
        Files.writeString(file, ScenarioJson.MAPPER.writeValueAsString(json));
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> Replay.load(file));
        assertThat(e).as("%s is refused", name).isNotNull();
        return e;
    }

    /** The first detection that reports something. */
    private static int firstReporting() {
        for (int i = 0; i < trace.detections().size(); i++) {
            if (!trace.detections().get(i).reported().isEmpty()) {
                return i;
            }
        }
        throw new AssertionError("no detection reports anything");
    }

    private static com.fasterxml.jackson.databind.node.ArrayNode reported(ObjectNode json) {
        return (com.fasterxml.jackson.databind.node.ArrayNode) json.get("trace").get("detections").get(firstReporting()).get("reported");
    }
}
