package dev.ecslab.reports.timeline;

import dev.ecslab.lab.criteria.Judge;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.replay.Replay;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.trace.Trace;
import java.util.List;
import java.util.Objects;

/**
 * One violation together with the scenario and trace that show it: what both the words
 * ({@link CounterexampleText}) and the pictures ({@link Timeline}) are drawn from. The report has
 * {@link Counterexample}s, {@code lab replay} has a replay file; both become this, so the two tell
 * the same story.
 *
 * <p>Contract: the trace is the one the violation was judged on. A detection violation carries the
 * oracle's {@code Finding}; from a {@code Counterexample} the finding is recovered by re-judging its
 * trace (the criteria are functions of the trace), and when that gives nothing alike (criteria judged
 * outside {@link Judge}: memory, pure function, ambiguity) the counterexample's own message is kept.
 */
public record ViolationTrace(Scenario scenario, Trace trace, Violation violation) {
    public ViolationTrace {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(trace, "trace");
        Objects.requireNonNull(violation, "violation");
    }

    /** The counterexample's violation, with the oracle's finding when re-judging its trace finds it. */
    public static ViolationTrace of(Counterexample cx) {
        List<Violation> judged = Judge.judge(cx.scenario(), cx.trace()).violations();
        Violation alike = null;
        for (Violation v : judged) {
            if (v.criterion() == cx.criterion() && Objects.equals(v.scope(), cx.scope())) {
                if (v.message().equals(cx.message())) {
                    alike = v;
                    break;
                }
                if (alike == null) {
                    alike = v;
                }
            }
        }
        if (alike == null) {
            alike = new Violation(cx.criterion(), cx.scope(), cx.message(), null, java.util.Set.of());
        }
        return new ViolationTrace(cx.scenario(), cx.trace(), alike);
    }

    /** Every violation of a saved replay file's trace, judged now, each with its scenario and trace. */
    public static List<ViolationTrace> all(Replay.Saved saved) {
        return all(saved.scenario(), saved.trace());
    }

    /** Every violation {@link Judge} finds in the trace, each with its scenario and trace. */
    public static List<ViolationTrace> all(Scenario scenario, Trace trace) {
        return Judge.judge(scenario, trace).violations().stream().map(v -> new ViolationTrace(scenario, trace, v)).toList();
    }
}
