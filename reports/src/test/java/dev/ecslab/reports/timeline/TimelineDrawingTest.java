package dev.ecslab.reports.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.catalogue.Catalogue;
import dev.ecslab.lab.catalogue.Catalogue.Target;
import dev.ecslab.lab.criteria.Criterion;
import dev.ecslab.lab.oracle.FindingType;
import dev.ecslab.lab.run.ExecutorSubject;
import dev.ecslab.lab.run.LabConfig;
import dev.ecslab.lab.scenario.Data;
import dev.ecslab.lab.scenario.Scenario;
import dev.ecslab.lab.scenario.ScenarioClass;
import dev.ecslab.lab.scenario.WatchKind;
import dev.ecslab.lab.trace.RunRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What a reader must be able to see in a timeline: every frame (an empty one too), pauses, the iterations of
 * looping stages, run numbers per system, labels that never overlap, and text that contrasts with what it
 * stands on. Checked on the SVG's own geometry (a monospace grid: a glyph is at most 0.62 em wide) and on
 * the terminal text, for real counterexamples.
 */
class TimelineDrawingTest {
    /** The widest a monospace glyph is, in em (DejaVu Sans Mono and Liberation Mono: 0.60). */
    static final double GLYPH = 0.62;

    /** A label's box: x from its anchor (every label starts at its x), y from about the cap height to the descent. */
    record Box(String text, double x0, double y0, double x1, double y1) {
        boolean intersects(Box o) {
            return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1;
        }
    }

