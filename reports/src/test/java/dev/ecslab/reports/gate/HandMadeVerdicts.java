package dev.ecslab.reports.gate;

import dev.ecslab.ecs.change.ClaimedClass;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.classify.HandMadeRows;
import dev.ecslab.lab.classify.Row;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.results.Counterexample;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.run.ScenarioRunner;
import dev.ecslab.lab.run.TrackerSubject;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.Trace;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gate verdicts on hand-made one-row matrices whose every figure is known, for the gate's output formats:
 * one that passes every check and one that fails some (a change lost on pausing scenarios, a campaign cut
 * short), of the same configuration and expected class.
 */
final class HandMadeVerdicts {
    /** The replay file the failing verdict's counterexample is written to, relative to the output folder. */
    static final String REPLAY = "counterexamples/001-x-serial-1-pausing.json";
    /** Its message, with characters that annotations must escape. */
    static final String MESSAGE = "by hand: `detector` missed 100% of A, e0:e1\nsecond line";

    private static Scenario scenario;
    private static Trace trace;

    private HandMadeVerdicts() {
    }

    /** The verdict of {@code strategy} under serial, expected {@code expected}; failing or not. */
    static GateVerdict of(String strategy, ClaimedClass expected, boolean failing) {
        return of(strategy, expected, failing, null);
    }

    /**
     * As {@link #of(String, ClaimedClass, boolean)}, with criteria 1 and 2 left unjudged on scenario class
     * {@code unjudged} (null: none): every figure passes, but a promise went unchecked.
     */
    static GateVerdict of(String strategy, ClaimedClass expected, boolean failing, ScenarioClass unjudged) {
        return of(HandMadeRows.notJudged(strategy, expected, "serial"), expected, failing, unjudged);
    }

    /** As {@link #of(String, ClaimedClass, boolean, ScenarioClass)}, on a row made by the caller (unjudged). */
    static GateVerdict of(Row r, ClaimedClass expected, boolean failing, ScenarioClass unjudged) {
        String strategy = r.strategy();
        for (Criterion c : List.of(Criterion.CRASH, Criterion.SAME_FRAME, Criterion.PURE_FUNCTION, Criterion.ORDERING,
                Criterion.BOUNDED_MEMORY)) {
            HandMadeRows.judged(r, c, ScenarioClass.REGULAR, 10);
        }
        for (ScenarioClass cls : ScenarioClass.values()) {
            if (cls == unjudged) {
                continue;
            }
            HandMadeRows.judged(r, Criterion.AT_LEAST_ONCE, cls, 10);
            HandMadeRows.judged(r, Criterion.AT_MOST_ONCE, cls, 10);
        }
        HandMadeRows.obligations(r, ScenarioClass.REGULAR, 10, 0);
        Map<Counterexample, String> files = new IdentityHashMap<>();
        if (failing) {
            Counterexample x = new Counterexample(Criterion.AT_LEAST_ONCE, new Scope(false, WatchKind.ADDED), MESSAGE,
                    scenario(), scenario(), 1, strategy + " / serial / seed 1", trace);
            HandMadeRows.failed(r, Criterion.AT_LEAST_ONCE, x, ScenarioClass.PAUSING);
            HandMadeRows.obligations(r, ScenarioClass.PAUSING, 2, -1);
            HandMadeRows.skipped(r, "a run of this configuration did not finish within 30 s");
            files.put(x, REPLAY);
        }
        return GateVerdict.of(HandMadeRows.matrix(12, List.of(r)), expected, 3, files, true);
    }

    private static synchronized Scenario scenario() {
        if (scenario == null) {
            scenario = Catalogue.atLeastOnce(Target.COMPONENT);
            trace = ScenarioRunner.run(scenario, new LabConfig(TrackerSubject.find("flags",
                    HandMadeVerdicts.class.getClassLoader()), ExecutorSubject.of("serial"), 1));
        }
        return scenario;
    }
}
