package dev.ecslab.lab.classify;

import dev.ecslab.lab.results.CellTally;
import dev.ecslab.lab.results.DelayTally;
import dev.ecslab.lab.scenario.ScenarioClass;
import java.util.EnumMap;
import java.util.Map;
import java.util.Set;

/**
 * How late a strategy reported the changes it reported (timeliness, part of criterion 1), as one cell's tally holds
 * it: per scenario class and overall, the {@link DelayTally} of its obligations (how many, how many reported, late,
 * never, the largest and summed delays in detector runs and frames). A view of the cell: adding here adds to it.
 */
public final class DelayStats {
    private final Cell cell;

    DelayStats(Cell cell) {
        this.cell = cell;
    }

    /** Adds obligations of a run, overall and in each of their classes. */
    void add(RunResult.Delay o) {
        cell.add(of(o));
    }

    /** Obligations of a run as criterion 1's tally, overall and in each of their classes. */
    static CellTally of(RunResult.Delay o) {
        DelayTally t = DelayTally.due(o.obligations(), o.reported(), o.late(), o.maxRuns(), o.maxFrames(), o.sumRuns(),
                o.sumFrames());
        return CellTally.delays(t, each(o.classes(), t));
    }

    /**
     * {@code count} reports that came after their deadline as criterion 1's tally, counted in every class of
     * the change.
     */
    static CellTally tooLate(Set<ScenarioClass> classes, int count) {
        DelayTally t = count == 1 ? DelayTally.TOO_LATE : new DelayTally(0, 0, 0, 0, count, 0, 0, 0, 0);
        return CellTally.delays(t, each(classes, t));
    }

    private static Map<ScenarioClass, DelayTally> each(Set<ScenarioClass> classes, DelayTally t) {
        Map<ScenarioClass, DelayTally> m = new EnumMap<>(ScenarioClass.class);
        classes.forEach(c -> m.put(c, t));
        return m;
    }

    public DelayTally all() {
        return cell.tally().delays();
    }

    public DelayTally in(ScenarioClass c) {
        return cell.tally().delaysIn(c);
    }
}
