package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.reports.html.RaceCatalogueStatus.Cell;
import dev.ecslab.reports.html.RaceCatalogueStatus.Entry;
import dev.ecslab.reports.html.RaceCatalogueStatus.Results;
import dev.ecslab.reports.html.RaceCatalogueStatus.Run;
import dev.ecslab.reports.html.RaceCatalogueStatus.State;
import dev.ecslab.reports.html.RaceCatalogueStatus.Tool;
import dev.ecslab.reports.html.RaceCatalogueStatus.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which tool caught which bug comes from this checkout's results of the last run, never assumed: a tool
 * that cannot apply is n/a (never missed), a tool the README names with no result is not run and a result
 * older than the sources is stale (never a pass); an entry is caught when one tool caught it and the real
 * code passed everywhere, and the run meets the rule only when every named tool caught it. A JCStress
 * {@code [OK]} alone says nothing. The README's two tables are told apart by their header, and the page
 * written from the results reads back as written.
 */
class RaceCatalogueStatusTest {
    private static final String README = """
            | # | source | symptom | buggy variant | caught by | ecslab passing |
            |---|---|---|---|---|---|
            | 1 | a | b | twin | Lincheck: `entry1IsCaught` | `RealLincheckTest` (both modes) |
            | 2 | a | b | twin | lab: `entry2` | the same scenario |
            | 3 | a | b | twin | Lincheck; JCStress `SomeStress.LostUpdateTwin` | `SomeStress` |
            | 4 | a | b | twin | lab | the same scenario |

            Some other numbered table, which is neither:

            | # | what | where |
            |---|---|---|
            | 1 | x | y |

            ### Which tools apply

            | # | Lincheck | lab | JCStress | Fray | directed |
            |---|---|---|---|---|---|
            | 1 | `RaceTest.entry1` | n/a: one thread moves at a time | no test: not written | `OneFrayTest` | no test: none |
            | 2 | n/a: a logic bug | `ScenariosTest` | n/a: a logic bug | n/a: a logic bug | no test: the lab's |
            | 3 | `RaceTest.entry3` | n/a: one thread moves at a time | `SomeStress.LostUpdateTwin` must show; `SomeStress` must pass | n/a: x | no test: none |
            """;
    private static final Instant SOURCES = Instant.parse("2026-01-01T00:00:00Z");
    private static final Instant AFTER = SOURCES.plusSeconds(60);

    @TempDir
    Path root;

    @BeforeEach
    void checkout() throws Exception {
        Files.createDirectories(root.resolve("lincheck-tests/src/test/java/dev/x"));
        Files.writeString(root.resolve("lincheck-tests/README.md"), README);
        Path source = root.resolve("lincheck-tests/src/test/java/dev/x/RealLincheckTest.java");
        Files.writeString(source, "class RealLincheckTest {}");
        Files.setLastModifiedTime(source, FileTime.from(SOURCES));
    }

    private void write(String path, String text, Instant when) throws Exception {
        Path p = root.resolve(path);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
        Files.setLastModifiedTime(p, FileTime.from(when));
    }

    private void record(String module, int entry, String tool, int caughtRuns, String real, Instant when)
            throws Exception {
        write(module + "/target/race-catalogue/entry-" + entry + "." + tool + ".properties", "entry=" + entry + "\ntool="
                + tool + "\ncaught=" + (caughtRuns == 10) + "\nruns=10\ncaught.runs=" + caughtRuns + "\nmedian.ms=812.4\n"
                + real + "\ncores=2\n", when);
    }

    private void record(int entry, String tool, boolean caught, String real) throws Exception {
        record("lincheck-tests", entry, tool, caught ? 10 : 3, real, AFTER);
    }

    private void surefire(String testcases, Instant when) throws Exception {
        write("lincheck-tests/target/surefire-reports/TEST-dev.x.RealLincheckTest.xml", "<testsuite>\n" + testcases
                + "</testsuite>\n", when);
    }

    private void verdict(String twin, String real, Instant when) throws Exception {
        write("jcstress-tests/target/jcstress-results/verdict.tsv", "# mode=quick regex=x jvm-args=y"
                + " started=2026-01-01T00:01:00Z finished=2026-01-01T00:02:35Z jcstress-exit=0 cpus=2\n"
                + "dev.ecslab.stress.SomeStress\treal\t" + real + "\tx\n"
                + "dev.ecslab.stress.SomeStress.LostUpdateTwin\ttwin\t" + twin + "\tx\n", when);
    }

    private Results read() throws Exception {
        return RaceCatalogueStatus.read(root);
    }

