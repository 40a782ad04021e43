package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab report}: redraws a report from its run's files without running anything. A matrix.json written
 * by hand, with figures no run of this lab gives (777 random scenarios in 4 242 s), is drawn as written, so
 * the page comes from the file and not from a run; a real run's report is redrawn identically (but for the
 * time it was drawn), its matrix.json and replay files kept byte for byte; a folder with nothing to redraw,
 * a matrix.json of an older lab, and one that names a file outside the report are bad input (exit 2).
 */
class ReportCommandTest {

    @Test
    void aHandWrittenMatrixIsDrawnAsWrittenSoNothingRan(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        Files.createDirectories(out.resolve("counterexamples"));
        Scenario s = Catalogue.atLeastOnce(Target.COMPONENT);
        Replay.save(out.resolve("counterexamples/001-flags-serial-1.json"), s, ScenarioRunner.run(s,
                new LabConfig(TrackerSubject.find("flags", getClass().getClassLoader()), ExecutorSubject.of("serial"), 7)));
        Files.writeString(out.resolve("matrix.json"), HAND_WRITTEN.replace("SCENARIO", s.name()));
        Files.writeString(out.resolve(StagedReport.MANIFEST), "counterexamples/001-flags-serial-1.json\nmatrix.json\n");
        Files.writeString(out.resolve("notes.txt"), "the user's\n");

        CommandOutput r = CommandOutput.run("report", "--out", out.toString());
        assertThat(r.code()).as(r.out() + r.err()).isZero();
        assertThat(r.out()).contains("nothing was run").contains("1 counterexample").contains(out.resolve("index.html").toString());
        String html = allPages(out);
        assertThat(html).contains("777 random scenarios from seed 9000), 4242.0 s")
                .contains("<code>generation</code>").contains("<code>flags</code>")
                .contains("by hand: `detector` never saw the change")
                .as("the catalogue's ambiguity report as the run recorded it, not today's compiler's")
                .contains("by hand: update: writer | reader (as recorded)")
                .contains("./lab replay " + out.resolve("counterexamples/001-flags-serial-1.json"));
        String md = Files.readString(out.resolve("matrix.md"));
        assertThat(md).contains("3 scenarios (the catalogue under seeds [1], 777 random from seed 9000), 4242.0 s")
                .contains("| `flags` | flaky | flaky ✓ | pass | [FAIL 1/9](#d1) | pass |");
        assertThat(Files.readString(out.resolve("matrix.json"))).as("kept as written")
                .isEqualTo(HAND_WRITTEN.replace("SCENARIO", s.name()));
        assertThat(Files.readString(out.resolve("notes.txt"))).isEqualTo("the user's\n");
        assertThat(Files.readAllLines(out.resolve(StagedReport.MANIFEST))).contains("index.html", "matrix.md", "matrix.json",
                "counterexamples/001-flags-serial-1.json").doesNotContain("notes.txt");
    }

