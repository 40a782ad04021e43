package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.HandMadeRows;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.ScenarioJson;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.reports.html.ReportPage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The four formats of the matrix (terminal, {@code matrix.md}, {@code matrix.json}, the HTML page) on
 * one hand-made matrix whose every figure is known: a not-judged row and cell, a crash, an
 * exact-delayed row with late reports, a row whose claim is broken on two scenario classes by one
 * counterexample that is also the first of the view columns 7 and L, and a counterexample that is the
 * first of a class only.
 */
class MatrixFormatsTest {
    /** The real scenario and trace behind the hand-made counterexamples, so replay files can be written. */
    private static Scenario scenario;
    private static Trace trace;
    private static Counterexample lostInPauseAndLoop;
    private static Counterexample lostInCommands;
    private static Counterexample crash;
    private static Matrix matrix;

    @BeforeAll
    static void handMadeMatrix() {
        scenario = Catalogue.atLeastOnce(Target.COMPONENT);
        trace = ScenarioRunner.run(scenario, new LabConfig(TrackerSubject.find("flags", MatrixFormatsTest.class.getClassLoader()),
                ExecutorSubject.of("serial"), 1));
        Scope added = new Scope(false, WatchKind.ADDED);
        lostInPauseAndLoop = new Counterexample(Criterion.AT_LEAST_ONCE, added, "by hand: `detector` missed an Added while"
                + " paused", scenario, scenario, 1, "flag-doubling / serial / seed 1", trace);
        lostInCommands = new Counterexample(Criterion.AT_LEAST_ONCE, added, "by hand: `detector` missed a spawn by command",
                scenario, scenario, 2, "flag-doubling / serial / seed 2", trace);
        crash = new Counterexample(Criterion.CRASH, null, "by hand: the strategy threw IllegalStateException in test(ADDED)",
                scenario, scenario, 3, "crashy / serial / seed 3", trace);

        Row generation = judgedEverywhere(HandMadeRows.notJudged("generation", ClaimedClass.EXACT, "serial"));
        HandMadeRows.obligations(generation, ScenarioClass.REGULAR, 10, 0);

        Row lastTick = judgedEverywhere(HandMadeRows.notJudged("last-tick", ClaimedClass.EXACT_DELAYED, "serial"));
        HandMadeRows.obligations(lastTick, ScenarioClass.REGULAR, 8, 0);
        HandMadeRows.obligations(lastTick, ScenarioClass.PAUSING, 2, 1);

        Row flagDoubling = judgedEverywhere(HandMadeRows.notJudged("flag-doubling", ClaimedClass.EXACT_DELAYED, "serial"));
        HandMadeRows.obligations(flagDoubling, ScenarioClass.REGULAR, 5, 0);
        HandMadeRows.obligations(flagDoubling, ScenarioClass.PAUSING, 3, -1);
        HandMadeRows.failed(flagDoubling, Criterion.AT_LEAST_ONCE, lostInPauseAndLoop, ScenarioClass.PAUSING, ScenarioClass.LOOPING);
        HandMadeRows.failed(flagDoubling, Criterion.NOT_LOST_WHEN_PAUSED, lostInPauseAndLoop, ScenarioClass.PAUSING);
        HandMadeRows.failed(flagDoubling, Criterion.LOOPING, lostInPauseAndLoop, ScenarioClass.LOOPING);
        HandMadeRows.failedInClassOnly(flagDoubling, Criterion.AT_LEAST_ONCE, lostInCommands, ScenarioClass.COMMANDS);

        Row crashy = HandMadeRows.notJudged("crashy", ClaimedClass.EXACT, "serial");
        HandMadeRows.judged(crashy, Criterion.CRASH, ScenarioClass.REGULAR, 4);
        HandMadeRows.failed(crashy, Criterion.CRASH, crash, ScenarioClass.REGULAR);
        HandMadeRows.skipped(crashy, "a run of this configuration did not finish within 30 s");

        Row nothing = HandMadeRows.notJudged("system-data", ClaimedClass.EXACT, "serial");
        matrix = HandMadeRows.matrix(12, List.of(generation, lastTick, flagDoubling, crashy, nothing));
    }

