package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab races --no-run} prints and writes the table of this checkout's last results, one row per
 * catalogue entry, with the command, and exits 0 only when every entry was caught; a relative
 * {@code --doc} is taken from the directory the command was started in. Bad input is in
 * {@link ExitCodeContractTest}, the help in {@link HelpAndVersionTest}.
 */
class RacesCommandTest {

    @Test
    void theTableOfTheLastResultsHasARowPerEntry(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("races.md");
        CommandOutput r = CommandOutput.run("races", "--no-run", "--doc", page.toString());
        long entries = Files.readAllLines(RepositoryRoot.find().resolve("lincheck-tests/README.md")).stream()
                .filter(l -> l.matches("\\| [0-9]+ \\|.*")).count();
        assertThat(entries).as("the catalogue has a dozen entries").isGreaterThanOrEqualTo(12);
        String md = Files.readString(page);
        assertThat(md.lines().filter(l -> l.matches("\\| [0-9]+ \\|.*"))).hasSize((int) entries);
        assertThat(md).contains("Command: `./lab races quick --no-run`");
        assertThat(r.out().lines().filter(l -> l.matches("[0-9]+ +(yes|NO|not run) .*"))).hasSize((int) entries);
        assertThat(r.out()).contains("wrote " + page.toAbsolutePath());
        boolean allCaught = md.lines().filter(l -> l.matches("\\| [0-9]+ \\|.*")).allMatch(l -> l.contains("| yes | yes |"));
        assertThat(r.code()).isEqualTo(allCaught ? 0 : 1);
    }

    @Test
    void aRelativeDocIsTakenFromWhereTheCommandWasStarted(@TempDir Path elsewhere) throws Exception {
        Path log = elsewhere.resolve("races.log");
        Process races = RelativePathsTest.lab(elsewhere, log, "races", "--no-run", "--doc", "races.md");
        assertThat(races.waitFor(2, TimeUnit.MINUTES)).isTrue();
        String said = Files.readString(log);
        assertThat(races.exitValue()).as(said).isIn(0, 1);
        Path abs = elsewhere.toRealPath().resolve("races.md");
        assertThat(abs).exists();
        assertThat(said).contains("wrote " + abs);
    }
}
