package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.classify.HandMadeRows;
import dev.ecslab.reports.cli.LabMain;
import dev.ecslab.reports.html.RaceCatalogueStatus.Cell;
import dev.ecslab.reports.html.RaceCatalogueStatus.Entry;
import dev.ecslab.reports.html.RaceCatalogueStatus.Results;
import dev.ecslab.reports.html.RaceCatalogueStatus.Run;
import dev.ecslab.reports.html.RaceCatalogueStatus.State;
import dev.ecslab.reports.html.RaceCatalogueStatus.Tool;
import dev.ecslab.reports.html.RaceCatalogueStatus.Verdict;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.Map;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab run}'s report: a short main page (verdict, matrix, summaries) and the pages it links, every
 * counterexample on the pages of its cells, every link leading to a file and an id of the report, nothing
 * loaded from elsewhere.
 */
class ReportPageTest {
    @TempDir
    static Path out;
    static String main;

    @BeforeAll
    static void run() throws Exception {
        int code = LabMain.execute("run", "--tries", "3", "--no-memory", "--quiet", "--executor", "serial",
                "--strategy", "flags", "--strategy", "generation", "--mutant", "mutant:reports-twice", "--mutant",
                "mutant:loses-ticks-on-move", "--mutant", "mutant:ignores-pausing", "--mutant", "mutant:leaks-silently",
                "--mutant", "mutant:ignores-one-before", "--mutant", "mutant:skips-first-system", "--out", out.toString());
        assertThat(code).isZero();
        main = Files.readString(out.resolve("index.html"));
    }

    @Test
    void theMainPageOpensWithTheVerdictThenTheMatrixAndSummarisesTheRest() {
        assertThat(main).startsWith("<!DOCTYPE html>");
        int verdict = main.indexOf("<section id=\"verdict\">");
        int matrix = main.indexOf("<section id=\"matrix\">");
        assertThat(verdict).as("the verdict first").isPositive().isLessThan(matrix);
        assertThat(main.indexOf("<table class=\"matrix\">")).isGreaterThan(matrix);
        for (String section : List.of("counterexamples", "ambiguities", "coverage", "races", "benchmarks", "conclusions")) {
            assertThat(main).contains("<section id=\"" + section + "\">");
        }
        assertThat(main).as("the long parts are linked, not inline").contains("href=\"classes.html\"")
                .contains("href=\"ambiguities.html\"").contains("href=\"coverage.html\"").contains("href=\"benchmarks.html#chart-")
                .contains("href=\"counterexamples/index.html\"");
        assertThat(main).as("the legend names every column").contains("<dt>X no crash</dt>").contains("<dt>L looping stages</dt>")
                .contains("<dt>6 bounded memory</dt><dd>The tracker&#39;s retained heap");
        assertThat(main).as("Bevy PR #1471's six questions").contains("1. Is the theoretical categorization")
                .contains("6. Is there enough divergence");
        assertThat(main).as("a partial run names what it lacks; the mutant executors' rows do not count against generation")
                .contains("Not in this run: none, double-buffer").doesNotContain("generation claims exact but measured");
        assertThat(main).as("the crash column").contains("<th title=\"no crash\">X</th>")
                .as("--no-memory: 6 is not judged").contains("<td class=\"none\" title=\"no run judged it: not a pass\">not judged</td>");
        assertThat(main).as("red and amber cells").contains("class=\"fail\"").contains("class=\"warn\"");
    }

    @Test
    void theMainPageHoldsNoCounterexampleSoItsSizeDoesNotGrowWithThem() {
        assertThat(main).doesNotContain("<details class=\"cx\"").doesNotContain("id=\"cx-").doesNotContain("<svg")
                .doesNotContain("./lab replay " + out.toAbsolutePath().normalize().resolve("counterexamples"));
        assertThat(main).as("no script on the main page").doesNotContain("<script");
        assertThat(main.length()).as("a short page").isLessThan(200_000);
    }

