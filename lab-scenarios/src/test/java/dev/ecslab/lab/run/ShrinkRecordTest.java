package dev.ecslab.lab.run;

import dev.ecslab.lab.replay.Replay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.ecslab.lab.campaign.Shrinker;
import dev.ecslab.lab.campaign.Shrinking;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioException;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.scenario.WatchKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Shrunk" is said only of shrunk scenarios, and a shrunk counterexample keeps what it was shrunk from: the
 * shrinker counts its steps and says whether it stopped for its budget; the lab records both with the
 * original scenario and its trace; a replay file keeps them, a file without them (older, or a witness) still
 * loads, and a bad record is refused naming its path.
 */
class ShrinkRecordTest {
    @TempDir
    static Path dir;
    static Counterexample shrunk;

    /** A real campaign counterexample: the first miss of {@code flags} in 30 random scenarios, shrunk by the lab. */
    @BeforeAll
    static void campaign() {
        Matrix m = new Lab(LabOptions.defaults().withTries(30).withMemory(false)).run(
                List.of(TrackerSubject.find("flags", ShrinkRecordTest.class.getClassLoader())), List.of(ExecutorSubject.of("serial")),
                List.of());
        shrunk = m.row("flags", "serial").cell(Criterion.AT_LEAST_ONCE).first();
        assertThat(shrunk).isNotNull();
    }

    static Scenario writes(int frames) {
        var b = Scenario.builder("writes").entity("e0", Data.A, 0).entity("e1", Data.A, 0)
                .stage("update", st -> st.system("w", w -> w.writes(Data.A)).system("d", d -> d.watch(Data.A, WatchKind.CHANGED)))
                .frames(frames);
        for (int f = 0; f < frames; f++) {
            b.set(f, "w", "e" + (f % 2), Data.A, f + 1);
        }
        return b.build();
    }

    @Test
    void theShrinkerCountsItsStepsAndSaysWhetherItsBudgetStoppedIt() {
        Scenario big = writes(6);
        // "fails" while some edit writes e1: the shrinker keeps one such edit
        Shrinker settled = new Shrinker(c -> c.edits().stream().anyMatch(e -> "e1".equals(e.entity())), 500);
        Scenario small = settled.shrink(big);
        assertThat(small.edits()).hasSize(1);
        assertThat(settled.steps()).as("each accepted candidate is a step").isPositive().isLessThanOrEqualTo(settled.attempts());
        assertThat(settled.settled()).as("it stopped because nothing smaller failed").isTrue();
        Shrinker cut = new Shrinker(c -> c.edits().stream().anyMatch(e -> "e1".equals(e.entity())), 2);
        cut.shrink(big);
        assertThat(cut.attempts()).isEqualTo(2);
        assertThat(cut.settled()).as("its budget ran out first").isFalse();
    }

    @Test
    void theLabRecordsTheStepsTheOriginalAndItsFailingTrace() {
        Shrinking sh = shrunk.shrinking();
        assertThat(sh.shrunk()).isTrue();
        assertThat(sh.steps()).isPositive();
        assertThat(sh.runs()).isGreaterThanOrEqualTo(sh.steps());
        assertThat(sh.original()).isSameAs(shrunk.original());
        assertThat(Shrinker.size(shrunk.scenario())).isLessThan(Shrinker.size(sh.original()));
        assertThat(Judge.judge(sh.original(), sh.originalTrace()).violations()).anyMatch(v -> v.criterion() == shrunk.criterion()
                && Objects.equals(v.scope(), shrunk.scope()));
        assertThat(sh.describe()).startsWith("shrunk in " + sh.steps() + " step").contains(sh.runs() + " run");
    }

    @Test
    void aReplayFileKeepsTheShrinkRecordAndTheOriginal() {
        Path file = dir.resolve("shrunk.json");
        Replay.save(file, shrunk.scenario(), shrunk.trace(), shrunk.shrinking());
        Replay.Saved saved = Replay.load(file);
        Shrinking sh = saved.shrinking();
        assertThat(sh.steps()).isEqualTo(shrunk.shrinking().steps());
        assertThat(sh.runs()).isEqualTo(shrunk.shrinking().runs());
        assertThat(sh.budgetSpent()).isEqualTo(shrunk.shrinking().budgetSpent());
        assertThat(ScenarioJson.write(sh.original())).isEqualTo(ScenarioJson.write(shrunk.original()));
        assertThat(sh.originalTrace().runs()).isEqualTo(shrunk.shrinking().originalTrace().runs());
        assertThat(sh.describe()).isEqualTo(shrunk.shrinking().describe());
    }

    @Test
    void aFileWithoutAShrinkRecordStillLoadsAndSaysSo() throws IOException {
        Path file = dir.resolve("older.json");
        Replay.save(file, shrunk.scenario(), shrunk.trace());
        ObjectNode json = (ObjectNode) ScenarioJson.MAPPER.readTree(file.toFile());
        assertThat(json.has("shrinking")).as("no key at all, as in files written before shrink records").isFalse();
        assertThat(Replay.load(file).shrinking()).isNull();
        Path kept = dir.resolve("kept.json");
        Replay.save(kept, shrunk.scenario(), shrunk.trace(), Shrinking.kept("a catalogue scenario, shown as written"));
        assertThat(Replay.load(kept).shrinking().describe()).isEqualTo("not shrunk: a catalogue scenario, shown as written");
    }

    @Test
    void aBadShrinkRecordIsRefusedNamingItsPath() throws IOException {
        Path file = dir.resolve("good.json");
        Replay.save(file, shrunk.scenario(), shrunk.trace(), shrunk.shrinking());
        ObjectNode good = (ObjectNode) ScenarioJson.MAPPER.readTree(file.toFile());

        ObjectNode negative = good.deepCopy();
        ((ObjectNode) negative.get("shrinking")).put("steps", -2);
        assertThat(refused("negative", negative).path()).isEqualTo("shrinking.steps");

        ObjectNode half = good.deepCopy();
        ((ObjectNode) half.get("shrinking")).remove("originalTrace");
        assertThat(refused("half", half).getMessage()).contains("\"original\" and \"originalTrace\" go together");

        ObjectNode inconsistent = good.deepCopy();
        ((ObjectNode) inconsistent.get("shrinking").get("originalTrace").get("runs").get(0)).put("system", "nobody");
        assertThat(refused("inconsistent", inconsistent).path()).startsWith("shrinking.originalTrace.runs[0]");
    }

    private static ScenarioException refused(String name, ObjectNode json) throws IOException {
        Path file = dir.resolve(name + ".json");
        Files.writeString(file, ScenarioJson.MAPPER.writeValueAsString(json));
        ScenarioException e = catchThrowableOfType(ScenarioException.class, () -> Replay.load(file));
        assertThat(e).as(name + " is refused").isNotNull();
        assertThat(e.getMessage()).startsWith(file.toString()).doesNotContain("\n");
        return e;
    }
}
