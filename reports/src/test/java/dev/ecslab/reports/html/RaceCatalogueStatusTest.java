package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.reports.html.RaceCatalogueStatus.Entry;
import dev.ecslab.reports.html.RaceCatalogueStatus.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalogue's status comes from this checkout's results of the last run, never assumed: an
 * entry is caught only when its twin showed the bug and the real code passed in that run; a JCStress
 * {@code [OK]} alone says nothing; missing results are "not run" and results older than the sources
 * are stale, with the command that refreshes them.
 */
class RaceCatalogueStatusTest {
    private static final String README = """
            | # | source | symptom | buggy variant | caught by | ecslab passing |
            |---|---|---|---|---|---|
            | 1 | a | b | twin | Lincheck: `entry1IsCaught` | `RealLincheckTest` (both modes) |
            | 2 | a | b | twin | lab: `entry2` | the same scenario |
            | 3 | a | b | twin | Lincheck; JCStress `SomeStress.LostUpdateTwin` | `SomeStress` |
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

    private void record(int entry, boolean caught, String real, Instant when) throws Exception {
        write("lincheck-tests/target/race-catalogue/entry-" + entry + ".lincheck.properties", "entry=" + entry + "\ntool=lincheck\ncaught=" + caught
                + "\nruns=10\ncaught.runs=" + (caught ? 10 : 3) + "\nmedian.ms=812.5\n" + real + "\n", when);
    }

    private void surefire(String testcases, Instant when) throws Exception {
        write("lincheck-tests/target/surefire-reports/TEST-dev.x.RealLincheckTest.xml", "<testsuite>\n" + testcases
                + "</testsuite>\n", when);
    }

    private void verdict(String twin, String real, Instant when) throws Exception {
        write("jcstress-tests/target/jcstress-results/verdict.tsv", "# mode=quick\n"
                + "dev.ecslab.stress.SomeStress\treal\t" + real + "\tx\n"
                + "dev.ecslab.stress.SomeStress.LostUpdateTwin\ttwin\t" + twin + "\tx\n", when);
    }

    @Test
    void withoutResultsNothingIsCaughtAndTheCommandIsNamed() throws Exception {
        List<Entry> entries = RaceCatalogueStatus.read(root);
        assertThat(entries).hasSize(3);
        assertThat(entries).extracting(Entry::caught).containsOnly(State.NOT_RUN);
        assertThat(entries.get(0).caughtBy()).contains("no results").contains("./lab races");
    }

    @Test
    void aRecordOfACaughtTwinAndThePassingRealCodeIsCaughtWithItsMedian() throws Exception {
        record(2, true, "real.passes=true", AFTER);
        Entry e = RaceCatalogueStatus.read(root).get(1);
        assertThat(e.caught()).isEqualTo(State.PASSED);
        assertThat(e.fixPasses()).isEqualTo(State.PASSED);
        assertThat(e.caughtBy()).contains("812.5 ms (10 of 10 runs)");
    }

    @Test
    void aTwinNotCaughtInEveryAttemptOrARealFailureIsNotCaught() throws Exception {
        record(2, false, "real.passes=true", AFTER);
        assertThat(RaceCatalogueStatus.read(root).get(1).caught()).isEqualTo(State.FAILED);
        record(2, true, "real.passes=false", AFTER);
        Entry e = RaceCatalogueStatus.read(root).get(1);
        assertThat(e.caught()).isEqualTo(State.FAILED);
        assertThat(e.fixPasses()).isEqualTo(State.FAILED);
    }

    @Test
    void theRealTestNamedByTheRecordIsReadFromSurefire() throws Exception {
        record(1, true, "real.test=RealLincheckTest", AFTER);
        surefire("<testcase name=\"modelChecking\" classname=\"dev.x.RealLincheckTest\" time=\"1\"/>\n"
                + "<testcase name=\"stress\" classname=\"dev.x.RealLincheckTest\" time=\"1\"/>\n", AFTER);
        assertThat(RaceCatalogueStatus.read(root).get(0).caught()).isEqualTo(State.PASSED);
        surefire("<testcase name=\"stress\" classname=\"dev.x.RealLincheckTest\" time=\"1\">"
                + "<failure message=\"boom\">trace</failure></testcase>\n", AFTER);
        Entry e = RaceCatalogueStatus.read(root).get(0);
        assertThat(e.caught()).isEqualTo(State.FAILED);
        assertThat(e.fixTests()).containsEntry("RealLincheckTest", State.FAILED);
    }

    @Test
    void aJcstressTwinCountsOnlyWhenItShowedItsBugAndItsRealTestPassed() throws Exception {
        record(3, true, "real.passes=true", AFTER);
        verdict("SHOWN", "PASSED", AFTER);
        assertThat(RaceCatalogueStatus.read(root).get(2).caught()).isEqualTo(State.PASSED);
        verdict("NOT-SHOWN", "PASSED", AFTER);
        Entry twinSilent = RaceCatalogueStatus.read(root).get(2);
        assertThat(twinSilent.caught()).as("a twin that stopped showing its bug").isEqualTo(State.FAILED);
        assertThat(twinSilent.caughtTests()).containsEntry("JCStress SomeStress.LostUpdateTwin", State.FAILED);
        verdict("SHOWN", "FAILED", AFTER);
        assertThat(RaceCatalogueStatus.read(root).get(2).caught()).as("the real test saw a FORBIDDEN outcome")
                .isEqualTo(State.FAILED);
    }

    @Test
    void aJcstressOkInTheLogWithoutTheVerdictIsNotCaught() throws Exception {
        record(3, true, "real.passes=true", AFTER);
        write("jcstress-tests/target/jcstress-results/run.log", "RUN RESULTS:\n.......... [OK] "
                + "dev.ecslab.stress.SomeStress.LostUpdateTwin\n", AFTER);
        Entry e = RaceCatalogueStatus.read(root).get(2);
        assertThat(e.caught()).isEqualTo(State.NOT_RUN);
        assertThat(e.caughtBy()).contains("no results for JCStress SomeStress.LostUpdateTwin");
    }

    @Test
    void resultsOlderThanTheSourcesAreStaleWithTheCommandThatRefreshesThem() throws Exception {
        record(2, true, "real.passes=true", SOURCES.minusSeconds(60));
        Entry e = RaceCatalogueStatus.read(root).get(1);
        assertThat(e.caught()).isEqualTo(State.NOT_RUN);
        assertThat(e.caughtBy()).contains("stale").contains("refresh with `./lab races`");
        verdict("SHOWN", "PASSED", SOURCES.minusSeconds(60));
        record(3, true, "real.passes=true", AFTER);
        assertThat(RaceCatalogueStatus.read(root).get(2).caughtBy()).contains("stale: JCStress SomeStress.LostUpdateTwin");
    }
}