    @Test
    void failingCellsSayWhatTheyAreAndLinkToTheirCounterexamples() throws Exception {
        String mutants = Files.readString(out.resolve(PageFrame.MUTANTS));
        assertThat(main).as("caught mutants are on their own page").contains("href=\"" + PageFrame.MUTANTS + "\"")
                .doesNotContain("<td class=\"pass\">mutant caught</td>");
        assertThat(mutants).contains("<td class=\"pass\">mutant caught</td>");
        assertThat(main).as("a mutant that needs criterion 6, under --no-memory").contains("mutant NOT caught")
                .contains("<code>mutant:leaks-silently</code>");
        Matcher cell = Pattern.compile("<td class=\"(fail|warn)\" title=\"[^\"]*\">FAIL<span class=\"rate\">([0-9]+)/([0-9]+) runs"
                + "</span><a class=\"cx\" href=\"(counterexamples/[a-z0-9-]+\\.html)(#e-[a-z0-9-]+)?\">([0-9]+) counter&shy;examples?</a>")
                .matcher(main + mutants);
        int cells = 0;
        while (cell.find()) {
            cells++;
            assertThat(Integer.parseInt(cell.group(2))).isPositive().isLessThanOrEqualTo(Integer.parseInt(cell.group(3)));
            assertThat(out.resolve(cell.group(4))).exists();
        }
        assertThat(cells).as("failing cells with their rate and a labelled link").isGreaterThan(4);
        assertThat(main).doesNotContain(">+</a>");
    }

    @Test
    void everyCounterexampleIsOnTheCellPagesItCountsInWithItsReplayCommand() throws Exception {
        Set<String> onPages = new LinkedHashSet<>();
        try (Stream<Path> files = Files.list(out.resolve("counterexamples"))) {
            for (Path p : files.filter(f -> f.toString().endsWith(".html") && !f.endsWith("index.html")).sorted().toList()) {
                String page = Files.readString(p);
                assertThat(page).contains("<details class=\"cx\" id=\"cx-");
                onPages.addAll(all(page, "<details class=\"cx\" id=\"(cx-[0-9]+)\""));
            }
        }
        String index = Files.readString(out.resolve(CounterexamplePages.INDEX));
        Set<String> listed = all(index, "<a href=\"[^\"#]+#(cx-[0-9]+)\">cx-");
        assertThat(listed).as("the index lists every counterexample on some page").isEqualTo(onPages).isNotEmpty();
        String json = Files.readString(out.resolve("matrix.json"));
        int files = all(json, "\"(counterexamples/[^\"]+\\.json)\"").size();
        assertThat(onPages.size()).as("one counterexample per replay file (memory ones have none)").isGreaterThanOrEqualTo(files);
        String first = Files.readString(out.resolve(BrowserRenderTest.pageWithATimeline(out)));
        assertThat(first).as("replay commands name the files where they are, wherever the lab ran from")
                .contains("./lab replay " + out.toAbsolutePath().normalize().resolve("counterexamples") + "/");
        assertThat(index).as("the filter: a form the script shows, every row visible without it")
                .contains("<form class=\"filter\" id=\"filter\" hidden>").contains("<select name=\"strategy\">")
                .contains("<select name=\"executor\">").contains("<select name=\"criterion\">").contains("<select name=\"scope\">")
                .doesNotContain("<tr hidden");
    }

    @Test
    void everyLinkOfEveryPageLeadsToAFileAndAnIdOfTheReport() throws Exception {
        assertThat(ReportLinks.broken(out)).isEmpty();
        try (Stream<Path> files = Files.walk(out)) {
            for (Path p : files.filter(f -> f.toString().endsWith(".html")).toList()) {
                String page = Files.readString(p);
                assertThat(page).as("%s is self-contained", p).doesNotContain("src=\"http").doesNotContain("href=\"http")
                        .doesNotContain("<link").doesNotContain("<script src");
            }
        }
    }

    @Test
    void theLinkCheckerFindsABrokenLink(@TempDir Path report) throws Exception {
        Files.createDirectories(report.resolve("sub"));
        Files.writeString(report.resolve("index.html"), "<a href=\"sub/p.html#there\">ok</a> <a href=\"sub/p.html#gone\">x</a>"
                + " <a href=\"missing.html\">y</a> <a href=\"https://example.org/\">z</a> <a href=\"../outside.html\">w</a>");
        Files.writeString(report.resolve("sub/p.html"), "<p id=\"there\"><a href=\"../index.html\">back</a><img src=\"x.png\"></p>");
        assertThat(ReportLinks.broken(report)).containsExactlyInAnyOrder(
                "index.html: sub/p.html#gone (no element with id 'gone' there)",
                "index.html: missing.html (no such file)",
                "index.html: https://example.org/ (leaves the report's folder)",
                "index.html: ../outside.html (leaves the report's folder)",
                "sub/p.html: src=\"x.png\" (a page loads nothing)");
    }

