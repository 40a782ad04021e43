package dev.ecslab.reports.timeline;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.StageSpec;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.reports.text.SafeText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs named the way a reader counts them: per system, from 1, in start order ({@code `s5` run 2} is
 * s5's second run), where the trace numbers them globally ({@code run #7}). The words and both
 * timelines use these names, so a number always belongs to the system written beside it. Iterations of
 * a looping stage are counted from 1 too ({@code iteration 2 of 3}).
 */
final class RunNames {
    private final Scenario scenario;
    private final Map<Integer, Integer> ordinal = new HashMap<>();

    RunNames(Scenario scenario, Trace trace) {
        this.scenario = scenario;
        Map<String, List<RunRecord>> bySystem = new HashMap<>();
        for (RunRecord r : trace.runs()) {
            bySystem.computeIfAbsent(r.system(), s -> new ArrayList<>()).add(r);
        }
        for (List<RunRecord> list : bySystem.values()) {
            list.sort(Comparator.comparingLong(RunRecord::startSeq).thenComparingInt(RunRecord::id));
            for (int i = 0; i < list.size(); i++) {
                ordinal.put(list.get(i).id(), i + 1);
            }
        }
    }

    /** The run's number among its system's runs, from 1. */
    int number(RunRecord r) {
        return ordinal.getOrDefault(r.id(), r.id() + 1);
    }

    /** {@code `s5` run 2}. */
    String name(RunRecord r) {
        return CounterexampleText.code(r.system()) + " run " + number(r);
    }

    /** {@code `s5` run 2 in frame 1}, or {@code `s5` run 4 in frame 1, iteration 2 of 3} in a looping stage. */
    String named(RunRecord r) {
        return name(r) + " in " + when(r);
    }

    /** {@code frame 1}, or {@code frame 1, iteration 2 of 3} in a looping stage. */
    String when(RunRecord r) {
        int of = iterations(r.stage(), r.frame());
        return "frame " + r.frame() + (of > 1 ? ", iteration " + (r.iteration() + 1) + " of " + of : "");
    }

    /** How many iterations the stage runs in {@code frame} (1 when it does not loop or is unknown). */
    int iterations(String stage, long frame) {
        for (StageSpec st : scenario.stages()) {
            if (st.name().equals(stage)) {
                return Math.max(1, st.iterationsIn(frame, scenario.frames()));
            }
        }
        return 1;
    }

    /** The plain label of a timeline: {@code 2}, or {@code s5 2} where lanes are threads. */
    String label(RunRecord r, boolean withSystem) {
        return (withSystem ? SafeText.line(r.system()) + " " : "") + number(r);
    }
}