    /** Every criterion judged but 6 (as with --no-memory); 1 and 2 on every scenario class, 7 and L on theirs. */
    private static Row judgedEverywhere(Row r) {
        for (Criterion c : List.of(Criterion.CRASH, Criterion.SAME_FRAME, Criterion.PURE_FUNCTION, Criterion.ORDERING)) {
            HandMadeRows.judged(r, c, ScenarioClass.REGULAR, 10);
        }
        for (ScenarioClass cls : ScenarioClass.values()) {
            HandMadeRows.judged(r, Criterion.AT_LEAST_ONCE, cls, 10);
            HandMadeRows.judged(r, Criterion.AT_MOST_ONCE, cls, 10);
        }
        HandMadeRows.judged(r, Criterion.NOT_LOST_WHEN_PAUSED, ScenarioClass.PAUSING, 10);
        HandMadeRows.judged(r, Criterion.LOOPING, ScenarioClass.LOOPING, 10);
        return r;
    }

    // ------------------------------------------------------------------ terminal

    @Test
    void theTerminalShowsTheCrashColumnNotJudgedAndTheClassesThatDiffer() {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        LabMain.print(matrix, new PrintStream(buffer, true, StandardCharsets.UTF_8));
        String text = buffer.toString(StandardCharsets.UTF_8);
        System.out.println(text);
        List<String> lines = text.lines().toList();
        assertThat(lines.get(0)).matches("strategy +executor +claimed +measured +X +1 +2 +3 +6 +7 +8 +L +O *");
        assertThat(line(lines, "generation ")).matches("generation +serial +exact +exact +pass +pass +pass +pass +n/j +pass"
                + " +pass +pass +pass *");
        assertThat(line(lines, "system-data ")).as("nothing judged: never a pass")
                .matches("system-data +serial +exact +not judged! +(n/j +){8}n/j *").doesNotContain("pass");
        assertThat(line(lines, "crashy ")).matches("crashy +serial +exact +broken! +FAIL +n/j .*");
        assertThat(text).contains("    broken by: crash\n").contains("    partly not run: a run of this configuration did not"
                + " finish within 30 s");
        assertThat(line(lines, "last-tick ")).contains("exact-delayed, up to 1 frame").contains("exact-delayed ");
        assertThat(text).contains("    by class: regular exact, pausing exact-delayed, looping exact, commands exact,"
                + " resources exact\n")
                .contains("    by class: regular exact, pausing flaky, looping flaky, commands flaky, resources exact;"
                        + " broken by: pausing, looping, commands\n");
        String legend = text.substring(text.indexOf("Columns: "));
        assertThat(legend.lines()).as("the legend is wrapped for a terminal").allMatch(l -> l.length() <= 110);
        legend = legend.replaceAll("\n    ", " ");
        assertThat(legend).as("the legend says what n/j is").contains("n/j = not judged (no run judged it: not a pass)")
                .contains("X = crash");
        assertThat(legend).as("the legend says what each column is").contains("Columns: X no crash (an exception from the"
                + " strategy or executor under test); 1 at least once (").contains("; 7 not lost when paused (1 on pausing"
                + " scenarios); 8 frame is a pure function (").contains("; L looping stages (1 and 2 on looping stages); O"
                + " ordering (");
    }

    // ------------------------------------------------------------------ markdown