    private static Set<String> all(String text, String regex) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = Pattern.compile(regex).matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    /** The race section: one column per tool, each cell's reason beside its word, and where the results come from. */
    @Test
    void theRaceSectionShowsWhichToolCaughtWhichBugAndTheRunThatSaidSo() {
        Entry entry = new Entry("3", "artemis-odb #522", "two entities get the same id", "twin", "Lincheck", "real", true,
                List.of(new Cell(Tool.LAB, Verdict.NOT_APPLICABLE, State.NOT_RUN, "", "one thread moves at a time"),
                        new Cell(Tool.LINCHECK, Verdict.CAUGHT, State.PASSED, "3.9 s (10/10)", ""),
                        new Cell(Tool.JCSTRESS, Verdict.MISSED, State.PASSED, "(0/1 quick run)", "not shown"),
                        new Cell(Tool.FRAY, Verdict.NOT_RUN, State.NOT_RUN, "", "the Fray lane (fray-tests) is not in this checkout"),
                        new Cell(Tool.DIRECTED, Verdict.NO_TEST, State.NOT_RUN, "", "none forces the lost update")));
        Instant at = Instant.parse("2026-02-01T10:00:00Z");
        Run run = new Run("abc1234", true, "./lab races quick --runs 2", at, at.plusSeconds(300), 2, "1.50 1.20 1.00");
        String live = races(new Results(List.of(entry), run, List.of(), null));
        assertThat(live).contains("Results in this checkout. Measured at commit <code>abc1234</code> with uncommitted changes"
                + " with <code>./lab races quick --runs 2</code>, started 2026-02-01T10:00:00Z on 2 cores, load average 1.50"
                + " 1.20 1.00 at the start.")
                .contains("<th>lab</th><th>Lincheck</th><th>JCStress</th><th>Fray</th><th>directed</th><th>caught</th>")
                .contains("<td class=\"none\"><b>n/a</b><small>one thread moves at a time</small></td>")
                .contains("<td class=\"pass\"><b>caught 3.9 s (10/10)</b></td>")
                .contains("<td class=\"fail\"><b>MISSED (0/1 quick run)</b><small>not shown</small></td>")
                .contains("<td class=\"warn\"><b>not run</b><small>the Fray lane (fray-tests) is not in this checkout</small>")
                .contains("<td class=\"pass\"><b>yes</b></td>");
        String page = RaceCataloguePage.render(new Results(List.of(entry), run, List.of(), null), run, 2, List.of());
        RaceCataloguePage.Recorded recorded = RaceCataloguePage.parse(page).orElseThrow();
        Entry notRunHere = new Entry("3", "artemis-odb #522", "two entities get the same id", "twin", "Lincheck", "real", true,
                List.of(entry.cells().get(0), new Cell(Tool.LINCHECK, Verdict.NOT_RUN, State.NOT_RUN, "", "no record"),
                        new Cell(Tool.JCSTRESS, Verdict.NOT_RUN, State.NOT_RUN, "", "no verdict"), entry.cells().get(3),
                        entry.cells().get(4)));
        String fallback = races(new Results(List.of(notRunHere), null, List.of(), recorded));
        assertThat(fallback).contains("This checkout has no fresh results; these are the last recorded ones, from"
                + " <code>docs/race-catalogue.md</code>. Measured at commit <code>abc1234</code>")
                .contains("<td class=\"fail\"><b>MISSED (0/1 quick run)</b><small>not shown</small></td>");
        assertThat(races(new Results(List.of(notRunHere), null, List.of(), null))).contains("No results: nothing has been run")
                .contains("<td class=\"warn\"><b>not run</b><small>no record</small></td>");
    }

    private static String races(Results results) {
        String html = ReportPage.render(new ReportPage.Input(HandMadeRows.matrix(0, List.of()), Map.of(), null, List.of(),
                results, List.of(), "", List.of(), ZonedDateTime.now(), Path.of("reports", "out")));
        return html.substring(html.indexOf("<section id=\"races\">"), html.indexOf("</section>", html.indexOf("<section id=\"races\">")));
    }
}
