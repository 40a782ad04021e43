package dev.ecslab.lab.criteria;

import dev.ecslab.lab.oracle.DetectionOracle;
import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns a trace into an {@link Outcome}: the oracle's findings become violations of the criterion
 * the scenario's class judges (misses are criterion 1 on regular scenarios, 7 on pausing ones, and
 * the looping column on looping ones; repeats, spurious and own reports are criterion 2 or looping;
 * late reports are criterion 3), and ordering problems or run errors become criterion O. A pure
 * function of the scenario and the trace: a saved trace re-judges to the same outcome.
 */
public final class Judge {
    private Judge() {
    }

    public static Outcome judge(Scenario scenario, Trace trace) {
        List<Finding> findings = DetectionOracle.judge(scenario, trace);
        List<Violation> out = new ArrayList<>();
        ScenarioClass cls = scenario.scenarioClass();
        for (Finding f : findings) {
            Criterion c = switch (f.type()) {
                case MISSED -> switch (cls) {
                    case REGULAR -> Criterion.AT_LEAST_ONCE;
                    case PAUSING -> Criterion.NOT_LOST_WHEN_PAUSED;
                    case LOOPING -> Criterion.LOOPING;
                };
                case REPEATED, SPURIOUS, OWN -> switch (cls) {
                    case REGULAR -> Criterion.AT_MOST_ONCE;
                    case PAUSING -> null;          // judged on regular scenarios only (DESIGN §5)
                    case LOOPING -> Criterion.LOOPING;
                };
                case LATE -> cls == ScenarioClass.REGULAR ? Criterion.SAME_FRAME : null;
            };
            if (c != null) {
                out.add(new Violation(c, Scope.of(f.watch()), f.describe(), f));
            }
        }
        for (String problem : OrderingCheck.check(scenario, trace)) {
            out.add(new Violation(Criterion.ORDERING, null, problem, null));
        }
        for (String error : trace.errors()) {
            out.add(new Violation(Criterion.ORDERING, null, "the run failed: " + error, null));
        }
        return new Outcome(scenario, trace, findings, out);
    }
}
