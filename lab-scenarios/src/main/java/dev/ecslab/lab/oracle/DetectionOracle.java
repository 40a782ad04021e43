package dev.ecslab.lab.oracle;

import dev.ecslab.lab.scenario.ClockJump;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
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
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The exact answer for every detector run, computed from the trace alone and independent of every
 * strategy: run <i>d</i> of detector D, whose previous run was <i>d′</i>, should report
 * the changes made by other systems' runs (or by the world) that became visible after <i>d′</i> began
 * and before <i>d</i> began. "Visible" is the writer run's end, or the command application, in the
 * lab's sequence order, which is consistent with happens-before.
 *
 * <p><b>Obligations and timeliness.</b> Every relevant change by another author that some later
 * detector run could report is an {@link Obligation}: it falls due at the detector's first run after
 * it, and the oracle records which run first reported its key (one report says "this entity changed
 * since your previous run", so it covers every change of the key made before it), with the delay in
 * detector runs and frames. A change never reported is an obligation with no reporter; criterion 1
 * decides, with the delay the claim allows, which obligations are met ({@link Obligation#metWithin}).
 *
 * <p><b>Findings.</b> Reports carry no identity, so at-most-once is judged by matching, per detector,
 * watch and key (an entity, or the resource):
 * <ul>
 *   <li>a removal makes the key's additions and mutations unreportable (the query can no longer yield
 *       the entity): they are dropped (an obligation due before the drop and not yet reported is
 *       recorded as dropped); for a {@code Removed} watch the removal is itself a change;</li>
 *   <li>for a watch over a set ({@link Watch#with()}), a key that does not hold every component of the set when a
 *       run starts is not yielded by that run, which consumes its window: its changes are dropped there as a
 *       removal drops them, and a re-entry later does not revive them;</li>
 *   <li>each report must be matched to an unmatched change made before its run (the earliest, except that a
 *       change at least the maximum change age old at the run comes after the younger ones: the report is of a
 *       change the run owes, see the last point): a report with none is a repeat, a report of the detector's
 *       own change, or spurious: criterion 2.
 *       A component's {@code Removed} report covers only its matched removal (removals are events,
 *       listed once each); a resource's removal filter is a yes/no answer;</li>
 *   <li>an obligation never reported, although the detector ran after it, is missed; one reported
 *       later than its due run is delayed; one whose due run is in the frame of the change and does not
 *       report it is late for criterion 3 (same frame);</li>
 *   <li>a change at least the maximum change age old at the last run its claim allows (the due run, or
 *       under a claim of k frames' delay the detector's first run k frames later; the run's tick minus the
 *       change's, as the lab recorded them, is at least {@link ClockJump#MAX_AGE}) may be reported by then, or never:
 *       Bevy's semantics clamp it away, a tick-free strategy still reports it. If it is not reported by
 *       then, it has <em>expired</em>: no obligation, and no later report may match it.</li>
 * </ul>
 *
 * <p><b>Observers that join and leave</b> ({@link Watch#from()}, {@link Watch#until()}). A
 * watch is judged only in its system's runs inside its window. Its first run there owes what changed
 * since the system's previous run (whether or not the watch existed then), as every run does; a change
 * before that is nobody's obligation (under a claim of k frames' delay, one made in the k frames before
 * the watch joined may still be reported, once). A watch whose first run comes after the world
 * announced the component's rows ({@link Scenario#announcesWhenJoining}: nobody observed it until a watch,
 * this one or another, joined) and whose system's previous run came before that announcement, or whose
 * first run comes within the claimed delay after one, may also report, once each, the
 * entities that hold the component when its first run starts, in that run or (under a claim of k
 * frames' delay) in its runs up to k frames later: the world may not have tracked the component while
 * nobody observed it, and announces every row rather than miss something. Any other report is judged
 * exactly. After the watch leaves, nothing falls due to it, and what fell due within the claimed delay
 * of its leaving is not owed either (the runs that could report it no longer ask).
 */
public final class DetectionOracle {
    private DetectionOracle() {
    }

    /** The oracle's answer for a whole trace. */
    public record Result(List<Finding> findings, List<Obligation> obligations) {
        public Result {
            findings = List.copyOf(findings);
            obligations = List.copyOf(obligations);
        }
    }

    /** Every finding and obligation of every detector of the scenario, in detector, watch and time order. */
    public static Result judge(Scenario scenario, Trace trace) {
        List<Finding> findings = new ArrayList<>();
        List<Obligation> obligations = new ArrayList<>();
        ScenarioClass structure = scenario.structure();
        TraceIndex index = new TraceIndex(trace);
        for (SystemSpec s : scenario.systems()) {
            for (Watch w : s.watches()) {
                new WatchJudge(scenario, s.name(), w, trace, index, structure, findings, obligations).run();
            }
        }
        return new Result(findings, obligations);
    }

    /**
     * The trace's changes by data (in sequence order) and its detections by detector and watch, built
     * once per trace: every watch judge reads its share from here instead of scanning the whole trace,
     * which on a scenario with bulk edits over thousands of entities was the judge's main cost.
     */
    private static final class TraceIndex {
        final Map<dev.ecslab.lab.scenario.Data, List<ChangeRecord>> changes = new HashMap<>();
        final Map<String, Map<Watch, Map<Integer, List<String>>>> reports = new HashMap<>();
        /** The sequence numbers of each data's removals, in order (for the removals during a reader's absence). */
        final Map<dev.ecslab.lab.scenario.Data, long[]> removals = new HashMap<>();

        TraceIndex(Trace trace) {
            for (ChangeRecord c : trace.changes()) {
                changes.computeIfAbsent(c.data(), d -> new ArrayList<>()).add(c);
            }
            for (List<ChangeRecord> list : changes.values()) {
                list.sort(Comparator.comparingLong(ChangeRecord::seq));
            }
            changes.forEach((d, list) -> removals.put(d, list.stream().filter(c -> c.type() == ChangeType.REMOVED)
                    .mapToLong(ChangeRecord::seq).toArray()));
            for (Detection d : trace.detections()) {
                if (d.run() >= 0) {
                    reports.computeIfAbsent(trace.run(d.run()).system(), x -> new HashMap<>())
                            .computeIfAbsent(d.watch(), x -> new HashMap<>()).put(d.run(), d.reported());
                }
            }
        }

        /** The removals of {@code d} whose sequence numbers lie strictly between {@code after} and {@code before}. */
        long removalsBetween(dev.ecslab.lab.scenario.Data d, long after, long before) {
            long[] seqs = removals.get(d);
            return seqs == null ? 0 : countBelow(seqs, before) - countBelow(seqs, after + 1);
        }
    }

    /**
     * The changes of one data as an engine that reports net differences sees them: the time between the starts of
     * consecutive runs of {@code boundaries} is one stretch, and per key and stretch what was absent before and present
     * after is one addition, present before and absent after one removal, present before and after with a change in
     * between one mutation, absent before and after nothing. Each net change is the stretch's last record of its key,
     * retyped, so it keeps its author, time and cause. Changes come and go in sequence order.
     */
    static List<ChangeRecord> coalesced(List<ChangeRecord> changes, List<RunRecord> boundaries) {
        long[] starts = boundaries.stream().mapToLong(RunRecord::startSeq).sorted().toArray();
        List<ChangeRecord> out = new ArrayList<>();
        Set<String> present = new java.util.HashSet<>();
        Map<String, Boolean> before = new LinkedHashMap<>();     // per key touched in this stretch: present at its start
        Map<String, ChangeRecord> last = new HashMap<>();
        int stretch = -1;
        for (ChangeRecord c : changes) {
            int at = countBelow(starts, c.seq());
            if (at != stretch) {
                settle(before, last, present, out);
                stretch = at;
            }
            String key = c.entity() == null ? "resource" : c.entity();
            before.putIfAbsent(key, present.contains(key));
            last.put(key, c);
            if (c.type() == ChangeType.REMOVED) {
                present.remove(key);
            } else {
                present.add(key);
            }
        }
        settle(before, last, present, out);
        out.sort(Comparator.comparingLong(ChangeRecord::seq));
        return out;
    }

    private static void settle(Map<String, Boolean> before, Map<String, ChangeRecord> last, Set<String> present,
            List<ChangeRecord> out) {
        before.forEach((key, was) -> {
            boolean is = present.contains(key);
            ChangeType net = !was && is ? ChangeType.ADDED : was && !is ? ChangeType.REMOVED : was ? ChangeType.MUTATED : null;
            if (net != null) {
                ChangeRecord c = last.get(key);
                out.add(c.type() == net ? c : new ChangeRecord(c.id(), c.author(), c.authorRun(), c.seq(), c.frame(), c.data(),
                        c.entity(), net, c.cause(), c.tick()));
            }
        });
        before.clear();
        last.clear();
    }

    /** How many of the ascending {@code sorted} are below {@code bound}. */
    static int countBelow(long[] sorted, long bound) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < bound) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The classes a change belongs to, for a scenario of the given structure. */
    public static Set<ScenarioClass> classesOf(ScenarioClass structure, Watch watch, ChangeRecord change) {
        Set<ScenarioClass> out = EnumSet.of(structure);
        if (watch.data().isResource()) {
            out.add(ScenarioClass.RESOURCES);
        }
        if (change != null && change.authorRun() < 0 && change.cause().endsWith("command")) {
            out.add(ScenarioClass.COMMANDS);
        }
        return out;
    }

    /** An obligation while the oracle walks the runs. */
    private static final class Open {
        final ChangeRecord change;
        RunRecord due;
        int dueIndex;
        RunRecord dropped;
        /** Whether the deadline run has come (expiration is decided there, once). */
        boolean deadlinePassed;
        /** The detector's last run before the change ({@code null}: none), where the reader's absence starts. */
        RunRecord before;
        /** Taken off the open obligations: reported, dropped, or expired. */
        boolean settled;

        Open(ChangeRecord change) {
            this.change = change;
        }
    }

    /** The runs of {@code detector} that judged its watches (those that did not fail), in start order. */
    public static List<RunRecord> detectorRuns(Trace trace, String detector) {
        List<RunRecord> runs = new ArrayList<>();
        for (RunRecord r : trace.runs()) {
            if (r.system().equals(detector) && r.failure() == null) {
                runs.add(r);
            }
        }
        runs.sort(Comparator.comparingLong(RunRecord::startSeq));
        return runs;
    }

    /** The findings of one detector's watch. */
    private static final class WatchJudge {
        final Scenario scenario;
        final String detector;
        final Watch watch;
        final Trace trace;
        final TraceIndex index;
        final ScenarioClass structure;
        final List<Finding> out;
        final List<Obligation> obligations;
        /** Component removals are events (a list, one entry per removal); a resource's is a yes/no answer. */
        final boolean multiset;
        /** Whether the detector is told of its own changes (an engine whose contract says so). */
        final boolean ownChanges;

        WatchJudge(Scenario scenario, String detector, Watch watch, Trace trace, TraceIndex index, ScenarioClass structure,
                List<Finding> out, List<Obligation> obligations) {
            this.scenario = scenario;
            this.detector = detector;
            this.watch = watch;
            this.trace = trace;
            this.index = index;
            this.structure = structure;
            this.out = out;
            this.obligations = obligations;
            this.multiset = watch.kind() == WatchKind.REMOVED && !watch.data().isResource();
            this.ownChanges = trace.config().ownChanges();
            List<ChangeRecord> ofSet = new ArrayList<>();
            for (dev.ecslab.lab.scenario.Data d : watch.with()) {
                ofSet.addAll(index.changes.getOrDefault(d, List.of()));
                holders.put(d, new java.util.HashSet<>());
            }
            ofSet.sort(Comparator.comparingLong(ChangeRecord::seq));
            this.setChanges = ofSet;
            this.membership = watch.overSet() && trace.config().setsAsMembership();
        }

        /** Whether the watch is over a set whose engine reports membership of it, not a {@code With} filter. */
        final boolean membership;

        /**
         * The set's membership as changes, for an engine that reports it ({@code SetSemantics.MEMBERSHIP}): from the
         * watched data's changes and the set's other components', in sequence order, an entity that comes to hold
         * every component of the set has an addition, one that stops holding one a removal, and a change of any
         * component while it stays in the set is a mutation. Each keeps the record it comes from (its author, time,
         * cause and component), retyped.
         */
        private List<ChangeRecord> membershipChanges(List<ChangeRecord> ofData) {
            List<ChangeRecord> all = new ArrayList<>(ofData);
            all.addAll(setChanges);
            all.sort(Comparator.comparingLong(ChangeRecord::seq));
            Map<String, Set<dev.ecslab.lab.scenario.Data>> held = new HashMap<>();
            int size = watch.with().size() + 1;
            List<ChangeRecord> out = new ArrayList<>();
            for (ChangeRecord c : all) {
                Set<dev.ecslab.lab.scenario.Data> has = held.computeIfAbsent(key(c), k -> EnumSet.noneOf(dev.ecslab.lab.scenario.Data.class));
                boolean before = has.size() == size;
                if (c.type() == ChangeType.REMOVED) {
                    has.remove(c.data());
                } else {
                    has.add(c.data());
                }
                boolean after = has.size() == size;
                ChangeType type = !before && after ? ChangeType.ADDED : before && !after ? ChangeType.REMOVED
                        : before ? ChangeType.MUTATED : null;
                if (type != null) {
                    out.add(c.type() == type ? c : new ChangeRecord(c.id(), c.author(), c.authorRun(), c.seq(), c.frame(),
                            c.data(), c.entity(), type, c.cause(), c.tick()));
                }
            }
            return out;
        }

        /** For a watch over a set: the changes of its {@code With} components, in sequence order (empty otherwise). */
        final List<ChangeRecord> setChanges;
        /** Who holds each {@code With} component, as of the run being judged. */
        final Map<dev.ecslab.lab.scenario.Data, Set<String>> holders = new HashMap<>();
        int setIndex;

        /**
         * Changes a claim of delay may still see reported once although nobody is owed them: those of the k frames
         * before a late watch joined, and those of an entity that left the watch's set within the last k frames. Each
         * stays matchable only until the first run at or past its frame plus the delay (setup counts as frame 0) at
         * which its key could be yielded ({@link #expireExcused}); a report after that matches nothing. A set, in the
         * order the changes were excused: every entity of a big world can leave a set at once, and a list's
         * {@code contains} made judging such a run quadratic in its changes.
         */
        final Set<ChangeRecord> excused = new java.util.LinkedHashSet<>();

        /** The first of {@code q}'s excused changes whose last chance is run {@code r}, or null. */
        private ChangeRecord lastChance(Deque<ChangeRecord> q, RunRecord r, int delay) {
            if (q == null || excused.isEmpty()) {
                return null;
            }
            for (ChangeRecord c : q) {
                if (r.frame() >= Math.max(c.frame(), 0) + (long) delay && excused.contains(c)) {
                    return c;
                }
            }
            return null;
        }

        /** Takes off the excused changes whose last chance was run {@code r}: a later report of them is one too many. */
        private void expireExcused(RunRecord r, Set<String> present, Map<String, Deque<ChangeRecord>> unmatched, int delay) {
            excused.removeIf(c -> {
                String key = key(c);
                if (r.frame() < Math.max(c.frame(), 0) + (long) delay || !inSet(key, present)) {
                    return false;
                }
                Deque<ChangeRecord> q = unmatched.get(key);
                if (q != null) {
                    q.remove(c);
                }
                return true;
            });
        }

        /** The keys of {@code present} that are in the watch's set (all of them for a plain watch). */
        private Set<String> members(Set<String> present) {
            if (!watch.overSet() || membership) {
                return present;
            }
            Set<String> out = new java.util.HashSet<>();
            for (String key : present) {
                if (inSet(key, present)) {
                    out.add(key);
                }
            }
            return out;
        }

        /** Applies the {@code With} components' changes made before {@code r} started to {@link #holders}. */
        private void advanceSet(RunRecord r) {
            while (setIndex < setChanges.size() && setChanges.get(setIndex).seq() < r.startSeq()) {
                ChangeRecord c = setChanges.get(setIndex++);
                Set<String> who = holders.get(c.data());
                if (c.type() == ChangeType.REMOVED) {
                    who.remove(key(c));
                } else {
                    who.add(key(c));
                }
            }
        }

        /**
         * Whether {@code key}, which holds the watched data when {@code present} says so, holds every {@code With}
         * component (for a membership watch, {@code present} is the set's membership already).
         */
        private boolean inSet(String key, Set<String> present) {
            if (!present.contains(key) || membership) {
                return present.contains(key);
            }
            for (Set<String> who : holders.values()) {
                if (!who.contains(key)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * A watch over a set asks for membership at each run: a key outside the set when run {@code r} starts is not
         * yielded there, and {@code r} consumes its window, so its changes can never be reported (a later run looks
         * only at what changed since {@code r}). Its obligations due at {@code r} are nobody's; those due earlier and
         * still unreported are dropped as a removal drops them (met only if the claim's deadline had not come). Under
         * a claim of k frames' delay, a change of the last k frames may still be reported once, if the key returns:
         * unlike a removal, leaving the set does not void the change (the component and its change are still there),
         * and a design that sees the frame's changes only at the next frame never asked about it in {@code r}. A
         * frame-late strategy written against the SPI meets exactly this in the looping scenarios of its gate.
         */
        private void leaveSet(RunRecord r, RunRecord previous, Set<String> present, Map<String, Deque<ChangeRecord>> unmatched,
                Map<String, List<Open>> open, Map<String, Long> keyOrder, int delay) {
            for (java.util.Iterator<Map.Entry<String, Deque<ChangeRecord>>> it = unmatched.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, Deque<ChangeRecord>> e = it.next();
                if (!inSet(e.getKey(), present)) {
                    e.getValue().removeIf(c -> Math.max(c.frame(), 0) <= r.frame() - delay);   // setup counts as frame 0
                    excused.addAll(e.getValue());
                    if (e.getValue().isEmpty()) {
                        it.remove();
                    }
                }
            }
            for (java.util.Iterator<Map.Entry<String, List<Open>>> it = open.entrySet().iterator(); it.hasNext(); ) {
                Map.Entry<String, List<Open>> e = it.next();
                if (inSet(e.getKey(), present)) {
                    continue;
                }
                it.remove();
                keyOrder.remove(e.getKey());
                for (Open o : e.getValue()) {
                    o.settled = true;
                    if (o.due != null) {
                        o.dropped = previous;
                        close(o, null, -1);
                    }
                }
            }
        }

        void run() {
            List<RunRecord> runs = detectorRuns(trace, detector);
            Map<Integer, List<String>> reports = index.reports.getOrDefault(detector, Map.of()).getOrDefault(watch, Map.of());
            List<ChangeRecord> changes = index.changes.getOrDefault(watch.data(), List.of());
            if (membership) {
                changes = membershipChanges(changes);
            }
            switch (trace.config().coalescingOrDefault()) {
                case "PER_RUN" -> changes = coalesced(changes, trace.runs());
                case "PER_WINDOW" -> changes = coalesced(changes, runs);
                default -> {
                }
            }

            Map<String, Deque<ChangeRecord>> unmatched = new LinkedHashMap<>();   // not yet matched to a report
            Map<String, List<Open>> open = new LinkedHashMap<>();                 // obligations not yet reported
            // The obligations made since the previous run (not yet due), and the order in which each key's
            // list entered `open`: LATE findings come out in the order a walk over `open` would give.
            List<Open> undue = new ArrayList<>();
            Map<String, Long> keyOrder = new HashMap<>();
            long keysSeen = 0;
            Map<String, Object[]> lastMatch = new HashMap<>();         // key -> {RunRecord, ChangeRecord}
            Map<String, ChangeRecord> own = new HashMap<>();
            RunRecord previous = null;
            // Keys that hold the watched component (for a late watch's first run, which may report any of them)
            Set<String> present = new java.util.HashSet<>();
            boolean evaluated = false;                                   // whether a run in the watch's window came
            // A late watch's announced rows: each may be reported once, until this frame (the claim's delay)
            Set<String> announced = new java.util.HashSet<>();
            long announcedUntil = -1;
            int delay = trace.config().delayFrames();
            // The runs in which a query built in a run may have started observing the watched component
            // (announcing its rows at that run's tick); each reaches this watch at most once
            List<RunRecord> inRunAnnouncers = watch.kind() == WatchKind.REMOVED || watch.data().isResource()
                    ? new ArrayList<>() : inRunAnnouncers();
            int ci = 0;
            for (int k = 0; k < runs.size(); k++) {
                RunRecord r = runs.get(k);
                if (watch.until() != null && r.frame() >= watch.until()) {
                    break;                        // the watch has left: what would fall due from here is nobody's
                }
                while (ci < changes.size() && changes.get(ci).seq() < r.startSeq()) {
                    ChangeRecord c = changes.get(ci++);
                    String key = key(c);
                    if (c.type() == ChangeType.REMOVED) {
                        present.remove(key);
                    } else if (c.type() == ChangeType.ADDED) {
                        present.add(key);
                    }
                    if (c.type() == ChangeType.REMOVED && watch.kind() != WatchKind.REMOVED) {
                        unmatched.remove(key);                           // the query can no longer yield it
                        own.remove(key);
                        List<Open> gone = open.remove(key);
                        keyOrder.remove(key);
                        if (gone != null) {
                            for (Open o : gone) {
                                o.settled = true;
                                if (o.due != null) {
                                    o.dropped = previous;
                                    close(o, null, -1);
                                }
                            }
                        }
                    } else if (relevant(watch.kind(), c.type())) {
                        if (c.author().equals(detector) && !ownChanges) {
                            own.put(key, c);
                        } else {
                            unmatched.computeIfAbsent(key, x -> new ArrayDeque<>()).add(c);
                            if (!open.containsKey(key)) {
                                keyOrder.put(key, keysSeen++);
                            }
                            Open o = new Open(c);
                            o.before = previous;
                            open.computeIfAbsent(key, x -> new ArrayList<>()).add(o);
                            undue.add(o);
                        }
                    }
                }
                if (!watch.existsIn(r.frame())) {
                    // The watch does not exist yet: what changed before this run of its system is outside the
                    // window of the watch's first run (its system's runs, like Bevy's, see what changed since
                    // their previous run), so it is nobody's obligation and no report can match it.
                    for (Open o : undue) {
                        o.settled = true;
                    }
                    undue.clear();
                    open.clear();
                    keyOrder.clear();
                    lastMatch.clear();
                    // A strategy that claims k frames' delay may still deliver, in the watch's first runs, what
                    // changed in the k frames before the watch joined (setup counts as frame 0): such a report
                    // matches that change. It is never owed.
                    long keepFrom = watch.firstFrame() - (long) delay;
                    excused.clear();
                    for (Deque<ChangeRecord> q : unmatched.values()) {
                        q.removeIf(c -> Math.max(c.frame(), 0) < keepFrom);
                        excused.addAll(q);
                    }
                    previous = r;
                    continue;
                }
                if (watch.overSet() && !membership) {
                    advanceSet(r);
                    leaveSet(r, previous, present, unmatched, open, keyOrder, delay);
                }
                // The world announces a component's rows just before the frame a watch joins it when nobody
                // observed it (Scenario#announcesWhenJoining). Every run that starts after an announcement and
                // whose system's previous run came before it sees it: the rows may have changed, untracked, in
                // between. So announcements count from the frame after the system's previous run (a system
                // paused for frames sees one made while it was paused, even by another system's watch), or from
                // the claimed delay before the watch joined, whichever is earlier.
                long announcedFrom = Math.min(previous == null ? 0 : previous.frame() + 1L, (long) watch.firstFrame() - delay);
                // A query built in a run opens in its system's first run, which may come frames after the watch's
                // first frame (its system paused): announcements made between frames until then reach it too.
                int announcedTo = watch.builtInRun() ? (int) r.frame() : watch.firstFrame();
                if (!evaluated && (watch.firstFrame() > 0 || watch.builtInRun()) && watch.kind() != WatchKind.REMOVED
                        && scenario.announcesBetween(watch.data(), (int) Math.max(announcedFrom, 0), announcedTo)) {
                    announced.addAll(members(present));
                    announcedUntil = r.frame() + delay;
                }
                // An announcement made inside a run q (a query built in q started observing the component) is at
                // q's tick: it reaches run r when q's tick may lie after r's system's previous run and not after
                // r's own tick, that is when q did not finish before the previous run began and began before r
                // finished. It may come in any run of the watch, not only its first: a watch whose own in-run
                // query opened just after another's, in a run with an earlier tick, sees it a run later.
                for (java.util.Iterator<RunRecord> it = inRunAnnouncers.iterator(); it.hasNext(); ) {
                    RunRecord q = it.next();
                    if ((previous == null || previous.startSeq() < q.finishSeq()) && q.startSeq() < r.finishSeq()) {
                        announced.addAll(members(present));
                        announcedUntil = Math.max(announcedUntil, r.frame() + delay);
                        it.remove();
                    }
                }
                evaluated = true;
                List<Open> dueNow = new ArrayList<>();
                for (Open o : undue) {
                    if (!o.settled) {
                        o.due = r;
                        o.dueIndex = k;
                        dueNow.add(o);
                    }
                }
                undue.clear();
                List<String> got = reports.get(r.id());
                if (got == null) {
                    previous = r;
                    continue;                                            // the run stopped before its detections
                }
                Map<String, Integer> times = new HashMap<>();
                for (String key : got) {
                    int n = times.merge(key, 1, Integer::sum);
                    if (n > 1 && !multiset) {
                        out.add(new Finding(FindingType.REPEATED, watch, detector, r, key, null, null, classes(null)));
                        continue;
                    }
                    Deque<ChangeRecord> q = unmatched.get(key);
                    ChangeRecord lastChance = inSet(key, present) ? lastChance(q, r, delay) : null;
                    if (lastChance != null) {
                        // An excused change whose last chance is this run is matched before an announcement or a
                        // change that may still be reported later: a frame-late design delivers the older one first.
                        q.remove(lastChance);
                        excused.remove(lastChance);
                        lastMatch.put(key, new Object[] {r, lastChance});
                        continue;
                    }
                    boolean announcement = r.frame() <= announcedUntil && inSet(key, present) && announced.contains(key);
                    if (announcement && (delay > 0 || q == null || q.isEmpty())) {
                        // A late observer may report each row with the component once. Under a claim of
                        // delay the announcement is taken before a real change: a strategy that reports it and, a
                        // frame later, a change made meanwhile has reported each once. Without one, a real change
                        // is matched first, so a second report of it is a repeat. (Either way the report covers the
                        // key's obligations.)
                        announced.remove(key);
                        continue;
                    }
                    if (q != null && !q.isEmpty()) {
                        ChangeRecord c = takeOwedFirst(q, r);            // each report needs a change of its own
                        lastMatch.put(key, new Object[] {r, c});
                        if (multiset) {
                            report(open.get(key), c, r, k);
                        }
                        continue;
                    }
                    Object[] earlier = lastMatch.get(key);
                    ChangeRecord mine = own.get(key);
                    if (mine != null && (earlier == null || mine.seq() > ((RunRecord) earlier[0]).startSeq())) {
                        out.add(new Finding(FindingType.OWN, watch, detector, r, key, mine, null, classes(mine)));
                    } else if (earlier != null) {
                        ChangeRecord first = (ChangeRecord) earlier[1];
                        out.add(new Finding(FindingType.REPEATED, watch, detector, r, key, first, (RunRecord) earlier[0],
                                classes(first)));
                    } else {
                        out.add(new Finding(FindingType.SPURIOUS, watch, detector, r, key, null, null, classes(null)));
                    }
                }
                if (!multiset) {
                    for (String key : times.keySet()) {                  // one report covers every change of its key
                        report(open.get(key), null, r, k);
                    }
                }
                expire(r, open, unmatched);
                if (dueNow.size() > 1) {                                 // stable: by key, then creation
                    dueNow.sort(Comparator.comparingLong(o -> keyOrder.getOrDefault(key(o.change), Long.MAX_VALUE)));
                }
                for (Open o : dueNow) {
                    if (!o.settled && o.change.frame() == r.frame()) {
                        out.add(new Finding(FindingType.LATE, watch, detector, r, o.change.entity(), o.change, null,
                                classes(o.change)));
                    }
                }
                expireExcused(r, present, unmatched, delay);
                previous = r;
            }
            for (List<Open> list : open.values()) {
                for (Open o : list) {
                    if (o.due != null && !(watch.until() != null && o.due.frame() + delay >= watch.until())) {
                        close(o, null, -1);
                    }
                    // else: the watch left before the claimed delay ran out; the strategy may still have
                    // reported it in time, in a run that no longer asks: nobody's obligation
                }
            }
        }

        /**
         * The runs that build an in-run query on the watched component which may be the first observer of
         * it ({@link Scenario#announcesWhenJoining}): each such watch's system's first run in the frame its
         * query is built ({@link Scenario#openingFrame}), as the trace recorded it.
         */
        private List<RunRecord> inRunAnnouncers() {
            List<RunRecord> out = new ArrayList<>();
            for (SystemSpec x : scenario.systems()) {
                for (Watch v : x.watches()) {
                    if (!v.builtInRun() || v.data() != watch.data() || !scenario.announcesWhenJoining(v)) {
                        continue;
                    }
                    int frame = scenario.openingFrame(x, v);
                    RunRecord first = null;
                    for (RunRecord q : trace.runs()) {
                        if (q.system().equals(x.name()) && q.frame() == frame
                                && (first == null || q.startSeq() < first.startSeq())) {
                            first = q;
                        }
                    }
                    if (first != null && !out.contains(first)) {
                        out.add(first);
                    }
                }
            }
            return out;
        }

        /** Whether changes can reach the maximum change age in this trace (the lab's clock jumps; not an engine's). */
        private boolean ages() {
            return !trace.config().drivesAnEngine() && (!scenario.clockJumps().isEmpty() || !scenario.ageJumps().isEmpty());
        }

        /**
         * Takes the change that a report of its key in run {@code r} stands for: the earliest that is younger than the
         * maximum change age at {@code r}, or else the earliest. A change that old may have been let go (Bevy's
         * semantics clamp it away), so a tick-based strategy's report cannot be of it while a younger change of the
         * key is there. It matters for removal lists, where a report covers one removal: a reader away across an age
         * jump, told of an entity's despawn once, was held to have reported the entity's older, expired removal and to
         * have missed the despawn (a 10 000-scenario gate, seed 10453). A tick-free strategy reports both, and the
         * second report takes the older one.
         */
        private ChangeRecord takeOwedFirst(Deque<ChangeRecord> q, RunRecord r) {
            if (q.size() > 1 && ages()) {
                for (java.util.Iterator<ChangeRecord> it = q.iterator(); it.hasNext(); ) {
                    ChangeRecord c = it.next();
                    if (age(c, r) < ClockJump.MAX_AGE) {
                        it.remove();
                        return c;
                    }
                }
            }
            return q.removeFirst();
        }

        /**
         * Bevy's expiration ({@link ClockJump}): an obligation still not reported by the last run its claim
         * allows (its deadline: the due run, or under a claim of k frames' delay the detector's first run
         * at least k frames later), whose change is by then at least the maximum change age old, has
         * expired. It is no obligation any more and its change can no longer be reported: a later report of
         * it is a report without a change (criterion 2). The question is asked once, at the deadline: jumps
         * after it never excuse a miss. The age is exact ({@link #age}). The same deadline weighs the claim's
         * horizon ({@link #withinHorizon}).
         */
        private void expire(RunRecord r, Map<String, List<Open>> open, Map<String, Deque<ChangeRecord>> unmatched) {
            dev.ecslab.ecs.change.Horizon h = trace.config().claimedHorizon();
            boolean ages = ages();
            if (!ages && h.coversEveryAbsence()) {
                return;
            }
            int allowed = trace.config().delayFrames();
            for (Map.Entry<String, List<Open>> e : open.entrySet()) {
                for (java.util.Iterator<Open> it = e.getValue().iterator(); it.hasNext(); ) {
                    Open o = it.next();
                    if (o.due == null || o.deadlinePassed || r.frame() < o.due.frame() + allowed) {
                        continue;
                    }
                    o.deadlinePassed = true;                             // r is the deadline run
                    boolean expired = ages && age(o.change, r) >= ClockJump.MAX_AGE;
                    boolean past = !expired && !h.coversEveryAbsence() && !withinHorizon(h, o);
                    if (expired || past) {
                        it.remove();
                        o.settled = true;
                        Deque<ChangeRecord> q = unmatched.get(e.getKey());
                        if (q != null) {
                            q.remove(o.change);
                        }
                    }
                    if (past) {
                        out.add(new Finding(FindingType.PAST_HORIZON, watch, detector, r, o.change.entity(), o.change, null,
                                classes(o.change), o.due, false, -1, -1));
                    }
                }
            }
        }

        /**
         * The claim's horizon ({@link dev.ecslab.ecs.change.Horizon}), asked at the same deadline as expiry: an
         * obligation still open then whose detector was away longer than the horizon covers (from its last run
         * before the change to its first run after it: the frames that ended, idle ones included, the ticks
         * between those runs, and the removals of the watched data meanwhile) is no obligation: it is reported
         * as {@link FindingType#PAST_HORIZON}, never gated, and a later report of it matches nothing. An
         * unbounded horizon, every strategy's default, excuses nothing.
         */
        private boolean withinHorizon(dev.ecslab.ecs.change.Horizon h, Open o) {
            long from = o.before == null ? -1 : o.before.frame();
            long to = o.due.frame();
            long frames = to - Math.max(from, 0) + scenario.idleFramesBetween(from, to);
            Long left = o.before == null ? null : trace.runTick(o.before);
            Long back = trace.runTick(o.due);
            long ticks = left != null && back != null ? back - left : scenario.jumpedBetween(from, to);
            long removals = index.removalsBetween(watch.data(), o.before == null ? -1 : o.before.startSeq(), o.due.startSeq());
            return h.covers(frames, ticks, removals);
        }

        /**
         * How old {@code change} is when run {@code r} begins, in ticks: the run's tick minus the change's,
         * both as the lab counted them (the world's clock read between frames, the jumps the lab made, the
         * ticks the world handed out to runs and command applications; {@link Trace#frameTicks()}), exact
         * to the tick, so a change exactly at the maximum age, or one tick short of it, is judged as Bevy
         * would. A trace without that record (built by hand, or an older file) falls back on the jumps
         * between the change's frame and the run's: exact for fixed jumps, whose sums
         * {@link Scenario#validate()} keeps {@link ClockJump#MARGIN} away from the maximum age, more
         * ticks than the scenario takes of its own.
         */
        private long age(ChangeRecord change, RunRecord r) {
            Long runTick = trace.runTick(r);
            if (runTick != null && change.tick() != null) {
                return runTick - change.tick();
            }
            return scenario.jumpedBetween(change.frame(), r.frame());
        }

        /** Marks the open obligations of a key reported by run {@code r} (only {@code only}'s, for removal lists). */
        private void report(List<Open> list, ChangeRecord only, RunRecord r, int k) {
            if (list == null) {
                return;
            }
            for (java.util.Iterator<Open> it = list.iterator(); it.hasNext(); ) {
                Open o = it.next();
                if (o.due == null || only != null && o.change != only) {
                    continue;
                }
                close(o, r, k);
                it.remove();
                o.settled = true;
            }
        }

        /** Records the obligation, reported by {@code r} (the {@code k}-th run) or never. */
        private void close(Open o, RunRecord r, int k) {
            Set<ScenarioClass> cls = classes(o.change);
            if (r == null) {
                obligations.add(new Obligation(watch, detector, o.change, o.due, null, o.dropped, -1, -1, cls));
                out.add(new Finding(FindingType.MISSED, watch, detector, o.dropped != null ? o.dropped : lastRunOf(o),
                        o.change.entity(), o.change, null, cls, o.due, o.dropped != null, -1, -1));
                return;
            }
            int runs = k - o.dueIndex;
            int frames = (int) (r.frame() - o.due.frame());
            obligations.add(new Obligation(watch, detector, o.change, o.due, r, null, runs, frames, cls));
            if (runs > 0) {
                out.add(new Finding(FindingType.DELAYED, watch, detector, r, o.change.entity(), o.change, null, cls, o.due,
                        false, runs, frames));
            }
        }

        private RunRecord lastRunOf(Open o) {
            RunRecord last = o.due;
            for (RunRecord r : trace.runs()) {
                if (r.system().equals(detector) && r.failure() == null && r.startSeq() > last.startSeq()
                        && watch.existsIn(r.frame())) {
                    last = r;
                }
            }
            return last;
        }

        private Set<ScenarioClass> classes(ChangeRecord c) {
            return classesOf(structure, watch, c);
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