    private Entry entry(int number) throws Exception {
        return read().entries().get(number - 1);
    }

    @Test
    void theTwoTablesAreToldApartByTheirHeaderNotTheirColumns() throws Exception {
        Results r = read();
        assertThat(r.entries()).extracting(Entry::number).containsExactly("1", "2", "3", "4");
        assertThat(r.entries().get(0).source()).isEqualTo("a");
        assertThat(r.entries().get(0).caughtByColumn()).isEqualTo("Lincheck: `entry1IsCaught`");
        // the tools table's columns are in another order than the tools': each is read by its heading
        assertThat(r.entries().get(0).cell(Tool.LAB).verdict()).isEqualTo(Verdict.NOT_APPLICABLE);
        assertThat(r.entries().get(0).cell(Tool.LINCHECK).verdict()).isEqualTo(Verdict.NOT_RUN);
        assertThat(r.entries().get(1).cell(Tool.LAB).verdict()).isEqualTo(Verdict.NOT_RUN);
    }

    @Test
    void withoutResultsANamedToolIsNotRunAndOneThatCannotApplyIsNaWithItsReason() throws Exception {
        Results r = read();
        assertThat(r.anyResults()).isFalse();
        assertThat(r.run()).isNull();
        assertThat(r.exitCode()).isEqualTo(1);
        assertThat(r.entries()).extracting(Entry::caught).containsOnly(State.NOT_RUN);
        Entry first = r.entries().get(0);
        assertThat(first.cell(Tool.LINCHECK).text()).isEqualTo("not run: no record of this test; run `./lab races`");
        assertThat(first.cell(Tool.LAB).text()).isEqualTo("n/a: one thread moves at a time");
        assertThat(first.cell(Tool.JCSTRESS).text()).isEqualTo("no test: not written");
        assertThat(first.shortfalls()).hasSize(2).allMatch(s -> s.startsWith("Lincheck not run") || s.startsWith("Fray not run"));
    }

    @Test
    void aCaughtTwinWithThePassingRealCodeIsCaughtWithItsMedianAndHowManyRunsCaughtIt() throws Exception {
        record(2, "lab", true, "real.passes=true");
        Entry e = entry(2);
        assertThat(e.caught()).isEqualTo(State.PASSED);
        assertThat(e.fixPasses()).isEqualTo(State.PASSED);
        assertThat(e.cell(Tool.LAB).text()).isEqualTo("caught 812 ms (10/10)");
        assertThat(e.meetsTheRule()).as("the lab is the only tool named for entry 2").isTrue();
        assertThat(e.cell(Tool.LINCHECK).meetsTheRule()).as("n/a never counts").isTrue();
    }

    @Test
    void aNamedToolThatMissedIsShownMissedAndBreaksTheRuleThoughAnotherCaughtTheEntry() throws Exception {
        record(1, "lincheck", true, "real.passes=true");
        write("fray-tests/pom.xml", "<project/>", AFTER);
        record("fray-tests", 1, "fray", 3, "real.passes=true", AFTER);
        Entry e = entry(1);
        assertThat(e.caught()).as("Lincheck caught it and the real code passed").isEqualTo(State.PASSED);
        assertThat(e.cell(Tool.FRAY).verdict()).isEqualTo(Verdict.MISSED);
        assertThat(e.cell(Tool.FRAY).words()).isEqualTo("MISSED (3/10)");
        assertThat(e.meetsTheRule()).isFalse();
        assertThat(e.shortfalls()).containsExactly("Fray MISSED (3/10)");
    }

    @Test
    void theRealCodeFailingAnyToolsTestMeansNotCaught() throws Exception {
        record(2, "lab", false, "real.passes=true");
        assertThat(entry(2).caught()).as("the only tool missed").isEqualTo(State.FAILED);
        record(2, "lab", true, "real.passes=false");
        Entry e = entry(2);
        assertThat(e.caught()).isEqualTo(State.FAILED);
        assertThat(e.fixPasses()).isEqualTo(State.FAILED);
        assertThat(e.cell(Tool.LAB).text()).isEqualTo("caught 812 ms (10/10), real code FAILS: the real code failed the same test");
    }

