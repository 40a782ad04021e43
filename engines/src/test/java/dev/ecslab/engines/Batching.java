package dev.ecslab.engines;

import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.criteria.Outcome;
import dev.ecslab.lab.criteria.Violation;
import dev.ecslab.lab.oracle.DetectionOracle;
import dev.ecslab.lab.oracle.Finding;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.List;

/**
 * The one way the two engines differ from the lab's oracle that their documentation and code predict: they resolve
 * the structural changes of an entity's component made between two points in time into one net change, where the
 * oracle wants each. Artemis-odb diffs an entity's composition once per batch (between two runs of any system);
 * Zay-ES's entity set resolves what it heard per entity at each {@code applyChanges()} (between two runs of the
 * detector). A violation is explained by this when the change it is about had another structural change of the
 * same entity and component in the same batch or window, or, for a report no change matches (a repeat, a spurious
 * report), when the entity's component was removed and then added again in the window before the reporting run.
 */
enum Batching {
    /** Artemis-odb: a batch ends at the start of every run, whoever runs. */
    PER_RUN_OF_ANY_SYSTEM,
    /** Zay-ES: a window ends at the start of each run of the detector itself. */
    PER_RUN_OF_THE_DETECTOR;

    /** Whether {@code v}, a violation in {@code o}, is explained by this batching (see the class comment). */
    boolean explains(Outcome o, Violation v) {
        Finding f = v.finding();
        if (f == null || v.criterion() == Criterion.CRASH || v.criterion() == Criterion.PURE_FUNCTION) {
            return false;
        }
        Trace t = o.trace();
        long[] bounds = bounds(t, f.detector());
        ChangeRecord c = f.change();
        boolean reportOfNothing = f.type() == FindingType.REPEATED || f.type() == FindingType.SPURIOUS
                || f.type() == FindingType.OWN;
        if (!reportOfNothing && c != null) {
            int window = window(bounds, c.seq());
            for (ChangeRecord other : t.changes()) {
                if (other.id() != c.id() && other.data() == c.data() && c.entity() != null && c.entity().equals(other.entity())
                        && other.type() != ChangeType.MUTATED && window(bounds, other.seq()) == window
                        && (this == PER_RUN_OF_THE_DETECTOR || c.type() == ChangeType.MUTATED || other.type() != c.type())) {
                    return true;
                }
            }
            return false;
        }
        // A report no change matches (a repeat names the change an earlier report matched): the component removed and
        // added again since the detector's previous run.
        List<RunRecord> runs = DetectionOracle.detectorRuns(t, f.detector());
        long from = -1;
        for (RunRecord r : runs) {
            if (r.startSeq() < f.run().startSeq()) {
                from = r.startSeq();
            }
        }
        boolean removed = false;
        boolean added = false;
        for (ChangeRecord other : t.changes()) {
            if (other.data() == f.watch().data() && f.entity() != null && f.entity().equals(other.entity())
                    && other.seq() > from && other.seq() < f.run().startSeq()) {
                removed |= other.type() == ChangeType.REMOVED;
                added |= other.type() == ChangeType.ADDED && removed;
            }
        }
        return added;
    }

    private long[] bounds(Trace t, String detector) {
        List<RunRecord> runs = this == PER_RUN_OF_ANY_SYSTEM ? t.runs() : DetectionOracle.detectorRuns(t, detector);
        return runs.stream().mapToLong(RunRecord::startSeq).sorted().toArray();
    }

    /** How many batch boundaries come before {@code seq}: equal for two changes of one batch. */
    private static int window(long[] bounds, long seq) {
        int n = 0;
        for (long b : bounds) {
            if (b < seq) {
                n++;
            }
        }
        return n;
    }
}
