package dev.ecslab.reports.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code lab stress}: the full JCStress set, through {@code jcstress-tests/run.sh}. */
@Command(name = "stress", mixinStandardHelpOptions = true, description = {
    "Runs the JCStress tests (jcstress-tests/run.sh MODE REGEX) and prints where the HTML report is.",
    "Exit codes: 0 passed; 1 a FORBIDDEN outcome, an error, a pattern matching no test, a buggy variant",
    "that did not show its bug, or a test without results; 2 the jar is missing (./lab builds it)."})
final class StressCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "MODE", description = "sanity, quick, default (default) or tough")
    String mode = "default";

    @Parameters(index = "1", arity = "0..1", paramLabel = "REGEX", description = "which tests (default: all of ecslab's)")
    String regex = "dev\\.ecslab\\.stress\\..*";

    @Override
    public Integer call() throws Exception {
        if (!List.of("sanity", "quick", "default", "tough", "stress").contains(mode)) {
            System.err.println("lab stress: unknown mode '" + mode + "': sanity, quick, default, tough or stress");
            return 2;
        }
        Path script = RepositoryRoot.find().resolve("jcstress-tests").resolve("run.sh");
        if (!Files.isRegularFile(script)) {
            System.err.println("lab stress: " + script + " not found; run inside an ecslab checkout");
            return 2;
        }
        Process p = new ProcessBuilder("bash", script.toString(), mode, regex).inheritIO().start();
        try (var stop = Interrupts.cleanUpOnCtrlC(null)) {
            return p.waitFor();
        } finally {
            p.destroy();
        }
    }
}