    @Test
    void markdownShowsEveryOutcomeTheClassesAndTheDelays(@TempDir Path dir) throws Exception {
        Map<Counterexample, String> files = MatrixReport.write(matrix, dir);
        String md = Files.readString(dir.resolve("matrix.md"));
        System.out.println(md);
        assertThat(md).contains("| strategy | claimed | measured | X | 1 | 2 | 3 | 6 | 7 | 8 | L | O |");
        assertThat(md).contains("| `generation` | exact | exact ✓ | pass | pass | pass | pass | not judged | pass | pass | pass"
                + " | pass |");
        assertThat(md).as("a row that judged nothing").contains("| `system-data` | exact | not judged ✗ |"
                + " not judged | not judged | not judged | not judged | not judged | not judged | not judged | not judged |"
                + " not judged |");
        assertThat(md).as("a crash is a verdict; the cell is short and links to its details")
                .contains("| `crashy` | exact | broken ✗ | [FAIL 1/4](#d4) | not judged |")
                .contains("- `crashy`: measured broken, claimed exact; broken by: crash\n")
                .contains("- <a name=\"d4\"></a>**d4** `crashy`, X no crash: failed in 1 of 4 runs; first: by hand: the"
                        + " strategy threw IllegalStateException in test(ADDED) [At Least Once [component], seed 3]; replay `"
                        + files.get(crash) + "`\n");
        assertThat(md).contains("| `last-tick` | exact-delayed, up to 1 frame | exact-delayed ✓ |")
                .contains("| `flag-doubling` | exact-delayed, up to 1 frame | flaky ✗ | pass | [FAIL 2/50](#d1) | pass | pass |"
                        + " not judged | [FAIL 1/10](#d2) | pass | [FAIL 1/10](#d3) | pass |")
                .contains("- `flag-doubling`: measured flaky, claimed exact-delayed, up to 1 frame; broken by: pausing,"
                        + " looping, commands\n")
                .contains("- <a name=\"d1\"></a>**d1** `flag-doubling`, 1 at least once: failed in 2 of 50 runs, in pausing,"
                        + " looping, commands; scopes: component Added; first: by hand: `detector` missed an Added while paused"
                        + " [At Least Once [component], seed 1]; replay `" + files.get(lostInPauseAndLoop) + "`\n");
        assertThat(md).as("a legend of the columns, and the count of counterexamples")
                .contains("**Legend.** Columns: `X` no crash (an exception from the strategy or executor under test); `1` at"
                        + " least once").contains("`O` ordering (").contains("`FAIL n/m` (it failed in n of the m runs")
                .contains("; 3 counterexample(s), each replayable with `./lab replay FILE`");
        int widest = md.lines().filter(l -> l.startsWith("| `")).mapToInt(String::length).max().orElseThrow();
        assertThat(widest).as("table rows stay short: the sentences are below the tables").isLessThan(400);
        assertThat(md).as("per scenario class").contains("| strategy | measured | regular | pausing | looping | commands |"
                + " resources |")
                .contains("| `last-tick` | exact-delayed | exact | exact-delayed | exact | exact | exact |")
                .contains("| `flag-doubling` | flaky | exact | flaky (1 failed in 1 run) [first](" + files.get(lostInPauseAndLoop)
                        + ") | flaky (1 failed in 1 run) [first](" + files.get(lostInPauseAndLoop) + ") | flaky (1 failed in"
                        + " 1 run) [first](" + files.get(lostInCommands) + ") | exact |")
                .contains("| `system-data` | not judged | not judged | not judged | not judged | not judged | not judged |");
        assertThat(md).as("delays: 2 of 10 one frame late, mean 2/10").contains("| strategy | delay allowed | changes |"
                + " on time | late | never | max delay (runs / frames) | mean delay (runs / frames) |")
                .contains("| `last-tick` | up to 1 frame | 10 | 8 | 2 | 0 | 1 / 1 | 0.20 / 0.20 |")
                .contains("| `flag-doubling` | up to 1 frame | 8 | 5 | 0 | 3 | 0 / 0 | 0.00 / 0.00 |")
                .contains("| `generation` | none | 10 | 10 | 0 | 0 | 0 / 0 | 0.00 / 0.00 |")
                .contains("| `system-data` | none | not judged | | | | | |");
        assertThat(md).contains("- `crashy`: a run of this configuration did not finish within 30 s");
        assertThat(md).as("the rules, not the old ones").contains("not judged` (no run judged it: never a pass)")
                .contains("Criteria 1 and 2 are judged on every scenario class")
                .contains("A report later than the claim allows fails criterion 1").doesNotContain("criteria 1 and 2 on regular scenarios");
        assertThat(md).as("a shared counterexample is listed once, with its other places")
                .containsOnlyOnce("by hand: `detector` missed an Added while paused — scenario")
                .contains("- **flag-doubling / serial, 1 at least once [component Added]** (also the first of 1 at least once"
                        + " on pausing, looping scenarios; 7 not lost when paused [component Added]; 7 not lost when paused on"
                        + " pausing scenarios; L looping stages [component Added]; L looping stages on looping scenarios)")
                .contains("- **flag-doubling / serial, 1 at least once on commands scenarios**: by hand: `detector` missed a"
                        + " spawn by command");
    }

    // ------------------------------------------------------------------ replay files

    @Test
    void aCounterexampleSharedByCellsAndClassesIsWrittenOnce(@TempDir Path dir) throws Exception {
        Map<Counterexample, String> files = MatrixReport.write(matrix, dir);
        assertThat(files).hasSize(3);
        try (Stream<Path> written = Files.list(dir.resolve("counterexamples"))) {
            assertThat(written.map(p -> p.getFileName().toString()).sorted().toList()).containsExactly(
                    "001-flag_doubling-serial-1.json", "002-flag_doubling-serial-1-commands.json", "003-crashy-serial-X.json");
        }
        assertThat(files.get(lostInPauseAndLoop)).isEqualTo("counterexamples/001-flag_doubling-serial-1.json");
        assertThat(files.get(lostInCommands)).as("first of a class only, in no cell's failures")
                .isEqualTo("counterexamples/002-flag_doubling-serial-1-commands.json");
        JsonNode flagDoubling = row(dir, "flag-doubling");
        JsonNode first = flagDoubling.path("criteria").path("1");
        String file = files.get(lostInPauseAndLoop);
        assertThat(first.path("failures").get(0).path("replayFile").asText()).isEqualTo(file);
        assertThat(first.path("classes").path("pausing").path("first").path("replayFile").asText()).isEqualTo(file);
        assertThat(first.path("classes").path("looping").path("first").path("replayFile").asText()).isEqualTo(file);
        assertThat(flagDoubling.path("criteria").path("7").path("failures").get(0).path("replayFile").asText()).isEqualTo(file);
        assertThat(flagDoubling.path("criteria").path("L").path("classes").path("looping").path("first").path("replayFile")
                .asText()).isEqualTo(file);
        assertThat(first.path("classes").path("commands").path("first").path("replayFile").asText())
                .isEqualTo(files.get(lostInCommands));
        String replay = Files.readString(dir.resolve(file));
        assertThat(replay).contains("\"scenario\"").contains("\"trace\"").contains(scenario.name());
    }