    @Test
    void theRealTestNamedByTheRecordIsReadFromSurefire() throws Exception {
        record(1, "lincheck", true, "real.test=RealLincheckTest");
        surefire("<testcase name=\"modelChecking\" classname=\"dev.x.RealLincheckTest\" time=\"1\"/>\n"
                + "<testcase name=\"stress\" classname=\"dev.x.RealLincheckTest\" time=\"1\"/>\n", AFTER);
        assertThat(entry(1).caught()).isEqualTo(State.PASSED);
        surefire("<testcase name=\"stress\" classname=\"dev.x.RealLincheckTest\" time=\"1\">"
                + "<failure message=\"boom\">trace</failure></testcase>\n", AFTER);
        Entry e = entry(1);
        assertThat(e.caught()).isEqualTo(State.FAILED);
        assertThat(e.cell(Tool.LINCHECK).real()).isEqualTo(State.FAILED);
        assertThat(e.cell(Tool.LINCHECK).detail()).contains("the real code failed RealLincheckTest");
    }

    @Test
    void aJcstressTwinIsCaughtOnlyWhenShownAndItsRealTestPassedAndSaysSoWithoutAMedian() throws Exception {
        record(3, "lincheck", true, "real.passes=true");
        verdict("SHOWN", "PASSED", AFTER);
        Cell shown = entry(3).cell(Tool.JCSTRESS);
        assertThat(shown.verdict()).isEqualTo(Verdict.CAUGHT);
        assertThat(shown.real()).isEqualTo(State.PASSED);
        assertThat(shown.words()).isEqualTo("caught (1/1 quick run)");
        assertThat(shown.detail()).contains("not when").contains("the JCStress run (2 tests) took 95 s");
        assertThat(entry(3).meetsTheRule()).isTrue();
        verdict("NOT-SHOWN", "PASSED", AFTER);
        Entry silent = entry(3);
        assertThat(silent.cell(Tool.JCSTRESS).words()).as("a twin that stopped showing its bug").isEqualTo("MISSED (0/1 quick run)");
        assertThat(silent.caught()).as("Lincheck still caught it").isEqualTo(State.PASSED);
        assertThat(silent.meetsTheRule()).isFalse();
        verdict("SHOWN", "FAILED", AFTER);
        assertThat(entry(3).caught()).as("the real test saw a FORBIDDEN outcome").isEqualTo(State.FAILED);
    }

    @Test
    void aJcstressOkInTheLogWithoutTheVerdictIsNotRun() throws Exception {
        write("jcstress-tests/target/jcstress-results/run.log", "RUN RESULTS:\n.......... [OK] "
                + "dev.ecslab.stress.SomeStress.LostUpdateTwin\n", AFTER);
        Cell c = entry(3).cell(Tool.JCSTRESS);
        assertThat(c.verdict()).isEqualTo(Verdict.NOT_RUN);
        assertThat(c.detail()).contains("no JCStress verdict of SomeStress.LostUpdateTwin, SomeStress");
    }

    @Test
    void resultsOlderThanTheSourcesAreStaleWithTheCommandThatRefreshesThem() throws Exception {
        record("lincheck-tests", 2, "lab", 10, "real.passes=true", SOURCES.minusSeconds(60));
        Entry e = entry(2);
        assertThat(e.caught()).isEqualTo(State.NOT_RUN);
        assertThat(e.cell(Tool.LAB).text()).startsWith("stale: its record").contains("refresh with `./lab races`");
        verdict("SHOWN", "PASSED", SOURCES.minusSeconds(60));
        assertThat(entry(3).cell(Tool.JCSTRESS).text()).startsWith("stale: run.sh's verdict");
        assertThat(read().anyResults()).as("stale results are no results").isFalse();
    }

    @Test
    void theFrayLaneAbsentFromTheCheckoutIsNotRunNeverNa() throws Exception {
        Cell absent = entry(1).cell(Tool.FRAY);
        assertThat(absent.verdict()).isEqualTo(Verdict.NOT_RUN);
        assertThat(absent.detail()).isEqualTo("the Fray lane (fray-tests) is not in this checkout");
        write("fray-tests/pom.xml", "<project/>", AFTER);
        record("fray-tests", 1, "fray", 10, "real.passes=true", AFTER);
        Cell present = entry(1).cell(Tool.FRAY);
        assertThat(present.verdict()).isEqualTo(Verdict.CAUGHT);
        assertThat(present.words()).isEqualTo("caught 812 ms (10/10)");
    }

    @Test
    void anEntryWithoutAToolsRowIsJudgedOnItsRecordsAndTheGapIsSaid() throws Exception {
        record(4, "lab", true, "real.passes=true");
        Results r = read();
        Entry e = r.entries().get(3);
        assertThat(e.declared()).isFalse();
        assertThat(e.cell(Tool.LAB).verdict()).isEqualTo(Verdict.CAUGHT);
        assertThat(e.cell(Tool.FRAY).verdict()).isEqualTo(Verdict.NOT_DECLARED);
        assertThat(e.meetsTheRule()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.startsWith("entry 4 has no row in \"Which tools apply\""));
    }

