package dev.ecslab.lab.criteria;

import dev.ecslab.lab.oracle.DetectionOracle;
import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.oracle.Obligation;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.ScenarioModel;
import dev.ecslab.lab.trace.Crash;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a trace into an {@link Outcome}. A pure function of the scenario and the trace (the allowed
 * delay is in the trace's configuration), so a saved trace re-judges to the same outcome.
 * <ul>
 *   <li><b>Crash (X).</b> Every exception the lab's guards caught from the strategy or the executor,
 *       and any other way the run ended early (a failed system, a command that failed, a timeout),
 *       is a crash violation. A crashed run judges nothing else: its detections stopped part way, so
 *       a miss there would be the crash counted twice, and a crash must never pass as another
 *       criterion's failure or be hidden behind one.</li>
 *   <li><b>1 at least once.</b> Every obligation must be met within the delay the claim allows
 *       ({@link Obligation#metWithin}: by the detector's first run at least that many frames after the
 *       due run): a miss, or a report later than allowed, fails it.</li>
 *   <li><b>2 at most once.</b> Repeated, spurious and own reports.</li>
 *   <li><b>3 same frame.</b> A change whose due run is in its own frame and does not report it.</li>
 *   <li>Criteria 1, 2 and 3 are judged in every scenario class; each violation carries the classes it
 *       belongs to.</li>
 *   <li><b>O ordering</b> from the lab's own evidence ({@link OrderingCheck}).</li>
 *   <li><b>7 not lost when paused</b> and <b>L looping stages</b> are views of criteria 1 and 2 on one scenario
 *       class: their evidence is criterion 1's obligations in the pausing (7) or looping (L) class, and a
 *       violation counts in them as {@link #cellsOf} says.</li>
 *   <li><b>8 pure function.</b> A scenario without racy pairs must end in the state the lab's own
 *       {@link ScenarioModel} computes, under every executor and seed.</li>
 * </ul>
 */
public final class Judge {
    private Judge() {
    }

    public static Outcome judge(Scenario scenario, Trace trace) {
        ScenarioClass structure = scenario.structure();
        Map<Criterion, Map<ScenarioClass, Integer>> evidence = new EnumMap<>(Criterion.class);
        List<Violation> out = new ArrayList<>();
        count(evidence, Criterion.CRASH, Set.of(structure));
        if (trace.crashed()) {
            crashes(trace, structure, out);
            return new Outcome(scenario, trace, List.of(), List.of(), out, evidence);
        }
        int allowed = trace.config().delayFrames();
        DetectionOracle.Result oracle = DetectionOracle.judge(scenario, trace);
        for (Obligation o : oracle.obligations()) {
            count(evidence, Criterion.AT_LEAST_ONCE, o.classes());
            count(evidence, Criterion.AT_MOST_ONCE, o.classes());
            if (o.due().frame() == o.change().frame()) {
                count(evidence, Criterion.SAME_FRAME, o.classes());
            }
        }
        classViews(evidence);
        Map<String, List<RunRecord>> runsOf = new HashMap<>();
        Map<Object, Finding> timing = new HashMap<>();            // the MISSED or DELAYED finding of each obligation
        for (Finding f : oracle.findings()) {
            if (f.type() == FindingType.MISSED || f.type() == FindingType.DELAYED) {
                timing.put(List.of(f.detector(), f.watch(), f.change().id()), f);
            }
        }
        for (Obligation o : oracle.obligations()) {
            List<RunRecord> runs = runsOf.computeIfAbsent(o.detector(), d -> DetectionOracle.detectorRuns(trace, d));
            if (o.metWithin(allowed, runs)) {
                continue;
            }
            Finding f = timing.get(List.of(o.detector(), o.watch(), o.change().id()));
            String message = f.describe() + (f.type() != FindingType.DELAYED ? ""
                    : allowed == 0 ? "; the claim allows no delay"
                    : "; the claim allows " + allowed + " frame(s), and the detector ran in time to report it");
            out.add(new Violation(Criterion.AT_LEAST_ONCE, Scope.of(f.watch()), message, f, f.classes()));
        }
        for (Finding f : oracle.findings()) {
            Criterion c = switch (f.type()) {
                case MISSED, DELAYED -> null;                      // judged above, against the allowed delay
                case REPEATED, SPURIOUS, OWN -> Criterion.AT_MOST_ONCE;
                case LATE -> Criterion.SAME_FRAME;
                case PAST_HORIZON -> null;                         // past the claim: reported, never gated
            };
            if (c != null) {
                out.add(new Violation(c, Scope.of(f.watch()), f.describe(), f, f.classes()));
            }
        }
        ScenarioModel model = ScenarioModel.of(scenario);
        List<String> ordering = OrderingCheck.check(scenario, trace, model);
        count(evidence, Criterion.ORDERING, Set.of(structure), Math.max(1, trace.runs().size()));
        for (String problem : ordering) {
            out.add(new Violation(Criterion.ORDERING, null, problem, null, Set.of(structure)));
        }
        if (ScenarioAccess.racyPairs(scenario).isEmpty()) {
            count(evidence, Criterion.PURE_FUNCTION, Set.of(structure));
            String diff = firstDifference(model.finalState(), trace.finalState());
            if (diff != null) {
                out.add(new Violation(Criterion.PURE_FUNCTION, null, "the scenario has no racy pair, yet it ended in another"
                        + " state than the lab's model of it computes: " + diff, null, Set.of(structure)));
            }
        }
        return new Outcome(scenario, trace, oracle.findings(), oracle.obligations(), out, evidence);
    }

    /**
     * The class views' evidence: criterion 1's obligations in the pausing class are 7's, and those in the looping
     * class are L's (criterion 2 judges the same obligations, so L's count is theirs too).
     */
    private static void classViews(Map<Criterion, Map<ScenarioClass, Integer>> evidence) {
        Map<ScenarioClass, Integer> first = evidence.getOrDefault(Criterion.AT_LEAST_ONCE, Map.of());
        int paused = first.getOrDefault(ScenarioClass.PAUSING, 0);
        if (paused > 0) {
            count(evidence, Criterion.NOT_LOST_WHEN_PAUSED, Set.of(ScenarioClass.PAUSING), paused);
        }
        int looping = first.getOrDefault(ScenarioClass.LOOPING, 0);
        if (looping > 0) {
            count(evidence, Criterion.LOOPING, Set.of(ScenarioClass.LOOPING), looping);
        }
    }

    /**
     * The cells a violation of {@code criterion} in {@code classes} counts in, its own first: a miss (1) in the
     * pausing class also fails 7, and a miss or a repeat (1 or 2) in the looping class also fails L.
     */
    public static List<Criterion> cellsOf(Criterion criterion, Set<ScenarioClass> classes) {
        List<Criterion> out = new ArrayList<>(List.of(criterion));
        boolean detection = criterion == Criterion.AT_LEAST_ONCE || criterion == Criterion.AT_MOST_ONCE;
        if (criterion == Criterion.AT_LEAST_ONCE && classes.contains(ScenarioClass.PAUSING)) {
            out.add(Criterion.NOT_LOST_WHEN_PAUSED);
        }
        if (detection && classes.contains(ScenarioClass.LOOPING)) {
            out.add(Criterion.LOOPING);
        }
        return out;
    }

    /** One violation per distinct crash (source, call and exception), or one for how the run ended. */
    private static void crashes(Trace trace, ScenarioClass structure, List<Violation> out) {
        Set<String> seen = new HashSet<>();
        for (Crash c : trace.crashes()) {
            String call = c.call().replaceAll(" of entity #\\d+| of Entity\\S*|#\\d+", "");
            if (!seen.add(c.source() + "|" + call + "|" + c.exception())) {
                continue;
            }
            Scope scope = c.kind() == null ? null : new Scope(Boolean.TRUE.equals(c.resource()), c.kind());
            Set<ScenarioClass> cls = new HashSet<>(Set.of(structure));
            if (Boolean.TRUE.equals(c.resource())) {
                cls.add(ScenarioClass.RESOURCES);
            }
            String context = trace.errors().isEmpty() ? "" : "; the run: " + trace.errors().get(0);
            out.add(new Violation(Criterion.CRASH, scope, c.describe() + context, null, cls));
        }
        if (trace.crashes().isEmpty()) {
            out.add(new Violation(Criterion.CRASH, null, "the run failed: " + String.join("; ", trace.errors()), null,
                    Set.of(structure)));
        }
    }

    private static void count(Map<Criterion, Map<ScenarioClass, Integer>> evidence, Criterion c, Set<ScenarioClass> classes) {
        count(evidence, c, classes, 1);
    }

    private static void count(Map<Criterion, Map<ScenarioClass, Integer>> evidence, Criterion c, Set<ScenarioClass> classes,
            int n) {
        Map<ScenarioClass, Integer> m = evidence.computeIfAbsent(c, k -> new EnumMap<>(ScenarioClass.class));
        for (ScenarioClass cls : classes) {
            m.merge(cls, n, Integer::sum);
        }
    }

    /** The first line where two canonical states differ, in words, or {@code null} when they are equal. */
    static String firstDifference(List<String> expected, List<String> got) {
        for (int i = 0; i < Math.max(expected.size(), got.size()); i++) {
            String e = i < expected.size() ? expected.get(i) : "(nothing)";
            String g = i < got.size() ? got.get(i) : "(nothing)";
            if (!e.equals(g)) {
                return "expected '" + e + "', got '" + g + "'";
            }
        }
        return null;
    }
}
