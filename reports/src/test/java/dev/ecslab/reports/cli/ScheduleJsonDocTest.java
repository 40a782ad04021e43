package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.reports.ambiguity.GitHubSarifLimits;
import dev.ecslab.reports.ambiguity.SarifSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code docs/schedule-json.md} shows what the lab prints: every example schedule on the page (JSON, or a Bevy
 * export in RON) is run through {@code lab ambiguities}, and its output and exit code must be the ones the
 * page shows. So the page that documents the format cannot drift from the reader, and a reader change that
 * alters a message shows up here as a diff of the documentation.
 */
class ScheduleJsonDocTest {
    private static final Path PAGE = Path.of("..", "docs", "schedule-json.md");
    private static final Pattern EXAMPLE = Pattern.compile(
            "<!-- schedule: (\\S+), exit (\\d+) -->\\s*```(?:json|ron)\\n(.*?)```\\s*```text\\n\\$ \\./lab ambiguities ((?:--\\S+ (?:[a-z0-9]+ )?)*)(\\S+)\\n(.*?)```",
            Pattern.DOTALL);

    record Example(String file, int exit, String json, String options, String shownFile, String output) {
    }

    static List<Example> examples() throws Exception {
        Matcher m = EXAMPLE.matcher(Files.readString(PAGE));
        List<Example> found = new ArrayList<>();
        while (m.find()) {
            found.add(new Example(m.group(1), Integer.parseInt(m.group(2)), m.group(3), m.group(4).strip(), m.group(5),
                    m.group(6)));
        }
        return found;
    }

    @Test
    void thePageHasAnExampleForEveryFeatureItDocuments() throws Exception {
        List<Example> examples = examples();
        String all = String.join("\n", examples.stream().map(Example::json).toList());
        // every field of the format and every filter operator appears in at least one checked example
        for (String field : List.of("\"stages\"", "\"systems\"", "\"ordering\"", "\"ambiguity\"", "\"maxStageIterations\"",
                "\"components\"", "\"resources\"", "\"ignoreAmbiguitiesOn\"", "\"sets\"", "\"criterion\"", "\"kind\"",
                "\"access\"", "\"queries\"", "\"read\"", "\"write\"", "\"filter\"", "\"with\"", "\"without\"", "\"and\"",
                "\"or\"", "\"not\"", "\"xor\"", "\"readResources\"", "\"writeResources\"", "\"readsAllComponents\"",
                "\"readsAllResources\"", "\"world\"", "\"labels\"", "\"before\"", "\"after\"", "\"ambiguousWith\"",
                "\"ambiguousWithAll\"", "\"members\"", "\"chain\"", "\"type\"", "\"afterWeak\"", "\"readAll\"", "\"writeAll\"", "\"writesAllComponents\"", "EXCLUSIVE", "MAIN_THREAD", "SYNC_POINT", "INSERTION_ORDER", "ERROR")) {
            assertThat(all).as("an example on %s uses %s", PAGE, field).contains(field);
        }
        assertThat(examples).extracting(Example::exit).contains(0, 1, 2);
    }

    @TestFactory
    Stream<DynamicTest> everyExamplePrintsWhatThePageShows(@TempDir Path dir) throws Exception {
        return examples().stream().map(x -> DynamicTest.dynamicTest(x.file(), () -> {
            assertThat(x.shownFile()).as("the command shown runs the example's own file").isEqualTo(x.file());
            Path file = dir.resolve(x.file());
            Files.writeString(file, x.json());
            List<String> args = new ArrayList<>(List.of("ambiguities"));
            if (!x.options().isEmpty()) {
                args.addAll(List.of(x.options().split(" ")));
            }
            args.add(file.toString());
            CommandOutput r = CommandOutput.run(args.toArray(String[]::new));
            // the file is named as the page names it: relative, as when the command runs where the file is
            String printed = (r.out() + r.err()).replace(dir.toUri().toString(), "").replace(dir.toString() + "/", "");
            assertThat(printed).as("lab ambiguities %s", x.file()).isEqualTo(x.output());
            assertThat(r.code()).as("exit code of lab ambiguities %s", x.file()).isEqualTo(x.exit());
            if (x.options().contains("--format sarif")) {
                SarifSchema.assertValid(r.out());
                GitHubSarifLimits.assertAccepted(r.out());
            }
        }));
    }
}
