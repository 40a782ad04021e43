package dev.ecslab.lab.oracle;

import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.RunRecord;
import java.util.List;
import java.util.Set;

/**
 * One change a detector must report: made by another system's run (or the world) and followed by a
 * run of the detector. The oracle records when it fell due and when (whether) it was reported, so
 * criterion 1 can be judged against the delay a claim allows, and so the delay distribution can be
 * shown (timeliness is part of criterion 1).
 *
 * @param due       the detector's first run after the change: the run that must report it under an
 *                  on-time claim
 * @param reportedBy the first run at or after {@code due} that reported the change's key, or {@code null}
 * @param dropped   when the change became unreportable before it was reported (its entity lost the
 *                  component, so a query can no longer yield it): the detector's last run before that,
 *                  else {@code null}
 * @param delayRuns  detector runs between {@code due} and {@code reportedBy} (0: on time); {@code -1}
 *                  when not reported
 * @param delayFrames frames between {@code due} and {@code reportedBy}; {@code -1} when not reported
 * @param classes   the scenario classes the change belongs to (its scenario's structure, commands if
 *                  a command made it, resources if it is a resource's)
 */
public record Obligation(Watch watch, String detector, ChangeRecord change, RunRecord due, RunRecord reportedBy,
        RunRecord dropped, int delayRuns, int delayFrames, Set<ScenarioClass> classes) {
    public Obligation {
        classes = Set.copyOf(classes);
    }

    public boolean reported() {
        return reportedBy != null;
    }

    public boolean onTime() {
        return reportedBy != null && delayRuns == 0;
    }

    /**
     * Whether the obligation is met under a claim that allows {@code allowedFrames} frames of delay.
     * The deadline is the detector's first run in a frame at least {@code allowedFrames} after the due
     * run's (with 0, the due run itself; a detector paused through the allowed frames has its next run
     * as the deadline, since no earlier run could report). The report must come by the deadline; a
     * change dropped before it was reported is met only when it was dropped before the deadline (no
     * run before the drop was due to report it), or when the detector never reached a deadline.
     *
     * @param detectorRuns the detector's runs that ran its watches, in start order
     */
    public boolean metWithin(int allowedFrames, List<RunRecord> detectorRuns) {
        RunRecord deadline = deadline(due, allowedFrames, detectorRuns);
        if (reportedBy != null) {
            return deadline == null || reportedBy.startSeq() <= deadline.startSeq();
        }
        if (dropped != null) {
            return deadline == null || dropped.startSeq() < deadline.startSeq();
        }
        return false;
    }

    /**
     * The last run by which a change due at {@code due} must be reported under a claim that allows
     * {@code allowedFrames} frames of delay: the detector's first run, from {@code due} on, in a frame at
     * least that many frames after the due run's (the due run itself for 0); null when the detector never ran
     * that late. The one rule both the verdict and the report's pictures use.
     */
    public static RunRecord deadline(RunRecord due, int allowedFrames, List<RunRecord> detectorRuns) {
        // The runs are in start order, so those that started before the due run are skipped by bisection, not
        // walked: a scenario of thousands of frames asks this for each of its thousands of obligations.
        int from = 0;
        int to = detectorRuns.size();
        while (from < to) {
            int mid = (from + to) >>> 1;
            if (detectorRuns.get(mid).startSeq() < due.startSeq()) {
                from = mid + 1;
            } else {
                to = mid;
            }
        }
        for (int i = from; i < detectorRuns.size(); i++) {
            RunRecord r = detectorRuns.get(i);
            if (r.frame() >= due.frame() + allowedFrames) {
                return r;
            }
        }
        return null;
    }
}
