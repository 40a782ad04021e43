package dev.ecslab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.reports.html.RaceCatalogueStatus.Entry;
import dev.ecslab.reports.html.RaceCatalogueStatus.State;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The catalogue's status comes from the last test results: passed, failed, or not run, never assumed. */
class RaceCatalogueStatusTest {
    private static final String README = """
            | # | source | symptom | minimal reproduction | caught by | ecslab passing |
            |---|---|---|---|---|---|
            | 1 | a | b | c | Lincheck: `entry1IsCaught` | `FixLincheckTest` |
            | 2 | a | b | c | JCStress: `races.SomeRace` (must show) | by argument only |
            | 3 | a | b | c | `entry3IsCaught` | `OtherStress` |
            """;

    private static Path checkout(Path root, String surefireXml, String jcstressLog) throws Exception {
        Files.createDirectories(root.resolve("lincheck-tests/target/surefire-reports"));
        Files.writeString(root.resolve("lincheck-tests/README.md"), README);
        if (surefireXml != null) {
            Files.writeString(root.resolve("lincheck-tests/target/surefire-reports/TEST-x.xml"), surefireXml);
        }
        if (jcstressLog != null) {
            Files.createDirectories(root.resolve("jcstress-tests/target/jcstress-results"));
            Files.writeString(root.resolve("jcstress-tests/target/jcstress-results/run.log"), jcstressLog);
        }
        return root;
    }

    @Test
    void passedFailedAndNotRunComeFromTheResults(@TempDir Path root) throws Exception {
        String xml = """
                <testsuite>
                <testcase name="entry1IsCaught" classname="dev.x.RaceCatalogueLincheckTest" time="0.1"/>
                <testcase name="modelChecking" classname="dev.x.FixLincheckTest" time="0.1">
                  <failure message="boom">trace</failure>
                </testcase>
                </testsuite>
                """;
        String log = "RUN RESULTS:\n.......... [OK] dev.ecslab.stress.races.SomeRace\n";
        List<Entry> entries = RaceCatalogueStatus.read(checkout(root, xml, log));
        assertThat(entries).hasSize(3);
        assertThat(entries.get(0).caught()).isEqualTo(State.PASSED);
        assertThat(entries.get(0).fixPasses()).isEqualTo(State.FAILED);
        assertThat(entries.get(1).caught()).isEqualTo(State.PASSED);
        assertThat(entries.get(1).fixTests()).as("no test named: by argument").isEmpty();
        assertThat(entries.get(2).caught()).isEqualTo(State.NOT_RUN);
        assertThat(entries.get(2).fixPasses()).isEqualTo(State.NOT_RUN);
    }

    @Test
    void withoutResultsNothingIsReportedAsPassed(@TempDir Path root) throws Exception {
        List<Entry> entries = RaceCatalogueStatus.read(checkout(root, null, null));
        assertThat(entries).extracting(Entry::caught).containsOnly(State.NOT_RUN);
    }
}