    // ------------------------------------------------------------------ json

    @Test
    void jsonHasStatusEvidenceClassesMeasuredByClassAndDelays(@TempDir Path dir) throws Exception {
        MatrixReport.write(matrix, dir);
        JsonNode root = ScenarioJson.MAPPER.readTree(Files.readString(dir.resolve("matrix.json")));
        assertThat(root.path("format").asText()).isEqualTo("ecslab-matrix");
        assertThat(root.path("version").asInt()).isEqualTo(2);
        assertThat(Files.readString(dir.resolve("matrix.json"))).as("one spelling of each class: --expect's")
                .doesNotContain("EXACT_DELAYED").doesNotContain("exact_delayed").doesNotContain("NOT_JUDGED");
        JsonNode nothing = row(dir, "system-data");
        assertThat(nothing.path("measured").asText()).isEqualTo("not-judged");
        assertThat(nothing.path("measuredLabel").asText()).isEqualTo("not judged");
        for (String code : List.of("X", "1", "2", "3", "6", "7", "8", "L", "O")) {
            JsonNode cell = nothing.path("criteria").path(code);
            assertThat(cell.path("status").asText()).as(code).isEqualTo("not-judged");
            assertThat(cell.path("evidence").asLong()).as(code).isZero();
        }
        assertThat(nothing.path("criteria").path("1").path("classes").path("regular").path("status").asText())
                .isEqualTo("not-judged");

        JsonNode crashy = row(dir, "crashy");
        assertThat(crashy.path("measured").asText()).isEqualTo("broken");
        assertThat(crashy.path("brokenBy").toString()).isEqualTo("[\"crash\"]");
        assertThat(crashy.path("criteria").path("X").path("status").asText()).isEqualTo("fail");
        assertThat(crashy.path("criteria").path("X").path("evidence").asLong()).isEqualTo(4);
        assertThat(crashy.path("criteria").path("X").path("failures").get(0).path("message").asText())
                .contains("IllegalStateException");
        assertThat(crashy.path("skipped").asText()).contains("did not finish within 30 s");

        JsonNode lastTick = row(dir, "last-tick");
        assertThat(lastTick.path("claimed").asText()).isEqualTo("exact-delayed");
        assertThat(lastTick.path("allowedDelayFrames").asInt()).isEqualTo(1);
        assertThat(lastTick.path("measured").asText()).isEqualTo("exact-delayed");
        assertThat(lastTick.path("measuredByClass").path("pausing").asText()).isEqualTo("exact-delayed");
        assertThat(lastTick.path("measuredByClass").path("regular").asText()).isEqualTo("exact");
        JsonNode all = lastTick.path("delays").path("all");
        assertThat(all.path("obligations").asLong()).isEqualTo(10);
        assertThat(all.path("onTime").asLong()).isEqualTo(8);
        assertThat(all.path("late").asLong()).isEqualTo(2);
        assertThat(all.path("missed").asLong()).isZero();
        assertThat(all.path("maxRuns").asInt()).isEqualTo(1);
        assertThat(all.path("maxFrames").asInt()).isEqualTo(1);
        assertThat(all.path("meanFrames").asDouble()).isEqualTo(0.2);
        assertThat(lastTick.path("delays").path("byClass").path("pausing").path("late").asLong()).isEqualTo(2);
        assertThat(lastTick.path("delays").path("byClass").path("regular").path("late").asLong()).isZero();

        JsonNode flagDoubling = row(dir, "flag-doubling");
        assertThat(flagDoubling.path("measured").asText()).isEqualTo("flaky");
        assertThat(flagDoubling.path("agrees").asBoolean()).isFalse();
        assertThat(flagDoubling.path("brokenBy").toString()).isEqualTo("[\"pausing\",\"looping\",\"commands\"]");
        JsonNode pausing = flagDoubling.path("criteria").path("1").path("classes").path("pausing");
        assertThat(pausing.path("status").asText()).isEqualTo("fail");
        assertThat(pausing.path("evidence").asInt()).isEqualTo(10);
        assertThat(pausing.path("failedRuns").asInt()).isEqualTo(1);
        assertThat(pausing.path("first").path("message").asText()).contains("missed an Added while paused");
        assertThat(flagDoubling.path("criteria").path("1").path("classes").path("regular").path("status").asText())
                .isEqualTo("pass");
        assertThat(flagDoubling.path("delays").path("all").path("missed").asLong()).isEqualTo(3);
    }

