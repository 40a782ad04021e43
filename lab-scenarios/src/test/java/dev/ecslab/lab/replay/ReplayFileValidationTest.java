package dev.ecslab.lab.replay;

import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.ecs.input.BadInputException;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay file is checked against its scenario before anything judges it: each inconsistency a hand
 * (or a bad tool) can put into a real replay file is refused with one line naming the file, the line
 * and the path of the first bad value, never an index out of bounds, a missing number read as 0, or a
 * verdict about runs that never were.
 */
class ReplayFileValidationTest {
    private static final Pattern LOCATION = Pattern.compile("\\(line (\\d+), column \\d+, ([^)]*)\\): ");
    private static final Pattern JAVA_NAME = Pattern.compile("(java|com|dev|org)\\.[a-z]+\\.|Exception|`");

    @TempDir
    static Path dir;
    static ObjectNode original;
    static Trace trace;

    /** A real failure: flags under the dynamic executor, with runs, changes, detections and events. */
    @BeforeAll
    static void record() throws IOException {
        Scenario s = Catalogue.ambiguousOrdering(Target.COMPONENT);
        trace = ScenarioRunner.run(s, new LabConfig(TrackerSubject.find("flags", ReplayFileValidationTest.class
                .getClassLoader()), ExecutorSubject.of("dynamic"), 7));
        Path file = dir.resolve("original.json");
        Replay.save(file, s, trace);
        original = (ObjectNode) ScenarioJson.MAPPER.readTree(file.toFile());
        assertThat(trace.runs()).hasSizeGreaterThan(4);
        assertThat(trace.changes()).hasSizeGreaterThan(2);
        assertThat(trace.detections()).isNotEmpty();
    }

