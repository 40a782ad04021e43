package dev.ecslab.reports.timeline;

import dev.ecslab.lab.trace.RunRecord;
import dev.ecslab.lab.trace.Trace;
import dev.ecslab.reports.text.SafeText;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.transform.OutputKeys;
import javax.xml.transform.Transformer;
import javax.xml.transform.TransformerException;
import javax.xml.transform.TransformerFactory;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamResult;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * The XChart rendering of a {@link Timeline}: an XY chart whose x axis is the event sequence number
 * and whose y positions are the lanes. Each run is a thick two-point line series, frame boundaries
 * are dashed vertical series, marks are marker-only series; only the first series of each kind is
 * in the legend. Lane names, run labels and frame labels are chart annotations.
 */
final class TimelineSvg {
    /** At most this many runs are drawn; longer traces are cut to a window around the violation. */
    static final int MAX_RUNS = 60;

    private static final Color RUN = new Color(0x9aa7b8);
    private static final Color INVOLVED = new Color(0x3b6ea8);
    private static final Color FRAME = new Color(0x777777);
    private static final Pattern URL_REF = Pattern.compile("url\\(#([^)]+)\\)");

    private TimelineSvg() {
    }

    static String render(Timeline t, String id) {
        if (id == null || !id.matches("[A-Za-z][A-Za-z0-9_-]*")) {
            throw new IllegalArgumentException("an SVG id prefix needs a letter then letters, digits, '-' or '_', was '" + id + "'");
        }
        System.setProperty("java.awt.headless", "true");
        Window w = t.candidateWindows().stream().filter(x -> x.runs().size() <= MAX_RUNS).findFirst()
                .orElse(t.candidateWindows().get(t.candidateWindows().size() - 1));
        List<Label> labels = new ArrayList<>();
        XYChart chart = chart(t, w, labels);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            VectorGraphicsEncoder.saveVectorGraphic(chart, bytes, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("XChart could not write the SVG", e);
        }
        List<double[]> at = new ArrayList<>();
        for (Label l : labels) {
            at.add(new double[] {chart.getScreenXFromChart(l.x()), chart.getScreenYFromChart(l.y())});
        }
        return inline(bytes.toByteArray(), id, t, w, labels, at);
    }

    /** A text drawn over the chart as a real SVG text element, at chart (data) coordinates. */
    record Label(String text, double x, double y, String anchor, int size, String kind) {
        Label {
            text = SafeText.line(text);                 // the DOM escapes markup, not what XML 1.0 cannot carry
        }
    }

