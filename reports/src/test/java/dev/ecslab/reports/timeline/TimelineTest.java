package dev.ecslab.reports.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.ecslab.lab.trace.RunRecord;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** Timelines of real counterexamples: the XChart SVG and the terminal text. */
class TimelineTest {

    static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    static List<String> texts(Document doc, String cssClass) {
        List<String> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", "text");
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (e.getAttribute("class").equals(cssClass) || e.getAttribute("class").startsWith(cssClass + " ")) {
                out.add(ownText(e));
            }
        }
        return out;
    }

    /** An element's own text, without that of its children (a label's tooltip is a {@code <title>} child). */
    static String ownText(Element e) {
        StringBuilder b = new StringBuilder();
        NodeList kids = e.getChildNodes();
        for (int i = 0; i < kids.getLength(); i++) {
            if (kids.item(i).getNodeType() == org.w3c.dom.Node.TEXT_NODE) {
                b.append(kids.item(i).getNodeValue());
            }
        }
        return b.toString();
    }

    static List<String> ids(Document doc) {
        List<String> out = new ArrayList<>();
        NodeList all = doc.getElementsByTagNameNS("*", "*");
        for (int i = 0; i < all.getLength(); i++) {
            String id = ((Element) all.item(i)).getAttribute("id");
            if (!id.isEmpty()) {
                out.add(id);
            }
        }
        return out;
    }

    @Test
    void theSvgOfAMissHasALaneForEverySystemAndMarksTheChangeAndTheMisses() throws Exception {
        ViolationTrace vt = RealCounterexamples.missedWithFlags();
        Timeline t = Timeline.of(vt);
        String svg = t.svg("cx1");
        assertThat(svg).startsWith("<svg").doesNotContain("<?xml").doesNotContain("DOCTYPE");
        Document doc = parse(svg);
        Set<String> systems = new LinkedHashSet<>();
        vt.trace().runs().forEach(r -> systems.add(r.system()));
        assertThat(t.lanesAreThreads()).as("serial: one thread, lanes are systems").isFalse();
        assertThat(texts(doc, "tl-lane")).containsAll(systems).contains(Timeline.WORLD_LANE).doesNotHaveDuplicates()
                .hasSize(systems.size() + 1);
        String legend = String.join(" ", texts(doc, "tl-legend"));
        assertThat(legend).contains("* the change").contains("! detector run that should have reported the change");
        RunRecord missed = vt.violation().finding().run();
        assertThat(texts(doc, "tl-run")).contains(CounterexampleTextTest.ordinal(vt, missed) + "!");
        assertThat(texts(doc, "tl-mark tl-change")).containsExactly("c*");
        assertThat(texts(doc, "tl-frame")).as("every frame, named").startsWith("f0", "f1", "f2");
        assertThat(ids(doc)).isNotEmpty().allMatch(id -> id.equals("cx1") || id.startsWith("cx1-"));
        assertThat(doc.getDocumentElement().getElementsByTagNameNS("*", "title").item(0).getTextContent())
                .contains("at least once").contains("flags / serial / seed 1");
    }

    @Test
    void twoPicturesOnOnePageShareNoIdAndAParallelRunHasOneLanePerThread() throws Exception {
        ViolationTrace vt = RealCounterexamples.orderingWithIgnoresOneBefore();
        Timeline t = Timeline.of(vt);
        Document a = parse(t.svg("cx-a"));
        Document b = parse(Timeline.of(RealCounterexamples.repeatedWithReportsTwice()).svg("cx-b"));
        assertThat(ids(a)).doesNotContainAnyElementsOf(ids(b));
        Set<String> threads = new LinkedHashSet<>();
        vt.trace().runs().forEach(r -> threads.add(r.thread()));
        vt.trace().events().forEach(e -> threads.add(e.thread()));
        assertThat(t.lanesAreThreads()).isTrue();
        assertThat(texts(a, "tl-lane")).containsExactlyInAnyOrderElementsOf(threads);
        assertThat(String.join(" ", texts(a, "tl-legend"))).contains("X run named by the ordering violation");
        assertThat(texts(a, "tl-run")).as("lanes are threads: a run's label names its system").anyMatch(l -> l.startsWith("detector ")
                && l.endsWith("X"));
        assertThat(texts(b, "tl-run")).contains("1+", "2R");
    }

    @Test
    void theTextOfAMissHasEveryLaneTheMarksAndALegendWithinTheWidth() {
        ViolationTrace vt = RealCounterexamples.missedWithFlags();
        String text = Timeline.of(vt).text();
        System.out.println("TimelineTest (MISSED):\n" + text);
        for (String lane : Timeline.of(vt).lanes()) {
            assertThat(text).contains(lane);
        }
        RunRecord missedIn = vt.violation().finding().run();
        assertThat(text).contains("[" + CounterexampleTextTest.ordinal(vt, missedIn) + "!]").contains("*").contains("legend:")
                .contains("! detector run that should have reported the change and did not").contains("* the change")
                .contains("f0").contains("f1").contains("|");
        assertThat(text.lines()).allMatch(l -> l.length() <= 120);
    }

    @Test
    void aRepeatIsMarkedOnBothDetectorRuns() {
        ViolationTrace vt = RealCounterexamples.repeatedWithReportsTwice();
        String text = Timeline.of(vt).text();
        System.out.println("TimelineTest (REPEATED):\n" + text);
        assertThat(text).as("the first report, then the repeat, each named by the detector's own run number")
                .contains("[" + CounterexampleTextTest.ordinal(vt, vt.violation().finding().earlier()) + "+]")
                .contains("[" + CounterexampleTextTest.ordinal(vt, vt.violation().finding().run()) + "R]")
                .doesNotContain("[#");
        assertThat(text.replaceAll("\\s+", " ")).contains("R detector run that reported it again (a repeat)");
        assertThat(text.lines()).allMatch(l -> l.length() <= 120);
    }

    @Test
    void aNarrowTerminalCollapsesOtherFramesButStillNamesEveryFrame() {
        ViolationTrace vt = RealCounterexamples.orderingWithIgnoresOneBefore();
        Timeline t = Timeline.of(vt);
        String text = t.text(60);
        System.out.println("TimelineTest (ORDERING, 60 columns):\n" + text);
        assertThat(text.lines()).allMatch(l -> l.length() <= 60);
        assertThat(text).contains("left out:").contains("~");
        assertThat(text.replaceAll("\\s+", " ")).contains("X run named by the ordering violation");
        for (String lane : t.lanes()) {
            assertThat(text).contains(lane.length() <= 24 ? lane : lane.substring(lane.length() - 23));
        }
        assertThat(text.chars().filter(ch -> ch == 'X').count()).as("both runs of the violation marked").isGreaterThanOrEqualTo(2);
        String header = text.lines().filter(l -> l.contains(" | f")).findFirst().orElseThrow();
        long lastFrame = vt.trace().runs().stream().mapToLong(RunRecord::frame).max().orElseThrow();
        for (long f = 0; f <= lastFrame; f++) {
            long frame = f;
            assertThat(header).as("frame " + f + " is named, in full or collapsed into a range")
                    .matches(h -> h.matches(".*\\bf" + frame + "\\b.*") || java.util.regex.Pattern.compile("f(\\d+)-(\\d+)")
                            .matcher(h).results().anyMatch(m -> Long.parseLong(m.group(1)) <= frame
                                    && frame <= Long.parseLong(m.group(2))));
        }
    }

    @Test
    void aLateReportIsMarkedOnTheLateRunAndOnTheRunThatReportedIt() throws Exception {
        ViolationTrace vt = RealCounterexamples.lateWithLastTick();
        Timeline t = Timeline.of(vt);
        String text = t.text();
        System.out.println("TimelineTest (LATE):\n" + text);
        assertThat(text).contains("[" + CounterexampleTextTest.ordinal(vt, vt.violation().finding().run()) + "L]");
        assertThat(String.join(" ", texts(parse(t.svg("late")), "tl-legend")))
                .contains("L first detector run after the change, same frame, did not report it");
    }
}
