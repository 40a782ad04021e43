package dev.ecslab.reports.timeline;

import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.reports.text.SafeText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Where everything of a {@link Timeline} goes, on a grid of character cells shared by the terminal and
 * the SVG rendering: columns follow the order of events, each frame is a block named in the header
 * ({@code f0 f1 f2 ...}, an empty frame too, and {@code setup} before frame 0 when a change was made
 * there), a looping stage's iterations are sub-blocks named {@code it2/3}, a run is a bar at least as
 * wide as its label, and a paused system's lane says {@code paused} in the frames it was skipped.
 *
 * <p>Contract: no two labels share a cell (each block is at least as wide as the labels it holds, and
 * a lane holds one bar at a time), so a rendering that draws every cell the same width never overlaps
 * text. Frames that do not fit in {@code maxColumns} are collapsed, farthest from the violation first,
 * each still named in the header (consecutive ones as a range when that is not enough); the frames the
 * violation is about are never collapsed. What a collapsed frame held is listed in {@link #leftOut}.
 */
final class TimelineLayout {
    /** What an item of a lane is. */
    enum Kind { RUN, PAUSED, EVENT, LEFT_OUT }

    /**
     * A lane's item over cells {@code from..to} (inclusive). A run's text is its label without the brackets
     * the terminal draws; {@code lane} -1 means every lane (a collapsed frame).
     */
    record Item(int lane, int from, int to, String text, Kind kind, RunRecord run, boolean involved,
            List<Focus.MarkKind> marks) {
    }

    /** A header label: {@code row} 0 names frames, row 1 the iterations of looping stages. */
    record Header(int row, int col, String text, boolean frame) {
    }

    /** A boundary drawn across the lanes at {@code col}: a frame boundary, or the start of a loop iteration. */
    record Rule(int col, boolean frame) {
    }

    final Timeline t;
    /** The lane names: the timeline's, plus a lane listing paused systems when lanes are threads. */
    final List<String> lanes = new ArrayList<>();
    final List<Item> items = new ArrayList<>();
    final List<Header> headers = new ArrayList<>();
    final List<Rule> rules = new ArrayList<>();
    final List<String> leftOut = new ArrayList<>();
    final Set<Focus.MarkKind> usedMarks = EnumSet.noneOf(Focus.MarkKind.class);
    boolean usedSync;
    boolean usedCommands;
    boolean usedPause;
    boolean usedIterations;
    boolean usedEmpty;
    int columns;
    /** The index of the paused-systems lane, or -1. */
    private int pausedLane = -1;

    private final Map<Long, List<RunRecord>> runsByFrame = new TreeMap<>();
    private final Map<Long, List<Trace.Event>> eventsByFrame = new TreeMap<>();
    private final List<Focus.Mark> setupMarks = new ArrayList<>();

    private TimelineLayout(Timeline t) {
        this.t = t;
        lanes.addAll(t.lanes);
        for (RunRecord r : t.runs) {
            runsByFrame.computeIfAbsent(r.frame(), f -> new ArrayList<>()).add(r);
        }
        for (Trace.Event e : t.vt.trace().events()) {
            if (!e.kind().equals("start") && !e.kind().equals("finish")) {
                eventsByFrame.computeIfAbsent(e.frame(), f -> new ArrayList<>()).add(e);
            }
        }
        for (Focus.Mark m : t.focus.marks) {
            if (m.run() == null && eventAt(m.seq()) == null) {
                setupMarks.add(m);
            }
        }
        if (t.byThread && anyPause()) {
            pausedLane = lanes.size();
            lanes.add("paused systems");
        }
    }

    /**
     * The layout of {@code t} in at most {@code maxColumns} cells where that can be done by collapsing
     * frames the violation is not about (the frames it is about are kept in full however wide).
     */
    static TimelineLayout of(Timeline t, int maxColumns) {
        TimelineLayout probe = new TimelineLayout(t);
        List<Long> frames = probe.frames();
        Set<Long> focus = probe.focusFrames(frames);
        Map<Long, Integer> full = new HashMap<>();
        int total = 0;
        for (long f : frames) {
            int w = probe.frame(f, 0) + 1;                       // a dry run: how wide the frame is in full
            probe.items.clear();
            probe.headers.clear();
            probe.rules.clear();
            full.put(f, w);
            total += w;
        }
        Set<Long> collapsed = new TreeSet<>();
        List<Long> order = new ArrayList<>(frames);
        order.removeAll(focus);
        order.sort(Comparator.comparingLong((Long f) -> -distance(f, focus)).thenComparingLong(f -> -f));
        for (long f : order) {
            if (total <= maxColumns) {
                break;
            }
            collapsed.add(f);
            total -= full.get(f) - collapsedWidth(f);
        }
        boolean merge = total > maxColumns;
        TimelineLayout out = new TimelineLayout(t);
        out.build(frames, collapsed, merge);
        return out;
    }

    /** Every frame from the first to the last the trace has, and -1 (setup) when a change was made there. */
    private List<Long> frames() {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long f : runsByFrame.keySet()) {
            lo = Math.min(lo, f);
            hi = Math.max(hi, f);
        }
        for (long f : eventsByFrame.keySet()) {
            lo = Math.min(lo, f);
            hi = Math.max(hi, f);
        }
        if (lo == Long.MAX_VALUE) {
            lo = 0;
            hi = Math.max(0, t.vt.scenario().totalFrames() - 1);
        }
        List<Long> out = new ArrayList<>();
        if (!setupMarks.isEmpty()) {
            out.add(-1L);
        }
        for (long f = Math.max(0, lo); f <= hi; f++) {
            out.add(f);
        }
        return out;
    }

    /**
     * The frames the violation is about: those of its involved runs (for a miss: the change, the due run, the
     * run the claim's delay ends at and the last run; other marked runs may be collapsed) and of the world's
     * marks; the last frame for a memory violation.
     */
    private Set<Long> focusFrames(List<Long> frames) {
        Set<Long> out = new TreeSet<>();
        (t.focus.essential.isEmpty() ? t.focus.involved : t.focus.essential).forEach(r -> out.add(r.frame()));
        for (Focus.Mark m : t.focus.marks) {
            if (m.run() == null) {
                Trace.Event e = eventAt(m.seq());
                out.add(e == null ? -1L : e.frame());
            }
        }
        if (out.isEmpty() && !frames.isEmpty()) {
            out.add(t.vt.violation().criterion() == dev.ecslab.lab.criteria.Criterion.BOUNDED_MEMORY
                    ? frames.get(frames.size() - 1) : frames.get(0));
        }
        out.retainAll(frames);
        return out;
    }

    private static long distance(long f, Set<Long> focus) {
        long best = Long.MAX_VALUE;
        for (long x : focus) {
            best = Math.min(best, Math.abs(x - f));
        }
        return best;
    }

    /** A collapsed frame's block, with the boundary before it. */
    private static int collapsedWidth(long f) {
        return ("f" + f).length() + 2;
    }

    private void build(List<Long> frames, Set<Long> collapsed, boolean merge) {
        int col = 0;
        for (int i = 0; i < frames.size(); i++) {
            long f = frames.get(i);
            if (i > 0) {
                rules.add(new Rule(col, true));
                col++;
            }
            if (collapsed.contains(f)) {
                int j = i;
                if (merge) {
                    while (j + 1 < frames.size() && collapsed.contains(frames.get(j + 1))) {
                        j++;
                    }
                }
                col = collapsedBlock(f, frames.get(j), col);
                i = j;
            } else {
                col = frame(f, col);
            }
        }
        columns = col;
    }

    /** Frames {@code from..to}, collapsed into one block: named, marked "~" in every lane, listed in {@link #leftOut}. */
    private int collapsedBlock(long from, long to, int col) {
        String head = from == to ? "f" + from : "f" + from + "-" + to;
        int runs = 0;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (long f = from; f <= to; f++) {
            for (RunRecord r : runsByFrame.getOrDefault(f, List.of())) {
                runs++;
                lo = Math.min(lo, r.startSeq());
                hi = Math.max(hi, r.finishSeq());
            }
        }
        headers.add(new Header(0, col, head, true));
        int end = col + head.length();
        items.add(new Item(-1, col, end, "~", Kind.LEFT_OUT, null, false, List.of()));
        leftOut.add((from == to ? "frame " + from : "frames " + from + "-" + to) + ": " + runs + " run" + (runs == 1 ? "" : "s")
                + (runs == 0 ? "" : " (events " + lo + "-" + hi + ")") + " not drawn");
        return end + 1;
    }

    /** Lays out frame {@code f} (-1: the setup) from column {@code col}; returns the first free column after it. */
    private int frame(long f, int col) {
        int start = col;
        if (f < 0) {
            String head = "setup";
            headers.add(new Header(0, start, head, true));
            for (Focus.Mark m : setupMarks) {
                int lane = t.worldLane(m.seq());
                items.add(new Item(lane, col + 1, col + 1, m.kind().symbol, Kind.EVENT, null, false, List.of(m.kind())));
                usedMarks.add(m.kind());
            }
            return start + head.length() + 1;
        }
        List<RunRecord> runs = runsByFrame.getOrDefault(f, List.of());
        List<Trace.Event> events = eventsByFrame.getOrDefault(f, List.of());
        Map<Long, RunRecord> starts = new HashMap<>();
        Map<Long, RunRecord> finishes = new HashMap<>();
        Map<Long, Trace.Event> at = new HashMap<>();
        TreeSet<Long> points = new TreeSet<>();
        for (RunRecord r : runs) {
            starts.put(r.startSeq(), r);
            finishes.put(r.finishSeq(), r);
            points.add(r.startSeq());
            points.add(r.finishSeq());
        }
        for (Trace.Event e : events) {
            at.put(e.seq(), e);
            points.add(e.seq());
        }
        List<String> paused = pausedIn(f);
        String head = "f" + f + (points.isEmpty() ? paused.isEmpty() ? " no run" : " all paused" : "");
        usedEmpty |= points.isEmpty();
        headers.add(new Header(0, start, head, true));
        Map<Integer, Integer> startCol = new HashMap<>();
        String iteration = null;
        int iterationStart = -1;
        String iterationLabel = null;
        for (long p : points) {
            RunRecord st = starts.get(p);
            RunRecord fin = finishes.get(p);
            Trace.Event e = at.get(p);
            String stage = st != null ? st.stage() : fin != null ? fin.stage() : e.stage();
            int it = st != null ? st.iteration() : fin != null ? fin.iteration() : e.iteration();
            long frame = st != null ? st.frame() : fin != null ? fin.frame() : e.frame();
            int of = stage == null ? 1 : t.names.iterations(stage, frame);
            if (of > 1 && st != null && !(stage + "|" + it).equals(iteration)) {
                if (iterationLabel != null) {
                    col = Math.max(col, iterationStart + iterationLabel.length() + 1);
                }
                if (iteration != null && iteration.startsWith(stage + "|")) {
                    rules.add(new Rule(col, false));
                    col++;
                }
                iteration = stage + "|" + it;
                iterationLabel = "it" + (it + 1) + "/" + of;
                iterationStart = col;
                headers.add(new Header(1, col, iterationLabel, false));
                usedIterations = true;
            }
            if (fin != null && startCol.containsKey(fin.id())) {
                String label = label(fin);
                int s = startCol.get(fin.id());
                int c = Math.max(col, s + 1 + label.length());
                List<Focus.MarkKind> marks = t.marksOn(fin).stream().map(Focus.Mark::kind).distinct().toList();
                usedMarks.addAll(marks);
                boolean involved = t.focus.involved.contains(fin) || !marks.isEmpty();
                items.add(new Item(t.laneOf(fin), s, c, label, Kind.RUN, fin, involved, marks));
                col = c + 1;
            }
            if (st != null) {
                startCol.put(st.id(), col);
                col++;
            }
            if (e != null) {
                String sign = e.kind().equals("sync") ? "s" : e.kind().equals("commands") ? "c" : e.kind().substring(0, 1);
                usedSync |= e.kind().equals("sync");
                usedCommands |= e.kind().equals("commands");
                List<Focus.MarkKind> marks = new ArrayList<>();
                for (Focus.Mark m : t.focus.marks) {
                    if (m.run() == null && m.seq() == p) {
                        sign += m.kind().symbol;
                        marks.add(m.kind());
                        usedMarks.add(m.kind());
                    }
                }
                int lane = t.laneOfEvent(e);
                if (lane >= 0) {
                    items.add(new Item(lane, col, col + sign.length() - 1, sign, Kind.EVENT, null, false, marks));
                }
                col += sign.length();
            }
        }
        if (iterationLabel != null) {
            col = Math.max(col, iterationStart + iterationLabel.length() + 1);
        }
        col = Math.max(col, start + head.length() + 1);
        if (!paused.isEmpty()) {
            usedPause = true;
            if (t.byThread) {
                String text = "paused: " + String.join(", ", paused);
                col = Math.max(col, start + text.length() + 1);
                items.add(new Item(pausedLane, start, col - 1, text, Kind.PAUSED, null, false, List.of()));
            } else {
                col = Math.max(col, start + "paused".length() + 2);
                for (String system : paused) {
                    int lane = t.lanes.indexOf(system);
                    if (lane >= 0) {
                        items.add(new Item(lane, start, col - 1, "paused", Kind.PAUSED, null, false, List.of()));
                    }
                }
            }
        }
        return col;
    }

    /**
     * The systems the scenario's run criteria skip in frame {@code f}, in scenario order; a system the trace shows
     * running there anyway (an executor that ignored the run criteria, which criterion O reports) is drawn by its run.
     */
    private List<String> pausedIn(long f) {
        Scenario s = t.vt.scenario();
        List<String> out = new ArrayList<>();
        if (f < 0 || f >= s.totalFrames()) {
            return out;
        }
        List<RunRecord> ran = runsByFrame.getOrDefault(f, List.of());
        for (SystemSpec sys : s.systems()) {
            if (!s.runsIn(sys, (int) f) && ran.stream().noneMatch(r -> r.system().equals(sys.name()))) {
                out.add(SafeText.line(sys.name()));
            }
        }
        return out;
    }

    private boolean anyPause() {
        Scenario s = t.vt.scenario();
        for (int f = 0; f < s.totalFrames(); f++) {
            if (!pausedIn(f).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /** A run's label: its number among its system's runs (with the system in front when lanes are threads), then its marks. */
    String label(RunRecord r) {
        StringBuilder s = new StringBuilder(t.names.label(r, t.byThread));
        t.marksOn(r).stream().map(Focus.Mark::kind).distinct().forEach(k -> s.append(k.symbol));
        return s.toString();
    }

    private Trace.Event eventAt(long seq) {
        for (Trace.Event e : t.vt.trace().events()) {
            if (e.seq() == seq) {
                return e;
            }
        }
        return null;
    }

    /** The legend entries for what this layout used, in a fixed order. */
    List<String> legend() {
        List<String> out = new ArrayList<>();
        out.add(t.byThread ? "[s n] run n of system s (its n-th run), start to finish"
                : "[n] the lane's system's n-th run, start to finish");
        out.add("| frame boundary, fN frame N" + (usedEmpty ? " (\"no run\": nothing ran in it)" : ""));
        if (usedIterations) {
            out.add(": next iteration of a looping stage, itK/N its K-th of N iterations");
        }
        if (usedPause) {
            out.add("paused: the system's run criterion skipped it in that frame");
        }
        if (usedSync) {
            out.add("s sync point");
        }
        if (usedCommands) {
            out.add("c commands applied");
        }
        if (!leftOut.isEmpty()) {
            out.add("~ frame not drawn (listed below)");
        }
        for (Focus.MarkKind k : usedMarks) {
            out.add(k.symbol + " " + k.meaning);
        }
        return out;
    }
}