    // ------------------------------------------------------------------ read back (lab report)

    @Test
    void theMatrixReadsBackAsItWasWrittenInEveryFormat(@TempDir Path dir) throws Exception {
        Map<Counterexample, String> files = MatrixReport.write(matrix, dir);
        Files.writeString(dir.resolve(StagedReport.MANIFEST), "matrix.json\n" + String.join("\n", files.values()) + "\n");
        RecordedMatrix.Read read = RecordedMatrix.read(dir);
        assertThat(MatrixReport.json(read.matrix(), read.files())).isEqualTo(Files.readString(dir.resolve("matrix.json")));
        assertThat(MatrixReport.markdown(read.matrix(), read.files())).isEqualTo(Files.readString(dir.resolve("matrix.md")));
        ZonedDateTime at = ZonedDateTime.parse("2026-11-23T10:15:30+01:00");
        assertThat(ReportPage.render(new ReportPage.Input(read.matrix(), read.files(), Report.renderer(), List.of(), dev.ecslab.reports.html.RaceCatalogueStatus.Results.NONE,
                List.of(), "", List.of(), at, dir))).isEqualTo(ReportPage.render(new ReportPage.Input(matrix, files,
                Report.renderer(), List.of(), dev.ecslab.reports.html.RaceCatalogueStatus.Results.NONE, List.of(), "", List.of(), at, dir)));
        Counterexample shared = read.matrix().row("flag-doubling", "serial").cell(Criterion.AT_LEAST_ONCE).first();
        assertThat(read.matrix().row("flag-doubling", "serial").cell(Criterion.LOOPING).first())
                .as("one object wherever the file names its replay file").isSameAs(shared);
        ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        LabMain.print(read.matrix(), new PrintStream(terminal, true, StandardCharsets.UTF_8));
        ByteArrayOutputStream before = new ByteArrayOutputStream();
        LabMain.print(matrix, new PrintStream(before, true, StandardCharsets.UTF_8));
        assertThat(terminal.toString(StandardCharsets.UTF_8)).isEqualTo(before.toString(StandardCharsets.UTF_8));
    }

