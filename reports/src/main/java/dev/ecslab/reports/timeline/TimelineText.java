package dev.ecslab.reports.timeline;

import dev.ecslab.lab.trace.Trace;
import dev.ecslab.reports.text.SafeText;
import java.util.ArrayList;
import java.util.List;

/**
 * The terminal rendering of a {@link Timeline}: the {@link TimelineLayout} one character per cell, a
 * header line naming every frame (and a second one naming loop iterations), one line per lane, the
 * legend and what was left out. Lines are at most the given width; when the frames the violation is
 * about are wider alone, lines are cut and the text says so.
 */
final class TimelineText {
    private static final int MAX_LANE_NAME = 24;

    private TimelineText() {
    }

    static String render(Timeline t, int width) {
        TimelineLayout probe = TimelineLayout.of(t, Integer.MAX_VALUE);
        int nameWidth = Math.min(MAX_LANE_NAME, probe.lanes.stream().map(SafeText::line).mapToInt(String::length).max().orElse(4));
        TimelineLayout l = TimelineLayout.of(t, Math.max(10, width - nameWidth - 3));
        List<StringBuilder> header = List.of(new StringBuilder(), new StringBuilder());
        List<StringBuilder> lanes = new ArrayList<>();
        l.lanes.forEach(x -> lanes.add(new StringBuilder()));
        for (TimelineLayout.Header h : l.headers) {
            put(header.get(h.row()), h.col(), h.text());
        }
        for (TimelineLayout.Rule r : l.rules) {
            for (StringBuilder sb : lanes) {
                put(sb, r.col(), r.frame() ? "|" : ":");
            }
        }
        for (TimelineLayout.Item it : l.items) {
            switch (it.kind()) {
                case RUN -> put(lanes.get(it.lane()), it.from(), "[" + it.text()
                        + "-".repeat(Math.max(0, it.to() - it.from() - 1 - it.text().length())) + "]");
                case PAUSED -> put(lanes.get(it.lane()), it.from(), it.lane() >= 0 && it.text().equals("paused")
                        ? "(" + "paused" + ".".repeat(Math.max(0, it.to() - it.from() - 7)) + ")" : it.text());
                case EVENT -> put(lanes.get(it.lane()), it.from(), it.text());
                case LEFT_OUT -> {
                    for (StringBuilder sb : lanes) {
                        put(sb, it.from() + 1, "~");
                    }
                }
            }
        }
        StringBuilder out = new StringBuilder();
        Trace.Config c = t.vt.trace().config();
        wrap(out, "timeline: " + t.vt.violation().criterion() + " | " + SafeText.line(c.label()) + " | left to right in the"
                + " order of events, one lane per " + (t.byThread ? "thread" : "system"), width);
        boolean cut = nameWidth + 3 + l.columns > width;
        out.append(line(pad("", nameWidth) + " | " + header.get(0), width)).append('\n');
        if (l.usedIterations) {
            out.append(line(pad("", nameWidth) + " | " + header.get(1), width)).append('\n');
        }
        for (int i = 0; i < l.lanes.size(); i++) {
            out.append(line(pad(SafeText.line(l.lanes.get(i)), nameWidth) + " | " + lanes.get(i), width)).append('\n');
        }
        wrap(out, "legend: " + String.join("; ", l.legend()), width);
        for (String e : l.leftOut) {
            wrap(out, "left out: " + e, width);
        }
        if (cut) {
            wrap(out, "(lines cut at " + width + " columns: the frames the violation is about are wider alone)", width);
        }
        return out.toString();
    }

    private static void put(StringBuilder sb, int col, String s) {
        while (sb.length() < col + s.length()) {
            sb.append(' ');
        }
        sb.replace(col, col + s.length(), s);
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