    static XYChart chart(Timeline t, Window w, List<Label> labels) {
        int lanes = t.lanes.size();
        int height = 170 + 46 * lanes;
        Trace.Config c = t.vt.trace().config();
        XYChart chart = new XYChartBuilder().width(1000).height(height)
                .title(t.vt.violation().criterion() + ": " + c.label())
                .xAxisTitle("order of events (sequence number)").yAxisTitle(t.byThread ? "thread" : "system").build();
        var st = chart.getStyler();
        st.setChartBackgroundColor(Color.WHITE);
        st.setPlotBackgroundColor(Color.WHITE);
        st.setLegendPosition(Styler.LegendPosition.OutsideS);
        st.setLegendLayout(Styler.LegendLayout.Horizontal);
        st.setPlotGridHorizontalLinesVisible(false);
        st.setYAxisTicksVisible(false);
        st.setYAxisMin(-0.8);
        st.setYAxisMax(lanes - 0.2);
        st.setXAxisDecimalPattern("0");
        st.setAntiAlias(true);
        st.setMarkerSize(11);
        st.setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
        st.setAnnotationTextFontColor(Color.DARK_GRAY);
        long lo = w.points().isEmpty() ? 0 : w.points().first();
        long hi = w.points().isEmpty() ? 1 : w.points().last();
        double left = lo - 1.0;
        st.setXAxisMin(left);
        st.setXAxisMax(hi + 1.0);

        boolean[] legendRun = new boolean[2];
        for (RunRecord r : w.runs()) {
            boolean involved = t.focus.involved.contains(r) || !t.marksOn(r).isEmpty();
            int k = involved ? 1 : 0;
            XYSeries s = chart.addSeries("run " + r.id(), new double[] {r.startSeq(), r.finishSeq()},
                    new double[] {y(t, t.laneOf(r)), y(t, t.laneOf(r))});
            s.setMarker(SeriesMarkers.NONE);
            s.setLineColor(involved ? INVOLVED : RUN);
            s.setLineStyle(new BasicStroke(12f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
            s.setShowInLegend(false);
            if (!legendRun[k]) {
                legendRun[k] = true;
                chart.removeSeries(s.getName());
                s = chart.addSeries(involved ? "run it is about" : "other run",
                        new double[] {r.startSeq(), r.finishSeq()}, new double[] {y(t, t.laneOf(r)), y(t, t.laneOf(r))});
                s.setMarker(SeriesMarkers.NONE);
                s.setLineColor(involved ? INVOLVED : RUN);
                s.setLineStyle(new BasicStroke(12f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
            }
            labels.add(new Label(t.label(r), (r.startSeq() + r.finishSeq()) / 2.0, y(t, t.laneOf(r)) - 0.36, "middle", 10,
                    "run"));
        }
        // frame boundaries and labels
        Map<Long, Long> frames = new HashMap<>();
        w.runs().forEach(r -> {
            frames.put(r.startSeq(), r.frame());
            frames.put(r.finishSeq(), r.frame());
        });
        w.events().forEach(e -> frames.put(e.seq(), e.frame()));
        Long prevFrame = null;
        long prevSeq = 0;
        boolean legendFrame = false;
        for (long p : w.points()) {
            long f = frames.get(p);
            if (prevFrame == null || f != prevFrame) {
                double x = prevFrame == null ? p - 0.5 : (prevSeq + p) / 2.0;
                if (prevFrame != null) {
                    XYSeries s = chart.addSeries(legendFrame ? "frame boundary " + f : "frame boundary",
                            new double[] {x, x}, new double[] {-0.8, lanes - 0.2});
                    s.setMarker(SeriesMarkers.NONE);
                    s.setLineColor(FRAME);
                    s.setLineStyle(SeriesLines.DASH_DASH);
                    s.setShowInLegend(!legendFrame);
                    legendFrame = true;
                }
                labels.add(new Label("frame " + f, x, -0.72, "start", 10, "frame"));
            }
            prevFrame = f;
            prevSeq = p;
        }
        // sync points and command applications
        List<double[]> sync = new ArrayList<>();
        List<double[]> commands = new ArrayList<>();
        for (Trace.Event e : w.events()) {
            int lane = t.laneOfEvent(e);
            if (lane >= 0) {
                (e.kind().equals("sync") ? sync : commands).add(new double[] {e.seq(), y(t, lane)});
            }
        }
        points(chart, "sync point", sync, SeriesMarkers.SQUARE, new Color(0xbbbbbb));
        points(chart, "commands applied", commands, SeriesMarkers.TRIANGLE_UP, new Color(0x999999));
        // marks
        Map<Focus.MarkKind, List<double[]>> marks = new EnumMap<>(Focus.MarkKind.class);
        for (Focus.Mark m : t.focus.marks) {
            double x;
            int lane;
            if (m.run() != null) {
                if (!w.runs().contains(m.run())) {
                    continue;
                }
                lane = t.laneOf(m.run());
                x = m.kind() == Focus.MarkKind.CHANGE ? m.seq() : (m.run().startSeq() + m.run().finishSeq()) / 2.0;
            } else {
                if (!Window.inside(w.intervals(), m.seq())) {
                    continue;
                }
                lane = t.worldLane(m.seq());
                x = m.seq();
            }
            marks.computeIfAbsent(m.kind(), k -> new ArrayList<>()).add(new double[] {x, y(t, lane)});
            labels.add(new Label(m.kind().shortName, x, y(t, lane) + 0.3, "middle", 10, "mark " + m.kind().name().toLowerCase()));
        }
        for (Map.Entry<Focus.MarkKind, List<double[]>> e : marks.entrySet()) {
            Focus.MarkKind k = e.getKey();
            points(chart, k.shortName, e.getValue(), marker(k), color(k));
        }
        // lane names at the left edge
        for (int i = 0; i < lanes; i++) {
            labels.add(new Label(t.lanes.get(i), left, y(t, i) + 0.3, "start", 11, "lane"));
        }
        return chart;
    }

    private static void points(XYChart chart, String name, List<double[]> pts, Marker marker, Color color) {
        if (pts.isEmpty()) {
            return;
        }
        double[] xs = pts.stream().mapToDouble(p -> p[0]).toArray();
        double[] ys = pts.stream().mapToDouble(p -> p[1]).toArray();
        XYSeries s = chart.addSeries(name, xs, ys);
        s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        s.setMarker(marker);
        s.setMarkerColor(color);
        s.setLineStyle(SeriesLines.NONE);
    }

    private static Marker marker(Focus.MarkKind k) {
        return switch (k) {
            case CHANGE -> SeriesMarkers.DIAMOND;
            case MISSED, ORDERING -> SeriesMarkers.CROSS;
            case REPORTED -> SeriesMarkers.CIRCLE;
            case REPEATED, SPURIOUS, OWN -> SeriesMarkers.TRIANGLE_DOWN;
            case LATE -> SeriesMarkers.SQUARE;
        };
    }

    private static Color color(Focus.MarkKind k) {
        return switch (k) {
            case CHANGE -> new Color(0xe08a00);
            case MISSED, ORDERING -> new Color(0xc0282d);
            case REPORTED -> new Color(0x2e8b3e);
            case REPEATED, SPURIOUS, OWN -> new Color(0x8e3bb0);
            case LATE -> new Color(0xd05a00);
        };
    }

    /** Lanes top to bottom: the first lane has the largest y. */
    private static double y(Timeline t, int lane) {
        return t.lanes.size() - 1 - lane;
    }

    /**
     * Parses XChart's SVG, drops the prolog and DOCTYPE, prefixes every id and reference, and adds a
     * title and a description of what was left out.
     */
    private static String inline(byte[] svg, String id, Timeline t, Window w, List<Label> labels, List<double[]> at) {
        try {
            DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
            f.setNamespaceAware(true);
            f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            DocumentBuilder b = f.newDocumentBuilder();
            Document doc = b.parse(new ByteArrayInputStream(svg));
            Element root = doc.getDocumentElement();
            renameIds(root, id + "-");
            root.setAttribute("id", id);
            root.setAttribute("class", "ecslab-timeline");
            root.setAttribute("role", "img");
            Element title = doc.createElementNS(root.getNamespaceURI(), "title");
            title.setTextContent(SafeText.line("Timeline of " + t.vt.violation().criterion() + " in scenario '"
                    + t.vt.scenario().name() + "' (" + t.vt.trace().config().label() + ")"));
            root.insertBefore(title, root.getFirstChild());
            if (!w.elided().isEmpty()) {
                Element desc = doc.createElementNS(root.getNamespaceURI(), "desc");
                StringBuilder sb = new StringBuilder("Left out: ");
                w.elided().forEach(e -> sb.append(e.describe()).append("; "));
                desc.setTextContent(SafeText.line(sb.substring(0, sb.length() - 2)));
                root.insertBefore(desc, title.getNextSibling());
            }
            Element g = doc.createElementNS(root.getNamespaceURI(), "g");
            g.setAttribute("class", "labels");
            g.setAttribute("font-family", "sans-serif");
            g.setAttribute("fill", "#222222");
            for (int i = 0; i < labels.size(); i++) {
                Label l = labels.get(i);
                Element text = doc.createElementNS(root.getNamespaceURI(), "text");
                text.setAttribute("class", l.kind());
                text.setAttribute("x", String.format(java.util.Locale.ROOT, "%.1f", at.get(i)[0] + (l.kind().equals("lane") ? 4 : 0)));
                text.setAttribute("y", String.format(java.util.Locale.ROOT, "%.1f", at.get(i)[1] + l.size() / 3.0));
                text.setAttribute("font-size", Integer.toString(l.size()));
                text.setAttribute("text-anchor", l.anchor());
                if (l.kind().equals("lane")) {
                    text.setAttribute("font-weight", "bold");
                }
                text.setTextContent(l.text());
                g.appendChild(text);
            }
            root.appendChild(g);
            TransformerFactory tf = TransformerFactory.newInstance();
            Transformer tr = tf.newTransformer();
            tr.setOutputProperty(OutputKeys.OMIT_XML_DECLARATION, "yes");
            tr.setOutputProperty(OutputKeys.ENCODING, StandardCharsets.UTF_8.name());
            StringWriter out = new StringWriter();
            tr.transform(new DOMSource(doc.getDocumentElement()), new StreamResult(out));
            return out.toString();
        } catch (ParserConfigurationException | SAXException | IOException | TransformerException e) {
            throw new IllegalStateException("XChart's SVG could not be made inline: " + e.getMessage(), e);
        }
    }

    private static void renameIds(Element root, String prefix) {
        walk(root, n -> {
            Node idAttr = n.getAttributes().getNamedItem("id");
            if (idAttr != null) {
                idAttr.setNodeValue(prefix + idAttr.getNodeValue());
            }
        });
        walk(root, n -> {
            NamedNodeMap attrs = n.getAttributes();
            for (int i = 0; i < attrs.getLength(); i++) {
                Node a = attrs.item(i);
                String v = a.getNodeValue();
                if (a.getNodeName().equals("d") || a.getNodeName().equals("points")) {
                    a.setNodeValue(shorter(v));
                } else if ((a.getNodeName().equals("href") || a.getNodeName().endsWith(":href")) && v.startsWith("#")) {
                    a.setNodeValue("#" + prefix + v.substring(1));
                } else if (v.contains("url(#")) {
                    Matcher m = URL_REF.matcher(v);
                    a.setNodeValue(m.replaceAll(r -> Matcher.quoteReplacement("url(#" + prefix + r.group(1) + ")")));
                }
            }
        });
    }

    private static final Pattern LONG_NUMBER = Pattern.compile("(-?\\d+\\.\\d)\\d+");

    /** Path data with one decimal: a tenth of a pixel is invisible, and the glyph outlines shrink by half. */
    private static String shorter(String pathData) {
        return LONG_NUMBER.matcher(pathData).replaceAll("$1");
    }

    private static void walk(Node n, java.util.function.Consumer<Element> f) {
        if (n instanceof Element e) {
            f.accept(e);
        }
        NodeList kids = n.getChildNodes();
        for (int i = 0; i < kids.getLength(); i++) {
            walk(kids.item(i), f);
        }
    }
}
