package dev.ecslab.reports.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every command's help prints help and does nothing else, lists the command's exit codes, and shows its
 * descriptions whole (wrapped once, by picocli, within the width; never cut mid-sentence); the command list
 * shows each command's one-sentence header. {@code --version} names the version and the commit.
 */
class HelpAndVersionTest {
    private static final List<String> COMMANDS = List.of("run", "gate", "merge", "ambiguities", "replay", "bench",
            "stress", "races");

    private static String flat(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }

    @Test
    void everyCommandsHelpIsWholeListsItsExitCodesAndDoesNothingElse(@TempDir Path dir) {
        CommandLine lab = new CommandLine(new LabMain());
        for (String command : COMMANDS) {
            Path out = dir.resolve(command + "-out");
            // with arguments that would do work (write --out, start JCStress) were it not for --help
            CommandOutput r = switch (command) {
                case "run", "gate", "bench", "merge" -> CommandOutput.run(command, "--out", out.toString(), "--help");
                case "stress" -> CommandOutput.run(command, "--help", "quick");
                case "races" -> CommandOutput.run(command, "--help", "quick", "--doc", out.toString());
                default -> CommandOutput.run(command, "--help", out.resolve("file.json").toString());
            };
            assertThat(r.code()).as(command + ": " + r.err()).isZero();
            assertThat(r.err()).as(command).isEmpty();
            assertThat(r.out()).as(command).contains("Usage: lab " + command).contains("Exit codes:")
                    .contains("  2     bad input").contains("  130   stopped with Ctrl-C");
            assertThat(out).as(command + " --help wrote nothing").doesNotExist();
            assertThat(r.out().lines()).as(command + ": within the width").allMatch(l -> l.length() <= 80);
            var usage = lab.getSubcommands().get(command).getCommandSpec().usageMessage();
            for (String paragraph : usage.description()) {
                assertThat(flat(r.out())).as(command + ": the paragraph, whole").contains(flat(paragraph));
            }
            assertThat(usage.header()).as(command + " has a one-sentence header").hasSize(1);
            assertThat(usage.header()[0]).endsWith(".");
        }
    }

    @Test
    void theCommandListShowsEachCommandsWholeHeader() {
        CommandOutput r = CommandOutput.run("--help");
        assertThat(r.code()).isZero();
        CommandLine lab = new CommandLine(new LabMain());
        for (String command : COMMANDS) {
            String header = lab.getSubcommands().get(command).getCommandSpec().usageMessage().header()[0];
            assertThat(flat(r.out())).contains(command + " " + header);
        }
        CommandOutput none = CommandOutput.run();
        assertThat(none.code()).isEqualTo(LabMain.BAD_INPUT);
        assertThat(none.err()).contains("a command is needed");
    }

    @Test
    void versionNamesTheVersionAndTheCommit() {
        for (String[] args : new String[][] {{"--version"}, {"-V"}, {"run", "--version"}, {"stress", "--version"}}) {
            CommandOutput r = CommandOutput.run(args);
            assertThat(r.code()).isZero();
            assertThat(r.out().strip()).as(String.join(" ", args)).matches("ecslab \\d+\\.\\d+\\.\\d+\\S* \\(commit \\S+\\)");
        }
    }
}