    @Test
    void aRunsReportIsRedrawnTheSameItsRunFilesKeptByteForByte(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CommandOutput run = CommandOutput.run("run", "--tries", "3", "--witness-tries", "2", "--no-memory", "--quiet",
                "--executor", "serial", "--strategy", "flags", "--strategy", "generation", "--out", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        assertThat(run.out()).containsPattern("[0-9]+ counterexamples \\(replay one with ./lab replay FILE\\); the report: "
                + java.util.regex.Pattern.quote(out.resolve("index.html").toString()));
        Map<String, byte[]> before = files(out);
        assertThat(before.keySet()).anyMatch(f -> f.startsWith("counterexamples/")).anyMatch(f -> f.startsWith("witnesses/"));

        CommandOutput redraw = CommandOutput.run("report", "--out", out.toString());
        assertThat(redraw.code()).as(redraw.out() + redraw.err()).isZero();
        Map<String, byte[]> after = files(out);
        assertThat(after.keySet()).isEqualTo(before.keySet());
        for (String f : before.keySet()) {
            if (f.equals("index.html") || f.equals(StagedReport.MANIFEST)) {
                continue;
            }
            assertThat(new String(after.get(f))).as(f).isEqualTo(new String(before.get(f)));
        }
        assertThat(withoutTime(new String(after.get("index.html")))).isEqualTo(withoutTime(new String(before.get("index.html"))));

        // lab bench --quick, then lab report: the quick figures appear only where no careful one exists, marked noisy
        Path quick = Files.createDirectories(out.resolve("bench").resolve("quick"));
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var runs = (com.fasterxml.jackson.databind.node.ArrayNode) mapper.readTree(Path.of("..", "benchmarks", "results",
                "executors-2026-11-22.json").toFile());
        for (var r : runs) {
            var m = (com.fasterxml.jackson.databind.node.ObjectNode) r.path("primaryMetric");
            m.put("score", m.path("score").asDouble() * 10);
            ((com.fasterxml.jackson.databind.node.ObjectNode) r).put("forks", 1).put("measurementIterations", 3);
        }
        var extra = runs.get(0).deepCopy();
        ((com.fasterxml.jackson.databind.node.ObjectNode) extra.path("params")).put("executor", "quick-only");
        runs.add(extra);
        mapper.writeValue(quick.resolve("ExecutorBenchmark.json").toFile(), runs);
        CommandOutput again = CommandOutput.run("report", "--out", out.toString());
        assertThat(again.code()).as(again.out() + again.err()).isZero();
        String html = allPages(out);
        String executors = html.substring(html.indexOf("<figure class=\"chart\" id=\"chart-executors\">"));
        executors = executors.substring(0, executors.indexOf("</figure>"));
        assertThat(executors).contains("<span class=\"badge noisy\">noisy (quick run): quick-only</span>")
                .contains("ExecutorBenchmark.json").contains("(noisy (quick run)): quick-only")
                .doesNotContain("(noisy (quick run)): serial");
        assertThat(html).contains("a careful result wins over a quick one");
        assertThat(Files.readAllLines(out.resolve(StagedReport.MANIFEST))).as("the charts are the report's")
                .anyMatch(f -> f.startsWith("charts/"));
    }

    @Test
    void stoppedBeforeItsCommitTheReportIsLeftAsItWas(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("out");
        CommandOutput run = CommandOutput.run("run", "--tries", "1", "--witness-tries", "0", "--search", "-1", "--no-memory",
                "--quiet", "--executor", "serial", "--strategy", "flags", "--out", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        Map<String, byte[]> before = files(out);
        for (String step : List.of("staging", "commit")) {
            java.util.concurrent.atomic.AtomicReference<String> said = new java.util.concurrent.atomic.AtomicReference<>();
            Checkpoints.listen((s, interrupts) -> {
                if (s.equals(step)) {
                    Thread hook = new Thread(() -> said.set(interrupts.stop()));   // as the JVM runs the Ctrl-C hook
                    hook.start();
                    try {
                        hook.join();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            try {
                CommandOutput stopped = CommandOutput.run("report", "--out", out.toString());
                assertThat(stopped.code()).as(step + ": " + stopped.err()).isEqualTo(LabMain.STOPPED);
            } finally {
                Checkpoints.listen(null);
            }
            assertThat(said.get()).contains("the previous report in " + out.toAbsolutePath() + " is untouched");
            Map<String, byte[]> after = files(out);
            assertThat(after.keySet()).as(step).isEqualTo(before.keySet());
            after.forEach((f, bytes) -> assertThat(bytes).as(step + ": " + f).isEqualTo(before.get(f)));
        }
    }

    @Test
    void nothingToRedrawAnOlderLayoutAndForeignFilesAreBadInput(@TempDir Path dir) throws Exception {
        CommandOutput missing = CommandOutput.run("report", "--out", dir.resolve("none").toString());
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("no such folder").hasLineCount(1);
        assertThat(dir.resolve("none")).doesNotExist();

        Path empty = Files.createDirectories(dir.resolve("empty"));
        CommandOutput nothing = CommandOutput.run("report", "--out", empty.toString());
        assertThat(nothing.code()).isEqualTo(2);
        assertThat(nothing.err()).contains(empty.toString()).contains("no report to redraw here").hasLineCount(1);
        try (Stream<Path> left = Files.list(empty)) {
            assertThat(left).as("not even a lock file").isEmpty();
        }

        Path old = Files.createDirectories(dir.resolve("old"));
        Files.writeString(old.resolve("matrix.json"), "{\n  \"scenarios\" : 240,\n  \"rows\" : [ ]\n}\n");
        Files.writeString(old.resolve(StagedReport.MANIFEST), "matrix.json\n");
        CommandOutput older = CommandOutput.run("report", "--out", old.toString());
        assertThat(older.code()).isEqualTo(2);
        assertThat(older.err()).contains(old.resolve("matrix.json").toString()).contains("written by an older lab")
                .hasLineCount(1);

        Path foreign = Files.createDirectories(dir.resolve("foreign"));
        Files.writeString(foreign.resolve("matrix.json"), HAND_WRITTEN.replace("counterexamples/001-flags-serial-1.json",
                "counterexamples/../../secret.json"));
        Files.writeString(foreign.resolve(StagedReport.MANIFEST), "matrix.json\n");
        CommandOutput outside = CommandOutput.run("report", "--out", foreign.toString());
        assertThat(outside.code()).isEqualTo(2);
        assertThat(outside.err()).contains("rows[1].criteria.1.failures[0].replayFile")
                .contains("is not a file of the report's counterexamples/ folder").hasLineCount(1);
        assertThat(foreign.resolve("index.html")).as("nothing written on bad input").doesNotExist();
    }

    private static String withoutTime(String html) {
        return html.replaceAll("generated [0-9T:.+\\-Z\\[\\]/A-Za-z_]+\\.", "generated (time).");
    }

    private static Map<String, byte[]> files(Path out) throws Exception {
        Map<String, byte[]> m = new LinkedHashMap<>();
        List<Path> all = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(out)) {
            walk.filter(Files::isRegularFile).sorted().forEach(all::add);
        }
        for (Path p : all) {
            String rel = out.relativize(p).toString();
            if (!rel.equals(".lab-lock")) {
                m.put(rel, Files.readAllBytes(p));
            }
        }
        return m;
    }

    // ------------------------------------------------------------------ a matrix.json written by hand

    private static String cell(String status, int runs, int failed, String failures, boolean classes) {
        String tallies = !classes ? "" : """
                , "classes" : { "regular" : %s, "pausing" : %s, "looping" : %s, "commands" : %s, "resources" : %s }"""
                .formatted(failed > 0 ? tally("fail", failed, failures) : tally("pass", 0, "null"), tally("pass", 0, "null"),
                        tally("pass", 0, "null"), tally("pass", 0, "null"), tally("pass", 0, "null"));
        return """
                { "status" : "%s", "evidence" : %d, "judgedRuns" : %d, "failedRuns" : %d, "note" : "",
                  "failures" : [ %s ]%s }""".formatted(status, runs * 3, runs, failed, failed > 0 ? failures : "", tallies);
    }

    private static String tally(String status, int failed, String first) {
        return "{ \"status\" : \"%s\", \"evidence\" : 5, \"failedRuns\" : %d, \"first\" : %s }".formatted(status, failed, first);
    }

    private static String figures() {
        return "{ \"obligations\" : 12, \"reported\" : 12, \"onTime\" : 12, \"late\" : 0, \"missed\" : 0, \"tooLate\" : 0,"
                + " \"maxRuns\" : 0, \"maxFrames\" : 0, \"meanRuns\" : 0.0, \"meanFrames\" : 0.0, \"sumRuns\" : 0,"
                + " \"sumFrames\" : 0 }";
    }

    private static String row(String strategy, String claimed, String measured, String byClassRegular, String failure) {
        StringBuilder cells = new StringBuilder();
        String[] codes = {"X", "1", "2", "3", "6", "7", "8", "L", "O"};
        for (String code : codes) {
            boolean failing = code.equals("1") && failure != null;
            String c = failing ? cell("fail", 9, 1, failure, true)
                    : code.equals("6") ? cell("not-judged", 0, 0, "", false)
                    : cell("pass", 9, 0, "", code.equals("1") || code.equals("2"));
            cells.append(cells.length() == 0 ? "" : ",\n").append("\"").append(code).append("\" : ").append(c);
        }
        return """
                {
                  "strategy" : "%1$s", "id" : "%1$s", "flavor" : "DEFAULT", "description" : "written by hand", "jar" : null,
                  "executor" : "serial", "claimed" : "%2$s", "allowedDelayFrames" : 0, "measured" : "%3$s",
                  "measuredLabel" : "%3$s", "agrees" : true, "brokenBy" : [ ],
                  "measuredByClass" : { "regular" : "%4$s", "pausing" : "exact", "looping" : "exact", "commands" : "exact",
                    "resources" : "exact" },
                  "skipped" : null,
                  "delays" : { "allowedFrames" : 0, "all" : %5$s, "byClass" : { "regular" : %5$s, "pausing" : %5$s,
                    "looping" : %5$s, "commands" : %5$s, "resources" : %5$s } },
                  "criteria" : { %6$s },
                  "coverage" : [ ]
                }""".formatted(strategy, claimed, measured, byClassRegular, figures(), cells);
    }

    private static final String COUNTEREXAMPLE = """
            { "criterion" : "1", "scope" : "component Added", "message" : "by hand: `detector` never saw the change",
              "scenario" : "SCENARIO", "shrunk" : false, "seed" : 7, "config" : "flags / serial / seed 7",
              "replayFile" : "counterexamples/001-flags-serial-1.json" }""";

    /** Two rows (generation passes everything; flags misses one change, as its flaky claim allows), by hand. */
    private static final String HAND_WRITTEN = """
            {
              "format" : "ecslab-matrix", "version" : 2,
              "scenarios" : 3, "tries" : 777, "catalogueSeeds" : [ 1 ], "campaignSeed" : 9000, "seconds" : 4242.0,
              "rows" : [ %s, %s ],
              "ambiguity" : { "status" : "pass", "scenarios" : 3, "differences" : [ ] },
              "witnesses" : { "ran" : false, "scenarios" : 0, "campaignScenarios" : 0, "seconds" : 0.0, "pairs" : [ ] },
              "compiledAmbiguities" : [ { "scenario" : "SCENARIO", "report" : "by hand: update: writer | reader (as recorded)" } ]
            }
            """.formatted(row("generation", "exact", "exact", "exact", null),
                    row("flags", "flaky", "flaky", "flaky", COUNTEREXAMPLE));

    /** The report's pages (index.html first, then every other page in name order), as one text. */
    static String allPages(Path out) throws java.io.IOException {
        StringBuilder all = new StringBuilder(Files.readString(out.resolve("index.html")));
        try (var files = Files.walk(out)) {
            for (Path f : files.filter(f -> f.toString().endsWith(".html") && !f.equals(out.resolve("index.html")))
                    .sorted().toList()) {
                all.append('\n').append(Files.readString(f));
            }
        }
        return all.toString();
    }
}
