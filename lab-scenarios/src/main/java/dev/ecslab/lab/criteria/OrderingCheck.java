package dev.ecslab.lab.criteria;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Criterion O from the trace and the scenario alone: in every stage iteration, each system that
 * should run ran exactly once, each declared before/after was honored (the first run's finish comes
 * before the second's start in sequence order, which is consistent with happens-before), and no two
 * conflicting systems overlapped.
 */
public final class OrderingCheck {
    private OrderingCheck() {
    }

    public static List<String> check(Scenario scenario, Trace trace) {
        List<String> out = new ArrayList<>();
        Map<String, List<RunRecord>> groups = new LinkedHashMap<>();
        for (RunRecord r : trace.runs()) {
            groups.computeIfAbsent(r.frame() + "|" + r.stage() + "|" + r.iteration(), k -> new ArrayList<>()).add(r);
        }
        if (trace.errors().isEmpty()) {
            counts(scenario, trace, out);
        }
        for (List<RunRecord> group : groups.values()) {
            StageSpec stage = scenario.stageOf(group.get(0).system());
            Map<String, RunRecord> byName = new HashMap<>();
            group.forEach(r -> byName.put(r.system(), r));
            for (SystemSpec s : stage.systems()) {
                for (String t : s.before()) {
                    edge(byName.get(s.name()), byName.get(t), "before", out);
                }
                for (String t : s.after()) {
                    edge(byName.get(t), byName.get(s.name()), "after", out);
                }
            }
            for (int i = 0; i < group.size(); i++) {
                for (int j = i + 1; j < group.size(); j++) {
                    RunRecord a = group.get(i);
                    RunRecord b = group.get(j);
                    boolean apart = a.finishSeq() < b.startSeq() || b.finishSeq() < a.startSeq();
                    if (!apart && ScenarioAccess.conflicts(scenario.system(a.system()), scenario.system(b.system()))) {
                        out.add(a + " and " + b + " overlapped although they conflict on "
                                + ScenarioAccess.conflictsOn(scenario.system(a.system()), scenario.system(b.system())));
                    }
                }
            }
        }
        return out;
    }

    private static void edge(RunRecord first, RunRecord second, String how, List<String> out) {
        if (first != null && second != null && first.finishSeq() > second.startSeq()) {
            out.add(second + " started before " + first + " finished, though " + first.system() + " is ordered before "
                    + second.system() + " (" + how + ")");
        }
    }

    private static void counts(Scenario scenario, Trace trace, List<String> out) {
        Map<String, Integer> seen = new HashMap<>();
        for (RunRecord r : trace.runs()) {
            seen.merge(r.system() + "|" + r.frame() + "|" + r.iteration(), 1, Integer::sum);
        }
        for (StageSpec st : scenario.stages()) {
            for (SystemSpec s : st.systems()) {
                for (int f = 0; f < scenario.totalFrames(); f++) {
                    for (int it = 0; it < st.iterations(); it++) {
                        int expected = scenario.runsIn(s, f) ? 1 : 0;
                        int got = seen.getOrDefault(s.name() + "|" + f + "|" + it, 0);
                        if (got != expected) {
                            out.add(s.name() + " ran " + got + " time(s) in frame " + f + (it > 0 ? " iteration " + it : "")
                                    + ", expected " + expected);
                        }
                    }
                }
            }
        }
    }
}
