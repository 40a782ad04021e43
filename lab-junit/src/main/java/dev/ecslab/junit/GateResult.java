package dev.ecslab.junit;

import dev.ecslab.reports.gate.GateVerdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a gate run by {@link LabGate#run()} found: the command line's verdict ({@link GateVerdict}, the same object
 * {@code lab gate} builds, so its checks and their words are the command line's), where its files are, the campaign's
 * seed and size, and the report a failure shows. It exists for a test that wants to look at a verdict rather than
 * assert it ({@link LabGate#assertHolds()} is {@code run()} plus a {@link GateFailure} when this does not pass).
 *
 * @param verdict the gate's verdict: its checks, the measured class, the scenarios judged
 * @param folder  the gate's folder: {@code matrix.md}, {@code matrix.json} and {@code counterexamples/}
 * @param seed    the campaign's first seed (what {@code -Decslab.seed} sets)
 * @param tries   the random scenarios after the catalogue
 * @param report  the report in words: the failure message when the gate does not pass, a summary when it does
 */
public record GateResult(GateVerdict verdict, Path folder, long seed, int tries, String report) {
    public GateResult {
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(report, "report");
    }

    /** True when every gated check holds: nothing crashed or hung, every promise held, every promised check judged. */
    public boolean passes() {
        return verdict.passes();
    }

    /** The gated checks that did not hold, in the verdict's order. */
    public List<GateVerdict.Check> brokenChecks() {
        return verdict.checks().stream().filter(c -> !c.holds()).toList();
    }

    /** The replay files of the checks that did not hold, each once, as absolute paths. */
    public List<Path> replayFiles() {
        List<Path> out = new ArrayList<>();
        for (GateVerdict.Check c : brokenChecks()) {
            if (!c.replayFile().isEmpty() && !out.contains(folder.resolve(c.replayFile()))) {
                out.add(folder.resolve(c.replayFile()));
            }
        }
        return out;
    }
}