    static List<Box> boxes(Document doc) {
        double size = Double.parseDouble(doc.getDocumentElement().getAttribute("font-size"));
        List<Box> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", "text");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            String text = TimelineTest.ownText(e);
            double x = Double.parseDouble(e.getAttribute("x"));
            double y = Double.parseDouble(e.getAttribute("y"));
            out.add(new Box(text, x, y - 0.8 * size, x + text.length() * GLYPH * size, y + 0.2 * size));
        }
        return out;
    }

    /** The real timelines the checks run over: serial and parallel, pauses, loops, commands, a dense random scenario. */
    static List<ViolationTrace> samples() {
        List<ViolationTrace> out = new ArrayList<>();
        out.add(RealCounterexamples.missedWithFlags());
        out.add(RealCounterexamples.orderingWithIgnoresOneBefore());
        out.add(RealCounterexamples.repeatedWithReportsTwice());
        out.add(RealCounterexamples.lateWithLastTick());
        out.add(RealCounterexamples.loopingRemovalWithFlags());
        out.add(RealCounterexamples.pausedWithIgnoresPausing());
        out.add(RealCounterexamples.first(Catalogue.changesMadeByCommands(Target.COMPONENT),
                new LabConfig(RealCounterexamples.strategy("flags"), ExecutorSubject.of("dynamic"), 3), FindingType.MISSED,
                Criterion.AT_LEAST_ONCE));
        out.add(RealCounterexamples.serial("flags", allPausedInFrameOne(), FindingType.MISSED, Criterion.AT_LEAST_ONCE, null));
        return out;
    }

    /** Both systems paused in frame 1, so nothing runs there; the changer writes after the detector in frame 0. */
    static Scenario allPausedInFrameOne() {
        return Scenario.builder("nothing runs in frame 1").entity("e0", Data.A, 1).pauses("p", "101")
                .stage("update", st -> st.system("detector", sys -> sys.watch(Data.A, WatchKind.MUTATED).pausedBy("p"))
                        .system("changer", sys -> sys.writes(Data.A).after("detector").pausedBy("p")))
                .frames(3).set(0, "changer", "e0", Data.A, 2).build();
    }

    /** Every pair of labels of the SVG whose boxes intersect, in words (empty: none). */
    static List<String> overlaps(Document doc) {
        List<String> out = new ArrayList<>();
        List<Box> boxes = boxes(doc);
        for (int i = 0; i < boxes.size(); i++) {
            for (int j = i + 1; j < boxes.size(); j++) {
                if (boxes.get(i).intersects(boxes.get(j))) {
                    out.add("'" + boxes.get(i).text() + "' and '" + boxes.get(j).text() + "'");
                }
            }
        }
        return out;
    }

    /** Every label whose colour contrasts less than 4.5:1 with the last rectangle drawn under it (or the white page). */
    static List<String> lowContrast(Document doc) {
        List<String> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", "*");
        List<Element> rects = new ArrayList<>();
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (e.getLocalName().equals("rect")) {
                rects.add(e);
            } else if (e.getLocalName().equals("text")) {
                double x = Double.parseDouble(e.getAttribute("x")) + 2;
                double y = Double.parseDouble(e.getAttribute("y")) - 3;
                String background = "#ffffff";
                for (Element r : rects) {
                    double rx = Double.parseDouble(r.getAttribute("x"));
                    double ry = Double.parseDouble(r.getAttribute("y"));
                    if (x >= rx && x <= rx + Double.parseDouble(r.getAttribute("width")) && y >= ry
                            && y <= ry + Double.parseDouble(r.getAttribute("height"))) {
                        background = r.getAttribute("fill");
                    }
                }
                double ratio = contrast(e.getAttribute("fill"), background);
                if (ratio < 4.5) {
                    out.add("'" + TimelineTest.ownText(e) + "' in " + e.getAttribute("fill") + " on " + background + ": "
                            + String.format(Locale.ROOT, "%.2f", ratio));
                }
            }
        }
        return out;
    }

    @Test
    void noTwoLabelsOfOneSvgOverlapEvenForRunsOneEventApart() throws Exception {
        for (ViolationTrace vt : samples()) {
            assertThat(overlaps(TimelineTest.parse(Timeline.of(vt).svg("t")))).as(vt.scenario().name()).isEmpty();
        }
        ViolationTrace vt = RealCounterexamples.missedWithFlags();
        RunRecord a = null;
        RunRecord b = null;
        for (RunRecord r : vt.trace().runs()) {                    // a run that starts one event after another finishes
            for (RunRecord q : vt.trace().runs()) {
                if (r.startSeq() == q.finishSeq() + 1) {
                    a = q;
                    b = r;
                }
            }
        }
        assertThat(a).as("the trace has two runs one event apart").isNotNull();
        assertThat(b.startSeq() - a.finishSeq()).isEqualTo(1);
    }

    /**
     * A page's stylesheet applies to an inline SVG's elements by class: the report's {@code .legend} once made
     * every legend label 13 px instead of 11 and broke the grid. Every class inside the picture is its own.
     */
    @Test
    void everyClassInsideThePictureIsTheTimelinesOwn() throws Exception {
        for (ViolationTrace vt : samples()) {
            Document doc = TimelineTest.parse(Timeline.of(vt).svg("k"));
            NodeList all = doc.getElementsByTagNameNS("*", "*");
            for (int i = 0; i < all.getLength(); i++) {
                Element e = (Element) all.item(i);
                for (String cls : e.getAttribute("class").split(" ")) {
                    assertThat(cls).as(e.getLocalName()).matches("|ecslab-timeline|tl-[a-z-]+");
                }
            }
        }
    }

    @Test
    void everyTextContrastsAtLeastFourAndAHalfToOneWithWhatItStandsOn() throws Exception {
        for (ViolationTrace vt : samples()) {
            assertThat(lowContrast(TimelineTest.parse(Timeline.of(vt).svg("c")))).as(vt.scenario().name()).isEmpty();
        }
    }

    /**
     * The two checks above can fail: a real timeline with its labels squeezed to half their spacing overlaps,
     * and one whose run labels are drawn in the bars' own colour has no contrast.
     */
    @Test
    void theChecksCatchASqueezedAndALowContrastTimeline() throws Exception {
        String svg = Timeline.of(RealCounterexamples.missedWithFlags()).svg("broken");
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(<text[^>]* x=\")([0-9.]+)(\")").matcher(svg);
        String squeezed = m.replaceAll(r -> r.group(1) + String.format(Locale.ROOT, "%.1f", Double.parseDouble(r.group(2)) / 2)
                + r.group(3));
        assertThat(overlaps(TimelineTest.parse(squeezed))).isNotEmpty();
        String pale = svg.replace("class=\"tl-run\" ", "class=\"tl-run\" data-x=\"\" ").replaceAll(
                "(<text class=\"tl-run\" data-x=\"\" x=\"[0-9.]+\" y=\"[0-9.]+\" fill=\")#[0-9a-f]{6}", "$1" + TimelineSvg.RUN);
        assertThat(lowContrast(TimelineTest.parse(pale))).isNotEmpty();
    }

    /** WCAG 2's contrast ratio, computed here independently of the renderer. */
    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    static double luminance(String hex) {
        int v = Integer.parseInt(hex.substring(1).toLowerCase(Locale.ROOT), 16);
        double[] c = {(v >> 16 & 0xff) / 255.0, (v >> 8 & 0xff) / 255.0, (v & 0xff) / 255.0};
        for (int i = 0; i < 3; i++) {
            c[i] = c[i] <= 0.03928 ? c[i] / 12.92 : Math.pow((c[i] + 0.055) / 1.055, 2.4);
        }
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    }

    @Test
    void aFrameInWhichNothingRanIsDrawnAndNamedWithItsPauses() throws Exception {
        ViolationTrace vt = RealCounterexamples.serial("flags", allPausedInFrameOne(), FindingType.MISSED, Criterion.AT_LEAST_ONCE, null);
        assertThat(vt.trace().runs()).as("the trace: nothing ran in frame 1").noneMatch(r -> r.frame() == 1);
        Timeline t = Timeline.of(vt);
        String text = t.text();
        System.out.println("TimelineDrawingTest (empty frame):\n" + text);
        String header = text.lines().filter(l -> l.contains("| f0")).findFirst().orElseThrow();
        assertThat(header).contains("f0").contains("f1 all paused").contains("f2");
        assertThat(header.indexOf("f0")).isLessThan(header.indexOf("f1")).isLessThan(header.indexOf("f2"));
        assertThat(text.lines().filter(l -> l.startsWith("detector") || l.startsWith("changer")))
                .allMatch(l -> l.contains("(paused"));
        Document doc = TimelineTest.parse(t.svg("empty"));
        assertThat(TimelineTest.texts(doc, "tl-frame")).startsWith("f0", "f1 all paused", "f2");
        assertThat(TimelineTest.texts(doc, "tl-paused")).hasSize(2);
        assertThat(CounterexampleText.describe(vt)).contains("(it was paused in frame 1 by pause set `p`, pattern '101')");
    }

    @Test
    void loopIterationsAreMarkedAndNamedInBothRenderings() throws Exception {
        ViolationTrace vt = RealCounterexamples.loopingRemovalWithFlags();
        int iterations = vt.scenario().stages().stream().mapToInt(s -> s.iterations()).max().orElseThrow();
        assertThat(iterations).isGreaterThan(1);
        String text = Timeline.of(vt).text();
        assertThat(text).contains("it1/" + iterations).contains("it" + iterations + "/" + iterations).contains(":[");
        Document doc = TimelineTest.parse(Timeline.of(vt).svg("loop"));
        assertThat(TimelineTest.texts(doc, "tl-iteration")).contains("it1/" + iterations, "it2/" + iterations);
        assertThat(doc.getElementsByTagNameNS("*", "line").getLength()).isPositive();
    }

    @Test
    void aRunNumberIsTheSystemsOwnCountAndReadsTheSameInTheWords() {
        ViolationTrace vt = RealCounterexamples.missedWithFlags();
        RunRecord missed = vt.violation().finding().run();
        long n = CounterexampleTextTest.ordinal(vt, missed);
        assertThat(missed.id() + 1).as("the trace's global number is not the system's count here").isNotEqualTo(n);
        assertThat(Timeline.of(vt).text()).contains("[" + n + "!]");
        assertThat(CounterexampleText.describe(vt)).contains("`detector` run " + n + " in frame " + missed.frame());
    }
}
