package dev.ecslab.reports.timeline;

import dev.ecslab.lab.results.Counterexample;
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
 * system runs as bars from their start to their finish, every frame (an empty one too, and the setup
 * before frame 0 when a change was made there), the frames in which a system was paused, the
 * iterations of looping stages, and marks for the change and for the detections that went wrong.
 *
 * <p>Contract: left to right is the order of the trace's events (its sequence numbers, consistent with
 * happens-before), not their distance: each event takes the next column, and a run's bar is at least
 * as wide as its label, so no two labels share a place. Runs are numbered per system from 1
 * ({@link RunNames}), as the words name them. A trace too long for the width keeps the frames the
 * violation is about in full and shows the others collapsed, each still named, and says how many runs
 * it left out. Two renderings of one layout ({@link TimelineLayout}): {@link #svg(String)} (inline SVG
 * for the HTML report) and {@link #text(int)} (for {@code lab replay} on a terminal).
 */
public final class Timeline {
    /** Default width of {@link #text()}, in columns. */
    public static final int TEXT_WIDTH = 120;

    /** The lane that holds sync points and command applications when lanes are systems. */
    static final String WORLD_LANE = "world (sync, commands)";

    final ViolationTrace vt;
    final Focus focus;
    final RunNames names;
    /** True when lanes are threads; false when they are systems (one thread ran everything). */
    final boolean byThread;
    final List<String> lanes;
    /** Every run in start order. */
    final List<RunRecord> runs;

    private Timeline(ViolationTrace vt) {
        this.vt = vt;
        this.focus = Focus.of(vt);
        this.names = focus.names;
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
                if (runs.stream().anyMatch(r -> r.system().equals(s.name())) || s.pauseSet() != null) {
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
        return byThread ? 0 : lanes.indexOf(WORLD_LANE);
    }

    /** The marks on one run, in kind order. */
    List<Focus.Mark> marksOn(RunRecord r) {
        return focus.marks.stream().filter(m -> m.run() != null && m.run().id() == r.id())
                .sorted(Comparator.comparing(Focus.Mark::kind)).distinct().toList();
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
     * The picture as an SVG element for inlining in an HTML page: no XML prolog or DOCTYPE, every
     * {@code id} prefixed with {@code id}, so several pictures can share a page. Every label is a
     * {@code <text>} element on a grid of character cells, so no two labels overlap; each is drawn in a
     * colour chosen for contrast with what it stands on.
     *
     * @param id a prefix unique on the page, such as {@code "cx3"}; letters, digits, '-' and '_'
     */
    public String svg(String id) {
        return TimelineSvg.render(this, id);
    }
}