    /** The original with {@code edit} applied, saved, loaded: the error, checked for form and location. */
    private static ScenarioException refused(String name, Consumer<ObjectNode> edit, String path) throws IOException {
        ObjectNode json = original.deepCopy();
        edit.accept(json);
        Path file = dir.resolve(name + ".json");
        String text = ScenarioJson.MAPPER.writeValueAsString(json);
        Files.writeString(file, text);
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> Replay.load(file));
        assertThat(e).as("%s is refused", name).isNotNull();
        assertThat(e).isInstanceOf(BadInputException.class);
        assertThat(e.getMessage()).startsWith(file + " (line ").doesNotContain("\n");
        assertThat(JAVA_NAME.matcher(e.getMessage()).find()).as("Java names in %s", e.getMessage()).isFalse();
        assertThat(e.path()).isEqualTo(path);
        Matcher m = LOCATION.matcher(e.getMessage());
        assertThat(m.find()).as("a line in %s", e.getMessage()).isTrue();
        assertThat(m.group(2)).isEqualTo(path);
        String line = text.lines().skip(Long.parseLong(m.group(1)) - 1).findFirst().orElseThrow();
        String last = path.substring(Math.max(path.lastIndexOf('.'), path.lastIndexOf(']')) + 1);
        assertThat(line).as("line %s of the file", m.group(1)).satisfiesAnyOf(
                l -> assertThat(l).contains("\"" + last + "\""),         // the value's own line
                l -> assertThat(l.strip()).endsWith("{"),                 // the object that lacks it
                l -> assertThat(path).endsWith("]"));                     // an item of an array
        return e;
    }

    private static ObjectNode run(ObjectNode json, int i) {
        return (ObjectNode) json.get("trace").get("runs").get(i);
    }

    private static ObjectNode change(ObjectNode json, int i) {
        return (ObjectNode) json.get("trace").get("changes").get(i);
    }

    @Test
    void theUntouchedFileLoadsToTheRecordedTrace() {
        Path file = dir.resolve("original.json");
        assertThat(Replay.load(file).trace()).isEqualTo(trace);
    }

    @Test
    void aMissingOrNullSequenceNumberIsAnErrorNotZero() throws IOException {
        ScenarioException e = refused("no-start", j -> run(j, 3).remove("startSeq"), "trace.runs[3].startSeq");
        assertThat(e.problem()).isEqualTo("missing field \"startSeq\" (it is required)");
        assertThat(refused("null-finish", j -> run(j, 2).putNull("finishSeq"), "trace.runs[2].finishSeq").problem())
                .isEqualTo("must not be null (a value is required here)");
        refused("no-seq", j -> change(j, 1).remove("seq"), "trace.changes[1].seq");
        refused("no-runs", j -> ((ObjectNode) j.get("trace")).remove("runs"), "trace.runs");
    }

    @Test
    void negativeAndInconsistentSequenceNumbersAreRefused() throws IOException {
        assertThat(refused("negative", j -> run(j, 0).put("startSeq", -5), "trace.runs[0].startSeq").problem())
                .isEqualTo("must not be negative, was -5");
        long start = run(original, 2).get("startSeq").asLong();
        assertThat(refused("backwards", j -> run(j, 2).put("finishSeq", start), "trace.runs[2].finishSeq").problem())
                .isEqualTo("is " + start + ", not after the run's start (" + start + ")");
        long earlier = run(original, 0).get("startSeq").asLong();
        assertThat(refused("order", j -> run(j, 3).put("startSeq", earlier), "trace.runs[3].startSeq").problem())
                .startsWith("is " + earlier + ", not after the start of runs[2]");
        int last = trace.changes().size() - 1;
        assertThat(trace.changes().get(last).seq()).isPositive();
        assertThat(refused("change-order", j -> change(j, last).put("seq", 0), "trace.changes[" + last + "].seq").problem())
                .contains("before the change listed before it");
    }

    @Test
    void aShortTraceCannotStandForALongScenario() throws IOException {
        // A small file asking the re-run for 20 000 frames, with a trace of a few: refused, not re-run.
        assertThat(refused("long", j -> ((ObjectNode) j.get("scenario")).put("frames", 20_000), "trace.memory").problem())
                .startsWith("has " + trace.memory().size() + " figures, but the scenario runs 20002 frames, and a run that"
                        + " neither crashed nor timed out records one per frame");
    }

    @Test
    void runIdsMustBeUniqueAndInOrder() throws IOException {
        assertThat(refused("duplicate", j -> run(j, 4).put("id", 1), "trace.runs[4].id").problem())
                .isEqualTo("duplicate run id 1 (also runs[1])");
        assertThat(refused("renumbered", j -> run(j, 4).put("id", 40), "trace.runs[4].id").problem())
                .isEqualTo("is 40, but runs are numbered 0, 1, 2, ... in start order, so this one is 4");
    }

    @Test
    void referencesToRunsSystemsStagesAndEntitiesThatDoNotExistAreRefused() throws IOException {
        int runs = trace.runs().size();
        assertThat(refused("unknown-run", j -> ((ObjectNode) j.get("trace").get("detections").get(0)).put("run", runs + 5),
                "trace.detections[0].run").problem())
                .isEqualTo("names run " + (runs + 5) + ", but the trace has runs 0.." + (runs - 1));
        int authored = authoredChange();
        refused("author-run", j -> change(j, authored).put("authorRun", -7), "trace.changes[" + authored + "].authorRun");
        assertThat(refused("unknown-system", j -> run(j, 1).put("system", "wirter"), "trace.runs[1].system").problem())
                .startsWith("unknown system \"wirter\"");
        refused("wrong-stage", j -> run(j, 1).put("stage", "elsewhere"), "trace.runs[1].stage");
        refused("frame", j -> run(j, 1).put("frame", 10_000), "trace.runs[1].frame");
        int component = componentChange();
        assertThat(refused("unknown-entity", j -> change(j, component).put("entity", "ghost"),
                "trace.changes[" + component + "].entity").problem())
                .isEqualTo("unknown entity \"ghost\" (not in the scenario's world, groups or spawns)");
        refused("reported-ghost", j -> ((ArrayNode) j.get("trace").get("detections").get(0).get("reported")).add("ghost"),
                "trace.detections[0].reported[" + trace.detections().get(0).reported().size() + "]");
        refused("other-scenario", j -> ((ObjectNode) j.get("trace")).put("scenario", "another one"), "trace.scenario");
    }

    @Test
    void aDetectionRemovedOrRepeatedIsRefused() throws IOException {
        // without the check, removing the detection that repeats a report made the judge pass the trace
        ArrayNode detections = (ArrayNode) original.get("trace").get("detections");
        assertThat(refused("detection-removed", j -> ((ArrayNode) j.get("trace").get("detections")).remove(0),
                "trace.detections").problem()).contains("finished without a detection");
        assertThat(refused("detection-repeated", j -> ((ArrayNode) j.get("trace").get("detections"))
                .add(detections.get(0).deepCopy()), "trace.detections[" + detections.size() + "]").problem())
                .contains("a second detection of run");
    }

    @Test
    void aClaimMayAllowMoreDelayThanTheScenarioHasFramesAndDecisionsMayNameLongSystems() throws IOException {
        ObjectNode json = original.deepCopy();
        ((ObjectNode) json.get("trace").get("config")).put("delayFrames", 8);
        String name = "s".repeat(600);
        ((ArrayNode) json.get("trace").get("interleaving").get("choices")).add("t0/2 " + name + ">" + name);
        Path file = dir.resolve("lenient.json");
        Files.writeString(file, ScenarioJson.MAPPER.writeValueAsString(json));
        assertThat(Replay.load(file).trace().config().delayFrames()).isEqualTo(8);
    }

    @Test
    void theConfigurationMustBeOneThatCanReplay() throws IOException {
        assertThat(refused("flavor", j -> ((ObjectNode) j.get("trace").get("config")).put("flavor", "SOMETIMES"),
                "trace.config.flavor").problem()).isEqualTo("unknown flavor \"SOMETIMES\"; expected DEFAULT or IMMEDIATE");
        assertThat(refused("threads", j -> ((ObjectNode) j.get("trace").get("config")).put("threads", 100_000),
                "trace.config.threads").problem()).isEqualTo("the trace asks for 100000 threads; the limit is 64 threads"
                + " (set with -Decslab.limit.threads=N)");
        refused("choice", j -> ((ArrayNode) j.get("trace").get("interleaving").get("choices")).insert(0, "x/y"),
                "trace.interleaving.choices[0]");
        refused("plugin", j -> ((ObjectNode) j.get("trace").get("config")).putArray("plugins").addObject()
                .put("role", "strategy").put("file", "../x.jar").put("sha256", "00"), "trace.config.plugins[0].file");
        ObjectNode driver = ScenarioJson.MAPPER.createObjectNode();
        driver.putArray("command").add("node").add("d.mjs");
        driver.putArray("files").addObject().put("file", "d.mjs").put("sha256", "0".repeat(64));
        assertThat(refused("driver", j -> ((ObjectNode) j.get("trace").get("config")).set("driver", driver),
                "trace.config.driver").problem()).isEqualTo("is an engine driver's, but the trace is of strategy \"flags\"");
    }

    @Test
    void controlCharactersInTheScenarioAreRefusedAndInFreeTextAreShownEscaped() throws IOException {
        refused("newline", j -> ((ObjectNode) j.get("scenario").get("stages").get(0)).put("name", "update\nFAIL x"),
                "scenario.stages[0].name");
        ObjectNode json = original.deepCopy();
        run(json, 0).put("failure", "boom\nrecorded trace: passes");
        ((ArrayNode) json.get("trace").get("errors")).add("line one\u001b[2Jline two");
        Path file = dir.resolve("free-text.json");
        Files.writeString(file, ScenarioJson.MAPPER.writeValueAsString(json));
        Trace loaded = Replay.load(file).trace();
        assertThat(loaded.runs().get(0).failure()).isEqualTo("boom\\u000arecorded trace: passes");
        assertThat(loaded.errors()).last().isEqualTo("line one\\u001b[2Jline two");
    }

    @Test
    void jsonMistakesAreWordedWithoutJavaNames() throws IOException {
        assertThat(refused("enum", j -> ((ObjectNode) j.get("trace").get("changes").get(0)).put("type", "CREATED"),
                "trace.changes[0].type").problem()).isEqualTo("unknown value \"CREATED\"; expected one of ADDED, MUTATED, REMOVED");
        assertThat(refused("text-for-number", j -> run(j, 0).put("frame", "zero"), "trace.runs[0].frame").problem())
                .isEqualTo("expected a whole number, found the string \"zero\"");
        assertThat(refused("fraction", j -> run(j, 0).put("iteration", 0.5), "trace.runs[0].iteration").problem())
                .startsWith("expected a whole number");
        assertThat(refused("too-big", j -> run(j, 0).put("id", 99_999_999_999L), "trace.runs[0].id").problem())
                .startsWith("the number \"99999999999\" is out of range");
        assertThat(refused("unknown-field", j -> run(j, 0).put("startSequence", 1), "trace.runs[0].startSequence").problem())
                .startsWith("unknown field \"startSequence\"; expected one of");
    }

    private static int authoredChange() {
        for (int i = 0; i < trace.changes().size(); i++) {
            if (trace.changes().get(i).authorRun() >= 0) {
                return i;
            }
        }
        throw new AssertionError("no change made by a system in " + trace.changes());
    }

    private static int componentChange() {
        for (int i = 0; i < trace.changes().size(); i++) {
            if (trace.changes().get(i).entity() != null) {
                return i;
            }
        }
        throw new AssertionError("no component change in " + trace.changes());
    }

    @Test
    void notAReplayFileAtAll() throws IOException {
        Path empty = Files.writeString(dir.resolve("empty.json"), "{}");
        assertThat(catchThrowableOfType(ScenarioException.class, () -> Replay.load(empty)))
                .hasMessage(empty + ": a replay file needs both \"scenario\" and \"trace\"");
        Path list = Files.writeString(dir.resolve("list.json"), "[1, 2]");
        assertThat(catchThrowableOfType(ScenarioException.class, () -> Replay.load(list)).problem())
                .isEqualTo("expected an object, found an array");
        assertThat(List.of(catchThrowableOfType(BadInputException.class, () -> Replay.load(dir.resolve("nope.json")))))
                .singleElement().extracting(BadInputException::problem).isEqualTo("no such file");
    }
}
