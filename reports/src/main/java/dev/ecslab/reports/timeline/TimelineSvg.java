package dev.ecslab.reports.timeline;

import dev.ecslab.reports.text.SafeText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The SVG rendering of a {@link Timeline}: the {@link TimelineLayout}'s cells drawn {@value #CELL} px
 * wide in a monospace font of {@value #FONT} px (whose glyphs are at most about 0.62 em wide), so every
 * label fits the cells the layout gave it and no two labels overlap. Runs are bars with their label
 * inside, frames and loop iterations are separated by dashed and dotted lines and named in the header,
 * paused frames are grey boxes, a collapsed frame is a grey band, and the legend under the lanes says
 * what every sign means.
 *
 * <p>Every class name starts with {@code tl-}, so the stylesheet of the page the SVG is inlined in (which has its
 * own {@code .legend}, {@code .meta}, ...) cannot restyle a label and break the grid.
 *
 * <p>Contrast: every text is drawn in the colour, dark or white, that contrasts most with what it stands
 * on (WCAG's relative luminance, {@link #contrast}); the colours are chosen so that this is at least
 * 4.5:1 everywhere (a test checks every text of real timelines).
 */
final class TimelineSvg {
    /** The width of a cell, in px. */
    static final double CELL = 7.0;
    /** The font size of every label, in px. */
    static final int FONT = 11;
    /** At most this many cells of lanes (about 1 000 px); wider traces collapse frames the violation is not about. */
    static final int MAX_COLUMNS = 140;
    private static final int MAX_LANE_NAME = 32;
    /** The legend's lines are at least this many cells wide, and the picture at least as wide as they are. */
    private static final int MIN_LEGEND = 48;
    private static final double LANE = 24;
    private static final double ROW = 16;
    private static final double BAR = 17;
    private static final String WHITE = "#ffffff";
    private static final String INK = "#1f1f1f";
    /** A run the violation is not about. */
    static final String RUN = "#dde3ec";
    /** A run the violation is about. */
    static final String INVOLVED = "#2d5b8e";
    static final String PAUSED = "#eeeeee";
    static final String LEFT_OUT = "#f3f3f3";

    private TimelineSvg() {
    }

    static String render(Timeline t, String id) {
        if (id == null || !id.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new IllegalArgumentException("an SVG id prefix needs a letter then letters, digits, '-' or '_', was '" + id + "'");
        }
        TimelineLayout l = TimelineLayout.of(t, MAX_COLUMNS);
        int nameCells = Math.min(MAX_LANE_NAME, l.lanes.stream().map(SafeText::line).mapToInt(String::length).max().orElse(4)) + 2;
        double x0 = 6 + nameCells * CELL;
        int headerRows = l.usedIterations ? 2 : 1;
        double lanesTop = 6 + headerRows * ROW + 4;
        double lanesBottom = lanesTop + l.lanes.size() * LANE;
        double width = Math.max(x0 + (l.columns + 1) * CELL + 6, 12 + MIN_LEGEND * CELL);
        int legendCells = (int) ((width - 12) / CELL);
        List<String> legendLines = wrap(l.legend(), legendCells);
        List<String> leftOut = new ArrayList<>();
        for (String e : l.leftOut) {
            leftOut.addAll(wrap(List.of("left out: " + e), legendCells));
        }
        double height = lanesBottom + 8 + (legendLines.size() + leftOut.size()) * ROW + 6;
        StringBuilder b = new StringBuilder(8192);
        b.append("<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"").append(id).append("\" class=\"ecslab-timeline\" role=\"img\"")
                .append(" width=\"").append(num(width)).append("\" height=\"").append(num(height)).append("\" viewBox=\"0 0 ")
                .append(num(width)).append(' ').append(num(height)).append("\" font-family=\"monospace\" font-size=\"")
                .append(FONT).append("\">");
        b.append("<title>").append(xml("Timeline of " + t.vt.violation().criterion() + " in scenario '"
                + t.vt.scenario().name() + "' (" + t.vt.trace().config().label() + ")")).append("</title>");
        if (!l.leftOut.isEmpty()) {
            b.append("<desc>").append(xml("Left out: " + String.join("; ", l.leftOut))).append("</desc>");
        }
        b.append("<rect x=\"0\" y=\"0\" width=\"").append(num(width)).append("\" height=\"").append(num(height))
                .append("\" fill=\"").append(WHITE).append("\"/>");
        // lane backgrounds, every other one tinted, and the lane names
        for (int i = 0; i < l.lanes.size(); i++) {
            double y = lanesTop + i * LANE;
            if (i % 2 == 1) {
                rect(b, 0, y, width, LANE, "#f8f9fb", null, "tl-lane-band");
            }
        }
        // collapsed frames and paused frames under everything else
        for (TimelineLayout.Item it : l.items) {
            if (it.kind() == TimelineLayout.Kind.LEFT_OUT) {
                rect(b, cx(x0, it.from()), lanesTop, (it.to() - it.from() + 1) * CELL, lanesBottom - lanesTop, LEFT_OUT, null,
                        "tl-left-out-band");
            }
        }
        // frame and iteration boundaries
        for (TimelineLayout.Rule r : l.rules) {
            double x = cx(x0, r.col()) + CELL / 2;
            b.append("<line class=\"").append(r.frame() ? "tl-frame-boundary" : "tl-iteration-boundary").append("\" x1=\"").append(num(x))
                    .append("\" y1=\"").append(num(6)).append("\" x2=\"").append(num(x)).append("\" y2=\"").append(num(lanesBottom))
                    .append("\" stroke=\"").append(r.frame() ? "#777777" : "#aaaaaa").append("\" stroke-dasharray=\"")
                    .append(r.frame() ? "4 3" : "1 2").append("\"/>");
        }
        for (TimelineLayout.Header h : l.headers) {
            text(b, cx(x0, h.col()), 6 + h.row() * ROW + 12, h.text(), h.frame() ? "tl-frame" : "tl-iteration", WHITE, null);
        }
        for (int i = 0; i < l.lanes.size(); i++) {
            String name = SafeText.line(l.lanes.get(i));
            String shown = name.length() > MAX_LANE_NAME ? "~" + name.substring(name.length() - (MAX_LANE_NAME - 1)) : name;
            String bg = i % 2 == 1 ? "#f8f9fb" : WHITE;
            text(b, 6, laneText(lanesTop, i), shown, "tl-lane", bg, shown.equals(name) ? null : name);
        }
        for (TimelineLayout.Item it : l.items) {
            switch (it.kind()) {
                case LEFT_OUT -> {
                    for (int i = 0; i < l.lanes.size(); i++) {
                        text(b, cx(x0, it.from() + 1), laneText(lanesTop, i), "~", "tl-left-out", LEFT_OUT, null);
                    }
                }
                case PAUSED -> {
                    double y = lanesTop + it.lane() * LANE + (LANE - BAR) / 2;
                    rect(b, cx(x0, it.from()), y, (it.to() - it.from() + 1) * CELL, BAR, PAUSED, "#999999", "tl-paused-box");
                    text(b, cx(x0, it.from() + 1), laneText(lanesTop, it.lane()), it.text(), "tl-paused", PAUSED, null);
                }
                case RUN -> {
                    double y = lanesTop + it.lane() * LANE + (LANE - BAR) / 2;
                    String fill = it.involved() ? INVOLVED : RUN;
                    String stroke = it.marks().isEmpty() ? null : markColour(it.marks().get(0));
                    rect(b, cx(x0, it.from()), y, (it.to() - it.from() + 1) * CELL, BAR, fill, stroke, "tl-run-bar");
                    text(b, cx(x0, it.from() + 1), laneText(lanesTop, it.lane()), it.text(), "tl-run", fill,
                            it.run().system() + " run " + t.names.number(it.run()) + " (" + t.names.when(it.run()) + "), events "
                                    + it.run().startSeq() + "-" + it.run().finishSeq());
                }
                case EVENT -> {
                    String bg = it.lane() % 2 == 1 ? "#f8f9fb" : WHITE;
                    text(b, cx(x0, it.from()), laneText(lanesTop, it.lane()), it.text(),
                            it.marks().isEmpty() ? "tl-event" : "tl-mark tl-" + it.marks().get(0).name().toLowerCase(Locale.ROOT).replace('_', '-'), bg, null);
                }
            }
        }
        double y = lanesBottom + 8 + 12;
        for (String line : legendLines) {
            text(b, 6, y, line, "tl-legend", WHITE, null);
            y += ROW;
        }
        for (String line : leftOut) {
            text(b, 6, y, line, "tl-legend", WHITE, null);
            y += ROW;
        }
        b.append("</svg>");
        return b.toString();
    }

    private static double cx(double x0, int col) {
        return x0 + col * CELL;
    }

    private static double laneText(double lanesTop, int lane) {
        return lanesTop + lane * LANE + LANE / 2 + FONT * 0.35;
    }

    private static void rect(StringBuilder b, double x, double y, double w, double h, String fill, String stroke, String cls) {
        b.append("<rect class=\"").append(cls).append("\" x=\"").append(num(x)).append("\" y=\"").append(num(y))
                .append("\" width=\"").append(num(w)).append("\" height=\"").append(num(h)).append("\" fill=\"").append(fill)
                .append('"');
        if (stroke != null) {
            b.append(" stroke=\"").append(stroke).append("\" stroke-width=\"2\"");
        }
        b.append("/>");
    }

    /** A label at cell grid position {@code x}, in the colour that contrasts most with {@code background}. */
    private static void text(StringBuilder b, double x, double y, String s, String cls, String background, String tooltip) {
        b.append("<text class=\"").append(cls).append("\" x=\"").append(num(x)).append("\" y=\"").append(num(y))
                .append("\" fill=\"").append(ink(background)).append("\">");
        if (tooltip != null) {
            b.append("<title>").append(xml(tooltip)).append("</title>");
        }
        b.append(xml(s)).append("</text>");
    }

    /** Dark ink or white, whichever contrasts more with {@code background}. */
    static String ink(String background) {
        return contrast(INK, background) >= contrast(WHITE, background) ? INK : WHITE;
    }

    /** WCAG 2 contrast ratio of two colours given as {@code #rrggbb}: 1 (none) to 21 (black on white). */
    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String hex) {
        int v = Integer.parseInt(hex.substring(1), 16);
        double r = channel((v >> 16) & 0xff);
        double g = channel((v >> 8) & 0xff);
        double bl = channel(v & 0xff);
        return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
    }

    private static double channel(int c) {
        double s = c / 255.0;
        return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    }

    /** The outline of a run with marks: the colour of its first mark's kind. */
    private static String markColour(Focus.MarkKind k) {
        return switch (k) {
            case CHANGE -> "#b35f00";
            case MISSED, ORDERING -> "#c0282d";
            case REPORTED -> "#2e7d3a";
            case REPEATED, SPURIOUS, OWN, OWN_WRITE -> "#7b2fa0";
            case LATE -> "#b34700";
        };
    }

    private static List<String> wrap(List<String> entries, int cells) {
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String e : entries) {
            String piece = SafeText.line(e);
            if (line.length() > 0 && line.length() + 2 + piece.length() > cells) {
                out.add(line.toString());
                line.setLength(0);
            }
            while (piece.length() > cells) {
                int cut = piece.lastIndexOf(' ', cells);
                cut = cut <= 0 ? cells : cut;
                if (line.length() > 0) {
                    out.add(line.toString());
                    line.setLength(0);
                }
                out.add(piece.substring(0, cut));
                piece = "  " + piece.substring(cut).strip();
            }
            if (line.length() > 0) {
                line.append("; ");
            }
            line.append(piece);
        }
        if (line.length() > 0) {
            out.add(line.toString());
        }
        return out;
    }

    private static String num(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.1f", d);
    }

    /** Text for XML: markup escaped, and what XML 1.0 cannot carry made printable. */
    private static String xml(String s) {
        return SafeText.html(SafeText.line(s));
    }
}
