package dev.ecslab.lab.criteria;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioAccess;
import dev.ecslab.lab.scenario.ScenarioModel;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Criterion O from the lab's own evidence and the scenario alone, never from what the executor under
 * test reports of itself: <ul>
 *   <li><b>runs</b>: every run the lab's {@link ScenarioModel} expects happened exactly once, and no
 *       other;</li>
 *   <li><b>orders</b>: in each stage iteration, every ordering edge (declared, and under insertion order
 *       the implicit ones, from {@link ScenarioAccess#edges}) was honoured: the first run's body ended
 *       before the second's began, in the lab's sequence order;</li>
 *   <li><b>overlap</b>: no two conflicting runs (by the lab's access model) overlapped, and an exclusive
 *       run overlapped no run at all;</li>
 *   <li><b>threads</b>: exclusive and main-thread bodies ran on the thread that runs the schedule;</li>
 *   <li><b>command order</b>: at each sync point the runner applied the buffers in the order the lab
 *       computes from the scenario's constraints ({@link ScenarioModel#commandOrder()}), which never
 *       depends on which system finished first.</li>
 * </ul>
 * The sequence numbers, threads and frames are taken by the lab's system bodies, not reported by the
 * runner under test; the runner contributes only its claim of which buffers it applied, and in which
 * order, which this check compares with the lab's expectation.
 */
public final class OrderingCheck {
    private OrderingCheck() {
    }

    public static List<String> check(Scenario scenario, Trace trace, ScenarioModel model) {
        List<String> out = new ArrayList<>();
        counts(scenario, trace, model, out);
        Map<String, List<RunRecord>> groups = new LinkedHashMap<>();
        for (RunRecord r : trace.runs()) {
            groups.computeIfAbsent(r.frame() + "|" + r.stage() + "|" + r.iteration(), k -> new ArrayList<>()).add(r);
        }
        for (List<RunRecord> group : groups.values()) {
            StageSpec stage = stageOf(scenario, group.get(0).stage());
            if (stage == null) {
                out.add(group.get(0) + " ran in stage '" + group.get(0).stage() + "', which the scenario does not have");
                continue;
            }
            edges(scenario, stage, group, out);
        }
        overlaps(scenario, trace, out);
        for (RunRecord r : trace.runs()) {
            SystemSpec s = system(scenario, r.system());
            if (s != null && s.runsOnCaller() && !r.callerThread()) {
                out.add(r + " is " + s.kind().name().toLowerCase().replace('_', '-') + " but ran on thread '" + r.thread()
                        + "', not on the thread that runs the schedule");
            }
        }
        commandOrder(trace, model, out);
        return out;
    }

    private static void edges(Scenario scenario, StageSpec stage, List<RunRecord> group, List<String> out) {
        boolean[][] edge = ScenarioAccess.edges(scenario, stage);
        Map<String, RunRecord> byName = new HashMap<>();
        group.forEach(r -> byName.put(r.system(), r));
        List<SystemSpec> systems = stage.systems();
        for (int i = 0; i < systems.size(); i++) {
            for (int j = 0; j < systems.size(); j++) {
                if (!edge[i][j]) {
                    continue;
                }
                RunRecord first = byName.get(systems.get(i).name());
                RunRecord second = byName.get(systems.get(j).name());
                if (first != null && second != null && first.finishSeq() > second.startSeq()) {
                    boolean declared = systems.get(i).before().contains(systems.get(j).name())
                            || systems.get(j).after().contains(systems.get(i).name());
                    out.add(second + " started before " + first + " finished, though " + first.system() + " is ordered before "
                            + second.system() + (declared ? " (declared)" : " (insertion order: they conflict on "
                            + ScenarioAccess.describeConflict(systems.get(i), systems.get(j)) + ")"));
                }
            }
        }
    }

    /** Conflicting runs that overlapped, and runs beside an exclusive one: a sweep over the lab's intervals. */
    private static void overlaps(Scenario scenario, Trace trace, List<String> out) {
        List<RunRecord> runs = new ArrayList<>(trace.runs());
        runs.sort(Comparator.comparingLong(RunRecord::startSeq));
        List<RunRecord> active = new ArrayList<>();
        for (RunRecord r : runs) {
            active.removeIf(a -> a.finishSeq() < r.startSeq());
            SystemSpec rs = system(scenario, r.system());
            for (RunRecord a : active) {
                SystemSpec as = system(scenario, a.system());
                if (rs == null || as == null) {
                    continue;
                }
                if (as.isExclusive() || rs.isExclusive()) {
                    out.add(a + " and " + r + " overlapped, though " + (as.isExclusive() ? a.system() : r.system())
                            + " is exclusive and must run alone");
                } else if (ScenarioAccess.conflicts(as, rs)) {
                    out.add(a + " and " + r + " overlapped although they conflict on " + ScenarioAccess.describeConflict(as, rs));
                }
            }
            active.add(r);
        }
    }

    private static void counts(Scenario scenario, Trace trace, ScenarioModel model, List<String> out) {
        Map<ScenarioModel.Run, Integer> seen = new LinkedHashMap<>();
        for (RunRecord r : trace.runs()) {
            seen.merge(new ScenarioModel.Run(r.system(), r.stage(), r.frame(), r.iteration()), 1, Integer::sum);
        }
        for (ScenarioModel.Run expected : model.runs()) {
            int got = seen.getOrDefault(expected, 0);
            if (got != 1) {
                out.add(expected.system() + " ran " + got + " time(s) in frame " + expected.frame()
                        + (expected.iteration() > 0 ? " iteration " + expected.iteration() : "") + ", expected once");
            }
        }
        seen.forEach((run, n) -> {
            if (!model.runs().contains(run)) {
                out.add(run.system() + " ran " + n + " time(s) in frame " + run.frame()
                        + (run.iteration() > 0 ? " iteration " + run.iteration() : "") + " (stage '" + run.stage()
                        + "'), where the scenario's run criteria say it must not run");
            }
        });
    }

    private static void commandOrder(Trace trace, ScenarioModel model, List<String> out) {
        Map<ScenarioModel.Sync, List<String>> applied = new LinkedHashMap<>();
        for (Trace.Event e : trace.events()) {
            if (e.kind().equals("commands")) {
                applied.computeIfAbsent(new ScenarioModel.Sync(e.frame(), e.stage(), e.iteration()), k -> new ArrayList<>())
                        .add(e.system());
            }
        }
        Map<ScenarioModel.Sync, List<String>> expected = model.commandOrder();
        for (Map.Entry<ScenarioModel.Sync, List<String>> e : expected.entrySet()) {
            List<String> got = applied.getOrDefault(e.getKey(), List.of());
            if (!got.equals(e.getValue())) {
                out.add("at the sync point of frame " + e.getKey().frame() + ", stage '" + e.getKey().stage() + "'"
                        + (e.getKey().iteration() > 0 ? " iteration " + e.getKey().iteration() : "")
                        + ", the runner applied the command buffers of " + got + ", expected " + e.getValue()
                        + " (the stage's topological order, from the scenario's constraints)");
            }
        }
        applied.forEach((sync, got) -> {
            if (!expected.containsKey(sync)) {
                out.add("at the sync point of frame " + sync.frame() + ", stage '" + sync.stage() + "', the runner applied"
                        + " command buffers of " + got + ", where the scenario issues none");
            }
        });
    }

    private static StageSpec stageOf(Scenario scenario, String name) {
        for (StageSpec st : scenario.stages()) {
            if (st.name().equals(name)) {
                return st;
            }
        }
        return null;
    }

    private static SystemSpec system(Scenario scenario, String name) {
        for (SystemSpec s : scenario.systems()) {
            if (s.name().equals(name)) {
                return s;
            }
        }
        return null;
    }
}
