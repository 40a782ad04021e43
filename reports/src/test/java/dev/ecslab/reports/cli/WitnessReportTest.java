package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.lab.scenario.ScenarioJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code lab run}'s ambiguity witnesses in every output: terminal, matrix.md, matrix.json, the page, replay files. */
class WitnessReportTest {
    @TempDir
    static Path out;
    static CommandOutput run;

    @BeforeAll
    static void labRun() {
        run = CommandOutput.run("run", "--tries", "6", "--witness-tries", "6", "--no-memory", "--quiet", "--executor",
                "serial", "--strategy", "generation", "--out", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
    }

    @Test
    void theTerminalSummarizesThem() {
        assertThat(run.out()).containsPattern("Ambiguity witnesses: [0-9]+ pair\\(s\\) in " + (dev.ecslab.lab.catalogue.Catalogue.all().size() + 6) + " scenarios \\(the catalogue and the"
                + " campaign's first 6\\): [0-9]+ witnessed \\(state differs\\), [0-9]+ witnessed \\(detections differ\\),"
                + " [0-9]+ commute here, 0 inconclusive; [0-9.]+ s");
    }

    @Test
    void markdownHasARowPerCataloguePairWithTheVerdictAndTheFirstDifference() throws Exception {
        String md = Files.readString(out.resolve("matrix.md"));
        assertThat(md).contains("## Ambiguity witnesses (criterion A)")
                .contains("| Ambiguous System Ordering Robustness [component] | update | `changer` / `detector` | [A, S] |"
                        + " witnessed: detections differ | frame 0 detector Mutated<A>: [e0] ≠ [] (+7 more) | the same |"
                        + " `witnesses/001-Ambiguous_System_Ordering_Robustness_component-changer-before-detector.json`,"
                        + " `witnesses/001-Ambiguous_System_Ordering_Robustness_component-detector-before-changer.json` |")
                .contains("| Exclusive and main-thread systems [component] | update | `changer` / `bystander` | the whole world"
                        + " (exclusive) | commutes here |  | the same |  |")
                .contains("| Exclusive and main-thread systems [resource] | update | `changer` / `bystander` | the whole world"
                        + " (exclusive) | witnessed: state differs (same end state) | after frame 0, resource R: R(30) ≠ R(1) |"
                        + " the same |");
    }

    @Test
    void jsonHasEveryPairAndTheReplayFilesExistAndReplayToTheRecordedEndStates() throws Exception {
        JsonNode w = ScenarioJson.MAPPER.readTree(out.resolve("matrix.json").toFile()).get("witnesses");
        assertThat(w.get("ran").asBoolean()).isTrue();
        assertThat(w.get("strategy").asText()).isEqualTo("generation");
        assertThat(w.get("counts").get("INCONCLUSIVE").asInt()).isZero();
        int pairs = w.get("pairs").size();
        assertThat(pairs).isEqualTo(w.get("counts").get("STATE_DIFFERS").asInt() + w.get("counts").get("DETECTIONS_DIFFER")
                .asInt() + w.get("counts").get("COMMUTES").asInt());
        List<String> files = new ArrayList<>();
        for (JsonNode p : w.get("pairs")) {
            boolean witnessed = p.get("verdict").asText().startsWith("STATE") || p.get("verdict").asText().startsWith("DETECTIONS");
            assertThat(p.get("orders")).hasSize(2);
            for (JsonNode o : p.get("orders")) {
                assertThat(o.get("replayFile").isNull()).as("a file for each order of a witnessed pair only").isEqualTo(!witnessed);
                if (witnessed) {
                    files.add(o.get("replayFile").asText());
                    assertThat(out.resolve(o.get("replayFile").asText())).isRegularFile();
                }
            }
        }
        try (var listed = Files.list(out.resolve("witnesses"))) {
            assertThat(listed.map(f -> "witnesses/" + f.getFileName()).toList()).containsExactlyInAnyOrderElementsOf(files);
        }
        JsonNode flagship = w.get("pairs").get(0);
        assertThat(flagship.get("scenario").asText()).isEqualTo("Ambiguous System Ordering Robustness [component]");
        for (JsonNode o : flagship.get("orders")) {
            CommandOutput replay = CommandOutput.run("replay", out.resolve(o.get("replayFile").asText()).toString());
            assertThat(replay.code()).as(replay.out() + replay.err()).isZero();
            StringBuilder end = new StringBuilder("end state of the re-run (as recorded):\n");
            o.get("finalState").forEach(line -> end.append("  ").append(line.asText()).append('\n'));
            assertThat(replay.out()).contains("[" + o.get("order").asText() + "]").contains("the same verdict")
                    .contains(end.toString());
        }
    }

    @Test
    void thePageShowsATableBesideTheAmbiguityReportLinkingTheReplayFiles() throws Exception {
        String html = Files.readString(out.resolve("ambiguities.html"));
        assertThat(Files.readString(out.resolve("index.html"))).as("the main page links it")
                .contains("<a href=\"ambiguities.html\">ambiguities.html</a>");
        int section = html.indexOf("<section id=\"ambiguities\">");
        int table = html.indexOf("<table class=\"witnesses\">");
        assertThat(table).isGreaterThan(section).isLessThan(html.indexOf("</section>", section));
        assertThat(html).contains("<a href=\"witnesses/001-Ambiguous_System_Ordering_Robustness_component-changer-before-detector"
                + ".json\" title=\"changer before detector\">changer first</a>");
        String rows = html.substring(table, html.indexOf("</table>", table));
        assertThat(rows).as("the catalogue's pairs only; the campaign's are counted").doesNotContain("random #")
                .contains("commutes here").contains("class=\"warn\">witnessed: detections differ");
    }

    @Test
    void aNegativeWitnessCountIsBadInput() {
        CommandOutput bad = CommandOutput.run("run", "--witness-tries", "-1", "--out", out.resolve("bad").toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("--witness-tries must be 0 or more");
    }
}
