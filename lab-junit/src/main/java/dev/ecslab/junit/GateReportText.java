package dev.ecslab.junit;

import dev.ecslab.lab.replay.Replay;
import dev.ecslab.reports.cli.GateCampaign;
import dev.ecslab.reports.gate.GateVerdict;
import dev.ecslab.reports.timeline.CounterexampleText;
import dev.ecslab.reports.timeline.ScenarioText;
import dev.ecslab.reports.timeline.ViolationTrace;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A gate's report in words, what a {@link GateFailure} says: the verdict's headline, the seed, each check that did not
 * hold with its counterexample in words (the violation and the shrunk scenario, as {@code lab replay} describes them)
 * and its replay commands, then every check as {@code lab gate} prints them, the gate's folder and the equivalent
 * command line. Every word about the verdict comes from the verdict ({@link GateCampaign#checkLines}) or from the replay
 * file, never from a judgement made here.
 */
final class GateReportText {
    /** The lines of a scenario shown in a message; the replay command shows the rest. */
    static final int SCENARIO_LINES = 60;

    private GateReportText() {
    }

    static String of(GateCampaign.Outcome o, boolean engine, GateCampaign.Settings s, ReplayCommand replay, String command,
            List<String> notes) {
        GateVerdict v = o.verdict();
        StringBuilder b = new StringBuilder("LabGate: ").append(GateCampaign.headline(v, engine)).append('\n');
        b.append("seed ").append(s.seed()).append(", ").append(s.tries()).append(" random scenario(s) after the catalogue, ")
                .append(v.scenarios()).append(" scenario(s) in all; this campaign again: -D").append(LabGate.SEED_PROPERTY)
                .append('=').append(s.seed()).append('\n');
        notes.forEach(n -> b.append("note: ").append(n).append('\n'));
        Set<String> explained = new HashSet<>();
        for (GateVerdict.Check c : v.checks()) {
            if (c.holds()) {
                continue;
            }
            b.append('\n').append(c.status() == GateVerdict.Status.NOT_JUDGED ? "promised check not judged: "
                    : "broken promise: ").append(c.name()).append('\n');
            c.detail().lines().forEach(l -> b.append("  ").append(l).append('\n'));
            if (c.replayFile().isEmpty()) {
                continue;
            }
            Path file = o.folder().resolve(c.replayFile());
            if (explained.add(c.replayFile())) {
                b.append("  counterexample, shrunk (as lab replay describes it):\n");
                counterexample(b, file, c.name());
            } else {
                b.append("  counterexample: the one above\n");
            }
            b.append("  replay:\n").append(replay.lines(file, "    ")).append('\n');
        }
        b.append("\nevery check, as lab gate prints them:\n");
        GateCampaign.checkLines(v, engine ? "n/a" : "off", f -> "see above").stream()
                .filter(l -> !l.endsWith("replay: see above")).forEach(l -> b.append(l).append('\n'));
        b.append("files: ").append(o.folder()).append(" (matrix, replay files under counterexamples/)\n");
        b.append("the same gate from the command line: ").append(command).append('\n');
        return b.toString();
    }

    /** The replay file's violation of {@code check}'s criterion in words, and its scenario (at most {@link #SCENARIO_LINES}). */
    private static void counterexample(StringBuilder b, Path file, String check) {
        Replay.Saved saved;
        try {
            saved = Replay.load(file);
        } catch (RuntimeException e) {
            b.append("    (the replay file could not be read back: ").append(e.getMessage()).append(")\n");
            return;
        }
        String code = check.split(" ", 2)[0];
        List<ViolationTrace> all = ViolationTrace.all(saved);
        ViolationTrace shown = all.stream().filter(vt -> vt.violation().criterion().code().equals(code)).findFirst()
                .orElse(all.isEmpty() ? null : all.get(0));
        if (shown != null) {
            CounterexampleText.describe(shown).lines().forEach(l -> b.append("    ").append(l).append('\n'));
        }
        List<String> scenario = ScenarioText.text(saved.scenario()).lines().toList();
        scenario.stream().limit(SCENARIO_LINES).forEach(l -> b.append("    ").append(l).append('\n'));
        if (scenario.size() > SCENARIO_LINES) {
            b.append("    ... and ").append(scenario.size() - SCENARIO_LINES)
                    .append(" more line(s) of the scenario: the replay command prints it whole\n");
        }
    }
}