    @Test
    void theLayoutItRanOnIsWrittenReadBackAndAnUnknownOneIsRefused(@TempDir Path dir) throws Exception {
        Matrix columnar = new Matrix(matrix.rows(), matrix.ambiguity(), matrix.scenarios(), matrix.tries(),
                matrix.catalogueSeeds(), matrix.campaignSeed(), matrix.seconds(), matrix.witnesses(),
                dev.ecslab.lab.scenario.LabLayout.COLUMNAR);
        Map<Counterexample, String> files = MatrixReport.write(columnar, dir);
        Files.writeString(dir.resolve(StagedReport.MANIFEST), "matrix.json\n" + String.join("\n", files.values()) + "\n");
        assertThat(Files.readString(dir.resolve("matrix.md"))).contains("every component stored in columns");
        assertThat(ScenarioJson.MAPPER.readTree(Files.readString(dir.resolve("matrix.json"))).path("layout").asText())
                .isEqualTo("columnar");
        assertThat(RecordedMatrix.read(dir).matrix().layout()).isEqualTo(dev.ecslab.lab.scenario.LabLayout.COLUMNAR);
        assertThat(ReportPage.render(new ReportPage.Input(columnar, files, Report.renderer(), List.of(), dev.ecslab.reports.html.RaceCatalogueStatus.Results.NONE,
                List.of(), "", List.of(), ZonedDateTime.parse("2026-11-23T10:15:30+01:00"), dir)))
                .contains("every component stored in columns");

        JsonNode root = ScenarioJson.MAPPER.readTree(Files.readString(dir.resolve("matrix.json")));
        ((com.fasterxml.jackson.databind.node.ObjectNode) root).put("layout", "soa");
        Files.writeString(dir.resolve("matrix.json"), ScenarioJson.MAPPER.writeValueAsString(root));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RecordedMatrix.read(dir))
                .isInstanceOf(dev.ecslab.ecs.input.BadInputException.class)
                .hasMessageContaining("layout").hasMessageContaining("'soa'");
    }

    @Test
    void theCampaignsReachIsWrittenReadBackShownAndCheckedAgainstItsTries(@TempDir Path dir) throws Exception {
        Map<String, Integer> reach = new java.util.LinkedHashMap<>();
        reach.put("a detector is absent 10 000 frames or more", 3);
        reach.put("a stage of 130 systems or more", 0);
        Matrix reached = new Matrix(matrix.rows(), matrix.ambiguity(), matrix.scenarios(), 40, matrix.catalogueSeeds(),
                matrix.campaignSeed(), matrix.seconds(), matrix.witnesses(), null, reach);
        Map<Counterexample, String> files = MatrixReport.write(reached, dir);
        Files.writeString(dir.resolve(StagedReport.MANIFEST), "matrix.json\n" + String.join("\n", files.values()) + "\n");
        assertThat(RecordedMatrix.read(dir).matrix().reach()).containsExactlyEntriesOf(reach);
        Map<String, String> pages = ReportPage.pages(new ReportPage.Input(reached, files, null, List.of(), dev.ecslab.reports.html.RaceCatalogueStatus.Results.NONE, List.of(),
                "", List.of(), ZonedDateTime.now(), dir));
        assertThat(pages.get("index.html")).contains("crossed 1 of the 2 boundaries");
        assertThat(pages.get("coverage.html")).contains("<td>a detector is absent 10 000 frames or more</td><td>3</td><td>7.5 %</td>")
                .contains("<tr class=\"warn\"><td>a stage of 130 systems or more</td><td>0</td><td>0.0 %</td>");

        JsonNode root = ScenarioJson.MAPPER.readTree(Files.readString(dir.resolve("matrix.json")));
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.path("reach")).put("a stage of 130 systems or more", 41);
        Files.writeString(dir.resolve("matrix.json"), ScenarioJson.MAPPER.writeValueAsString(root));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RecordedMatrix.read(dir))
                .isInstanceOf(dev.ecslab.ecs.input.BadInputException.class)
                .hasMessageContaining("reach.a stage of 130 systems or more").hasMessageContaining("41 scenario(s) of a campaign of 40");
    }

    @Test
    void missesPastTheHorizonAreWrittenReadBackShownAndChecked(@TempDir Path dir) throws Exception {
        Row row = matrix.rows().get(0);
        row.pastHorizon(new Row.PastHorizon(2, 5, "d never reported the change [scenario 'x']"));
        try {
            Map<Counterexample, String> files = MatrixReport.write(matrix, dir);
            Files.writeString(dir.resolve(StagedReport.MANIFEST), "matrix.json\n" + String.join("\n", files.values()) + "\n");
            assertThat(RecordedMatrix.read(dir).matrix().rows().get(0).pastHorizon()).isEqualTo(row.pastHorizon());
            assertThat(Files.readString(dir.resolve("matrix.md"))).contains("Past the claimed horizon (reported, not gated)")
                    .contains("5 change(s) missed past the claimed horizon in 2 run(s), not gated; the first: d never reported");
            Map<String, String> pages = ReportPage.pages(new ReportPage.Input(matrix, files, null, List.of(), dev.ecslab.reports.html.RaceCatalogueStatus.Results.NONE, List.of(),
                    "", List.of(), ZonedDateTime.now(), dir));
            assertThat(pages.get("index.html")).contains("misses past its horizon (not gated)")
                    .contains("5 change(s) missed past the claimed horizon");

            JsonNode root = ScenarioJson.MAPPER.readTree(Files.readString(dir.resolve("matrix.json")));
            ((com.fasterxml.jackson.databind.node.ObjectNode) root.path("rows").get(0).path("pastHorizon")).put("changes", 1);
            Files.writeString(dir.resolve("matrix.json"), ScenarioJson.MAPPER.writeValueAsString(root));
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> RecordedMatrix.read(dir))
                    .isInstanceOf(dev.ecslab.ecs.input.BadInputException.class)
                    .hasMessageContaining("rows[0].pastHorizon").hasMessageContaining("2 run(s) and 1 change(s)");
        } finally {
            handMadeMatrix();                                  // the other tests read the shared matrix without it
        }
    }

    @Test
    void aMatrixWhoseFiguresContradictItsVerdictsIsRefused(@TempDir Path dir) throws Exception {
        MatrixReport.write(matrix, dir);
        String json = Files.readString(dir.resolve("matrix.json"));
        // system-data judged nothing; claiming a pass for its criterion 2 is what a hand edit would do
        JsonNode root = ScenarioJson.MAPPER.readTree(json);
        int index = 0;
        for (JsonNode r : root.path("rows")) {
            if (r.path("strategy").asText().equals("system-data")) {
                break;
            }
            index++;
        }
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.path("rows").get(index).path("criteria").path("2"))
                .put("status", "pass");
        Files.writeString(dir.resolve("matrix.json"), ScenarioJson.MAPPER.writeValueAsString(root));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RecordedMatrix.read(dir))
                .isInstanceOf(dev.ecslab.ecs.input.BadInputException.class)
                .hasMessageContaining("matrix.json (line ").hasMessageContaining("rows[" + index + "].criteria.2.status)")
                .hasMessageContaining("says pass, but the figures recorded beside it give not-judged");
    }

    @Test
    void aFailingCellWhoseCounterexamplesWereRemovedIsRefused(@TempDir Path dir) throws Exception {
        MatrixReport.write(matrix, dir);
        JsonNode root = ScenarioJson.MAPPER.readTree(Files.readString(dir.resolve("matrix.json")));
        // a hand edit that turns a FAIL into a pass by deleting its counterexamples keeps the failed runs it counted
        String where = null;
        outer:
        for (int i = 0; i < root.path("rows").size(); i++) {
            var criteria = root.path("rows").get(i).path("criteria");
            for (var it = criteria.fieldNames(); it.hasNext(); ) {
                String c = it.next();
                if (criteria.path(c).path("failedRuns").asInt() > 0) {
                    ((com.fasterxml.jackson.databind.node.ObjectNode) criteria.path(c)).putArray("failures");
                    where = "rows[" + i + "].criteria." + c + ".failedRuns";
                    break outer;
                }
            }
        }
        org.assertj.core.api.Assertions.assertThat(where).as("the matrix has a failing cell").isNotNull();
        Files.writeString(dir.resolve("matrix.json"), ScenarioJson.MAPPER.writeValueAsString(root));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RecordedMatrix.read(dir))
                .isInstanceOf(dev.ecslab.ecs.input.BadInputException.class)
                .hasMessageContaining(where).hasMessageContaining("the figures contradict each other");
    }

    // ------------------------------------------------------------------ html

    @Test
    void theHtmlPagesShowNotJudgedCrashClassesAndDelays(@TempDir Path dir) {
        Map<Counterexample, String> files = MatrixReport.write(matrix, dir);
        Map<String, String> pages = ReportPage.pages(new ReportPage.Input(matrix, files, null, List.of(), dev.ecslab.reports.html.RaceCatalogueStatus.Results.NONE, List.of(), "",
                List.of(), ZonedDateTime.now(), java.nio.file.Path.of("reports", "out")));
        String html = pages.get("index.html");
        assertThat(html).doesNotContain("<script").doesNotContain("href=\"http");
        assertThat(tableRow(html, "system-data", 0)).as("the verdict: nothing judged is no pass")
                .contains("<td>not judged</td><td class=\"none\">not judged</td>");
        assertThat(tableRow(html, "crashy", 0)).contains("<td class=\"fail\">FAIL<small>broken by: crash</small></td>")
                .contains("<span title=\"X no crash: serial 1/4\">X: 1/4</span>")
                .contains("1 (<a href=\"counterexamples/crashy-x.html\" title=\"X no crash\">X: 1</a>)");
        assertThat(tableRow(html, "flag-doubling", 0)).contains("1: 2/50</span> · <span").contains(">7: 1/10</span>")
                .as("two counterexamples, one of them in three columns").contains("<td class=\"what\">2 (<a href=");
        assertThat(tableRow(html, "last-tick", 0)).contains("<td class=\"pass\">PASS</td>");

        String nothing = tableRow(html, "system-data", 1);
        assertThat(count(nothing, "<td class=\"none\" title=\"no run judged it: not a pass\">not judged</td>")).isEqualTo(9);
        assertThat(nothing).doesNotContain("class=\"pass\"").doesNotContain(">pass<");
        assertThat(tableRow(html, "generation", 1)).contains("<td class=\"none\" title=\"no run judged it: not a pass\">"
                + "not judged</td>");
        String crashy = tableRow(html, "crashy", 1);
        assertThat(crashy).contains("<td class=\"fail\">broken ✗<small>broken by: crash</small><small>partly not run</small></td>")
                .containsPattern("<td class=\"fail\" title=\"serial 1/4 runs failed; [^\"]*\">FAIL<span class=\"rate\">1/4 runs</span>"
                        + "<a class=\"cx\" href=\"counterexamples/crashy-x.html\">1 counter&shy;example</a></td>");
        assertThat(tableRow(html, "last-tick", 1)).contains("<td>exact-delayed, up to 1 frame</td>");
        String flagDoubling = tableRow(html, "flag-doubling", 1);
        assertThat(flagDoubling).contains("flaky ✗<small>broken by: pausing, looping, commands</small>")
                .contains("FAIL<span class=\"rate\">2/50 runs</span><a class=\"cx\" href=\"counterexamples/flag-doubling-1.html\">"
                        + "2 counter&shy;examples</a><small>in pausing, looping, commands</small>")
                .contains("href=\"counterexamples/flag-doubling-7.html\">1 counter&shy;example</a>")
                .contains("href=\"counterexamples/flag-doubling-l.html\">1 counter&shy;example</a>");
        assertThat(html).as("the new rules").contains("<code>not judged</code> (no run judged it: never a pass)")
                .contains("X is a verdict of its own").contains("the weakest over all of them")
                .doesNotContain("criteria 1 and 2 on regular scenarios");

        String classes = pages.get("classes.html");
        assertThat(tableRow(classes, "flag-doubling", 0)).contains("<td class=\"fail\" title=\"1: 10 changes judged; 2: 10 changes"
                + " judged\">flaky<small><a href=\"counterexamples/flag-doubling-1.html#cx-1\">1 failed in 1 run</a></small></td>")
                .contains("<a href=\"counterexamples/flag-doubling-1.html#cx-2\">1 failed in 1 run</a>");
        assertThat(tableRow(classes, "last-tick", 0)).contains(">exact-delayed</td>");
        assertThat(tableRow(classes, "system-data", 0)).contains("<td class=\"none\" title=\"1: 0 changes judged; 2: 0 changes"
                + " judged\">not judged</td>");
        assertThat(tableRow(classes, "last-tick", 1)).isEqualTo("<tr><td><code>last-tick</code></td><td>up to 1 frame</td>"
                + "<td>10</td><td>8</td><td>2</td><td>0</td><td>1 / 1</td><td>0.20 / 0.20</td></tr>");
        assertThat(tableRow(classes, "system-data", 1)).contains("<td class=\"none\" colspan=\"6\">not judged</td>");

        assertThat(count(pages.get("counterexamples/index.html"), " data-criteria=")).as("one line per distinct counterexample")
                .isEqualTo(3);
        for (String column : List.of("1", "7", "l")) {
            assertThat(pages.get("counterexamples/flag-doubling-" + column + ".html")).as("cx-1 counts in 1, 7 and L: on each page")
                    .contains("<details class=\"cx\" id=\"cx-1\">")
                    .contains("<p class=\"meta\">The first failure of: 1 at least once [component Added], and on pausing, looping"
                            + " scenarios; 7 not lost when paused [component Added], and on pausing scenarios; L looping stages"
                            + " [component Added], and on looping scenarios.</p>")
                    .contains("./lab replay reports/out/" + files.get(lostInPauseAndLoop));
        }
        assertThat(pages.get("counterexamples/flag-doubling-1.html")).as("the first of the commands class only")
                .contains("<summary><b>cx-2</b> · component Added · first on commands scenarios · scenario &#39;At Least Once"
                        + " [component]&#39; · as found</summary>");
        assertThat(pages.get("counterexamples/crashy-x.html")).contains("The first failure of: X no crash, and on regular scenarios.");
    }

    // ------------------------------------------------------------------ helpers

    private static String line(List<String> lines, String prefix) {
        return lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow(() -> new AssertionError(prefix));
    }

    private static JsonNode row(Path dir, String strategy) throws Exception {
        JsonNode root = ScenarioJson.MAPPER.readTree(Files.readString(dir.resolve("matrix.json")));
        for (JsonNode r : root.path("rows")) {
            if (r.path("strategy").asText().equals(strategy)) {
                return r;
            }
        }
        throw new AssertionError("no row " + strategy);
    }

    /** The {@code n}-th table row of a strategy (0: the matrix, 1: per class, 2: delays). */
    private static String tableRow(String html, String strategy, int n) {
        Matcher m = Pattern.compile("<tr><td><code>" + Pattern.quote(strategy) + "</code></td>.*?</tr>").matcher(html);
        for (int i = 0; i <= n; i++) {
            assertThat(m.find()).as(strategy + " row " + n).isTrue();
        }
        return m.group();
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }
}
