package dev.ecslab.reports.cli;

import dev.ecslab.ecs.input.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code lab stress}: the full JCStress set, through {@code jcstress-tests/run.sh}. */
@Command(name = "stress", mixinStandardHelpOptions = true, versionProvider = LabVersion.class,
    header = "Runs the JCStress tests and says where their report is.",
    description = {
        "Runs the JCStress tests (jcstress-tests/run.sh MODE REGEX in the ecslab checkout; ./lab stress builds the"
            + " JCStress jar when it is missing or older than its sources) and prints where the HTML report is"
            + " (jcstress-tests/target/jcstress-results/index.html)."},
    exitCodeListHeading = LabMain.EXIT_CODES,
    exitCodeList = {"0:every test passed", "1:a FORBIDDEN outcome, an error, a pattern matching no test, a buggy variant"
            + " that did not show its bug, or a test without results", LabMain.BAD_INPUT_LINE + ", or the JCStress jar is"
            + " missing", LabMain.INTERNAL_LINE, LabMain.STOPPED_LINE})
final class StressCommand implements Callable<Integer> {
    static final List<String> MODES = List.of("sanity", "quick", "default", "tough", "stress");

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "MODE", description = "sanity, quick, default (default), tough or"
            + " stress")
    String mode = "default";

    @Parameters(index = "1", arity = "0..1", paramLabel = "REGEX", description = "which tests (default: all of ecslab's)")
    String regex = "dev\\.ecslab\\.stress\\..*";

    @Override
    public Integer call() throws Exception {
        if (!MODES.contains(mode)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "unknown mode '" + mode
                    + "': sanity, quick, default, tough or stress");
        }
        Path script = RepositoryRoot.required("lab stress", "the JCStress tests and their build script").resolve("jcstress-tests")
                .resolve("run.sh");
        if (!Files.isRegularFile(script)) {
            throw new BadInputException(script.toString(), "", "not found; lab stress runs inside an ecslab checkout");
        }
        Process p = new ProcessBuilder("bash", script.toString(), mode, regex).inheritIO().start();
        try (var stop = Interrupts.arm(null)) {
            stop.alsoOnStop(() -> ProcessTree.destroy(p));
            int code = p.waitFor();
            return code == 2 ? LabMain.BAD_INPUT : code == 0 ? 0 : 1;
        } finally {
            ProcessTree.destroy(p);
        }
    }
}
