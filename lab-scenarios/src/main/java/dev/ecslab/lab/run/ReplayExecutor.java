package dev.ecslab.lab.run;

import dev.ecslab.ecs.executor.Executor;
import dev.ecslab.ecs.executor.StageRun;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Replays a trace's order: in every stage iteration it runs the active systems one at a time, on the
 * caller's thread, in the order the trace recorded their starts (systems the trace does not list come
 * after, in compiled order). Conflicting systems never overlap in a correct run, so this serial
 * replay reproduces the recorded run's changes and detections exactly, whichever executor made it.
 */
public final class ReplayExecutor implements Executor {
    private final Map<String, List<String>> orders = new HashMap<>();
    private final Trace trace;

    public ReplayExecutor(Trace trace) {
        this.trace = trace;
        List<RunRecord> runs = new ArrayList<>(trace.runs());
        runs.sort(java.util.Comparator.comparingLong(RunRecord::startSeq));
        for (RunRecord r : runs) {
            orders.computeIfAbsent(key(r.frame(), r.stage(), r.iteration()), k -> new ArrayList<>()).add(r.system());
        }
    }

    /** The trace whose order this executor replays. */
    public Trace trace() {
        return trace;
    }

    private static String key(long frame, String stage, int iteration) {
        return frame + "|" + stage + "|" + iteration;
    }

    @Override
    public String id() {
        return "replay";
    }

    @Override
    public void execute(StageRun run) {
        BitSet active = (BitSet) run.active().clone();
        BitSet done = new BitSet();
        for (String name : orders.getOrDefault(key(run.frame(), run.stage().name(), run.iteration()), List.of())) {
            for (int i = active.nextSetBit(0); i >= 0; i = active.nextSetBit(i + 1)) {
                if (run.stage().system(i).name().equals(name) && !done.get(i)) {
                    if (run.failed()) {
                        return;
                    }
                    run.runSystem(i);
                    done.set(i);
                    break;
                }
            }
        }
        for (int v : run.stage().topologicalOrder()) {
            if (active.get(v) && !done.get(v)) {
                if (run.failed()) {
                    return;
                }
                run.runSystem(v);
            }
        }
    }
}
