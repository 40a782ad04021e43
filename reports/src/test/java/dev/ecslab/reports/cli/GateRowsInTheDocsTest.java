package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The {@code ./lab gate} rows of the README's and command-line.md's command tables name only options the gate has,
 * and both name {@code --no-memory}, the switch a CI job most often needs (criterion 6 takes 10 000 frames per
 * strategy); the README's row lacked it.
 */
class GateRowsInTheDocsTest {
    private static final Pattern OPTION = Pattern.compile("--[a-z][a-z-]*");

    static String gateRow(Path file) throws Exception {
        List<String> rows = Files.readAllLines(file).stream().filter(l -> l.startsWith("| `./lab gate ")).toList();
        assertThat(rows).as("the ./lab gate row of %s", file).hasSize(1);
        return rows.get(0).substring(0, rows.get(0).indexOf("` |"));
    }

    static Set<String> gateOptions() {
        Set<String> names = new TreeSet<>();
        new CommandLine(new GateCommand()).getCommandSpec().options().forEach(o -> names.addAll(List.of(o.names())));
        return names;
    }

    @Test
    void theGateRowsNameRealOptionsAndNoMemory() throws Exception {
        Set<String> options = gateOptions();
        assertThat(options).contains("--no-memory");
        for (String doc : List.of("README.md", "docs/command-line.md")) {
            String row = gateRow(RepositoryRoot.find().resolve(doc));
            Matcher m = OPTION.matcher(row);
            while (m.find()) {
                assertThat(options).as("%s names %s", doc, m.group()).contains(m.group());
            }
            assertThat(row).as(doc).contains("[--no-memory]");
        }
    }
}
