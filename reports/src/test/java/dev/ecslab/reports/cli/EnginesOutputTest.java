package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.engine.EngineLab;
import dev.ecslab.lab.engine.EngineSubject;
import dev.ecslab.lab.engine.ReferenceEngine;
import dev.ecslab.reports.html.EnginesJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code lab engines} writes besides engines.md: engines.json reads back as written, with the verdicts CI needs;
 * and its folder below a report's ({@code <report>/engines/}, its default) lives beside the report: neither
 * {@code lab run} nor {@code lab report} removes or changes a file of it, the report links its page once it is
 * there, and {@code lab engines} never changes a file of the report.
 */
class EnginesOutputTest {
    @TempDir
    Path tmp;

    @Test
    void enginesJsonRoundTripsWithEachCellsStatusCountsAndReplayFile() throws Exception {
        var scenarios = EngineLab.scenarios(Catalogue.all(), 2, 1);
        EngineSubject drops = EngineSubject.find("test-drops-removals", EnginesOutputTest.class.getClassLoader());
        List<EngineLab.Row> rows = List.of(EngineLab.run(ReferenceEngine.subject(), scenarios, 1, Duration.ofSeconds(30), null),
                EngineLab.run(drops, scenarios, 1, Duration.ofSeconds(30), null));
        EnginesJson.Document d = EnginesJson.of(rows, scenarios.size(), 2, 1);
        String json = EnginesJson.write(d);
        assertThat(read(json)).isEqualTo(d);
        assertThat(EnginesJson.write(read(json))).isEqualTo(json);

        assertThat(json).contains("\"format\" : \"ecslab-engines\"").contains("\"version\" : 1");
        EnginesJson.Engine ref = d.engines().get(0);
        assertThat(ref.id()).isEqualTo("reference");
        assertThat(ref.measured()).isEqualTo("exact");
        assertThat(ref.ran()).isEqualTo(scenarios.size());
        assertThat(ref.contract().words()).isEqualTo(ReferenceEngine.CONTRACT.describe());
        assertThat(ref.contract().source()).isEqualTo(ReferenceEngine.CONTRACT.source());
        assertThat(ref.cells().keySet()).containsExactly("X", "1", "2", "3", "7", "8", "L", "O", "A", "6");
        assertThat(ref.cells().get("O").status()).isEqualTo("not-applicable");
        assertThat(ref.cells().get("6").status()).isEqualTo("not-applicable");
        assertThat(ref.cells().get("1").status()).isEqualTo("pass");
        assertThat(ref.cells().get("1").judged()).isPositive();

        EnginesJson.Engine broken = d.engines().get(1);
        EnginesJson.Cell lost = broken.cells().get("1");
        assertThat(lost.status()).isEqualTo("fail");
        assertThat(lost.failed()).isEqualTo(rows.get(1).cells().get(Criterion.AT_LEAST_ONCE).failed()).isPositive();
        assertThat(lost.counterexample().file()).isEqualTo("test-drops-removals/criterion-1.json");
        assertThat(lost.counterexample().violation()).isEqualTo(rows.get(1).cells().get(Criterion.AT_LEAST_ONCE).first().violation());
        assertThat(broken.measured()).isEqualTo(rows.get(1).measured().label());

        assertThatThrownBy(() -> read(json.replace("\"version\" : 1", "\"version\" : 2")))
                .hasMessageContaining("version 2").hasMessageContaining("(line 3, column 15, version)");
        assertThatThrownBy(() -> read(json.replace("ecslab-engines", "ecslab-matrix"))).hasMessageContaining("format");
    }

    /** {@code json} read back as the report reads it: from a file. */
    private EnginesJson.Document read(String json) throws IOException {
        Path file = tmp.resolve(EnginesJson.FILE);
        Files.writeString(file, json);
        return EnginesJson.read(file);
    }