    @Test
    void theRunThatMadeTheResultsIsNamedOnlyWhenItWroteThemAll() throws Exception {
        record(2, "lab", true, "real.passes=true");
        Results byMaven = read();
        assertThat(byMaven.run().command()).isNull();
        assertThat(byMaven.run().describe()).contains("other than `./lab races`").contains("2 cores")
                .contains("commit and the command are unknown");
        RaceCatalogueStatus.writeRun(RaceCatalogueStatus.runFile(root), new Run("abc1234", true, "./lab races quick --runs 2",
                AFTER.minusSeconds(5), AFTER.plusSeconds(5), 2, "0.50 0.40 0.30"));
        Run run = read().run();
        assertThat(run.describe()).isEqualTo("Measured at commit `abc1234` with uncommitted changes with"
                + " `./lab races quick --runs 2`, started " + AFTER.minusSeconds(5) + " on 2 cores, load average 0.50 0.40"
                + " 0.30 at the start.");
        record("lincheck-tests", 2, "lab", 10, "real.passes=true", AFTER.plusSeconds(600));
        assertThat(read().run().command()).as("a record written after that run: not its results").isNull();
        assertThat(new Run(null, false, "./lab races", AFTER, AFTER, 2, "").commitWords()).contains("unknown commit");
    }

    /** Same run: after a lab races run, a result it did not write (the Fray lane that failed to build) is not its. */
    @Test
    void aResultOlderThanTheLastLabRacesRunIsNotRunNotOneOfItsResults() throws Exception {
        write("fray-tests/pom.xml", "<project/>", AFTER);
        record("fray-tests", 1, "fray", 10, "real.passes=true", AFTER);
        record("lincheck-tests", 1, "lincheck", 10, "real.passes=true", AFTER.plusSeconds(3600));
        verdict("SHOWN", "PASSED", AFTER);
        RaceCatalogueStatus.writeRun(RaceCatalogueStatus.runFile(root), new Run(null, false, "./lab races quick",
                AFTER.plusSeconds(3500), AFTER.plusSeconds(3700), 2, ""));
        Results r = read();
        assertThat(r.run().command()).isEqualTo("./lab races quick");
        Entry e = r.entries().get(0);
        assertThat(e.cell(Tool.LINCHECK).verdict()).isEqualTo(Verdict.CAUGHT);
        assertThat(e.cell(Tool.FRAY).verdict()).isEqualTo(Verdict.NOT_RUN);
        assertThat(e.cell(Tool.FRAY).detail()).startsWith("its record (" + AFTER + ") is from a run before the last"
                + " `./lab races` (started " + AFTER.plusSeconds(3500) + ")");
        assertThat(r.entries().get(2).cell(Tool.JCSTRESS).detail()).startsWith("run.sh's verdict");
        assertThat(e.meetsTheRule()).isFalse();
    }

    @Test
    void thePageReadsBackAsWritten() throws Exception {
        record(2, "lab", true, "real.passes=true");
        record(1, "lincheck", false, "real.passes=true");
        Results r = read();
        Run run = new Run("abc1234", false, "./lab races quick --runs 2", AFTER, AFTER.plusSeconds(90), 2, "1.00 0.90 0.80");
        String page = RaceCataloguePage.render(r, run, 2, List.of("the Fray lane (module fray-tests) is not in this checkout"));
        assertThat(page).contains("Measured at commit `abc1234` with `./lab races quick --runs 2`")
                .contains("- **n/a**: the tool cannot apply").contains("**Outcome:** not every entry")
                .contains("- entry 1: Lincheck MISSED (3/10)").contains("- the Fray lane (module fray-tests)");
        assertThat(page.lines().filter(l -> l.matches("\\| [0-9]+ \\|.*"))).as("one table, one row per entry").hasSize(4);
        RaceCataloguePage.Recorded back = RaceCataloguePage.parse(page).orElseThrow();
        assertThat(back.run()).isEqualTo(run);
        assertThat(back.exitCode()).isEqualTo(1);
        assertThat(back.header()).isEqualTo(RaceCataloguePage.header());
        assertThat(back.rows()).isEqualTo(RaceCataloguePage.rows(r));
        assertThat(RaceCataloguePage.parse("# some other page\n\n| # | a |\n|---|---|\n| 1 | x |\n")).isEmpty();
    }
}
