package dev.ecslab.reports.timeline;

import dev.ecslab.lab.classify.Counterexample;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.SystemSpec;
import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A counterexample's trace as a picture: one lane per thread (or, when every run happened on one
 * thread, one lane per system plus one for the world's sync points and command applications), the
 * system runs as bars from their start to their finish event, the frame boundaries, and marks for
 * the change and for the detection that went wrong. The time axis is the trace's event sequence
 * number, which is consistent with happens-before.
 *
 * <p>Two renderings: {@link #svg(String)} (an XChart chart as inline SVG for the HTML report) and
 * {@link #text(int)} (for {@code lab replay} on a terminal). Long traces are cut to a window around
 * the runs the violation is about; both renderings say what they left out.
 */
public final class Timeline {
    /** Default width of {@link #text()}, in columns. */
    public static final int TEXT_WIDTH = 120;

    /** The lane that holds sync points and command applications when lanes are systems. */
    static final String WORLD_LANE = "world (sync, commands)";

    final ViolationTrace vt;
    final Focus focus;
    /** True when lanes are threads; false when they are systems (one thread ran everything). */
    final boolean byThread;
    final List<String> lanes;
    /** Every run in start order. */
    final List<RunRecord> runs;

    private Timeline(ViolationTrace vt) {
        this.vt = vt;
        this.focus = Focus.of(vt);
        Trace trace = vt.trace();
        this.runs = trace.runs().stream().sorted(Comparator.comparingLong(RunRecord::startSeq)).toList();
        Set<String> threads = new LinkedHashSet<>();
        runs.forEach(r -> threads.add(r.thread()));
        this.byThread = threads.size() > 1;
        List<String> ls = new ArrayList<>();
        if (byThread) {
            ls.addAll(threads);
            for (Trace.Event e : trace.events()) {
                if (!ls.contains(e.thread())) {
                    ls.add(e.thread());
                }
            }
        } else {
            Set<String> systems = new LinkedHashSet<>();
            for (SystemSpec s : vt.scenario().systems()) {
                if (runs.stream().anyMatch(r -> r.system().equals(s.name()))) {
                    systems.add(s.name());
                }
            }
            runs.forEach(r -> systems.add(r.system()));
            ls.addAll(systems);
            if (trace.events().stream().anyMatch(e -> !e.kind().equals("start") && !e.kind().equals("finish"))
                    || focus.marks.stream().anyMatch(m -> m.run() == null)) {
                ls.add(WORLD_LANE);
            }
        }
        this.lanes = List.copyOf(ls);
    }

    /** The timeline of one violation shown by a scenario's trace. */
    public static Timeline of(ViolationTrace violation) {
        return new Timeline(violation);
    }

    /** The timeline of a counterexample of the report. */
    public static Timeline of(Counterexample counterexample) {
        return of(ViolationTrace.of(counterexample));
    }

    /** The timeline of a violation of a replay file's (or any) scenario and trace. */
    public static Timeline of(Scenario scenario, Trace trace, dev.ecslab.lab.criteria.Violation violation) {
        return of(new ViolationTrace(scenario, trace, violation));
    }

    /** The lane names, top to bottom: thread names, or system names and the world's lane. */
    public List<String> lanes() {
        return lanes;
    }

    /** Whether the lanes are threads (a parallel run) rather than systems (a run on one thread). */
    public boolean lanesAreThreads() {
        return byThread;
    }

    /** The lane a run is drawn in. */
    int laneOf(RunRecord r) {
        return lanes.indexOf(byThread ? r.thread() : r.system());
    }

    /** The lane of an event that is not a run (sync point, command application). */
    int laneOfEvent(Trace.Event e) {
        return byThread ? lanes.indexOf(e.thread()) : lanes.indexOf(WORLD_LANE);
    }

    /** The lane of a world change at {@code seq}: the thread that applied the commands, or the world's lane. */
    int worldLane(long seq) {
        for (Trace.Event e : vt.trace().events()) {
            if (e.seq() == seq) {
                return laneOfEvent(e);
            }
        }
        return byThread ? lanes.size() - 1 : lanes.indexOf(WORLD_LANE);
    }

    /** A run's label: its number, with the system in front when lanes are threads, and its stage when there are several. */
    String label(RunRecord r) {
        String s = (byThread ? r.system() : "") + "#" + r.id();
        if (vt.scenario().stages().size() > 1) {
            s += "@" + r.stage();
        }
        if (r.iteration() > 0) {
            s += "." + r.iteration();
        }
        return s;
    }

    /** The marks on one run, in kind order. */
    List<Focus.Mark> marksOn(RunRecord r) {
        return focus.marks.stream().filter(m -> m.run() != null && m.run().id() == r.id())
                .sorted(Comparator.comparing(Focus.Mark::kind)).toList();
    }

    /** Windows of the trace to try, the whole trace first, narrower ones after. */
    List<Window> candidateWindows() {
        List<Window> out = new ArrayList<>();
        if (runs.isEmpty()) {
            out.add(Window.of(this, List.of()));
            return out;
        }
        long first = runs.get(0).startSeq();
        long last = lastSeq();
        out.add(Window.of(this, List.of(new long[] {first - 1, last})));
        List<RunRecord> focusRuns = new ArrayList<>(focus.involved);
        if (focusRuns.isEmpty()) {
            long frame = vt.violation().criterion() == dev.ecslab.lab.criteria.Criterion.BOUNDED_MEMORY
                    ? runs.get(runs.size() - 1).frame() : runs.get(0).frame();
            runs.stream().filter(r -> r.frame() == frame).forEach(focusRuns::add);
        }
        long minFrame = focusRuns.stream().mapToLong(RunRecord::frame).min().orElse(0);
        long maxFrame = focusRuns.stream().mapToLong(RunRecord::frame).max().orElse(0);
        for (int pad = 1; pad >= 0; pad--) {
            out.add(Window.of(this, List.of(frameRange(minFrame - pad, maxFrame + pad))));
        }
        List<long[]> near = new ArrayList<>();
        List<long[]> only = new ArrayList<>();
        for (RunRecord r : focusRuns) {
            int i = runs.indexOf(r);
            RunRecord prev = i > 0 ? runs.get(i - 1) : r;
            RunRecord next = i + 1 < runs.size() ? runs.get(i + 1) : r;
            near.add(new long[] {prev.startSeq() - 1, Math.max(r.finishSeq(), next.finishSeq())});
            only.add(new long[] {r.startSeq() - 1, r.finishSeq()});
        }
        for (Focus.Mark m : focus.marks) {
            if (m.run() == null) {
                near.add(new long[] {m.seq() - 1, m.seq()});
                only.add(new long[] {m.seq() - 1, m.seq()});
            }
        }
        out.add(Window.of(this, near));
        out.add(Window.of(this, only));
        return out;
    }

    long lastSeq() {
        long last = 0;
        for (RunRecord r : runs) {
            last = Math.max(last, r.finishSeq());
        }
        for (Trace.Event e : vt.trace().events()) {
            last = Math.max(last, e.seq());
        }
        return last;
    }

    /** The sequence range (exclusive start) of frames {@code from..to}. */
    private long[] frameRange(long from, long to) {
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        for (Trace.Event e : vt.trace().events()) {
            if (e.frame() >= from && e.frame() <= to) {
                lo = Math.min(lo, e.seq());
                hi = Math.max(hi, e.seq());
            }
        }
        for (RunRecord r : runs) {
            if (r.frame() >= from && r.frame() <= to) {
                lo = Math.min(lo, r.startSeq());
                hi = Math.max(hi, r.finishSeq());
            }
        }
        return lo > hi ? new long[] {0, 0} : new long[] {lo - 1, hi};
    }

    /** The terminal rendering, at most {@value #TEXT_WIDTH} columns wide. */
    public String text() {
        return text(TEXT_WIDTH);
    }

    /** The terminal rendering: one line per lane, runs as labelled segments, marks and a legend, lines at most {@code width} wide. */
    public String text(int width) {
        return TimelineText.render(this, width);
    }

    /**
     * The XChart picture as an SVG element for inlining in an HTML page: no XML prolog or DOCTYPE,
     * every {@code id} (and every reference to one) prefixed with {@code id}, so several pictures can
     * share a page. Runs headless.
     *
     * @param id a prefix unique on the page, such as {@code "cx3"}; letters, digits, '-' and '_'
     */
    public String svg(String id) {
        return TimelineSvg.render(this, id);
    }
}
