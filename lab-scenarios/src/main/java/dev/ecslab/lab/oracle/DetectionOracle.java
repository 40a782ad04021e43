package dev.ecslab.lab.oracle;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.scenario.Watch;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.ChangeRecord;
import dev.ecslab.lab.trace.ChangeType;
import dev.ecslab.lab.trace.Detection;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The exact answer for every detector run, computed from the trace alone and independent of every
 * strategy (DESIGN §5): run <i>d</i> of detector D, whose previous run was <i>d′</i>, should report
 * the changes made by other systems' runs (or by the world) that became visible after <i>d′</i> began
 * and before <i>d</i> began. "Visible" is the writer run's finish, or the command application, in the
 * trace's sequence order, which is consistent with happens-before.
 *
 * <p>Reports carry no identity (one report says "this entity changed since your previous run"), so
 * the oracle judges them by matching, per detector, watch and key (an entity, or the resource):
 * <ul>
 *   <li>a change by another author joins the key's unmatched and uncovered changes; the detector's
 *       own changes never do;</li>
 *   <li>a removal makes the key's additions and mutations obsolete (the query can no longer yield
 *       the entity) and drops them; for a {@code Removed} watch it is itself a change;</li>
 *   <li>each report must be matched to an unmatched change made before its run (the earliest): a
 *       report with none is a repeat (the key had changes, all matched already), a report of the
 *       detector's own change, or spurious: criterion 2;</li>
 *   <li>a report covers every change of its key made before its run (one report per entity
 *       suffices); a component's {@code Removed} report covers only its matched removal (component
 *       removals are events, listed once each; a resource's removal filter is a yes/no answer).
 *       A change never covered although the detector ran after it is missed: criterion 1;</li>
 *   <li>a change whose first detector run after it is in the same frame, and that run does not report
 *       its key, is late: criterion 3.</li>
 * </ul>
 * The consequence worth knowing: a change missed by one run but followed by another change of the
 * same key that a later run reports counts as covered; the catalogue's scenarios end their scripts
 * with changes nothing follows, so a strategy that loses changes is still caught.
 * A delayed strategy therefore passes at-least-once and at-most-once and fails only same-frame, as
 * the seed's theory says of proposal 3.
 */
public final class DetectionOracle {
    private DetectionOracle() {
    }

    /** Every finding of every detector of the scenario, in detector, watch and time order. */
    public static List<Finding> judge(Scenario scenario, Trace trace) {
        List<Finding> out = new ArrayList<>();
        for (SystemSpec s : scenario.systems()) {
            for (Watch w : s.watches()) {
                judge(s.name(), w, trace, out);
            }
        }
        return out;
    }

