package dev.ecslab.reports.timeline;

import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.reports.text.SafeText;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The terminal rendering of a {@link Timeline}. Columns follow the order of events, not their
 * distance: each event gets the next free column, and a run's segment is at least as wide as its
 * label. The widest window that fits the width is drawn.
 */
final class TimelineText {
    private static final int MAX_LANE_NAME = 24;

    private TimelineText() {
    }

    static String render(Timeline t, int width) {
        int nameWidth = Math.min(MAX_LANE_NAME, t.lanes.stream().map(SafeText::line).mapToInt(String::length).max().orElse(4));
        List<Window> candidates = t.candidateWindows();
        Layout chosen = null;
        for (Window w : candidates) {
            Layout l = layout(t, w);
            chosen = l;
            if (nameWidth + 3 + l.columns <= width) {
                break;
            }
        }
        StringBuilder out = new StringBuilder();
        Trace.Config c = t.vt.trace().config();
        wrap(out, "timeline: " + t.vt.violation().criterion() + " | " + c.label() + " | left to right in the order of events"
                + " (sequence numbers " + chosen.firstSeq + "-" + chosen.lastSeq + "), one lane per "
                + (t.byThread ? "thread" : "system"), width);
        boolean cut = nameWidth + 3 + chosen.columns > width;
        out.append(line(pad("", nameWidth) + " | " + chosen.header, width)).append('\n');
        for (int i = 0; i < t.lanes.size(); i++) {
            out.append(line(pad(SafeText.line(t.lanes.get(i)), nameWidth) + " | " + chosen.lanes.get(i), width)).append('\n');
        }
        List<String> legend = new ArrayList<>();
        legend.add("[#n-] run n of " + (t.byThread ? "a system, named in front of #" : "the lane's system") + ", start to finish"
                + (t.vt.scenario().stages().size() > 1 ? " (@stage)" : ""));
        legend.add("| frame boundary, fN frame N");
        if (chosen.usedSync) {
            legend.add("s sync point");
        }
        if (chosen.usedCommands) {
            legend.add("c commands applied");
        }
        if (!chosen.window.elided().isEmpty() && chosen.window.intervals().size() > 0) {
            legend.add("~ runs left out");
        }
        for (Focus.MarkKind k : chosen.usedMarks) {
            legend.add(k.symbol + " " + k.meaning);
        }
        wrap(out, "legend: " + String.join("; ", legend), width);
        for (Window.Elided e : chosen.window.elided()) {
            wrap(out, "left out: " + e.describe(), width);
        }
        if (cut) {
            wrap(out, "(lines cut at " + width + " columns: the violation's runs alone are wider)", width);
        }
        return out.toString();
    }

    /** The drawn lanes and header, and what they used. */
    private static final class Layout {
        Window window;
        List<StringBuilder> lanes = new ArrayList<>();
        StringBuilder header = new StringBuilder();
        int columns;
        long firstSeq;
        long lastSeq;
        boolean usedSync;
        boolean usedCommands;
        Set<Focus.MarkKind> usedMarks = EnumSet.noneOf(Focus.MarkKind.class);
    }

