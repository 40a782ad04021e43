package dev.ecslab.reports.cli;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.classify.Matrix;
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
    "Runs the criteria on one configuration (a strategy under an executor) and exits 0 only if it meets",
    "its expected class (--expect, or the strategy's claim) and the ordering and ambiguity criteria hold.",
    "Writes JUnit XML (--junit) for CI test reports and one replay file per counterexample (--out).",
    "Exit codes: 0 passed, 1 failed, 2 bad input."})
final class GateCommand implements Callable<Integer> {
    @Option(names = "--strategy", required = true, description = "the strategy id (label), e.g. generation or flag-doubling/immediate")
    String strategy;

    @Option(names = "--executor", required = true,
            description = "serial, staged, dynamic, an id from --executor-jar (or a mutant's id)")
    String executor;

    @Option(names = "--expect", description = "exact, conservative or flaky (default: the strategy's claimed class)")
    String expect;

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
            subject = LabMain.trackerSubject(strategy, jars.loader());
            exec = LabMain.executorSubject(executor, jars.loader());
            expected = expect != null ? parseClass(expect) : subject.claimed();
            if (expected == null) {
                throw new IllegalArgumentException("strategy '" + strategy + "' claims no class; pass --expect");
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            System.err.println("lab gate: " + e.getMessage());
            return 2;
        }
        long start = System.nanoTime();
        Matrix m;
        try (var stop = Interrupts.cleanUpOnCtrlC(out)) {
            m = campaign.run(List.of(subject), List.of(exec));
        }
        GateVerdict v = GateVerdict.of(m, expected, (System.nanoTime() - start) / 1_000_000_000L);
        MatrixReport.write(m, out);
        if (junit != null) {
            Path parent = junit.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            AtomicFiles.write(junit, JUnitXml.of(v));
        }
        System.out.printf(Locale.ROOT, "gate %s / %s: expected %s, measured %s: %s%n", v.strategy(), v.executor(),
                expected.name().toLowerCase(), v.measured().name().toLowerCase(), v.passes() ? "PASS" : "FAIL");
        for (GateVerdict.Check c : v.checks()) {
            System.out.printf(Locale.ROOT, "  %-4s %-40s %s%n", c.passes() ? "ok" : c.gating() ? "FAIL" : "note", c.name(),
                    c.passes() ? "" : c.detail().lines().findFirst().orElse(""));
        }
        if (!v.passes()) {
            System.out.println("replay files: " + out.resolve("counterexamples") + " (./lab replay FILE)");
        }
        return v.passes() ? 0 : 1;
    }

    static ClaimedClass parseClass(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "exact" -> ClaimedClass.EXACT;
            case "conservative" -> ClaimedClass.CONSERVATIVE;
            case "flaky" -> ClaimedClass.FLAKY;
            default -> throw new IllegalArgumentException("--expect " + s + ": expected exact, conservative or flaky");
        };
    }
}
