package dev.ecslab.reports.cli;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Matrix;
import dev.ecslab.lab.classify.Promise;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.PluginJars;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.reports.gate.GateVerdict;
import dev.ecslab.reports.gate.JUnitXml;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code lab gate}: the CI correctness gate for one configuration. */
@Command(name = "gate", mixinStandardHelpOptions = true, description = {
    "Runs the criteria on one configuration (a strategy under an executor) and exits 0 only if every",
    "promise of its expected class (--expect, or the strategy's claim) holds: no crash, ordering (O),",
    "ambiguity detection (A), a pure frame (8), bounded memory (6), and criteria 1 (within the claimed",
    "delay) and/or 2 on every scenario class (regular, pausing, looping, commands, resources) as the",
    "class promises. A promised check that no run judged fails. Other findings are reported, not gated.",
    "Writes JUnit XML (--junit) for CI test reports and one replay file per counterexample (--out).",
    "Exit codes: 0 passed, 1 failed, 2 bad input."})
final class GateCommand implements Callable<Integer> {
    @Option(names = "--strategy", required = true, description = "the strategy id (label), e.g. generation or flag-doubling/immediate")
    String strategy;

    @Option(names = "--executor", required = true,
            description = "serial, staged, dynamic, an id from --executor-jar (or a mutant's id)")
    String executor;

    @Option(names = "--expect", description = "exact, exact-delayed, conservative or flaky (default: the strategy's"
            + " claimed class)")
    String expect;

    @Option(names = "--delay", description = "frames a report may be late under --expect (default: the strategy's"
            + " claimed delay; 1 for exact-delayed; 0 means the detector's first run after the change)")
    Integer delay;

    @Mixin
    CampaignOptions campaign = new CampaignOptions();

    @Option(names = "--junit", description = "write JUnit XML here")
    Path junit;

    @Option(names = "--out", description = "where counterexample replay files go (default ${DEFAULT-VALUE})")
    Path out = Path.of("reports", "out", "gate");


    @Override
    public Integer call() throws Exception {
        PluginJars jars;
        try {
            jars = campaign.openJars();
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("lab gate: " + e.getMessage());
            return 2;
        }
        try (jars) {
            return gate(jars);
        }
    }

    private int gate(PluginJars jars) throws Exception {
        TrackerSubject subject;
        ExecutorSubject exec;
        ClaimedClass expected;
        try {
            TrackerSubject claimed = LabMain.trackerSubject(strategy, jars.loader());
            exec = LabMain.executorSubject(executor, jars.loader());
            expected = expect != null ? parseClass(expect) : claimed.claimed();
            if (expected == null) {
                throw new IllegalArgumentException("strategy '" + strategy + "' claims no class; pass --expect");
            }
            int frames = delayFor(expected, claimed);
            subject = new TrackerSubject(claimed.id(), claimed.flavor(), expected, claimed.description(), claimed.factory(),
                    frames, claimed.jar());
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("lab gate: " + e.getMessage());
            return 2;
        }
        long start = System.nanoTime();
        Matrix m;
        try (var stop = Interrupts.cleanUpOnCtrlC(out)) {
            m = campaign.run(List.of(subject), List.of(exec));
        }
        var files = MatrixReport.write(m, out);
        GateVerdict v = GateVerdict.of(m, expected, (System.nanoTime() - start) / 1_000_000_000L, files, !campaign.noMemory);
        if (junit != null) {
            Path parent = junit.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            AtomicFiles.write(junit, JUnitXml.of(v));
        }
        System.out.printf(Locale.ROOT, "gate %s / %s: expected %s, measured %s: %s%n", v.strategy(), v.executor(),
                new Promise(expected, v.allowedDelayFrames()).describe(), v.measured().label(), v.passes() ? "PASS" : "FAIL");
        for (GateVerdict.Check c : v.checks()) {
            String mark = switch (c.status()) {
                case PASS -> "ok";
                case FAIL -> c.gating() ? "FAIL" : "note";
                case NOT_JUDGED -> c.gating() ? "FAIL" : "n/j";
                case NOT_RUN -> "off";
            };
            System.out.printf(Locale.ROOT, "  %-4s %-44s %s%n", mark, c.name(),
                    c.status() == GateVerdict.Status.PASS ? "" : c.detail().lines().findFirst().orElse(""));
        }
        if (!v.passes()) {
            System.out.println("replay files: " + out.resolve("counterexamples") + " (./lab replay FILE)");
        } else if (!v.notes().isEmpty()) {
            System.out.println(v.notes().size() + " finding(s) reported, not gated (the expected class does not promise"
                    + " them); replay files:");
            v.notes().forEach(f -> System.out.println("  " + out.resolve(f)));
        }
        return v.passes() ? 0 : 1;
    }

    /** The delay the gate allows: --delay, else the claim's, else 1 for exact-delayed and 0 for the rest. */
    private int delayFor(ClaimedClass expected, TrackerSubject claimed) {
        if (delay != null) {
            if (delay < 0) {
                throw new IllegalArgumentException("--delay must be 0 or more, was " + delay);
            }
            if (expected == ClaimedClass.EXACT && delay != 0) {
                throw new IllegalArgumentException("--expect exact allows no delay; use --expect exact-delayed --delay " + delay);
            }
            return delay;
        }
        if (expected == ClaimedClass.EXACT) {
            return 0;
        }
        if (expected == ClaimedClass.EXACT_DELAYED) {
            return Math.max(1, claimed.delayFrames());
        }
        return expected == claimed.claimed() ? claimed.delayFrames() : 0;
    }

    static ClaimedClass parseClass(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "exact" -> ClaimedClass.EXACT;
            case "exact-delayed" -> ClaimedClass.EXACT_DELAYED;
            case "conservative" -> ClaimedClass.CONSERVATIVE;
            case "flaky" -> ClaimedClass.FLAKY;
            default -> throw new IllegalArgumentException("--expect " + s + ": expected exact, exact-delayed, conservative"
                    + " or flaky");
        };
    }
}
