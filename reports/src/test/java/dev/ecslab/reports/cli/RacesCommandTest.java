package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code lab races}: bad input is refused with exit 2; {@code --no-run} prints and writes the table of
 * this checkout's last results, one row per catalogue entry, with the command, and exits 0 only when
 * every entry was caught.
 */
class RacesCommandTest {

    @Test
    void badInputIsRefused() {
        CommandOutput mode = CommandOutput.run("races", "fastest");
        assertThat(mode.code()).isEqualTo(2);
        assertThat(mode.err()).contains("unknown mode 'fastest'");
        CommandOutput runs = CommandOutput.run("races", "--runs", "0");
        assertThat(runs.code()).isEqualTo(2);
        assertThat(runs.err()).contains("--runs must be 1 or more");
    }

    @Test
    void theTableOfTheLastResultsHasARowPerEntry(@TempDir Path dir) throws Exception {
        Path page = dir.resolve("races.md");
        CommandOutput r = CommandOutput.run("races", "--no-run", "--doc", page.toString());
        long entries = Files.readAllLines(RepositoryRoot.find().resolve("lincheck-tests/README.md")).stream()
                .filter(l -> l.matches("\\| [0-9]+ \\|.*")).count();
        assertThat(entries).as("the catalogue has a dozen entries or close").isGreaterThanOrEqualTo(10);
        String md = Files.readString(page);
        assertThat(md.lines().filter(l -> l.matches("\\| [0-9]+ \\|.*"))).hasSize((int) entries);
        assertThat(md).contains("Command: `./lab races quick --no-run`");
        assertThat(r.out().lines().filter(l -> l.matches("[0-9]+ +(yes|NO|not run) .*"))).hasSize((int) entries);
        boolean allCaught = md.lines().filter(l -> l.matches("\\| [0-9]+ \\|.*")).allMatch(l -> l.contains("| yes | yes |"));
        assertThat(r.code()).isEqualTo(allCaught ? 0 : 1);
    }

    @Test
    void racesHasHelp() {
        CommandOutput r = CommandOutput.run("races", "--help");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Usage: lab races").contains("quick").contains("full");
    }
}