    /** The findings of one detector's watch. */
    static void judge(String detector, Watch watch, Trace trace, List<Finding> out) {
        List<RunRecord> runs = new ArrayList<>();
        for (RunRecord r : trace.runs()) {
            if (r.system().equals(detector) && r.failure() == null) {
                runs.add(r);
            }
        }
        runs.sort(Comparator.comparingLong(RunRecord::startSeq));
        Map<Integer, List<String>> reports = new HashMap<>();
        for (Detection d : trace.detections()) {
            if (d.watch().equals(watch) && d.run() >= 0 && trace.run(d.run()).system().equals(detector)) {
                reports.put(d.run(), d.reported());
            }
        }
        List<ChangeRecord> changes = new ArrayList<>();
        for (ChangeRecord c : trace.changes()) {
            if (c.data() == watch.data()) {
                changes.add(c);
            }
        }
        changes.sort(Comparator.comparingLong(ChangeRecord::seq));

        Map<String, Deque<ChangeRecord>> unmatched = new LinkedHashMap<>();   // not yet matched to a report
        Map<String, List<ChangeRecord>> uncovered = new LinkedHashMap<>();    // no report after them yet
        Map<String, Object[]> lastMatch = new HashMap<>();         // key -> {RunRecord, ChangeRecord}
        Map<String, ChangeRecord> own = new HashMap<>();
        List<ChangeRecord> arrived = new ArrayList<>();              // since the previous run
        // Component removals are events (a list, one entry per removal); a resource's is a yes/no answer.
        boolean multiset = watch.kind() == WatchKind.REMOVED && !watch.data().isResource();
        RunRecord lastRun = null;
        int ci = 0;
        for (RunRecord r : runs) {
            while (ci < changes.size() && changes.get(ci).seq() < r.startSeq()) {
                ChangeRecord c = changes.get(ci++);
                String key = key(c);
                if (c.type() == ChangeType.REMOVED && watch.kind() != WatchKind.REMOVED) {
                    unmatched.remove(key);                           // the query can no longer yield it
                    uncovered.remove(key);
                    own.remove(key);
                    arrived.removeIf(a -> key(a).equals(key));
                } else if (relevant(watch.kind(), c.type())) {
                    if (c.author().equals(detector)) {
                        own.put(key, c);
                    } else {
                        unmatched.computeIfAbsent(key, k -> new ArrayDeque<>()).add(c);
                        uncovered.computeIfAbsent(key, k -> new ArrayList<>()).add(c);
                        arrived.add(c);
                    }
                }
            }
            List<String> got = reports.get(r.id());
            if (got == null) {
                continue;                                            // the run stopped before its detections
            }
            Map<String, Integer> times = new HashMap<>();
            for (String key : got) {
                int n = times.merge(key, 1, Integer::sum);
                if (n > 1 && !multiset) {
                    out.add(new Finding(FindingType.REPEATED, watch, detector, r, key, null, null));
                    continue;
                }
                Deque<ChangeRecord> q = unmatched.get(key);
                if (q != null && !q.isEmpty()) {
                    ChangeRecord c = q.removeFirst();                // each report needs a change of its own
                    lastMatch.put(key, new Object[] {r, c});
                    List<ChangeRecord> u = uncovered.get(key);
                    if (u != null) {
                        if (multiset) {
                            u.remove(c);
                        } else {
                            u.clear();                               // one report says "changed since": covers all
                        }
                    }
                    continue;
                }
                Object[] earlier = lastMatch.get(key);
                ChangeRecord mine = own.get(key);
                if (mine != null && (earlier == null || mine.seq() > ((RunRecord) earlier[0]).startSeq())) {
                    out.add(new Finding(FindingType.OWN, watch, detector, r, key, mine, null));
                } else if (earlier != null) {
                    out.add(new Finding(FindingType.REPEATED, watch, detector, r, key, (ChangeRecord) earlier[1],
                            (RunRecord) earlier[0]));
                } else {
                    out.add(new Finding(FindingType.SPURIOUS, watch, detector, r, key, null, null));
                }
            }
            if (!multiset) {
                for (String key : times.keySet()) {                  // a report covers even already-matched changes
                    List<ChangeRecord> u = uncovered.get(key);
                    if (u != null) {
                        u.clear();
                    }
                }
            }
            for (ChangeRecord c : arrived) {
                if (c.frame() == r.frame() && !times.containsKey(key(c))) {
                    out.add(new Finding(FindingType.LATE, watch, detector, r, c.entity(), c, null));
                }
            }
            arrived.clear();
            lastRun = r;
        }
        if (lastRun == null) {
            return;
        }
        for (List<ChangeRecord> u : uncovered.values()) {
            for (ChangeRecord c : u) {
                if (c.seq() < lastRun.startSeq()) {
                    out.add(new Finding(FindingType.MISSED, watch, detector, lastRun, c.entity(), c, null));
                }
            }
        }
    }

    static boolean relevant(WatchKind kind, ChangeType type) {
        return switch (kind) {
            case ADDED -> type == ChangeType.ADDED;
            case MUTATED -> type == ChangeType.MUTATED;
            case CHANGED -> type != ChangeType.REMOVED;
            case REMOVED -> type == ChangeType.REMOVED;
        };
    }

    /** The key a report names: the entity label, or the resource's name. */
    static String key(ChangeRecord c) {
        return c.entity() != null ? c.entity() : c.data().name();
    }
}
