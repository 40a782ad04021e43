package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import dev.ecslab.lab.classify.Lab;
import dev.ecslab.lab.classify.LabOptions;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.TrackerSubject;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab replay} prints what a reader needs to follow a counterexample without opening the file: the
 * shrink record (or that there is none), the scenario (systems, accesses, constraints, edits per frame), the
 * words with their cause and the timeline; {@code --original} replays the scenario as first found, and is
 * refused (exit 2, one line) for a file that was not shrunk.
 */
class ReplayShowsTheScenarioTest {
    @TempDir
    static Path dir;
    static Path shrunk;
    static Path kept;

    /**
     * The replay files of a campaign without the catalogue (so first failures are found in random scenarios and
     * shrunk), as {@code lab run} writes them: flags under the serial executor.
     */
    @BeforeAll
    static void campaignReplayFiles() throws Exception {
        Path out = dir.resolve("campaign");
        Matrix m = new Lab(LabOptions.defaults().withTries(30).withMemory(false)).run(
                List.of(TrackerSubject.find("flags", ReplayShowsTheScenarioTest.class.getClassLoader())),
                List.of(ExecutorSubject.of("serial")), List.of());
        MatrixReport.write(m, out);
        ObjectMapper json = new ObjectMapper();
        try (Stream<Path> files = Files.list(out.resolve("counterexamples"))) {
            for (Path f : files.sorted().toList()) {
                JsonNode sh = json.readTree(f.toFile()).get("shrinking");
                if (sh != null && sh.has("original") && shrunk == null) {
                    shrunk = f;
                } else if (sh != null && !sh.has("original") && kept == null) {
                    kept = f;
                }
            }
        }
        assertThat(shrunk).as("the campaign's first failure of a scope is shrunk").isNotNull();
        assertThat(kept).as("a later failure of a scenario class is kept as found").isNotNull();
    }

    @Test
    void aShrunkCounterexampleShowsItsStepsItsScenarioItsCauseAndItsTimeline() throws Exception {
        CommandOutput r = CommandOutput.run("replay", shrunk.toString());
        System.out.println("ReplayShowsTheScenarioTest:\n" + r.out());
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        int steps = new ObjectMapper().readTree(shrunk.toFile()).get("shrinking").get("steps").asInt();
        assertThat(r.out()).contains("shrinking: shrunk in " + steps + " step").contains("--original replays the scenario as first found")
                .contains("edits, frame by frame").contains("its systems:").contains("world at setup:")
                .contains("number each system's runs from 1").contains("timeline: ");
        List<String> lines = r.out().lines().toList();
        assertThat(lines.indexOf(lines.stream().filter(l -> l.startsWith("edits, frame by frame")).findFirst().orElseThrow()))
                .as("the scenario comes before the words").isLessThan(lines.indexOf(lines.stream()
                        .filter(l -> l.startsWith("timeline: ")).findFirst().orElseThrow()));
    }

    /**
     * A replay explains and draws at most {@link LabMain.ReplayCommand#DRAWN_VIOLATIONS} violations and says how
     * many more it left out: drawing all of the tens of thousands criterion 1 records over the 10 000-frame memory
     * scenario kept {@code lab replay} from finishing for days.
     */
    @Test
    void aReplayDrawsAtMostSoManyViolations() throws Exception {
        int max = LabMain.ReplayCommand.DRAWN_VIOLATIONS;
        boolean seen = false;
        try (Stream<Path> files = Files.list(dir.resolve("campaign").resolve("counterexamples"))) {
            for (Path f : files.sorted().toList()) {
                CommandOutput r = CommandOutput.run("replay", f.toString());
                String line = r.out().lines().filter(l -> l.startsWith("recorded trace: ")).findFirst().orElse("");
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("recorded trace: (\\d+) violation").matcher(line);
                if (!m.find() || Integer.parseInt(m.group(1)) <= max) {
                    continue;
                }
                int n = Integer.parseInt(m.group(1));
                seen = true;
                assertThat(r.code()).as(r.err()).isEqualTo(1);
                assertThat(r.out().lines().filter(l -> l.startsWith("timeline: ")).count()).as(f.toString()).isEqualTo(max);
                assertThat(r.out()).contains("... and " + (n - max) + " more violation(s), not drawn");
                break;
            }
        }
        assertThat(seen).as("the campaign has a file with more than " + max + " violations").isTrue();
    }

    @Test
    void originalReplaysTheScenarioAsFirstFound() throws Exception {
        CommandOutput r = CommandOutput.run("replay", shrunk.toString(), "--original");
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        String name = new ObjectMapper().readTree(shrunk.toFile()).get("shrinking").get("original").get("name").asText();
        assertThat(r.out()).contains("scenario '" + name + "'").contains("(the scenario as first found, before shrinking)")
                .contains("the file's main scenario is its shrunk form");
    }

    @Test
    void originalIsRefusedForAScenarioThatWasNotShrunkAndAnOlderFileSaysItHasNoRecord() throws Exception {
        CommandOutput r = CommandOutput.run("replay", kept.toString(), "--original");
        assertThat(r.code()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(r.err().lines().toList()).hasSize(1);
        assertThat(r.err()).startsWith("lab replay: " + kept).contains("holds no scenario from before shrinking")
                .contains("not shrunk: not the first failure of its criterion and scope");
        ObjectNode older = (ObjectNode) new ObjectMapper().readTree(kept.toFile());
        older.remove("shrinking");
        Path copy = dir.resolve("older.json");
        Files.write(copy, new ObjectMapper().writeValueAsBytes(older));
        CommandOutput o = CommandOutput.run("replay", copy.toString());
        assertThat(o.code()).as(o.err()).isEqualTo(1);
        assertThat(o.out()).contains("shrinking: not recorded (an ambiguity witness, or a file written before shrink records)");
    }
}
