package dev.ecslab.reports.chart;

import dev.ecslab.reports.text.SafeText;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.VectorGraphicsEncoder.VectorGraphicsFormat;
import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Turns an XChart chart into an {@code <svg>} element that can sit beside others in one HTML page:
 * XChart's SVG (VectorGraphics2D) starts with an XML prolog and a DOCTYPE, and names its clip paths
 * with ids that are only unique within one file.
 */
final class InlineSvg {
    private static final Pattern PROLOG = Pattern.compile("\\A\\s*<\\?xml[^>]*\\?>\\s*");
    private static final Pattern DOCTYPE = Pattern.compile("\\A\\s*<!DOCTYPE[^>]*>\\s*");
    private static final Pattern ID = Pattern.compile("\\bid=\"([^\"]*)\"");
    private static final Pattern URL_REF = Pattern.compile("url\\(#([^)]*)\\)");
    private static final Pattern HREF = Pattern.compile("(\\b(?:xlink:)?href)=\"#([^\"]*)\"");
    private static final Pattern SVG_OPEN = Pattern.compile("<svg\\b([^>]*)>");

    private InlineSvg() {
    }

    /**
     * The chart as an inline {@code <svg>}: every id and reference prefixed with {@code prefix}, and
     * a {@code <title>} and {@code <desc>} carrying {@code title} and {@code description}.
     */
    static String of(Chart<?, ?> chart, String prefix, String title, String description) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, out, VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return inline(out.toString(StandardCharsets.UTF_8), prefix, title, description);
    }

    /** The text part of {@link #of}, separate so it can be tested on a literal. */
    static String inline(String svg, String prefix, String title, String description) {
        String s = PROLOG.matcher(svg).replaceFirst("");
        s = DOCTYPE.matcher(s).replaceFirst("");
        s = ID.matcher(s).replaceAll(m -> Matcher.quoteReplacement("id=\"" + prefix + "-" + m.group(1) + "\""));
        s = URL_REF.matcher(s).replaceAll(m -> Matcher.quoteReplacement("url(#" + prefix + "-" + m.group(1) + ")"));
        s = HREF.matcher(s).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + "=\"#" + prefix + "-" + m.group(2) + "\""));
        String titleId = prefix + "-title";
        String descId = prefix + "-desc";
        Matcher open = SVG_OPEN.matcher(s);
        if (!open.find()) {
            throw new IllegalStateException("XChart's SVG has no <svg> element");
        }
        String head = "<svg id=\"" + prefix + "\" role=\"img\" aria-labelledby=\"" + titleId + " " + descId + "\""
                + open.group(1) + ">\n  <title id=\"" + titleId + "\">" + escape(title) + "</title>\n  <desc id=\"" + descId
                + "\">" + escape(description) + "</desc>";
        return s.substring(0, open.start()) + head + s.substring(open.end());
    }

    /** A plain-text description of an XY or category chart: axes and legend, as drawn. */
    static String describe(String xAxis, String yAxis, List<String> legend) {
        return "x axis: " + xAxis + ". y axis: " + yAxis + ". legend: " + String.join(", ", legend) + ".";
    }

    static String escape(String text) {
        return SafeText.xmlAttribute(text);
    }
}
