package dev.ecslab.reports.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.Styler.LegendLayout;
import org.knowm.xchart.style.Styler.LegendPosition;

/**
 * The one look of every benchmark chart: size, fonts of at least 12 px, white background, legend
 * beside the plot, plain decimal tick labels (10,000 rather than 1E4), and a fixed colour per series name (a strategy keeps its colour on every chart).
 */
final class ChartStyle {
    static final int WIDTH = 700;
    static final int HEIGHT = 420;

    /**
     * The names whose colour is fixed, in the order the legends list them, in groups that never
     * share a chart (strategies, executors): a name's colour is its place in its group.
     */
    static final List<List<String>> KNOWN_GROUPS = List.of(
            List.of("none", "flags", "double-buffer", "last-tick", "flag-doubling", "generation", "system-data",
                    "generation-scan"),
            List.of("serial", "staged", "dynamic"));

    /**
     * The iteration contenders in legend order, each with its colour. There are more of them than the
     * palette has colours, over two panels: the objects panel (the first eight) and the columnar panel
     * (the last five, with the hand-written loop and ecslab's forEachChunk repeated as yardsticks). Each
     * panel's colours are distinct, and the yardsticks keep theirs on both.
     */
    private static final List<Map.Entry<String, Integer>> ITERATION = List.of(
            Map.entry("ecslab (forEach)", 0), Map.entry("ecslab (forEachChunk)", 1),
            Map.entry("ecslab (forEachChunk, chunk arrays)", 6), Map.entry("ecslab (chunk arrays, observed)", 7),
            Map.entry("hand-written loop", 2), Map.entry("hand loop over ecslab's objects", 3),
            Map.entry("Dominion", 4), Map.entry("artemis-odb", 5),
            Map.entry("ecslab columnar (forEach)", 0), Map.entry("ecslab columnar (forEachChunk)", 6),
            Map.entry("hand-written loop over primitive arrays", 8),
            Map.entry("ecslab columnar (forEachChunk, observed)", 9), Map.entry("ecslab columnar (forEachChunk, none)", 3));
    private static final Map<String, Integer> ITERATION_COLOURS =
            ITERATION.stream().collect(java.util.stream.Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));

    static final List<String> KNOWN = java.util.stream.Stream.concat(KNOWN_GROUPS.stream().flatMap(List::stream),
            ITERATION.stream().map(Map.Entry::getKey)).toList();

    /** Tableau 10, distinguishable in colour and in grey. */
    private static final Color[] PALETTE = {
        new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759), new Color(0x76B7B2), new Color(0x59A14F),
        new Color(0xEDC948), new Color(0xB07AA1), new Color(0xFF9DA7), new Color(0x9C755F), new Color(0xBAB0AC)};

    private ChartStyle() {
    }

    static void apply(Styler styler) {
        Font base = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
        styler.setChartTitleFont(base.deriveFont(Font.BOLD, 15f))
                .setLegendFont(base)
                .setLegendPosition(LegendPosition.OutsideE)
                .setLegendLayout(LegendLayout.Vertical)
                .setChartBackgroundColor(Color.WHITE)
                .setPlotBackgroundColor(Color.WHITE)
                .setPlotBorderColor(Color.GRAY)
                .setLegendBorderColor(Color.LIGHT_GRAY)
                .setChartFontColor(Color.BLACK)
                .setAntiAlias(true);
        if (styler instanceof AxesChartStyler axes) {
            axes.setAxisTitleFont(base.deriveFont(14f))
                    .setAxisTickLabelsFont(base)
                    .setPlotGridLinesColor(new Color(0xDDDDDD))
                    .setPlotGridLinesStroke(new BasicStroke(1f))
                    .setAxisTickMarksColor(Color.DARK_GRAY)
                    .setXAxisDecimalPattern("#,##0.###")
                    .setYAxisDecimalPattern("#,##0.###");
        }
    }

    /** The colour of a series: fixed for the known names, by hash for others. */
    static Color colour(String name) {
        Integer pinned = ITERATION_COLOURS.get(name);
        if (pinned != null) {
            return PALETTE[pinned];
        }
        for (List<String> group : KNOWN_GROUPS) {
            int i = group.indexOf(name);
            if (i >= 0) {
                return PALETTE[i % PALETTE.length];
            }
        }
        return PALETTE[Math.floorMod(name.hashCode(), PALETTE.length)];
    }

    /** Sorts names as {@link #KNOWN} lists them, unknown names after, alphabetically. */
    static int order(String a, String b) {
        int ia = KNOWN.indexOf(a);
        int ib = KNOWN.indexOf(b);
        if (ia >= 0 && ib >= 0) {
            return Integer.compare(ia, ib);
        }
        if (ia >= 0 || ib >= 0) {
            return ia >= 0 ? -1 : 1;
        }
        return a.compareTo(b);
    }
}