    private static Layout layout(Timeline t, Window w) {
        Layout l = new Layout();
        l.window = w;
        t.lanes.forEach(x -> l.lanes.add(new StringBuilder()));
        Map<Long, RunRecord> starts = new HashMap<>();
        Map<Long, RunRecord> finishes = new HashMap<>();
        Map<Long, Trace.Event> events = new HashMap<>();
        Map<Long, Long> frames = new HashMap<>();
        for (RunRecord r : w.runs()) {
            starts.put(r.startSeq(), r);
            finishes.put(r.finishSeq(), r);
            frames.put(r.startSeq(), r.frame());
            frames.put(r.finishSeq(), r.frame());
        }
        for (Trace.Event e : w.events()) {
            events.put(e.seq(), e);
            frames.put(e.seq(), e.frame());
        }
        Map<Integer, Integer> startCol = new HashMap<>();
        int col = 0;
        Long prevFrame = null;
        boolean first = true;
        l.firstSeq = w.points().isEmpty() ? 0 : w.points().first();
        l.lastSeq = w.points().isEmpty() ? 0 : w.points().last();
        for (long[] iv : w.intervals()) {
            boolean gapBefore = w.elided().stream().anyMatch(e -> e.beforeSeq() == iv[0] + 1);
            if (gapBefore) {
                for (StringBuilder sb : l.lanes) {
                    put(sb, col + 1, "~");
                }
                col += 3;
                prevFrame = null;
            }
            for (long p : w.points().subSet(iv[0] + 1, true, iv[1], true)) {
                long frame = frames.get(p);
                if (prevFrame != null && frame != prevFrame) {
                    for (StringBuilder sb : l.lanes) {
                        put(sb, col, "|");
                    }
                    col++;
                }
                if (prevFrame == null || frame != prevFrame) {
                    String f = "f" + frame;
                    if (free(l.header, col, f.length() + 1)) {
                        put(l.header, col, f);
                    }
                }
                prevFrame = frame;
                first = false;
                RunRecord fin = finishes.get(p);
                if (fin != null && startCol.containsKey(fin.id())) {
                    String label = label(t, fin, l);
                    int s = startCol.get(fin.id());
                    int c = Math.max(col, s + 1 + label.length());
                    StringBuilder sb = l.lanes.get(t.laneOf(fin));
                    put(sb, s, "[" + label + "-".repeat(c - s - 1 - label.length()) + "]");
                    col = c + 1;
                }
                RunRecord st = starts.get(p);
                if (st != null) {
                    startCol.put(st.id(), col);
                    col++;
                }
                Trace.Event e = events.get(p);
                if (e != null) {
                    String sign = e.kind().equals("sync") ? "s" : e.kind().equals("commands") ? "c" : e.kind().substring(0, 1);
                    l.usedSync |= e.kind().equals("sync");
                    l.usedCommands |= e.kind().equals("commands");
                    for (Focus.Mark m : t.focus.marks) {
                        if (m.run() == null && m.seq() == p) {
                            sign += m.kind().symbol;
                            l.usedMarks.add(m.kind());
                        }
                    }
                    int lane = t.laneOfEvent(e);
                    if (lane >= 0) {
                        put(l.lanes.get(lane), col, sign);
                    }
                    col += sign.length();
                }
            }
        }
        boolean gapAfter = !w.elided().isEmpty() && w.elided().get(w.elided().size() - 1).afterSeq()
                >= (w.intervals().isEmpty() ? Long.MIN_VALUE : w.intervals().get(w.intervals().size() - 1)[1]);
        if (gapAfter && !w.intervals().isEmpty()) {
            for (StringBuilder sb : l.lanes) {
                put(sb, col + 1, "~");
            }
            col += 3;
        }
        l.columns = col;
        return l;
    }

    private static String label(Timeline t, RunRecord r, Layout l) {
        StringBuilder s = new StringBuilder(SafeText.line(t.label(r)));
        for (Focus.Mark m : t.marksOn(r)) {
            s.append(m.kind().symbol);
            l.usedMarks.add(m.kind());
        }
        return s.toString();
    }

    private static void put(StringBuilder sb, int col, String s) {
        while (sb.length() < col + s.length()) {
            sb.append(' ');
        }
        sb.replace(col, col + s.length(), s);
    }

    private static boolean free(StringBuilder sb, int col, int len) {
        for (int i = col; i < Math.min(sb.length(), col + len); i++) {
            if (sb.charAt(i) != ' ') {
                return false;
            }
        }
        return col == 0 || sb.length() <= col - 1 || sb.charAt(col - 1) == ' ';
    }

    private static String pad(String s, int w) {
        if (s.length() > w) {
            return "~" + s.substring(s.length() - (w - 1));
        }
        return s + " ".repeat(w - s.length());
    }

    private static String line(String s, int width) {
        String trimmed = s.stripTrailing();
        return trimmed.length() <= width ? trimmed : trimmed.substring(0, width - 1) + ">";
    }

    private static void wrap(StringBuilder out, String text, int width) {
        String indent = "";
        String rest = text;
        while (indent.length() + rest.length() > width) {
            int room = width - indent.length();
            int cut = rest.lastIndexOf(' ', room);
            if (cut <= 0) {
                cut = room;
            }
            out.append(indent).append(rest, 0, cut).append('\n');
            rest = rest.substring(cut).stripLeading();
            indent = "  ";
        }
        out.append(indent).append(rest).append('\n');
    }
}