    @Test
    void theEnginesFolderBelowAReportSurvivesRunAndReportAndTheReportLinksIt() throws Exception {
        Path out = tmp.resolve("out");
        Path engines = out.resolve("engines");
        CommandOutput run = run(out);
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(Files.readString(out.resolve("index.html"))).as("no engines' page yet: no link").doesNotContain("engines.html");
        Map<String, String> report = hashes(out, engines);

        CommandOutput judged = CommandOutput.run("engines", "--engine", "reference", "--engine", "test-drops-removals",
                "--tries", "0", "--out", engines.toString());
        assertThat(judged.code()).as(judged.err()).isZero();
        assertThat(hashes(out, engines)).as("lab engines changes no file of the report").isEqualTo(report);
        String page = Files.readString(engines.resolve("engines.html"));
        assertThat(page).as("beside a report: its navigation").contains("<a href=\"../index.html\">Report</a>")
                .contains("./lab replay " + engines.resolve("test-drops-removals/criterion-1.json"));
        assertThat(engines.resolve("engines.json")).exists();
        Map<String, String> enginesFiles = hashes(engines, null);
        assertThat(enginesFiles).containsKeys("engines.md", "engines.html", "engines.json", "test-drops-removals/criterion-1.json");

        CommandOutput again = run(out);
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(hashes(engines, null)).as("lab run leaves the engines' folder as it was").isEqualTo(enginesFiles);
        assertThat(Files.readAllLines(out.resolve(StagedReport.MANIFEST))).noneMatch(f -> f.startsWith("engines"));
        assertThat(Files.readString(out.resolve("index.html"))).contains("<a href=\"engines/engines.html\">Engines</a></nav>");
        assertThat(Files.readString(out.resolve("counterexamples/index.html")))
                .contains("<a href=\"../engines/engines.html\">Engines</a></nav>");

        CommandOutput redraw = CommandOutput.run("report", "--out", out.toString());
        assertThat(redraw.code()).as(redraw.err()).isZero();
        assertThat(hashes(engines, null)).as("lab report too").isEqualTo(enginesFiles);
        assertThat(Files.readString(out.resolve("classes.html"))).contains("<a href=\"engines/engines.html\">Engines</a></nav>");
        assertThat(Files.readString(out.resolve("index.html"))).as("the main page summarises engines.json")
                .contains("<table class=\"matrix engines-summary\">")
                .contains("<code>reference</code></a></td><td class=\"what\">")
                .contains("<a href=\"engines/engines.html#engine-test-drops-removals-1\">1 at least once</a>");

        // the page's replay command reproduces the failure on the engine
        CommandOutput replay = CommandOutput.run("replay", engines.resolve("test-drops-removals/criterion-1.json").toString());
        assertThat(replay.code()).as(replay.out() + replay.err()).isEqualTo(1);
        assertThat(replay.out()).contains("on engine test-drops-removals");

        // the report's own folder is refused: an engine's files would mix with the report's
        CommandOutput refused = CommandOutput.run("engines", "--engine", "reference", "--tries", "0", "--out", out.toString());
        assertThat(refused.code()).isEqualTo(2);
        assertThat(refused.err()).contains("holds a lab report");
        assertThat(out.resolve("engines.md")).doesNotExist();
    }

    /**
     * A malformed engines.json beside the engines' page: lab report still writes the whole report, and the main page
     * says why the engines' summary is not there (the file, line and column); the file is left as it was.
     */
    @Test
    void aMalformedEnginesJsonIsNamedOnTheMainPageAndTheReportIsStillWritten() throws Exception {
        Path out = tmp.resolve("out");
        CommandOutput run = run(out);
        assertThat(run.code()).as(run.err()).isZero();
        Path engines = Files.createDirectories(out.resolve("engines"));
        Files.writeString(engines.resolve("engines.html"), "<!DOCTYPE html><title>engines</title>\n");
        Files.writeString(engines.resolve("engines.json"), "{\n  \"format\" : \"ecslab-engines\",\n  \"version\" : 1,\n"
                + "  \"scenarios\" : 4,,\n}\n");
        Map<String, String> enginesFiles = hashes(engines, null);
        Files.delete(out.resolve("classes.html"));

        CommandOutput redraw = CommandOutput.run("report", "--out", out.toString());
        assertThat(redraw.code()).as(redraw.err()).isZero();
        String index = Files.readString(out.resolve("index.html"));
        assertThat(index).contains("<p class=\"missing\">Each engine's result could not be summarised here: <code>"
                + "engines/engines.json</code> (line 4, column 19)").doesNotContain("engines-summary")
                .contains("<a href=\"engines/engines.html\">the engines' page</a>").contains("<section id=\"conclusions\">");
        assertThat(out.resolve("classes.html")).as("every other page is written too").exists();
        assertThat(out.resolve("counterexamples/index.html")).exists();
        assertThat(out.resolve("matrix.md")).exists();
        assertThat(hashes(engines, null)).isEqualTo(enginesFiles);
    }

    @Test
    void aPageAloneLinksNoReport() throws Exception {
        Path alone = tmp.resolve("alone");
        CommandOutput judged = CommandOutput.run("engines", "--engine", "reference", "--tries", "0", "--out", alone.toString());
        assertThat(judged.code()).as(judged.err()).isZero();
        String page = Files.readString(alone.resolve("engines.html"));
        assertThat(page).doesNotContain("<nav").doesNotContain("href=\"../").contains("<td class=\"pass\">exact</td>");
        assertThat(judged.err()).contains("no lab report is in " + tmp + ", so the page links none");
    }

    private static CommandOutput run(Path out) {
        return CommandOutput.run("run", "--strategy", "flags", "--executor", "serial", "--tries", "2", "--no-memory",
                "--witness-tries", "0", "--search", "-1", "--quiet", "--out", out.toString());
    }

    /** Every file below {@code dir} (leaving out {@code except}'s and the lab's lock) by its SHA-256. */
    private static Map<String, String> hashes(Path dir, Path except) throws IOException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.filter(Files::isRegularFile).toList()) {
                if (except != null && p.startsWith(except) || p.getFileName().toString().equals(".lab-lock")) {
                    continue;
                }
                try {
                    out.put(dir.relativize(p).toString(), HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                            .digest(Files.readAllBytes(p))));
                } catch (java.security.NoSuchAlgorithmException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return out;
    }
}
