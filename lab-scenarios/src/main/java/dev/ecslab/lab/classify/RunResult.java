package dev.ecslab.lab.classify;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Scope;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.oracle.Obligation;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One judged scenario run reduced to what a row records of it: the evidence per criterion and class, one
 * delay per obligation, one failure per violation, whether it hung, and (only when it failed) the scenario
 * and trace its counterexamples show.
 *
 * <p>Why a reduction: a row is a fold of its runs in a fixed order ({@link Lab}), and the fold needs these
 * figures, not the run. Keeping them small lets runs be judged in parallel and recorded later in order
 * ({@code --jobs}), and lets a shard write them to a file that a merge folds exactly as the unsharded run
 * would have ({@link ShardFile}). A passing run keeps no trace.
 *
 * @param seed      the seed of the configuration the run used
 * @param config    the configuration's label, as counterexamples show it
 * @param notShrunk why this run's counterexamples are shown as found ({@code null}: a campaign run, whose
 *                  first failures are shrunk)
 * @param timedOut  the sentence saying the run hung and the rest of its configuration was skipped, or {@code null}
 * @param failures  in the order the judge gave the violations
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(long seed, String config, String notShrunk, String timedOut,
        Map<Criterion, Map<ScenarioClass, Integer>> evidence, List<Delay> delays, List<Failure> failures,
        Scenario scenario, Trace trace) {
    public RunResult {
        Map<Criterion, Map<ScenarioClass, Integer>> copy = new EnumMap<>(Criterion.class);
        evidence.forEach((c, m) -> copy.put(c, m.isEmpty() ? Map.of() : new EnumMap<>(m)));
        evidence = copy;
        delays = List.copyOf(delays);
        failures = List.copyOf(failures);
    }

    /** One obligation of criterion 1, as the delay figures count it. */
    public record Delay(boolean reported, int runs, int frames, Set<ScenarioClass> classes) {
        public Delay {
            classes = Set.copyOf(classes);
        }
    }

    /**
     * One violation: its criterion, scope, words and classes; {@code delayed} when it is a report that came
     * after the claim's deadline (criterion 1's delay figures count those).
     */
    public record Failure(Criterion criterion, Scope scope, String message, Set<ScenarioClass> classes, boolean delayed) {
        public Failure {
            classes = Set.copyOf(classes);
        }
    }

    /** The run's figures; the scenario and the trace are kept only when it failed. */
    public static RunResult of(Outcome outcome, long seed, String config, String notShrunk, String timedOut) {
        List<Delay> delays = new ArrayList<>(outcome.obligations().size());
        for (Obligation o : outcome.obligations()) {
            delays.add(new Delay(o.reported(), o.delayRuns(), o.delayFrames(), o.classes()));
        }
        List<Failure> failures = new ArrayList<>(outcome.violations().size());
        for (Violation v : outcome.violations()) {
            boolean delayed = v.criterion() == Criterion.AT_LEAST_ONCE && v.finding() != null
                    && v.finding().type() == FindingType.DELAYED;
            failures.add(new Failure(v.criterion(), v.scope(), v.message(), v.classes(), delayed));
        }
        boolean failed = !failures.isEmpty();
        return new RunResult(seed, config, notShrunk, timedOut, outcome.evidence(), delays, failures,
                failed ? outcome.scenario() : null, failed ? outcome.trace() : null);
    }

    /** Evidence for {@code c}, every item once (items are counted in exactly one structure class). */
    public int evidence(Criterion c) {
        return Outcome.structureSum(evidence.getOrDefault(c, Map.of()));
    }

    public boolean passes() {
        return failures.isEmpty();
    }
}
