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
 * ({@code --jobs}), and lets a shard write them to a file that a merge adds up exactly as the unsharded run
 * would have ({@link ShardFile}). A passing run keeps no trace.
 *
 * @param seed      the seed of the configuration the run used (0 when it passed: only counterexamples show it)
 * @param config    the configuration's label, as counterexamples show it ({@code null} when it passed)
 * @param notShrunk why this run's counterexamples are shown as found ({@code null}: a campaign run, whose
 *                  first failures are shrunk; or a run that passed)
 * @param timedOut  the sentence saying the run hung and the rest of its configuration was skipped, or {@code null}
 * @param failures  in the order the judge gave the violations
 * @param pastHorizon changes a detector missed past the horizon its strategy claims (never gated), and the
 *                  first of them in words; {@code null} when there were none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(long seed, String config, String notShrunk, String timedOut,
        Map<Criterion, Map<ScenarioClass, Integer>> evidence, List<Delay> delays, List<Failure> failures,
        Scenario scenario, Trace trace, PastHorizon pastHorizon) {
    public RunResult {
        Map<Criterion, Map<ScenarioClass, Integer>> copy = new EnumMap<>(Criterion.class);
        evidence.forEach((c, m) -> copy.put(c, m.isEmpty() ? Map.of() : new EnumMap<>(m)));
        evidence = copy;
        delays = List.copyOf(delays);
        failures = List.copyOf(failures);
    }

    /**
     * Criterion 1's obligations of one set of scenario classes, as the delay figures count them: how many, how
     * many were reported, how many late, the largest and the summed delays in detector runs and frames. A run
     * keeps one per class set, not one per obligation: the figures add up the same, and a long run's file stays small.
     */
    public record Delay(Set<ScenarioClass> classes, long obligations, long reported, long late, int maxRuns, int maxFrames,
            long sumRuns, long sumFrames) {
        public Delay {
            classes = inOrder(classes);
        }

        /** One obligation: reported {@code runs} detector runs and {@code frames} frames late, or never. */
        public static Delay of(boolean reported, int runs, int frames, Set<ScenarioClass> classes) {
            return reported ? new Delay(classes, 1, 1, runs > 0 ? 1 : 0, runs, frames, runs, frames)
                    : new Delay(classes, 1, 0, 0, 0, 0, 0, 0);
        }

        Delay plus(Delay o) {
            return new Delay(classes, obligations + o.obligations, reported + o.reported, late + o.late,
                    Math.max(maxRuns, o.maxRuns), Math.max(maxFrames, o.maxFrames), sumRuns + o.sumRuns, sumFrames + o.sumFrames);
        }
    }

    /**
     * One violation: its criterion, scope, words and classes; {@code delayed} when it is a report that came
     * after the claim's deadline (criterion 1's delay figures count those). {@code count} is how many violations
     * of the run it stands for: a run keeps the first of each criterion, scope, classes and lateness, with the
     * number of them, because the fold needs no more (it counts failing runs, makes a counterexample of a
     * scope's first violation, and counts late reports), while a broken strategy on a world of 10⁴ entities can
     * violate a criterion tens of thousands of times in one run (1.5 million violations were alive at once in
     * a default {@code lab run}, most of its heap). A count of 0 (a file written before counts) reads as 1.
     */
    public record Failure(Criterion criterion, Scope scope, String message, Set<ScenarioClass> classes, boolean delayed,
            int count) {
        public Failure {
            classes = inOrder(classes);
            count = Math.max(1, count);
        }

        /** One violation. */
        public Failure(Criterion criterion, Scope scope, String message, Set<ScenarioClass> classes, boolean delayed) {
            this(criterion, scope, message, classes, delayed, 1);
        }

        /** What makes violations one failure: all but the words. */
        List<Object> key() {
            return java.util.Arrays.asList(criterion, scope, classes, delayed);
        }
    }

    /** Changes missed past the claimed horizon in one run: how many, and the first in words with its scenario. */
    public record PastHorizon(int changes, String first) {
    }

    /**
     * The classes in their declared order, so a shard file lists them alike in every JVM ({@code Set.copyOf}'s
     * iteration order changes from one JVM to the next).
     */
    static Set<ScenarioClass> inOrder(Set<ScenarioClass> classes) {
        return classes.isEmpty() ? Set.of() : java.util.Collections.unmodifiableSet(java.util.EnumSet.copyOf(classes));
    }

    /** The run's figures; the scenario and the trace are kept only when it failed. */
    public static RunResult of(Outcome outcome, long seed, String config, String notShrunk, String timedOut) {
        Map<Set<ScenarioClass>, Delay> byClasses = new java.util.LinkedHashMap<>();
        for (Obligation o : outcome.obligations()) {
            Delay d = Delay.of(o.reported(), o.delayRuns(), o.delayFrames(), o.classes());
            byClasses.merge(d.classes(), d, Delay::plus);
        }
        List<Delay> delays = new ArrayList<>(byClasses.values());
        List<Failure> failures = collapse(outcome.violations());
        boolean failed = !failures.isEmpty();
        List<dev.ecslab.lab.oracle.Finding> past = outcome.findings().stream()
                .filter(f -> f.type() == FindingType.PAST_HORIZON).toList();
        PastHorizon pastHorizon = past.isEmpty() ? null : new PastHorizon(past.size(), past.get(0).describe()
                + " [scenario '" + outcome.scenario().name() + "', the claim covers "
                + outcome.trace().config().claimedHorizon().describe() + "]");
        return new RunResult(failed ? seed : 0, failed ? config : null, failed ? notShrunk : null, timedOut,
                outcome.evidence(), delays, failures, failed ? outcome.scenario() : null, failed ? outcome.trace() : null,
                pastHorizon);
    }

    /**
     * The violations as failures, in the judge's order: the first of each criterion, scope, classes and lateness,
     * counting the others ({@link Failure#count}).
     */
    static List<Failure> collapse(List<Violation> violations) {
        Map<List<Object>, Integer> at = new java.util.HashMap<>();
        List<Failure> failures = new ArrayList<>();
        for (Violation v : violations) {
            boolean delayed = v.criterion() == Criterion.AT_LEAST_ONCE && v.finding() != null
                    && v.finding().type() == FindingType.DELAYED;
            Failure f = new Failure(v.criterion(), v.scope(), v.message(), v.classes(), delayed);
            Integer i = at.putIfAbsent(f.key(), failures.size());
            if (i == null) {
                failures.add(f);
            } else {
                Failure first = failures.get(i);
                failures.set(i, new Failure(first.criterion(), first.scope(), first.message(), first.classes(),
                        first.delayed(), first.count() + 1));
            }
        }
        return failures;
    }

    /** Evidence for {@code c}, every item once (items are counted in exactly one structure class). */
    public int evidence(Criterion c) {
        return Outcome.structureSum(evidence.getOrDefault(c, Map.of()));
    }

    public boolean passes() {
        return failures.isEmpty();
    }
}
